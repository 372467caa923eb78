// Redis at the key level: each listing's id index holds exactly the members of its time index, through writes, drops and reads, with the same TTL.
import type { Cluster, Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Store } from "../../src/storage/port.js";
import { closingAfterEach } from "../contract/open-stores.js";
import { aCall, aLesson } from "../helpers/fixtures.js";
import { keysWritten, rawRedis, redisStoreFactory } from "../helpers/stores.js";
import { appendLesson, recordCall } from "../helpers/writes.js";

const open = closingAfterEach(redisStoreFactory());
let raw: Redis | Cluster;
beforeAll(() => {
  raw = rawRedis();
});
afterAll(async () => {
  await raw.quit();
});

/** The tenant's key of that suffix, e.g. `idx:tasks`. */
async function keyOf(store: Store, suffix: string): Promise<string> {
  const key = (await keysWritten(store))!.find((name) => name.endsWith(`{default:shared}:${suffix}`));
  if (!key) throw new Error(`no key ${suffix}`);
  return key;
}

/** The members of a listing's two indexes, sorted; the id index's scores, which must all be 0. */
async function indexes(store: Store, kind: "tasks" | "sessions") {
  const [byTime, byId] = [await keyOf(store, `idx:${kind}`), await keyOf(store, `lex:${kind}`)];
  const scores = (await raw.zrange(byId, "0", "-1", "WITHSCORES")).filter((_, i) => i % 2 === 1);
  return { byTime: (await raw.zrange(byTime, "0", "-1")).sort(), byId: (await raw.zrange(byId, "0", "-1")).sort(), scores: [...new Set(scores)] };
}

const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const task = (taskId: string) => ({ tenant: "default", taskId });
const session = (sessionId: string) => ({ tenant: "default", sessionId });

