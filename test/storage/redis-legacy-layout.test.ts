// An upgrade loses no knowledge: calls written by the layout before (one JSON document per tool, kept under
// test/fixtures/legacy-layout) are moved into fields by the layout migration, then read and learn as the embedded store does.
import { Redis } from "ioredis";
import { afterAll, afterEach, describe, expect, inject, it } from "vitest";
import { createMemoryStore } from "../../src/storage/memory/index.js";
import { createRedisStore } from "../../src/storage/redis/index.js";
import type { Store } from "../../src/storage/port.js";
import type { SessionRef } from "../../src/domain/refs.js";
import { recordWithLegacyLayout, type LegacyCall } from "../fixtures/legacy-layout/legacy-writer.js";
import { aCall, uniqueId } from "../helpers/fixtures.js";
import { DEFAULT_LIMITS, uniquePrefix } from "../helpers/stores.js";

// topology: single server only. The old layout's writer talks to one server; what reads its data is the same script on every topology.
const raw = new Redis(inject("redisUrl"), { maxRetriesPerRequest: 1 });
const stores: Store[] = [];
afterEach(async () => Promise.all(stores.splice(0).map((store) => store.close())));
afterAll(async () => raw.quit());

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

/** The same call for today's stores. */
const asCall = (call: LegacyCall) =>
  aCall(call.tool, call.outcome, call.args, { timestamp: call.at, error_type: call.errorType ?? null, context_goal: call.goal ?? null });

// Before the upgrade: a fix learned, a failure of another tool, and a failure offered the fix.
const BEFORE: LegacyCall[] = [
  { tool: "search", outcome: "failure", args: { q: "a" }, errorType: "E", goal: "find a", at: at(1) },
  { tool: "search", outcome: "success", args: { q: "b" }, goal: "find a", at: at(2) },
  { tool: "fetch", outcome: "failure", args: { url: "x", opts: { b: 1, a: 2 } }, errorType: "F", at: at(3) },
  { tool: "search", outcome: "failure", args: { q: "a", limit: 1 }, errorType: "E", at: at(4) },
  { tool: "list", outcome: "failure", args: { dir: "a" }, errorType: "H", goal: "list a", at: at(5) },
  { tool: "list", outcome: "success", args: { dir: "b" }, goal: "list a", at: at(6) },
];
// After it: the offer taken and working, a fix of a failure written before, and a new error type.
// A call that learns nothing new of its tool (list) shows that the move itself kept the fix learned before.
const AFTER: LegacyCall[] = [
  { tool: "search", outcome: "success", args: { q: "b", limit: 1 }, at: at(7) },
  { tool: "fetch", outcome: "success", args: { url: "y", opts: { b: 1, a: 2 } }, at: at(8) },
  { tool: "search", outcome: "failure", args: { q: "d" }, errorType: "G", at: at(9) },
  { tool: "list", outcome: "success", args: { dir: "b" }, at: at(10) },
];

/**
 * A fix's latest outcomes left out: a fix learned in the layout before kept none (they start with its next outcome),
 * while the embedded store, which never held that layout, has them from the first. Everything else must match.
 */
const withoutRecentOutcomes = <T>(value: T): T => JSON.parse(JSON.stringify(value, (key, inner: unknown) => (key === "recent_outcomes" ? undefined : inner))) as T;

/** What a store shows of the session and the tenant's knowledge of both tools. */
async function everything(store: Store, session: SessionRef) {
  return withoutRecentOutcomes({
    patterns: await store.getPatterns(session),
    search: await store.getPattern(session, "search"),
    counters: await store.sessionCounters(session),
    log: await store.readToolLog(session),
    contexts: await store.toolContexts(session, null, 3),
    exported: await store.exportMemory(session),
    knowledge: await store.sharedToolKnowledge(session.tenant, ["search", "fetch", "list"]),
    efficacy: await store.efficacyReport(session.tenant, 5),
  });
}

