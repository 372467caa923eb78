// Redis frozen: a batch of dashboard counts whose send timed out goes again under its id, so each call is counted once,
// whether the frozen send ran at the thaw or never left; and writes that timed out and were replayed are still listed.
import { once } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { timelineRange } from "../../src/domain/activity/timeline.js";
import { createRedisStore, type RedisStore } from "../../src/storage/redis/index.js";
import { aCall, aLesson, uniqueId } from "../helpers/fixtures.js";
import { startRedisServer, type RedisServerHandle } from "../helpers/redis-server.js";
import { DEFAULT_LIMITS } from "../helpers/stores.js";

let redis: RedisServerHandle | undefined;
let store: RedisStore | undefined;

afterEach(async () => {
  redis?.process.kill("SIGCONT"); // a stopped server must not outlive the test
  await store?.close();
  await redis?.stop("SIGKILL");
  redis = store = undefined;
});

describe("an activity batch sent while Redis was frozen", () => {
  it("counts each call once when the batch is sent again after the thaw", { timeout: 30_000 }, async () => {
    redis = await startRedisServer();
    // A timer that never fires within the test: the first read sends the batch and meets the freeze; flushActivity sends
    // it again after the thaw.
    const opened = createRedisStore({ url: redis.url, keyPrefix: uniqueId("frozen"), commandTimeoutMs: 300, limits: DEFAULT_LIMITS, activityFlushMs: 3_600_000 });
    store = opened;
    if (opened.client.status !== "ready") await once(opened.client as never, "ready");
    const nowMs = Date.now();
    const timestamp = new Date(nowMs).toISOString();
    for (let i = 0; i < 5; i += 1) await opened.recordSharedToolCall({ tenant: "default", sessionId: "s" }, aCall("search", "success", { q: i }, { timestamp }), null);
    const calls = async () => [...(await opened.activityTotals("default", nowMs, timelineRange("day", nowMs))).counts.values()].reduce((sum, at) => sum + at.tool_calls, 0);

    redis.process.kill("SIGSTOP");
    // The read sends the batch first: it times out and is kept; then the read's own command times out.
    await expect(calls()).rejects.toThrow();
    redis.process.kill("SIGCONT");
    // The frozen send runs at the thaw, and the batch goes again under its id: counted once.
    await opened.flushActivity();
    expect(await calls()).toBe(5);
    expect(await calls()).toBe(5);
  });

  it("lists a session and a task whose keyed writes timed out during a freeze and were replayed after it", { timeout: 30_000 }, async () => {
    redis = await startRedisServer();
    const opened = createRedisStore({ url: redis.url, keyPrefix: uniqueId("frozen"), commandTimeoutMs: 300, limits: DEFAULT_LIMITS, activityFlushMs: 3_600_000 });
    store = opened;
    if (opened.client.status !== "ready") await once(opened.client as never, "ready");
    const timestamp = new Date().toISOString();
    const session = { tenant: "default", sessionId: "frozen-session" };
    const task = { tenant: "default", taskId: "frozen-task" };
    const call = aCall("search", "success", { q: 1 }, { timestamp });
    const lesson = aLesson({ task_id: task.taskId, timestamp });
    const key = { key: "frozen-key", fingerprint: "f" };
    // Scripts are loaded before the freeze, so the frozen writes are the scripts themselves.
    await opened.recordSharedToolCall({ tenant: "default", sessionId: "warm" }, aCall("warm", "success", {}, { timestamp }), null);
    await opened.captureLesson({ tenant: "default", taskId: "warm" }, aLesson({ task_id: "warm", timestamp }), null);

    redis.process.kill("SIGSTOP");
    await expect(opened.recordSharedToolCall(session, call, key)).rejects.toThrow();
    await expect(opened.captureLesson(task, lesson, key)).rejects.toThrow();
    redis.process.kill("SIGCONT");
    // The frozen writes ran at the thaw: their retries are replays, and their listings hold them (the listings are written
    // by the writes' own scripts; only the dashboard's counts come in batches, and these never reached this replica).
    expect((await opened.recordSharedToolCall(session, call, key)).outcome).toBe("replayed");
    expect((await opened.captureLesson(task, lesson, key)).outcome).toBe("replayed");
    expect((await opened.listSessions("default", 10, null)).items.map((item) => item.session_id).sort()).toEqual(["frozen-session", "warm"]);
    expect((await opened.listTasks("default", 10, null)).items.map((item) => item.task_id).sort()).toEqual(["frozen-task", "warm"]);
  });
});
