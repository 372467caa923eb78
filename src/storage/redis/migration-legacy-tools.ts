// Layout version 2: a session's pattern of a tool, and the tenant's knowledge of a tool, each kept as one JSON document by the layout before fields, moved into the fields requests read (lib/tool-fields.lua describes them).
import { guarded } from "./errors.js";
import type { Keys } from "./keys.js";
import { scanAll, sessionOf, tenantOf } from "./migration-scan.js";
import type { ScriptedRedis, WriteTarget as Transaction } from "./script-commands.js";

/** An argument as the layout before kept it: its name, its values as given, and their canonical JSON. */
type LegacyArgument = [name: string, values: string[], canonical: string[]];

/** An error pattern as the layout before kept it; a session's has the fix it saw, the tenant's its fixes and fix events. */
interface LegacyError {
  error_type: string;
  count: number;
  contexts?: unknown;
  example_args?: unknown;
  fix_delta?: unknown;
  fixes?: Array<{ delta: unknown; canonical: unknown; adopt?: unknown; times: number; last: string; offered?: number; worked?: number; failed?: number; other_fix?: number; ignored?: number }>;
  events?: unknown[];
}

/** What both documents hold. An empty list may read `{}`: the layout before was written by cjson. */
interface LegacyDocument {
  args?: LegacyArgument[] | Record<string, never>;
  errors?: LegacyError[] | Record<string, never>;
  successes?: unknown[] | Record<string, never>;
  failure: number;
  timed: number;
  timed_sum: number;
  updated_at?: string;
}

interface LegacyPattern extends LegacyDocument {
  total: number;
  success: number;
  since?: number;
  recent?: string[] | Record<string, never>;
}

interface LegacyKnowledge extends LegacyDocument {
  offers_since?: number;
  eff?: { offered?: number; worked?: number; failed?: number; other_fix?: number; ignored?: number };
}

/** The keys of one tool's argument and error fields, in a session or in the tenant. */
interface FieldKeys {
  args: string;
  argsSeen: string;
  errors: string;
  errorsSeen: string;
}

const listed = <T>(value: T[] | Record<string, never> | undefined): T[] => (Array.isArray(value) ? value : []);

/** Redis's clock in microseconds: the `born` a tool moved by this layout gets (one made since gets a random token from the service). */
async function bornNow(redis: ScriptedRedis): Promise<string> {
  const [seconds, micros] = await guarded(() => redis.time());
  return `${seconds}${String(micros).padStart(6, "0")}`;
}

/**
 * A document's arguments and error patterns written into their fields, each error field made by `errorField` (what the
 * session or the tenant keeps of it). What was kept before is ordered before any call, and seen at call 0.
 */
function writeFields(t: Transaction, k: FieldKeys, document: LegacyDocument, errorField: (ep: LegacyError) => Record<string, unknown>): void {
  const args = listed(document.args);
  if (args.length > 0) {
    t.hset(k.args, ...args.flatMap(([name, values, canonical], i) => [name, JSON.stringify({ first: 0, place: i + 1, values, canonical })]));
    t.zadd(k.argsSeen, ...args.flatMap(([name]) => [0, name]));
  }
  const errors = listed(document.errors);
  if (errors.length > 0) {
    const field = (ep: LegacyError, i: number) => ({ ...errorField(ep), first: i - errors.length, count: ep.count, contexts: ep.contexts, example_args: ep.example_args });
    t.hset(k.errors, ...errors.flatMap((ep, i) => [ep.error_type, JSON.stringify(field(ep, i))]));
    t.zadd(k.errorsSeen, ...errors.flatMap((ep) => [0, ep.error_type]));
  }
}

/** A document's success patterns under `field`, when it has any. */
const successesField = (field: string, document: LegacyDocument): string[] => {
  const successes = listed(document.successes);
  return successes.length > 0 ? [field, JSON.stringify(successes)] : [];
};

/** Gives each key the retention `ttl` (seconds; 0 keeps it forever), as lib/renewal.lua's renew does. */
function renewAll(t: Transaction, keys: string[], ttl: number): void {
  for (const key of keys) {
    if (ttl > 0) t.expire(key, ttl);
    else t.persist(key);
  }
}

/** Milliseconds a key has left as seconds of retention: 0 for none. */
const secondsLeft = (pttl: number) => (pttl > 0 ? Math.ceil(pttl / 1000) : 0);

/**
 * One tool of a session moved into its fields, the tool joining the session's tools at the call number it was first
 * called at. A tool a newer version already keeps in fields (called before the move ran) keeps them, and its document
 * stays, unread. Answers whether it moved.
 */
