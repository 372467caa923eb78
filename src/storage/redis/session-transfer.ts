// Exports and imports a whole session's procedural memory, each as one MULTI/EXEC round trip.
import { RECENT_CALLS_PER_TOOL } from "../../domain/tools/pattern-limits.js";
import type { FixRelation, StoredMemory } from "../../domain/tools/types.js";
import type { Keys } from "./keys.js";
import { callFacts, entryFrom } from "./log-entries.js";
import { patternsInOrderOfUse, stateFromPattern } from "./pattern-state.js";
import type { ScriptedRedis } from "./script-commands.js";
import { execAtomically } from "./transaction.js";

type SessionKeys = ReturnType<Keys["session"]>;

export async function exportSession(
  redis: ScriptedRedis,
  k: SessionKeys,
  sessionId: string,
): Promise<StoredMemory | null> {
  const [meta, ids, calls, patterns, fixes] = await execAtomically<
    [Record<string, string>, string[], Record<string, string>, Record<string, string>, string[]]
  >(redis.multi().hgetall(k.meta).lrange(k.log, 0, -1).hgetall(k.calls).hgetall(k.patterns).lrange(k.fixes, 0, -1));
  if (meta.allocated === undefined && Object.keys(patterns).length === 0) return null;

  return {
    session_id: sessionId,
    tool_log: ids.flatMap((id) => {
      const json = calls[`e:${id}`];
      return json ? [entryFrom(json, calls[`f:${id}`])] : [];
    }),
    tool_patterns: patternsInOrderOfUse(patterns),
    fix_relations: fixes.map((json) => JSON.parse(json) as FixRelation),
    next_call_id: Number(meta.allocated ?? 0) + 1,
    created_at: meta.created_at ?? "",
    updated_at: meta.updated_at ?? "",
  };
}

/** Replaces the session with `memory`; the caller has validated it and trimmed its log to the cap. */
export async function importSession(
  redis: ScriptedRedis,
  k: SessionKeys,
  memory: StoredMemory,
  ttlSeconds: number,
): Promise<void> {
  const log = memory.tool_log;
  const calls: Record<string, string> = {};
  for (const entry of log) {
    // The fixing call's id lives apart from the entry, as the Lua script keeps it.
    const { fixed_by, ...stored } = entry;
    calls[`e:${entry.id}`] = JSON.stringify(stored);
    calls[`m:${entry.id}`] = callFacts(entry.tool_name, entry.outcome, entry.error_type, entry.arguments);
    if (fixed_by) calls[`f:${entry.id}`] = fixed_by;
  }

  const tools = Object.keys(memory.tool_patterns);
  const patterns: Record<string, string> = {};
  tools.forEach((tool, index) => {
    const recent = log
      .filter((entry) => entry.tool_name === tool)
      .slice(-RECENT_CALLS_PER_TOOL)
      .map((entry) => entry.id);
    // Imported tools order before any tool first used after the import (whose `since` is a call number).
    const since = index - tools.length;
    patterns[tool] = JSON.stringify(stateFromPattern(memory.tool_patterns[tool]!, since, recent));
  });

  const meta: Record<string, string | number> = {
    allocated: memory.next_call_id - 1,
    success: log.filter((entry) => entry.outcome === "success").length,
    failure: log.filter((entry) => entry.outcome === "failure" || entry.outcome === "timeout").length,
    fixes: memory.fix_relations.length,
    created_at: memory.created_at,
    updated_at: memory.updated_at,
  };

  await redis.writes.transaction((t) => {
    t.del(k.meta, k.log, k.calls, k.patterns, k.fixes).hset(k.meta, meta);
    if (log.length > 0) t.rpush(k.log, ...log.map((entry) => entry.id)).hset(k.calls, calls);
    if (tools.length > 0) t.hset(k.patterns, patterns);
    if (memory.fix_relations.length > 0) t.rpush(k.fixes, ...memory.fix_relations.map((fix) => JSON.stringify(fix)));
    // An import is a write: every key of the session lives for the retention period from now.
    if (ttlSeconds > 0) for (const key of [k.meta, k.log, k.calls, k.patterns, k.fixes]) t.expire(key, ttlSeconds);
  });
}
