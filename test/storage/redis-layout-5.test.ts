// Layout 5 rewrites what older versions wrote in forms no request reads any more: a call's facts, lessons kept before signatures, resolutions whose lists Lua wrote as `{}`, the layout before fields left behind, and a fix set a layout-3 replica wrote after the move to 4.
import { describe, expect, it } from "vitest";
import { failureSignature } from "../../src/domain/lessons/signature.js";
import { createKeys } from "../../src/storage/redis/keys.js";
import { factsInLayout5, lessonInLayout5, resolutionInLayout5 } from "../../src/storage/redis/migration-old-forms.js";
import { migrateLayout } from "../../src/storage/redis/migrations.js";
import { createRedisStore } from "../../src/storage/redis/index.js";
import type { Store } from "../../src/storage/port.js";
import { aCall, aLesson, aSession, aTask } from "../helpers/fixtures.js";
import { DEFAULT_LIMITS, rawRedis, scriptedRedisForFile, uniquePrefix } from "../helpers/stores.js";

// topology: every topology. The older forms are written key by key, into the slots today's keys name.
const scripted = scriptedRedisForFile();
const V5 = "calls' facts, lessons and resolutions kept in older forms rewritten in this one";

const TRIPLES = JSON.stringify([["q", '"x"', '"x"']]);
const header = (outcome: string, errorType: string, tool: string) => JSON.stringify({ outcome, error_type: errorType, tool });

describe("layout 5: the older forms, one at a time", () => {
  it("rewrites a call's facts from either older form, and leaves one in this form, or one it cannot read, alone", () => {
    expect(factsInLayout5(JSON.stringify({ tool: "search", outcome: "failure", error_type: "E", args: TRIPLES }))).toBe(`${header("failure", "E", "search")}\n${TRIPLES}`);
    expect(factsInLayout5(`${JSON.stringify({ o: "success", t: "search" })}\n${TRIPLES}`)).toBe(`${header("success", "", "search")}\n${TRIPLES}`);
    expect(factsInLayout5(`${header("failure", "E", "search")}\n${TRIPLES}`)).toBeNull();
    expect(factsInLayout5("{not json")).toBeNull();
  });

  it("gives a lesson kept before signatures the one it was read with, and a resolution's {} a list", () => {
    const { signature: _, ...unsigned } = aLesson({ error_type: "ImportError", error_message: "No module named requests" });
    expect((JSON.parse(lessonInLayout5(JSON.stringify(unsigned))!) as { signature: string }).signature).toBe(failureSignature("ImportError", "No module named requests"));
    expect(lessonInLayout5(JSON.stringify(aLesson()))).toBeNull();
    expect(JSON.parse(resolutionInLayout5(JSON.stringify({ approach: "pin it", signatures: {} }))!)).toEqual({ approach: "pin it", signatures: [] });
    expect(resolutionInLayout5(JSON.stringify({ approach: "pin it", signatures: ["s1"] }))).toBeNull();
  });
});

describe("layout 5 on a store's data", () => {
  it("moves every older form once, and the store reads and trims what it moved", async () => {
    const prefix = uniquePrefix();
    const keys = createKeys(prefix);
    const open = (): Store => createRedisStore({ client: rawRedis(), keyPrefix: prefix, commandTimeoutMs: 2000, limits: { ...DEFAULT_LIMITS, maxToolLogEntries: 3 } });
    const session = aSession();
    const task = aTask();
    const store = open();
    try {
      // Three calls: two failures and a success, each counted in the session's kept log.
      for (const outcome of ["failure", "failure", "success"] as const) await store.recordSharedToolCall(session, aCall("search", outcome, { q: outcome }, { error_type: outcome === "failure" ? "E" : null }), null);
      const lesson = aLesson({ task_id: task.taskId });
      await store.captureLesson(task, lesson, null);
      await store.resolveTask(task, { task_id: task.taskId, attempt_number: 1, approach: "pin it", model: null, resolved_at: new Date(0).toISOString() });
    } finally {
      await store.close();
    }

    // The same data as older versions wrote it.
    const redis = scripted();
    const k = keys.session(session);
    const [, args] = (await redis.hget(k.calls, "m:call-0001"))!.split("\n");
    await redis.hset(k.calls, "m:call-0001", JSON.stringify({ tool: "search", outcome: "failure", error_type: "E", args }));
    await redis.hset(k.calls, "m:call-0002", `${JSON.stringify({ o: "failure", e: "E", t: "search" })}\n${args}`);
    await redis.hset(k.legacyPatterns, "search", "{}");
    const t = keys.task(task);
    const { signature: _, ...unsigned } = JSON.parse((await redis.lindex(t.lessons, 0))!) as Record<string, unknown>;
    await redis.lset(t.lessons, 0, JSON.stringify(unsigned));
    const resolution = JSON.parse((await redis.hget(t.resolution, "doc"))!) as Record<string, unknown>;
    await redis.hset(t.resolution, "doc", JSON.stringify({ ...resolution, signatures: {} }));
    await redis.hset(`${prefix}:{migrations}`, "version", 4);

    const report = await migrateLayout(redis, keys, prefix);
    // A session's facts, a task's lessons, its resolution, and the layout before fields.
    expect(report).toEqual({ version: 5, applied: [{ name: V5, moved: 4 }] });
    expect((await redis.hget(k.calls, "m:call-0001"))!.split("\n")[0]).toBe(header("failure", "E", "search"));
    expect((await redis.hget(k.calls, "m:call-0002"))!.split("\n")[0]).toBe(header("failure", "E", "search"));
    expect(await redis.exists(k.legacyPatterns)).toBe(0);
    await redis.hset(`${prefix}:{migrations}`, "version", 4);
    expect(await migrateLayout(redis, keys, prefix)).toEqual({ version: 5, applied: [{ name: V5, moved: 0 }] });

    const after = open();
    try {
      expect((await after.listLessons(task))[0]!.signature).toBe(failureSignature("TypeError", "boom"));
      expect((await after.getResolution(task))!.signatures).toEqual([]);
      // Two more calls trim the two rewritten ones: each is uncounted by the outcome its facts now hold.
      await after.recordSharedToolCall(session, aCall("search", "success", { q: "y" }), null);
      await after.recordSharedToolCall(session, aCall("search", "success", { q: "z" }), null);
      expect(await after.sessionCounters(session)).toMatchObject({ total_calls: 3, success_count: 3, failure_count: 0 });
    } finally {
      await after.close();
    }
  });
});
