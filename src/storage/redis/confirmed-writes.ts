// Every write a request waits for, sent with WAIT behind it when replicas must confirm it (REDIS_WAIT_REPLICAS).
//
// Redis replicates asynchronously: a primary that dies right after answering takes the write with it.
// WAIT n timeout, sent on the same connection right after the write, answers how many replicas have
// what the primary had by then, so the service answers 201 only once n of them hold the write. The
// write and its WAIT travel as one pipeline: one round trip, on the connection (in a Cluster, to the
// master) that took the write. A write that crosses slots sends one such pipeline to each master.
import { Cluster } from "ioredis";
import { NotReplicatedError } from "../../errors.js";
import { guarded } from "./errors.js";
import type { ConfirmedWrites, ScriptCommands, ScriptedRedis, WriteTarget } from "./script-commands.js";

export interface ReplicaWait {
  /** Replicas that must confirm each write; 0 sends no WAIT. */
  replicas: number;
  timeoutMs: number;
  /** Told of each write that too few replicas confirmed (the metric). */
  onNotReplicated?: () => void;
}

export const NO_REPLICA_WAIT: ReplicaWait = { replicas: 0, timeoutMs: 0 };

/** The scripts that write what a request answers for; each is sent with WAIT behind it. */
export const CONFIRMED_SCRIPTS = [
  "appendLesson",
  "countSignature",
  "deleteLesson",
  "setResolution",
  "relinkResolution",
  "recordToolCall",
  "learnToolCall",
  "recordAndLearnToolCall",
  "touchListing",
  "learnTemplate",
  "captureSignedLesson",
  "recordSignedToolCall",
] as const satisfies ReadonlyArray<keyof ScriptCommands>;

/**
 * Scripts that write but are not confirmed, and why: losing their write in a failover loses nothing
 * a request was answered for.
 */
export const UNCONFIRMED_SCRIPTS: Readonly<Partial<Record<keyof ScriptCommands, string>>> = {
  forgetListed: "drops listing entries whose data already expired, as reads meet them; the next read drops them again",
  listSharedToolsByPrefix: "drops from the name index the tools whose knowledge already expired, as it reads; the next read drops them again",
  addRequestCounts: "the rate limiter's shared counts, which a replica may lag on by one sync (the README's bound)",
  clearSession: "runs only inside the MULTI of a reset or an import, which goes out as one confirmed transaction",
  addActivity: "a replica's batch of dashboard counts: a failover that loses one loses what a crash of the replica would, and a batch waiting on replicas would hold back every newer one",
  readEfficacy: "drops from the report's indexes the fixes of tools whose knowledge already expired, as it reads; the next read drops them again",
};

/**
 * A Cluster client learns its slot map on connecting. Until then ioredis defers a pipeline's exec(), so
 * the exec() that should only queue EXEC would queue it behind the WAIT instead: wait for the map first.
 */
async function slotMapLoaded(redis: ScriptedRedis): Promise<void> {
  if (!(redis instanceof Cluster) || redis.slots.length > 0) return;
  await guarded(() => new Promise<void>((resolve, reject) => redis.delayUntilReady((error) => (error ? reject(error) : resolve()))));
}

export function confirmedWrites(redis: ScriptedRedis, wait: ReplicaWait): ConfirmedWrites {
  /** Runs the pipeline, throws the first error in it, checks the WAIT, and answers the reply before it. */
  async function run(pipeline: WriteTarget): Promise<unknown> {
    if (wait.replicas > 0) pipeline.wait(wait.replicas, wait.timeoutMs);
    const replies = await guarded(async () => {
      const all = (await pipeline.exec()) ?? [];
      for (const [error, value] of all) {
        if (error) throw error;
        // EXEC answers its commands' errors inside its own reply.
        if (Array.isArray(value)) for (const item of value) if (item instanceof Error) throw item;
      }
      return all;
    });
    if (wait.replicas === 0) return replies.at(-1)?.[1];
    // Outside `guarded`: too few confirmations is its own answer, not a store outage.
    const acknowledged = Number(replies.at(-1)?.[1] ?? 0);
    if (acknowledged < wait.replicas) {
      wait.onNotReplicated?.();
      throw new NotReplicatedError(acknowledged, wait.replicas);
    }
    return replies.at(-2)?.[1];
  }

  /**
   * Runs a freshly built pipeline; in a Cluster, once more after a MOVED. ioredis follows a
   * pipeline's MOVED only when nothing in it wrote, and WAIT counts as a write, so a redirect (a
   * failover, a resharding) would reach us. A redirected write was not applied: re-read the slot map
   * and send it again, to the master that serves the slot now.
   */
  async function runFollowingMoves(fill: () => WriteTarget): Promise<unknown> {
    try {
      return await run(fill());
    } catch (error) {
      if (!(redis instanceof Cluster) || !/^MOVED /.test(String((error as { cause?: Error }).cause?.message))) throw error;
      await guarded(() => new Promise<void>((resolve, reject) => redis.refreshSlotsCache((failed) => (failed ? reject(failed) : resolve()))));
      return run(fill());
    }
  }

  return {
    async script<T>(send: (target: ScriptedRedis | WriteTarget) => unknown): Promise<T> {
      // Without a wait, the command goes as before: auto-pipelined with its tick's other commands.
      if (wait.replicas === 0) return guarded(() => send(redis) as Promise<T>);
      return (await runFollowingMoves(() => {
        const pipeline = redis.pipeline() as WriteTarget;
        send(pipeline);
        return pipeline;
      })) as T;
    },

    async transaction(build: (target: WriteTarget) => void): Promise<unknown[]> {
      await slotMapLoaded(redis);
      return (await runFollowingMoves(() => {
        const pipeline = redis.pipeline() as WriteTarget & { multi(): unknown };
        // Inside a pipeline, multi() queues MULTI and the first exec() queues EXEC; the last one sends it all.
        pipeline.multi();
        build(pipeline);
        void pipeline.exec();
        return pipeline;
      })) as unknown[];
    },
  };
}
