// A master of a Redis Cluster with two replicas per master SIGKILLed under load, each write confirmed by a replica: its replica takes over, the service follows, and no 201 is lost.
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { lessonCapture, toolCall } from "../helpers/agent-traffic.js";
import { masterOf, slotRanges, type SlotRange } from "../helpers/cluster-slots.js";
import { listenOnRedis } from "../helpers/fault-app.js";
import { expectNoAcknowledgedWriteLost, writeThroughFailover } from "../helpers/failover-load.js";
import { startRedisCluster, type RedisClusterHandle } from "../helpers/redis-cluster.js";
import { askNode } from "../helpers/redis-server.js";
import { waitFor } from "../helpers/load.js";

const NODE_TIMEOUT_MS = 1000;
/** 1 in every run; FAILOVER_WAIT_REPLICAS=0 runs the experiment without the wait, as for Sentinel. */
const WAIT_REPLICAS = process.env.FAILOVER_WAIT_REPLICAS ?? "1";

let cluster: RedisClusterHandle | undefined;
let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  await cluster?.stop();
  cluster = app = undefined;
});

const replicationOf = (port: number) => askNode(port, (client) => client.info("replication"));

/** The first `count` task and session ids whose slots `master` serves. */
function idsServedBy(ranges: readonly SlotRange[], master: string, prefix: string, count: number): { tasks: string[]; sessions: string[] } {
  const tasks: string[] = [];
  const sessions: string[] = [];
  for (let n = 0; tasks.length < count || sessions.length < count; n += 1) {
    if (tasks.length < count && masterOf(ranges, `${prefix}:{default:task:task-${n}}:lessons`) === master) tasks.push(`task-${n}`);
    if (sessions.length < count && masterOf(ranges, `${prefix}:{default:session:session-${n}}:meta`) === master) sessions.push(`session-${n}`);
  }
  return { tasks, sessions };
}

/**
 * Starts 3 masters with two replicas each, the app on them, and writers on tasks and sessions of every
 * master; then kills the master `choose` picks. Every lesson and tool call also writes the tenant's
 * shared slot, so killing that master stops every write until its replica takes over.
 */
async function failOverUnderLoad(label: string, choose: (masters: { shared: string; others: string[] }) => string): Promise<void> {
  // Two replicas: once one is promoted the other still confirms the shard's writes. With one, every
  // write to the shard would answer NOT_REPLICATED until the old master came back as a replica.
  cluster = await startRedisCluster({ replicasPerMaster: 2, nodeTimeoutMs: NODE_TIMEOUT_MS });
  const topology = cluster;
  const listening = await listenOnRedis("", {
    REDIS_CLUSTER_NODES: topology.nodes.join(","),
    REDIS_WAIT_REPLICAS: WAIT_REPLICAS,
    REDIS_WAIT_TIMEOUT_MS: "200",
  });
  app = listening.app;
  const inProcess = app;
  const { prefix } = listening;
  const ranges = await slotRanges("127.0.0.1", topology.servers[0]!.port);
  const shared = masterOf(ranges, `${prefix}:{default:shared}:tools`);
  const victim = choose({ shared, others: topology.nodes.filter((node) => node !== shared) });
  const served = topology.nodes.map((node) => idsServedBy(ranges, node, prefix, 2));
  const tasks = served.flatMap((ids) => ids.tasks);
  const sessions = served.flatMap((ids) => ids.sessions);
  const survivorPort = topology.servers.find((server) => `127.0.0.1:${server.port}` !== victim)!.port;
  const onVictim = new Set(Object.values(idsServedBy(ranges, victim, prefix, 2)).flat());
  const next = (worker: number, iteration: number) => {
    const n = worker * 100_000 + iteration;
    const pick = (worker + iteration) % (tasks.length + sessions.length);
    return pick < tasks.length ? lessonCapture(tasks[pick]!, n) : toolCall(sessions[pick - tasks.length]!, n);
  };

  const run = await writeThroughFailover({
    baseUrls: [listening.baseUrl],
    prefix,
    next,
    workers: 12,
    acknowledgedBeforeKill: 300,
    kill: () => topology.serverAt(victim).stop("SIGKILL"),
    // The failover is over when the dead master's own tasks and sessions are written again.
    affected: (outcome) => victim === shared || onVictim.has(outcome.target),
    describeState: async () => {
      const now = await slotRanges("127.0.0.1", survivorPort).catch(() => []);
      return `killed ${victim}; masters now ${[...new Set(now.map((range) => range.master))].join(", ")}; client ${inProcess.redisClient?.status}`;
    },
  });

  const after = await slotRanges("127.0.0.1", survivorPort);
  await expectNoAcknowledgedWriteLost(label, inProcess, run, `killed ${victim} (shared slot's master: ${victim === shared})`);
  // Every slot is served again, by a live node: the dead master's replica took its slots over.
  expect(after.reduce((slots, range) => slots + range.end - range.start + 1, 0)).toBe(16384);
  expect(after.map((range) => range.master)).not.toContain(victim);
  expect((await inProcess.inject({ method: "GET", url: "/health/ready" })).json()).toMatchObject({ status: "ok", topology: "cluster" });
}