async function moveSessionTool(redis: ScriptedRedis, k: ReturnType<Keys["session"]>, tool: string, ttl: number): Promise<boolean> {
  const raw = await guarded(() => redis.hget(k.legacyPatterns, tool));
  const t = k.tool(tool);
  if (raw === null || (await guarded(() => redis.exists(t.pattern))) === 1) return false;
  const p = JSON.parse(raw) as LegacyPattern;
  const born = await bornNow(redis);
  const recent = listed(p.recent);
  await redis.writes.transaction((m) => {
    m.hset(t.pattern, "total", p.total, "success", p.success, "failure", p.failure, "timed", p.timed, "timed_sum", p.timed_sum, "updated_at", p.updated_at ?? "", "born", born, "since", p.since ?? 0, ...successesField("successes", p));
    writeFields(m, t, p, (ep) => ({ fix_delta: ep.fix_delta }));
    if (recent.length > 0) m.rpush(t.recent, ...recent);
    m.zadd(k.tools, "NX", p.since ?? 0, tool);
    // The session's tools may already live with its other keys: an expiry only for a set this move made.
    if (ttl > 0) m.expire(k.tools, ttl, "NX");
    m.hdel(k.legacyPatterns, tool);
    renewAll(m, [t.pattern, t.args, t.argsSeen, t.errors, t.errorsSeen, t.recent], ttl);
    return m;
  });
  return true;
}

/**
 * The tenant's knowledge of one tool (the tool hash's `state`) moved into its fields; its calls and listing fields were
 * kept already. Knowledge a newer version already keeps in fields keeps them, and its document stays, unread.
 */
async function moveTenantTool(redis: ScriptedRedis, shared: ReturnType<Keys["shared"]>, tool: string): Promise<boolean> {
  const toolKey = shared.tool(tool);
  const [raw, kept, pttl] = await Promise.all([guarded(() => redis.hget(toolKey, "state")), guarded(() => redis.hexists(toolKey, "born")), guarded(() => redis.pttl(toolKey))]);
  if (raw === null || kept === 1) return false;
  const p = JSON.parse(raw) as LegacyKnowledge;
  const eff = p.eff ?? {};
  const born = await bornNow(redis);
  const k = { args: shared.toolArgs(tool), argsSeen: shared.toolArgsSeen(tool), errors: shared.toolErrors(tool), errorsSeen: shared.toolErrorsSeen(tool) };
  await redis.writes.transaction((m) => {
    m.hset(
      toolKey,
      ...["failure", p.failure, "timed", p.timed, "timed_sum", p.timed_sum, "offers_since", p.offers_since ?? 0, "born", born, "updated_at", p.updated_at ?? ""],
      ...["offered", eff.offered ?? 0, "worked", eff.worked ?? 0, "failed", eff.failed ?? 0, "other_fix", eff.other_fix ?? 0, "ignored", eff.ignored ?? 0],
      ...successesField("success_patterns", p),
    );
    // The fixes as layout 2 kept them in the error fields; layout 3 moves them into fix sets.
    writeFields(m, k, p, (ep) => ({
      fixes: (ep.fixes ?? []).map((fix) => ({
        delta: fix.delta,
        canonical: fix.canonical,
        adoption: fix.adopt,
        times_applied: fix.times,
        last_applied_at: fix.last,
        offered: fix.offered ?? 0,
        worked: fix.worked ?? 0,
        failed: fix.failed ?? 0,
        other_fix: fix.other_fix ?? 0,
        ignored: fix.ignored ?? 0,
      })),
      events: ep.events ?? [],
    }));
    m.hdel(toolKey, "state");
    renewAll(m, [k.args, k.argsSeen, k.errors, k.errorsSeen], secondsLeft(pttl));
    return m;
  });
  return true;
}

/** Version 2: every session's tools, then every tenant's; each keeps the retention it had. Answers how many moved. */
export async function moveLegacyTools(redis: ScriptedRedis, keys: Keys, prefix: string): Promise<number> {
  let moved = 0;
  for (const legacyKey of await scanAll(redis, `${prefix}:{*:session:*}:patterns`)) {
    const ref = sessionOf(legacyKey, prefix);
    const k = ref && keys.session(ref);
    if (!k || k.legacyPatterns !== legacyKey) continue;
    const ttl = secondsLeft(await guarded(() => redis.pttl(legacyKey)));
    for (const tool of await guarded(() => redis.hkeys(legacyKey))) if (await moveSessionTool(redis, k, tool, ttl)) moved += 1;
  }
  for (const toolKey of await scanAll(redis, `${prefix}:{*:shared}:tool:*`)) {
    const tenant = tenantOf(toolKey, prefix);
    const shared = tenant === null ? null : keys.shared(tenant);
    const tool = shared ? toolKey.slice(shared.tool("").length) : "";
    if (shared && shared.tool(tool) === toolKey && (await moveTenantTool(redis, shared, tool))) moved += 1;
  }
  return moved;
}
