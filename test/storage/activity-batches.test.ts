// Redis: a tool call's or a lesson's dashboard counts are added up by the replica that wrote it and sent in batches, a few
// times a second and before that replica reads them: another replica reads them once sent, each write once.
import { afterEach, describe, expect, it } from "vitest";
import { createRedisStore } from "../../src/storage/redis/index.js";
import { timelineRange } from "../../src/domain/activity/timeline.js";
import type { Store } from "../../src/storage/port.js";
import { aCall, aLesson } from "../helpers/fixtures.js";
import { untilTrue } from "../helpers/redis-server.js";
import { DEFAULT_LIMITS, rawRedis, replicaWaitOfRun, uniquePrefix } from "../helpers/stores.js";

const opened: Store[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

/** Replicas of one deployment: one key prefix, a client and caches each, sending their batches every `flushMs`. */
function replicas(count: number, flushMs?: number): Store[] {
  const prefix = uniquePrefix();
  const made = Array.from({ length: count }, () =>
    createRedisStore({
      client: rawRedis(),
      keyPrefix: prefix,
      commandTimeoutMs: 2000,
      limits: DEFAULT_LIMITS,
      ...(flushMs === undefined ? {} : { activityFlushMs: flushMs }),
      ...replicaWaitOfRun(),
    }),
  );
  opened.push(...made);
  return made;
}

const session = (sessionId: string) => ({ tenant: "default", sessionId });

/** The day's tool calls, successes and fixes as a replica reads them. */
async function dayTotals(store: Store, nowMs: number) {
  const { counts } = await store.activityTotals("default", nowMs, timelineRange("day", nowMs));
  const sum = { tool_calls: 0, successes: 0, fixes: 0 };
  for (const at of counts.values()) for (const name of ["tool_calls", "successes", "fixes"] as const) sum[name] += at[name];
  return sum;
}

/** The day's lessons, tokens and time, failures by category, and the tasks listed, as a replica reads them. */
async function lessonTotals(store: Store, nowMs: number) {
  const totals = await store.activityTotals("default", nowMs, timelineRange("day", nowMs));
  const sum = { lessons: 0, tokens_used: 0, duration_ms: 0 };
  for (const at of totals.counts.values()) for (const name of ["lessons", "tokens_used", "duration_ms"] as const) sum[name] += at[name];
  const tasks = (await store.listTasks("default", 10, null)).items.map((item) => item.task_id).sort();
  return { ...sum, categories: totals.failures_by_category, tasks, activeLastHour: totals.tasks.active_last_hour };
}

/** Four calls over two sessions, now: two failures, each fixed by the next call. */
async function fourCalls(store: Store, nowMs: number): Promise<void> {
  const timestamp = new Date(nowMs).toISOString();
  for (let i = 0; i < 4; i += 1) {
    const failed = i < 2;
    await store.recordSharedToolCall(session(`s${i % 2}`), aCall("search", failed ? "failure" : "success", { q: failed ? "bad" : "good" }, { timestamp, execution_time_ms: 20, error_type: failed ? "E" : null }), null);
  }
}

describe("activity batches (redis)", () => {
  it("are read by another replica once the writing one sends them on its timer, each call counted once", async () => {
    const [writer, reader] = replicas(2) as [Store, Store];
    const nowMs = Date.now();
    await fourCalls(writer, nowMs);
    // The writer reads nothing: its batch goes out on its own, within a fraction of a second.
    await untilTrue("the writer's batch, read by the other replica", 10_000, async () => (await dayTotals(reader, nowMs)).tool_calls === 4);
    expect(await dayTotals(reader, nowMs)).toEqual({ tool_calls: 4, successes: 2, fixes: 2 });
    expect((await reader.listSessions("default", 10, null)).items.map((item) => item.session_id).sort()).toEqual(["s0", "s1"]);
    const tool = await reader.toolActivity("default", "search", nowMs, Math.floor(nowMs / 3_600_000), 10);
    expect(tool.recentSessions.map(({ sessionId }) => sessionId).sort()).toEqual(["s0", "s1"]);
    expect(tool.hours.get(Math.floor(nowMs / 3_600_000))).toEqual({ calls: 4, successes: 2 });
    expect(tool.latency.reduce((sum, calls) => sum + calls, 0)).toBe(4);
  });

  it("are sent before the writing replica reads them, and never counted twice however often it reads", async () => {
    const [store] = replicas(1, 3_600_000) as [Store];
    const nowMs = Date.now();
    await fourCalls(store, nowMs);
    expect(await dayTotals(store, nowMs)).toEqual({ tool_calls: 4, successes: 2, fixes: 2 });
    await fourCalls(store, nowMs);
    expect(await dayTotals(store, nowMs)).toEqual({ tool_calls: 8, successes: 4, fixes: 4 });
    expect(await dayTotals(store, nowMs)).toEqual({ tool_calls: 8, successes: 4, fixes: 4 });
  });

  it("carry a lesson's counts and its category to another replica, a replayed capture counted once", async () => {
    const [writer, reader] = replicas(2, 3_600_000) as [Store, Store];
    const nowMs = Date.now();
    const timestamp = new Date(nowMs).toISOString();
    const key = { key: "capture-once", fingerprint: "f" };
    const first = aLesson({ task_id: "t1", timestamp, tokens_used: 120, duration_ms: 900, category: "timeout" });
    expect((await writer.captureLesson({ tenant: "default", taskId: "t1" }, first, key)).outcome).toBe("applied");
    expect((await writer.captureLesson({ tenant: "default", taskId: "t1" }, first, key)).outcome).toBe("replayed");
    await writer.captureLesson({ tenant: "default", taskId: "t2" }, aLesson({ task_id: "t2", timestamp, tokens_used: 30, category: "dependency" }), null);
    // The writer's timer never fires here: its batch goes when it reads its counts (or closes).
    await writer.activityTotals("default", nowMs, timelineRange("day", nowMs));
    expect(await lessonTotals(reader, nowMs)).toEqual({
      lessons: 2,
      tokens_used: 150,
      duration_ms: 900,
      categories: { timeout: 1, dependency: 1 },
      tasks: ["t1", "t2"],
      activeLastHour: 2,
    });
  });

  it("leave nothing behind when the replica closes: what it added up is sent first", async () => {
    // A timer that never fires within the test: only the close sends the writer's batch.
    const [writer, reader] = replicas(2, 3_600_000) as [Store, Store];
    const nowMs = Date.now();
    await fourCalls(writer, nowMs);
    await writer.close();
    expect(await dayTotals(reader, nowMs)).toEqual({ tool_calls: 4, successes: 2, fixes: 2 });
  });
});
