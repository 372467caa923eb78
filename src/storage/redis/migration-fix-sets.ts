// Layout version 3: a tool's fixes leave its error fields for fix sets of their own, each with a version, and pending offers and report members take the forms TypeScript writes.
import { fixCounts, type FixCounts } from "../../domain/shared-tools/efficacy.js";
import type { ArgDelta } from "../../domain/tools/types.js";
import { guarded } from "./errors.js";
import type { Keys } from "./keys.js";
import { keysOfTenants, type SharedKeys } from "./migration-scan.js";
import type { ScriptedRedis } from "./script-commands.js";
import type { StoredPending } from "./tool-fix-texts.js";
import { newWriteToken } from "./write-tokens.js";

type Empty = Record<string, never>;
const asArray = <T>(value: T[] | Empty | undefined): T[] => (Array.isArray(value) ? value : []);

/** A fix as layout 2 kept it inside its error field: the delta as JSON text, with the texts Lua compared. */
interface FixBefore extends Partial<FixCounts> {
  delta: string;
  times_applied: number;
  last_applied_at: string;
}

interface ErrorFieldBefore {
  fixes?: FixBefore[] | Empty;
  events?: unknown[] | Empty;
  [field: string]: unknown;
}

/** A pending offer as layout 2 kept it (call, et and adopt from before its names were words). */
interface PendingBefore {
  id: string;
  call_id?: string;
  call?: string;
  error_type?: string;
  et?: string;
  canonical: string;
}

/** An error field's fixes as a fix set's JSON, or null when there are none, or when they cannot be read (left as they are, unread). */
function fixSetOf(fixes: FixBefore[] | Empty | undefined, events: unknown[] | Empty | undefined): string | null {
  try {
    const kept = asArray(fixes).map((fix) => ({
      fix_delta: JSON.parse(fix.delta) as ArgDelta,
      times_applied: fix.times_applied,
      last_applied_at: fix.last_applied_at,
      ...fixCounts(fix),
    }));
    return kept.length > 0 ? JSON.stringify({ fixes: kept, events: asArray(events) }) : null;
  } catch {
    return null;
  }
}

/**
 * One tool's error fields without their fixes, and its fix sets: written in one MULTI, with the errors' retention. A fix
 * set already there (written by this version while the move ran) is kept.
 */
async function moveToolFixes(redis: ScriptedRedis, errorsKey: string, fixesKey: string): Promise<boolean> {
  const fields = await guarded(() => redis.hgetall(errorsKey));
  const errors: Array<[string, string]> = [];
  const sets: Array<[string, string]> = [];
  for (const [errorType, json] of Object.entries(fields)) {
    let parsed: ErrorFieldBefore;
    try {
      parsed = JSON.parse(json) as ErrorFieldBefore;
    } catch {
      continue;
    }
    const { fixes, events, ...rest } = parsed;
    if (fixes === undefined && events === undefined) continue;
    errors.push([errorType, JSON.stringify(rest)]);
    const set = fixSetOf(fixes, events);
    if (set !== null) sets.push([errorType, `${newWriteToken()}\n${set}`]);
  }
  if (errors.length === 0) return false;
  const ttl = await guarded(() => redis.pttl(errorsKey));
  await redis.writes.transaction((t) => {
    t.hset(errorsKey, ...errors.flat());
    for (const [errorType, field] of sets) t.hsetnx(fixesKey, errorType, field);
    if (sets.length > 0 && ttl > 0) t.pexpire(fixesKey, ttl);
    return t;
  });
  return true;
}

/**
 * A session's pending offers in the form TypeScript decides on: the id, then the offer with the tool's birth token
 * when it was made to the knowledge kept now (its number after the tool's offers_since), else none, so that it
 * decides nothing, as before.
 */
async function movePendingOffers(redis: ScriptedRedis, offersKey: string, toolKeyOf: (tool: string) => string): Promise<void> {
  const fields = await guarded(() => redis.hgetall(offersKey));
  const moved: string[] = [];
  for (const [tool, raw] of Object.entries(fields)) {
    if (!raw.startsWith("{")) continue;
    let before: PendingBefore;
    let fixDelta: ArgDelta;
    try {
      before = JSON.parse(raw) as PendingBefore;
      fixDelta = JSON.parse(before.canonical) as ArgDelta;
    } catch {
      // Unreadable: the service reads it as no offer, and the tool's next call replaces it.
      continue;
    }
    const [since, born] = await guarded(() => redis.hmget(toolKeyOf(tool), "offers_since", "born"));
    const number = Number(before.id.slice("offer-".length));
    const pending: StoredPending = {
      call_id: before.call_id ?? before.call ?? "",
      error_type: before.error_type ?? before.et ?? "",
      fix_delta: fixDelta,
      born: born && number > Number(since ?? 0) ? born : "",
    };
    moved.push(tool, `${before.id}\n${JSON.stringify(pending)}`);
  }
  if (moved.length > 0) await guarded(() => redis.hset(offersKey, ...moved));
}

/** The efficacy report's members as JSON.stringify writes them (cjson wrote '/' as '\\/'), each moved with its score and entry. */
async function respellReportMembers(redis: ScriptedRedis, shared: SharedKeys): Promise<void> {
  const respelled = (member: string) => {
    try {
      return JSON.stringify(JSON.parse(member));
    } catch {
      return member;
    }
  };
  for (const key of [shared.bestFixes, shared.worstFixes]) {
    const flat = await guarded(() => redis.zrange(key, "0", "-1", "WITHSCORES"));
    for (let i = 0; i + 1 < flat.length; i += 2) {
      const member = flat[i]!;
      if (respelled(member) !== member) await redis.writes.transaction((t) => t.zrem(key, member).zadd(key, flat[i + 1]!, respelled(member)));
    }
  }
  const shown = await guarded(() => redis.hgetall(shared.rankedFixes));
  for (const [member, entry] of Object.entries(shown)) {
    if (respelled(member) !== member) await redis.writes.transaction((t) => t.hdel(shared.rankedFixes, member).hset(shared.rankedFixes, respelled(member), entry));
  }
}

/**
 * Version 3: every tenant's pending offers first (they read the tools' offers_since), then the tools' fixes, then the
 * efficacy reports, and last offers_since goes from every tool. Answers how many tools' fixes moved.
 */
export async function moveFixSets(redis: ScriptedRedis, keys: Keys, prefix: string): Promise<number> {
  for await (const { shared, key } of keysOfTenants(redis, keys, prefix, "offers:*", (s, rest) => s.pendingOffers(rest), (s) => s.pendingOffers(""))) {
    await movePendingOffers(redis, key, shared.tool);
  }
  let moved = 0;
  for await (const { shared, rest, key } of keysOfTenants(redis, keys, prefix, "toolerrors:*", (s, tool) => s.toolErrors(tool), (s) => s.toolErrors(""))) {
    if (await moveToolFixes(redis, key, shared.toolFixes(rest))) moved += 1;
  }
  for await (const { shared } of keysOfTenants(redis, keys, prefix, "eff:best", (s) => s.bestFixes, (s) => s.bestFixes)) await respellReportMembers(redis, shared);
  for await (const { key } of keysOfTenants(redis, keys, prefix, "tool:*", (s, tool) => s.tool(tool), (s) => s.tool(""))) {
    await guarded(() => redis.hdel(key, "offers_since"));
  }
  return moved;
}
