// Layout version 4: each fix takes a slot, its offer counts (offered, other fix, ignored) leave its fix set for increments beside it with the member the report lists it under, and the report's entries and replay records follow.
import { canonicalJson } from "../../domain/tools/arguments.js";
import type { ArgDelta } from "../../domain/tools/types.js";
import { guarded } from "./errors.js";
import type { Keys } from "./keys.js";
import { keysOfTenants, type SharedKeys } from "./migration-scan.js";
import type { ScriptedRedis } from "./script-commands.js";
import { afterNewline, rankMember, slotField } from "./tool-fix-texts.js";
import { newWriteToken } from "./write-tokens.js";

/** A fix as layout 3 kept it in its set: its offer counts inside, no slot. */
interface FixBefore {
  slot?: number;
  fix_delta: ArgDelta;
  times_applied: number;
  last_applied_at: string;
  offered?: number;
  worked?: number;
  failed?: number;
  other_fix?: number;
  ignored?: number;
  recent_outcomes?: string;
}

/** A report entry as layouts 3 and before wrote it (times and last before its names were words). */
interface ShownBefore {
  delta: string;
  times_applied?: number;
  times?: number;
  last_applied_at?: string;
  last?: string;
  worked?: number;
  failed?: number;
  recent_outcomes?: string;
}

/** Where each fix of a tool's sets now is: its slot, by the member the report lists it under (tool, error type, canonical delta). */
type Slots = Map<string, number>;

/**
 * One tool's fix sets in layout 4, in one MULTI: each fix in the slot of its place, its offer counts added to the slots
 * hash under its member (the hash takes the sets' retention), the set under a new version. A set already in layout 4
 * (its fixes have slots: written by this version meanwhile) is kept, and so is one that cannot be read. Answers the
 * slots of the tool's fixes.
 */
async function moveToolCounts(redis: ScriptedRedis, tool: string, fixesKey: string, slotsKey: string): Promise<{ moved: boolean; slots: Slots }> {
  const fields = await guarded(() => redis.hgetall(fixesKey));
  const slots: Slots = new Map();
  const sets: string[] = [];
  const counts: Array<[string, number]> = [];
  const members: string[] = [];
  for (const [errorType, raw] of Object.entries(fields)) {
    let stored: { fixes: FixBefore[]; events: unknown[] };
    try {
      stored = JSON.parse(afterNewline(raw)) as typeof stored;
    } catch {
      continue;
    }
    const fixes = stored.fixes.map((fix, place) => {
      const { offered = 0, other_fix = 0, ignored = 0, ...rest } = fix;
      const slot = fix.slot ?? place;
      const member = rankMember(tool, errorType, fix);
      slots.set(member, slot);
      if (fix.slot === undefined) {
        for (const [name, n] of [["offered", offered], ["other_fix", other_fix], ["ignored", ignored]] as const) if (n > 0) counts.push([slotField(slot, name, errorType), n]);
        members.push(slotField(slot, "member", errorType), member);
      }
      return { slot, fix_delta: rest.fix_delta, times_applied: rest.times_applied, last_applied_at: rest.last_applied_at, worked: rest.worked ?? 0, failed: rest.failed ?? 0, recent_outcomes: rest.recent_outcomes ?? "" };
    });
    if (stored.fixes.every((fix) => fix.slot !== undefined)) continue;
    sets.push(errorType, `${newWriteToken()}\n${JSON.stringify({ fixes, events: stored.events })}`);
  }
  if (sets.length === 0) return { moved: false, slots };
  const ttl = await guarded(() => redis.pttl(fixesKey));
  await redis.writes.transaction((t) => {
    t.hset(fixesKey, ...sets);
    if (members.length > 0) t.hset(slotsKey, ...members);
    for (const [field, n] of counts) t.hincrby(slotsKey, field, n);
    if (members.length > 0 && ttl > 0) t.pexpire(slotsKey, ttl);
    return t;
  });
  return { moved: true, slots };
}

/**
 * The tenant's report entries in layout 4: the slot of their fix, without the offer counts (read from the slot now). An
 * entry whose fix no set keeps (its error type was forgotten) leaves the report, as the embedded store drops it, and so
 * does one that cannot be read.
 */