describe("the listings' id indexes (redis)", () => {
  it("hold every listed task and session at score 0, written by the same scripts as the time indexes", async () => {
    const store = await open();
    await store.captureLesson(task("a"), aLesson(), null);
    await store.captureLesson(task("b"), aLesson(), null);
    await store.resolveTask(task("c"), { task_id: "c", attempt_number: 1, approach: "x", model: null, resolved_at: ago(0) });
    await appendLesson(store, task("d"), aLesson());
    await store.deleteLesson(task("d"), (await store.listLessons(task("d")))[0]!.lesson_id);
    await store.recordSharedToolCall(session("s"), aCall("t", "success"), null);
    // Another tenant's session, imported: the import lists it, though its calls were never recorded in this tenant.
    const elsewhere = { tenant: "other", sessionId: "u" };
    await recordCall(store, elsewhere, aCall("t", "success"));
    await store.importMemory(session("v"), { ...(await store.exportMemory(elsewhere))!, session_id: "v" });

    expect(await indexes(store, "tasks")).toEqual({ byTime: ["a", "b", "c", "d"], byId: ["a", "b", "c", "d"], scores: ["0"] });
    expect(await indexes(store, "sessions")).toEqual({ byTime: ["s", "v"], byId: ["s", "v"], scores: ["0"] });
  });

  it("drop what a write drops from the time index as expired, and nothing else", async () => {
    const store = await open({ lessonsTtlSeconds: 3600, sessionsTtlSeconds: 3600 });
    for (let i = 0; i < 3; i += 1) await store.captureLesson(task(`old-${i}`), aLesson({ timestamp: ago(2) }), null);
    await store.recordSharedToolCall(session("old"), aCall("t", "success", {}, { timestamp: ago(2) }), null);
    expect(await indexes(store, "tasks")).toEqual({ byTime: ["old-0", "old-1", "old-2"], byId: ["old-0", "old-1", "old-2"], scores: ["0"] });

    // Past the retention (and its minute of slack) from these writes' times: the old entries go.
    await store.captureLesson(task("now"), aLesson({ timestamp: ago(0.5) }), null);
    await store.recordSharedToolCall(session("now"), aCall("t", "success", {}, { timestamp: ago(0.5) }), null);
    await store.captureLesson(task("later"), aLesson({ timestamp: ago(0) }), null);
    expect(await indexes(store, "tasks")).toEqual({ byTime: ["later", "now"], byId: ["later", "now"], scores: ["0"] });
    expect(await indexes(store, "sessions")).toEqual({ byTime: ["now"], byId: ["now"], scores: ["0"] });
  });

  it("forget a dead entry in both indexes, whichever listing met it", async () => {
    const store = await open();
    for (const id of ["a", "b", "c"]) await store.captureLesson(task(id), aLesson(), null);
    await store.clearLessons(task("a"));
    await store.clearLessons(task("c"));
    // The prefix walk meets a, the walk by activity meets c.
    expect((await store.listTasksByPrefix("default", "a", 10, null)).items).toEqual([]);
    expect((await indexes(store, "tasks")).byId).toEqual(["b", "c"]);
    expect((await store.listTasks("default", 10, null)).items.map((item) => item.task_id)).toEqual(["b"]);
    expect(await indexes(store, "tasks")).toEqual({ byTime: ["b"], byId: ["b"], scores: ["0"] });
  });

  it("skip and forget an id whose time entry is gone", async () => {
    const store = await open();
    for (const id of ["a", "b"]) await store.captureLesson(task(id), aLesson({ timestamp: ago(1) }), null);
    // An id index entry without its time entry (as no script leaves it) is skipped and dropped.
    await raw.zrem(await keyOf(store, "idx:tasks"), "a");
    expect((await store.listTasksByPrefix("default", "a", 10, null)).items).toEqual([]);
    expect(await indexes(store, "tasks")).toEqual({ byTime: ["b"], byId: ["b"], scores: ["0"] });
  });

  it("give the id indexes the TTL of the time indexes, and the tool names the TTL of the tools", async () => {
    const store = await open({ lessonsTtlSeconds: 60, sessionsTtlSeconds: 120, toolsTtlSeconds: 300 });
    await store.captureLesson(task("a"), aLesson({ timestamp: ago(0) }), null);
    await store.recordSharedToolCall(session("s"), aCall("search", "success", {}, { timestamp: ago(0) }), null);
    const ttlOf = async (suffix: string) => Math.ceil((await raw.pttl(await keyOf(store, suffix))) / 1000);
    expect({ tasks: await ttlOf("lex:tasks"), sessions: await ttlOf("lex:sessions"), tools: await ttlOf("lex:tools") }).toEqual({
      tasks: await ttlOf("idx:tasks"),
      sessions: await ttlOf("idx:sessions"),
      tools: await ttlOf("tools"),
    });
    expect(await ttlOf("lex:tasks")).toBe(60);
    expect(await ttlOf("lex:tools")).toBe(300);
  });

  it("keep the tool names in step with the tools: written by a call, dropped by a forget and by either listing meeting an expired tool", async () => {
    const store = await open();
    for (const name of ["alpha", "beta", "gamma"]) await store.recordSharedToolCall(session("s"), aCall(name, "success"), null);
    const names = async () => ({ byCalls: (await raw.zrange(await keyOf(store, "tools"), "0", "-1")).sort(), byName: await raw.zrange(await keyOf(store, "lex:tools"), "0", "-1") });
    expect(await names()).toEqual({ byCalls: ["alpha", "beta", "gamma"], byName: ["alpha", "beta", "gamma"] });
    await store.forgetSharedTool("default", "beta");
    expect(await names()).toEqual({ byCalls: ["alpha", "gamma"], byName: ["alpha", "gamma"] });

    // Alpha's and gamma's knowledge goes as when its TTL ends (each tool's keys expire on their own).
    for (const name of ["alpha", "gamma"]) await raw.del(await keyOf(store, `tool:${name}`), await keyOf(store, `seen:${name}`));
    await store.recordSharedToolCall(session("s"), aCall("delta", "success"), null);
    // The prefix walk meets alpha and drops it from both; the walk by calls meets gamma.
    expect((await store.listSharedToolsByPrefix("default", "a", 10, null)).items).toEqual([]);
    expect(await names()).toEqual({ byCalls: ["delta", "gamma"], byName: ["delta", "gamma"] });
    expect((await store.listSharedTools("default", 10)).map((tool) => tool.tool_name)).toEqual(["delta"]);
    expect(await names()).toEqual({ byCalls: ["delta"], byName: ["delta"] });
  });
});
