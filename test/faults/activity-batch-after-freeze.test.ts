// A tool call's activity batch whose send timed out while Redis was frozen goes again under its id: each call is counted
// once, whether the frozen send ran at the thaw or never left.
import { once } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { timelineRange } from "../../src/domain/activity/timeline.js";
import { createRedisStore } from "../../src/storage/redis/index.js";
import type { Store } from "../../src/storage/port.js";
import { aCall, uniqueId } from "../helpers/fixtures.js";
import { startRedisServer, type RedisServerHandle } from "../helpers/redis-server.js";
import { DEFAULT_LIMITS } from "../helpers/stores.js";

let redis: RedisServerHandle | undefined;
let store: (Store & { client: { status: string } }) | undefined;

afterEach(async () => {
  redis?.process.kill("SIGCONT"); // a stopped server must not outlive the test
  await store?.close();
  await redis?.stop("SIGKILL");
  redis = store = undefined;
});

describe("an activity batch sent while Redis was frozen", () => {
  it("counts each call once when the batch is sent again after the thaw", { timeout: 30_000 }, async () => {
    redis = await startRedisServer();
    // A timer that never fires within the test: the reads send the batch, and the first of them meets the freeze.
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
    // The frozen send runs at the thaw, and the next read sends the batch again under its id: counted once.
    expect(await calls()).toBe(5);
    expect(await calls()).toBe(5);
  });
});