describe(`the service on a Redis Cluster with replicas while a master is SIGKILLed under load (REDIS_WAIT_REPLICAS=${WAIT_REPLICAS})`, () => {
  it("follows the promotion of the master of a task's slot and loses no acknowledged write", { timeout: 90_000 }, async () => {
    await failOverUnderLoad("cluster-failover-task-master", ({ others }) => others[0]!);
  });

  it("sends a write that a demoted master redirects with MOVED to the new master, once, and answers its 201", { timeout: 60_000 }, async () => {
    cluster = await startRedisCluster({ replicasPerMaster: 1, nodeTimeoutMs: NODE_TIMEOUT_MS });
    const topology = cluster;
    const listening = await listenOnRedis("", { REDIS_CLUSTER_NODES: topology.nodes.join(","), REDIS_WAIT_REPLICAS: "1", REDIS_WAIT_TIMEOUT_MS: "300" });
    app = listening.app;
    const capture = (n: number) => listening.app.inject({ method: "POST", url: "/tasks/moved/lessons", payload: JSON.parse(lessonCapture("moved", n).body!) });
    expect((await capture(0)).statusCode).toBe(201);

    // A manual failover: the task's master becomes its replica's replica, and the client's slot map is stale.
    const ranges = await slotRanges("127.0.0.1", topology.servers[0]!.port);
    const oldMaster = topology.serverAt(masterOf(ranges, `${listening.prefix}:{default:task:moved}:lessons`));
    const roles = await Promise.all(topology.servers.map((server) => replicationOf(server.port)));
    const replica = topology.servers[roles.findIndex((info) => info.includes(`master_port:${oldMaster.port}`))]!;
    await askNode(replica.port, (client) => client.cluster("FAILOVER"));
    await waitFor(async () => /role:slave/.test(await replicationOf(oldMaster.port)), 10_000, "the old master demoted");

    // The next write goes to the old master by the stale map, gets MOVED, and is sent again to the new one.
    const moved = await capture(1);
    expect(moved.statusCode, moved.body).toBe(201);
    const stored = (await listening.app.inject({ method: "GET", url: "/tasks/moved/lessons" })).json().lessons as Array<{ error_message: string }>;
    expect(stored.map((lesson) => lesson.error_message)).toEqual(["attempt 0 failed", "attempt 1 failed"]);
  });

  it("follows the promotion of the master of the tenant's shared slot and keeps the tenant's counts within their bounds", { timeout: 90_000 }, async () => {
    await failOverUnderLoad("cluster-failover-shared-master", ({ shared }) => shared);
  });
});
