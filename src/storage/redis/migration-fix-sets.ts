// Layout version 3: a tool's fixes leave its error fields for fix sets of their own, each with a version, and pending offers and report members take the forms TypeScript writes.
import { randomBytes } from "node:crypto";
import { fixCounts, type FixCounts } from "../../domain/shared-tools/efficacy.js";
import type { ArgDelta } from "../../domain/tools/types.js";
import { guarded } from "./errors.js";
import type { Keys } from "./keys.js";
import { scanAll, tenantOf } from "./migration-scan.js";
import type { ScriptedRedis } from "./script-commands.js";
import type { StoredPending } from "./tool-fix-texts.js";

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

/** One tool's error fields without their fixes, and its fix sets: written in one MULTI, with the errors' retention. */
async function moveToolFixes(redis: ScriptedRedis, errorsKey: string, fixesKey: string, toolKey: string): Promise<boolean> {
  const fields = await guarded(() => redis.hgetall(errorsKey));
  const errors: Array<[string, string]> = [];
  const sets: Array<[string, string]> = [];
  for (const [errorType, json] of Object.entries(fields)) {
    const { fixes, events, ...rest } = JSON.parse(json) as ErrorFieldBefore;
    if (fixes === undefined && events === undefined) continue;
    errors.push([errorType, JSON.stringify(rest)]);
    const kept = asArray(fixes).map((fix) => ({
      fix_delta: JSON.parse(fix.delta) as ArgDelta,
      times_applied: fix.times_applied,
      last_applied_at: fix.last_applied_at,
      ...fixCounts(fix),
    }));
    if (kept.length > 0) sets.push([errorType, `${randomBytes(8).toString("hex")}\n${JSON.stringify({ fixes: kept, events: asArray(events) })}`]);
  }
  if (errors.length === 0) return false;
  const ttl = await guarded(() => redis.pttl(errorsKey));
  await redis.writes.transaction((t) => {
    t.hset(errorsKey, ...errors.flat());
    if (sets.length > 0) t.hset(fixesKey, ...sets.flat());
    if (sets.length > 0 && ttl > 0) t.pexpire(fixesKey, ttl);
    return t.hdel(toolKey, "offers_since");
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
    const before = JSON.parse(raw) as PendingBefore;
    const [since, born] = await guarded(() => redis.hmget(toolKeyOf(tool), "offers_since", "born"));
    const number = Number(before.id.slice("offer-".length));
    const pending: StoredPending = {
      call_id: before.call_id ?? before.call ?? "",
      error_type: before.error_type ?? before.et ?? "",
      fix_delta: JSON.parse(before.canonical) as ArgDelta,
      born: born && number > Number(since ?? 0) ? born : "",
    };
    moved.push(tool, `${before.id}\n${JSON.stringify(pending)}`);
  }
  if (moved.length > 0) await guarded(() => redis.hset(offersKey, ...moved));
}

/** The efficacy report's members as JSON.stringify writes them (cjson wrote '/' as '\/'), each moved with its score and entry. */
async function respellReportMembers(redis: ScriptedRedis, shared: ReturnType<Keys["shared"]>): Promise<void> {
  const respelled = (member: string) => JSON.stringify(JSON.parse(member));
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

/** Version 3: every tenant's tools, pending offers and efficacy report. Answers how many tools' fixes moved. */
export async function moveFixSets(redis: ScriptedRedis, keys: Keys, prefix: string): Promise<number> {
  let moved = 0;
  const tenants = new Set<string>();
  for (const errorsKey of await scanAll(redis, `${prefix}:{*:shared}:toolerrors:*`)) {
    const tenant = tenantOf(errorsKey, prefix);
    const shared = tenant === null ? null : keys.shared(tenant);
    const tool = shared ? errorsKey.slice(shared.toolErrors("").length) : "";
    if (!shared || shared.toolErrors(tool) !== errorsKey) continue;
    tenants.add(tenant!);
    if (await moveToolFixes(redis, errorsKey, shared.toolFixes(tool), shared.tool(tool))) moved += 1;
  }
  for (const offersKey of await scanAll(redis, `${prefix}:{*:shared}:offers:*`)) {
    const tenant = tenantOf(offersKey, prefix);
    if (tenant === null || !offersKey.startsWith(keys.shared(tenant).pendingOffers(""))) continue;
    await movePendingOffers(redis, offersKey, keys.shared(tenant).tool);
  }
  for (const tenant of tenants) await respellReportMembers(redis, keys.shared(tenant));
  return moved;
}
