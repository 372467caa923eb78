// Layout 4 keeps what layout 3 counted: a fix's offer counts leave its set for increments beside it, the report and an offer's replay record follow, and a second run moves nothing.
import { describe, expect, it } from "vitest";
import { bestRank } from "../../src/domain/efficacy/ranks.js";
import { canonicalJson } from "../../src/domain/tools/arguments.js";
import { createKeys } from "../../src/storage/redis/keys.js";
import { recordInLayout4 } from "../../src/storage/redis/migration-fix-counts.js";
import { migrateLayout } from "../../src/storage/redis/migrations.js";
import { fixSetFrom } from "../../src/storage/redis/tool-fix-texts.js";
import { createRedisStore } from "../../src/storage/redis/index.js";
import { DEFAULT_LIMITS, rawRedis, scriptedRedisForFile, uniquePrefix } from "../helpers/stores.js";

const scripted = scriptedRedisForFile();

const KEPT = { changed: { wait: { from: 0, to: 1 } } };
const GONE = { changed: { wait: { from: 0, to: 9 } } };
const KEPT_MEMBER = JSON.stringify(["deploy", "Timeout", canonicalJson(KEPT)]);
const OLD_SPELLING = '{"changed":{"wait":{"to":1,"from":0}}}';

/** A tenant's deploy tool as layout 3 kept it: one fix set (offer counts inside), its report entries, and an offer's replay record. */
async function writeLayout3(prefix: string, tenant: string): Promise<{ record: string }> {
  const shared = createKeys(prefix).shared(tenant);
  const redis = scripted();
  const fix = { fix_delta: KEPT, times_applied: 2, last_applied_at: "2026-01-01T00:02:00.000Z", offered: 4, worked: 1, failed: 0, other_fix: 1, ignored: 2, recent_outcomes: "w" };
  const set = JSON.stringify({ fixes: [fix], events: [] });
  // The tool and its error as the fields keep them (layout 2 on): the report lists only fixes of a tool still known.
  await redis.hset(shared.tool("deploy"), "calls", 6, "failure", 4);
  await redis.hset(shared.toolErrors("deploy"), "Timeout", JSON.stringify({ first: 1, count: 4, contexts: [] }));
  await redis.zadd(shared.toolErrorsSeen("deploy"), 6, "Timeout");
  await redis.hset(shared.toolFixes("deploy"), "Timeout", `0123456789abcdef\n${set}`);
  await redis.expire(shared.toolFixes("deploy"), 3600);
  const shown = { delta: OLD_SPELLING, times_applied: 2, last_applied_at: fix.last_applied_at, offered: 4, worked: 1, failed: 0, other_fix: 1, ignored: 2, recent_outcomes: "w" };
  // An entry of a fix no set keeps any more (its error type was forgotten): layout 3 left such entries behind.
  const orphan = { ...shown, delta: canonicalJson(GONE) };
  // The kept fix's entry under an older spelling of its delta (keys out of order): it moves to the service's spelling.
  const [kept, gone] = [JSON.stringify(["deploy", "Timeout", OLD_SPELLING]), JSON.stringify(["deploy", "Old", canonicalJson(GONE)])];
  await redis.hset(shared.rankedFixes, kept, JSON.stringify(shown), gone, JSON.stringify(orphan));
  // And one that cannot be read at all.
  const unreadable = JSON.stringify(["deploy", "Timeout", "{"]);
  await redis.hset(shared.rankedFixes, unreadable, "{not json");
  await redis.zadd(shared.bestFixes, bestRank(2, 0), kept, bestRank(2, 0), gone, bestRank(1, 0), unreadable);
  const record = `offer-3\n2\n4,1,0,1,2,w\n${JSON.stringify(KEPT)}`;
  await redis.set(`${prefix}:{${tenant}:shared}:applied:abc`, record, "EX", 600);
  return { record };
}