describe("data written by the layout before (redis)", () => {
  it("reads the same as the embedded store once the migration moved it into fields, and learns from the next calls alike", async () => {
    const prefix = uniquePrefix();
    const session: SessionRef = { tenant: uniqueId("tenant"), sessionId: uniqueId("session") };
    for (const call of BEFORE) await recordWithLegacyLayout(raw, prefix, session.tenant, session.sessionId, call);
    // Only the layout before's keys exist: one JSON document per tool, in the session and in the tenant.
    expect((await raw.hkeys(`${prefix}:{${session.tenant}:session:${session.sessionId}}:patterns`)).sort()).toEqual(["fetch", "list", "search"]);

    const redis = createRedisStore({ client: new Redis(inject("redisUrl"), { maxRetriesPerRequest: 1 }), keyPrefix: prefix, commandTimeoutMs: 2000, limits: DEFAULT_LIMITS });
    // What the service does on start: three tools of the session and three of the tenant move.
    expect((await redis.migrate())!.applied.find((step) => step.name.startsWith("tool patterns"))).toMatchObject({ moved: 6 });
    expect(await raw.exists(`${prefix}:{${session.tenant}:session:${session.sessionId}}:patterns`)).toBe(0);
    // Then the fixes leave the error fields for versioned fix sets (layout 3), each in a slot whose offer counts sit beside
    // the set (layout 4), and the pending offer takes its new form.
    const shared = `${prefix}:{${session.tenant}:shared}`;
    for (const [tool, errorType] of [["search", "E"], ["list", "H"]] as const) {
      expect(JSON.parse((await raw.hget(`${shared}:toolerrors:${tool}`, errorType))!)).not.toHaveProperty("fixes");
      expect(await raw.hget(`${shared}:toolfixes:${tool}`, errorType)).toMatch(/^[0-9a-f]{16}\n\{"fixes":\[\{"slot":0,"fix_delta":/);
    }
    expect(await raw.hgetall(`${shared}:toolfixslots:search`)).toEqual({ "0:offered:E": "1", "0:member:E": JSON.stringify(["search", "E", '{"changed":{"q":{"from":"a","to":"b"}}}']) });
    expect(await raw.hgetall(`${shared}:toolfixslots:list`)).toEqual({ "0:member:H": JSON.stringify(["list", "H", '{"changed":{"dir":{"from":"a","to":"b"}}}']) });
    // The offer numbers the layout before compared are read by the move of the pending offers, then gone from every tool.
    for (const tool of ["search", "fetch", "list"]) expect(await raw.hexists(`${shared}:tool:${tool}`, "offers_since")).toBe(0);
    expect(await raw.hget(`${shared}:offers:${session.sessionId}`, "search")).toMatch(/^offer-1\n\{"call_id":"call-0004","error_type":"E",.*"born":"\d+"\}$/);
    const memory = createMemoryStore(DEFAULT_LIMITS, { now: () => Date.parse(at(30)) });
    stores.push(redis, memory);
    const offers = [];
    for (const call of BEFORE) offers.push(await memory.recordSharedToolCall(session, asCall(call), null));
    expect(offers[3]).toMatchObject({ value: { knownFix: { fix_delta: { changed: { q: { from: "a", to: "b" } } } } } });
    expect(await everything(redis, session)).toEqual(await everything(memory, session));

    for (const call of AFTER) {
      const [onRedis, inMemory] = [await redis.recordSharedToolCall(session, asCall(call), null), await memory.recordSharedToolCall(session, asCall(call), null)];
      expect(withoutRecentOutcomes(onRedis)).toEqual(withoutRecentOutcomes(inMemory));
    }
    const after = await everything(redis, session);
    expect(after).toEqual(await everything(memory, session));
    // The fix of a failure written before was detected, and the offer made before was decided: it worked.
    expect(after.log.find((entry) => entry.id === "call-0008")).toMatchObject({ fix_for: "call-0003" });
    expect(after.search!.error_patterns.find((ep) => ep.error_type === "E")!.fix_delta).toEqual({ changed: { q: { from: "a", to: "b" } } });
    expect(after.patterns.list!.error_patterns[0]!.fix_delta).toEqual({ changed: { dir: { from: "a", to: "b" } } });
    expect(after.knowledge[2]!.error_patterns[0]!.fixes).toMatchObject([{ fix_delta: { changed: { dir: { from: "a", to: "b" } } }, times_applied: 1 }]);
    expect(after.efficacy.tools).toMatchObject({ offered: 1, worked: 1 });
    // A fix learned before holds no facts of where it applies: they are read from its delta, as the embedded store does.
    const other = { tenant: session.tenant, sessionId: uniqueId("session") };
    for (const [args, offered] of [[{ dir: "a" }, true], [{ dir: "zzz" }, false]] as const) {
      const failure = { tool: "list", outcome: "failure", args, errorType: "H", at: at(11) } as const;
      const [onRedis, inMemory] = [await redis.recordSharedToolCall(other, asCall(failure), null), await memory.recordSharedToolCall(other, asCall(failure), null)];
      expect(withoutRecentOutcomes(onRedis)).toEqual(withoutRecentOutcomes(inMemory));
      expect(onRedis.outcome === "mismatch" ? null : onRedis.value.knownFix?.fix_delta ?? null).toEqual(offered ? { changed: { dir: { from: "a", to: "b" } } } : null);
    }
    // Every tool moved: the documents are gone, the fields hold them.
    for (const tool of ["search", "fetch", "list"]) expect(await raw.hexists(`${prefix}:{${session.tenant}:shared}:tool:${tool}`, "state")).toBe(0);
  });
});