async function moveReportEntries(redis: ScriptedRedis, shared: SharedKeys, slotsOf: (tool: string) => Slots): Promise<void> {
  const entries = await guarded(() => redis.hgetall(shared.rankedFixes));
  for (const [member, raw] of Object.entries(entries)) {
    let tool: string, errorType: string, shown: ShownBefore & { slot?: number }, delta: ArgDelta;
    try {
      [tool, errorType] = JSON.parse(member) as [string, string, string];
      shown = JSON.parse(raw) as typeof shown;
      if (shown.slot !== undefined) continue;
      delta = JSON.parse(shown.delta) as ArgDelta;
    } catch {
      // An entry that cannot be read is dropped: the report is rebuilt from the fix sets as they change, and its read
      // would stop at it.
      await redis.writes.transaction((t) => t.zrem(shared.bestFixes, member).zrem(shared.worstFixes, member).hdel(shared.rankedFixes, member));
      continue;
    }
    const spelt = rankMember(tool, errorType, { fix_delta: delta });
    const slot = slotsOf(tool).get(spelt);
    if (slot === undefined) {
      await redis.writes.transaction((t) => t.zrem(shared.bestFixes, member).zrem(shared.worstFixes, member).hdel(shared.rankedFixes, member));
      continue;
    }
    const entry = {
      delta: canonicalJson(delta),
      slot,
      times_applied: shown.times_applied ?? shown.times ?? 0,
      last_applied_at: shown.last_applied_at ?? shown.last ?? "",
      worked: shown.worked ?? 0,
      failed: shown.failed ?? 0,
      recent_outcomes: shown.recent_outcomes ?? "",
    };
    await keepEntry(redis, shared, member, spelt, JSON.stringify(entry));
  }
}

/**
 * A report entry kept under the member the service spells, the one its slot lists (an older spelling of its delta
 * would never match it, and would be dropped as a stale entry): moved there with its scores when it differs.
 */
async function keepEntry(redis: ScriptedRedis, shared: SharedKeys, member: string, spelt: string, entry: string): Promise<void> {
  if (spelt === member) {
    await guarded(() => redis.hset(shared.rankedFixes, member, entry));
    return;
  }
  const [best, worst] = await Promise.all([guarded(() => redis.zscore(shared.bestFixes, member)), guarded(() => redis.zscore(shared.worstFixes, member))]);
  await redis.writes.transaction((t) => {
    t.zrem(shared.bestFixes, member).zrem(shared.worstFixes, member).hdel(shared.rankedFixes, member);
    if (best !== null) t.zadd(shared.bestFixes, best, spelt);
    if (worst !== null) t.zadd(shared.worstFixes, worst, spelt);
    return t.hset(shared.rankedFixes, spelt, entry);
  });
}

/**
 * An offer's replay record in layout 4: `id\ntimes\noffered,worked,failed,other,ignored[,latest]\ndelta` becomes
 * `id\noffered,other,ignored\ntimes\nworked,failed,latest\ndelta` (tool-fix-texts.ts: knownFixFromRecord), its expiry kept.
 */
export function recordInLayout4(record: string): string | null {
  const lines = record.split("\n");
  if (lines.length !== 4 || !lines[0]!.startsWith("offer-")) return null;
  const [id, times, counts, delta] = lines as [string, string, string, string];
  const [offered = "0", worked = "0", failed = "0", otherFix = "0", ignored = "0", recent = ""] = counts.split(",");
  return [id, `${offered},${otherFix},${ignored}`, times, `${worked},${failed},${recent}`, delta].join("\n");
}

/** Version 4: every tool's fix sets, then each tenant's report, then the offers' replay records. Answers how many tools' sets moved. */
export async function moveOfferCounts(redis: ScriptedRedis, keys: Keys, prefix: string): Promise<number> {
  const slotsByTool = new Map<string, Slots>();
  let moved = 0;
  for await (const { shared, rest, key } of keysOfTenants(redis, keys, prefix, "toolfixes:*", (s, tool) => s.toolFixes(tool), (s) => s.toolFixes(""))) {
    const done = await moveToolCounts(redis, rest, key, shared.toolFixSlots(rest));
    slotsByTool.set(key, done.slots);
    if (done.moved) moved += 1;
  }
  for await (const { shared } of keysOfTenants(redis, keys, prefix, "eff:fixes", (s) => s.rankedFixes, (s) => s.rankedFixes)) {
    await moveReportEntries(redis, shared, (tool) => slotsByTool.get(shared.toolFixes(tool)) ?? new Map());
  }
  for await (const { key } of keysOfTenants(redis, keys, prefix, "applied:*", (s, rest) => `${s.prefix}applied:${rest}`, (s) => `${s.prefix}applied:`)) {
    const record = await guarded(() => redis.get(key));
    const rewritten = record === null ? null : recordInLayout4(record);
    if (rewritten !== null) await guarded(() => redis.set(key, rewritten, "KEEPTTL"));
  }
  return moved;
}