describe("layout 4: offer counts beside the fix set", () => {
  it("moves each fix's offer counts beside its set with the set's retention, respells the report and the replay record, and runs once", async () => {
    const prefix = uniquePrefix();
    await writeLayout3(prefix, "north");
    const shared = createKeys(prefix).shared("north");

    const report = await migrateLayout(scripted(), createKeys(prefix), prefix);
    expect(report.applied.find(({ name }) => name.startsWith("a fix's offer counts"))).toEqual({ name: "a fix's offer counts moved out of its fix set into increments beside it", moved: 1 });
    const [version, json] = (await scripted().hget(shared.toolFixes("deploy"), "Timeout"))!.split("\n") as [string, string];
    // The set moved to a new version (no cache decides on the old one), its fix in slot 0 without offer counts.
    expect(version).not.toBe("0123456789abcdef");
    expect(JSON.parse(json)).toEqual({ fixes: [{ slot: 0, fix_delta: KEPT, times_applied: 2, last_applied_at: "2026-01-01T00:02:00.000Z", worked: 1, failed: 0, recent_outcomes: "w" }], events: [] });
    expect(await scripted().hgetall(shared.toolFixSlots("deploy"))).toEqual({ "0:offered:Timeout": "4", "0:other_fix:Timeout": "1", "0:ignored:Timeout": "2", "0:member:Timeout": KEPT_MEMBER });
    const ttl = await scripted().ttl(shared.toolFixSlots("deploy"));
    expect(ttl > 3500 && ttl <= 3600).toBe(true);
    // The report's entry names the slot; the orphan and the unreadable entry left the report.
    expect(JSON.parse((await scripted().hget(shared.rankedFixes, KEPT_MEMBER))!)).toMatchObject({ delta: canonicalJson(KEPT), slot: 0, times_applied: 2 });
    expect(await scripted().zscore(shared.bestFixes, KEPT_MEMBER)).toBe(String(bestRank(2, 0)));
    expect(await scripted().hlen(shared.rankedFixes)).toBe(1);
    expect(await scripted().zcard(shared.bestFixes)).toBe(1);
    // The replay record in its new order, its expiry kept.
    const key = `${prefix}:{north:shared}:applied:abc`;
    expect(await scripted().get(key)).toBe(`offer-3\n4,1,2\n2\n1,0,w\n${JSON.stringify(KEPT)}`);
    expect(await scripted().ttl(key)).toBeGreaterThan(0);

    // What a store reads of it: the counts back under the fix, in the report and the tool's knowledge.
    const store = createRedisStore({ client: rawRedis(), keyPrefix: prefix, commandTimeoutMs: 2000, limits: DEFAULT_LIMITS });
    try {
      expect((await store.efficacyReport("north", 5)).best).toMatchObject([{ counts: { offered: 4, worked: 1, other_fix: 1, ignored: 2 } }]);
      const [knowledge] = await store.sharedToolKnowledge("north", ["deploy"]);
      expect(knowledge!.error_patterns.find((ep) => ep.error_type === "Timeout")!.fixes[0]!.efficacy).toMatchObject({ offered: 4, other_fix: 1, ignored: 2 });
    } finally {
      await store.close();
    }

    // Run again from layout 3 (as if the first run stopped before it marked the version): nothing moves twice.
    await scripted().hset(`${prefix}:{migrations}`, "version", 3);
    const again = await migrateLayout(scripted(), createKeys(prefix), prefix);
    expect(again.applied.map(({ moved }) => moved)).toEqual([0, 0]);
    expect(await scripted().hgetall(shared.toolFixSlots("deploy"))).toEqual({ "0:offered:Timeout": "4", "0:other_fix:Timeout": "1", "0:ignored:Timeout": "2", "0:member:Timeout": KEPT_MEMBER });
  });

  it("rewrites only a layout-3 offer record: one already moved, or any other write's record, is left alone", () => {
    expect(recordInLayout4(`offer-1\n3\n5,2,1,0,1\n{"removed":["x"]}`)).toBe(`offer-1\n5,0,1\n3\n2,1,\n{"removed":["x"]}`);
    expect(recordInLayout4(`offer-1\n5,0,1\n3\n2,1,\n{"removed":["x"]}`)).toBeNull();
    expect(recordInLayout4("1")).toBeNull();
  });

  it("moves with layout 5 a set a layout-3 replica wrote after the move to 4 (no slots, counts inside)", async () => {
    const prefix = uniquePrefix();
    await writeLayout3(prefix, "north");
    await scripted().hset(`${prefix}:{migrations}`, "version", 4);
    const report = await migrateLayout(scripted(), createKeys(prefix), prefix);
    expect(report.applied).toHaveLength(1);
    const shared = createKeys(prefix).shared("north");
    const [, json] = (await scripted().hget(shared.toolFixes("deploy"), "Timeout"))!.split("\n") as [string, string];
    const { set, slots } = fixSetFrom(json, "wilson", (slot, name) => (slot === 0 && name === "offered" ? 4 : 0));
    expect(set.fixes.map((each) => [slots.get(each.fix_delta), each.efficacy.offered])).toEqual([[0, 4]]);
    expect(await scripted().hget(shared.toolFixSlots("deploy"), "0:offered:Timeout")).toBe("4");
  });
});
