// Both stores fed the same random sequences of lessons, tool calls, keyed retries, resolutions and their removal, and an
// operator's steps: every answer alike, offers included, and everything they keep alike afterwards (sessions, tasks,
// signatures, tool knowledge, efficacy, listings, events, templates and recall).
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import type { Store } from "../../src/storage/port.js";
import { createRedisStore } from "../../src/storage/redis/index.js";
import { apply, callOp, happeningOf, keptBy, lessonTargets, MESSAGES, ops } from "../helpers/differential.js";
import { DEFAULT_LIMITS, memoryStoreFactory, rawRedis, redisStoreFactory, replicaWaitOfRun, uniquePrefix } from "../helpers/stores.js";

const opened: Store[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

describe("both stores, fed the same random sequences", () => {
  it("answer every step alike and keep the same state", async () => {
    const redisStore = redisStoreFactory();
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(ops, async (sequence) => {
        const [memory, redis] = await Promise.all([memoryStoreFactory(), redisStore()]);
        opened.push(memory, redis);
        for (const [step, op] of lessonTargets(sequence).entries()) {
          const [inMemory, onRedis] = [await apply(memory, op, step), await apply(redis, op, step)];
          expect(onRedis, `step ${step}: ${JSON.stringify(op)}`).toEqual(inMemory);
          seen.add(happeningOf(op, inMemory));
        }
        expect(await keptBy(redis)).toEqual(await keptBy(memory));
        await Promise.all([memory.close(), redis.close()]);
        opened.splice(0);
      }),
      { numRuns: 60, seed: 20_261_207 },
    );
    // The sequences reach what differs most easily between stores: fixes found, fixes offered, known resolutions, replays and
    // refused keys, and every operator's step, a lesson deleted among them.
    expect([...seen].sort()).toEqual([
      "applied",
      "clear",
      "deleted",
      "fix detected",
      "fix offered",
      "forget",
      "imported",
      "mismatch",
      "none to delete",
      "none to import",
      "replayed",
      "reset",
      "resolution known",
      "resolved",
      "settings",
      "unresolved",
    ]);
  }, 120_000);

  // Three templates at most: steps forget templates all along, in buckets the other replica holds in its cache.
  it.each([[DEFAULT_LIMITS.maxTemplatesPerTenant ?? 1000], [3]])("answer alike when two replicas, each with its own caches, take the steps of one Redis in turn (at most %i templates)", async (maxTemplates) => {
    const limits = { ...DEFAULT_LIMITS, maxTemplatesPerTenant: maxTemplates };
    await fc.assert(
      fc.asyncProperty(ops, async (sequence) => {
        const prefix = uniquePrefix();
        const replica = () =>
          createRedisStore({ client: rawRedis(), keyPrefix: prefix, commandTimeoutMs: 2000, limits, ...replicaWaitOfRun() });
        const [memory, one, two] = [await memoryStoreFactory(limits), replica(), replica()];
        opened.push(memory, one, two);
        for (const [step, op] of lessonTargets(sequence).entries()) {
          const [inMemory, onRedis] = [await apply(memory, op, step), await apply(step % 3 === 0 ? two : one, op, step)];
          expect(onRedis, `step ${step}: ${JSON.stringify(op)}`).toEqual(inMemory);
        }
        // A replica sends the activity counts it added up a few times a second, and when it closes: the other's are read
        // once it has closed (one's own are sent before it reads them).
        await two.close();
        expect(await keptBy(one)).toEqual(await keptBy(memory));
        await Promise.all(opened.splice(0).map((store) => store.close()));
      }),
      { numRuns: 30, seed: 20_261_208 },
    );
  }, 120_000);

  it("record calls sent at once, of one session and of one failure, each once, as the embedded store records them in the order Redis gave them", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(callOp, { minLength: 2, maxLength: 12, size: "max" }), async (burst) => {
        const [memory, redis] = [await memoryStoreFactory(), await redisStoreFactory()()];
        opened.push(memory, redis);
        // One session and one message for the whole burst: every call decides on the one before it. (Keyed retries sent at
        // once are another matter: their template step and their call may land apart, and the answers say only the call's order.)
        const calls = burst.map((op) => ({ ...op, session: "s1" as const, message: op.message && MESSAGES[0], key: null }));
        const onRedis = (await Promise.all(calls.map((op, step) => apply(redis, op, step)))) as Array<{ value: { entry: { id: string } } }>;
        // Concurrent calls have no order of their own: Redis's is the ids it gave. The embedded store, given the calls in
        // that order, must answer each alike.
        const order = calls.map((_, i) => i).sort((a, b) => onRedis[a]!.value.entry.id.localeCompare(onRedis[b]!.value.entry.id));
        for (const i of order) expect(onRedis[i], `call ${i}: ${JSON.stringify(calls[i])}`).toEqual(await apply(memory, calls[i]!, i));
        expect(await keptBy(redis)).toEqual(await keptBy(memory));
        await Promise.all(opened.splice(0).map((store) => store.close()));
      }),
      { numRuns: 30, seed: 20_261_209 },
    );
  }, 120_000);
});
