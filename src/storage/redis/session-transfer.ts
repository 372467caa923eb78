// Exports and imports a whole session's tool memory, each as one MULTI/EXEC round trip.
import { newWriteToken } from "./write-tokens.js";
import { RECENT_CALLS_PER_TOOL } from "../../domain/tools/pattern-limits.js";
import type { FixRelation, StoredMemory } from "../../domain/tools/types.js";
import type { Keys } from "./keys.js";
import { callFacts, entryFrom } from "./log-entries.js";
import { fieldsFromPattern, patternOfReply, patternRepliesOf } from "./pattern-state.js";
import { scriptInput } from "./named-keys.js";
import { importedToolRecency } from "../../domain/tools/tool-recency.js";
import { randomUUID } from "node:crypto";
import type { ScriptedRedis, WriteTarget } from "./script-commands.js";
import { execAtomically } from "./transaction.js";

type SessionKeys = ReturnType<Keys["session"]>;

export async function exportSession(redis: ScriptedRedis, k: SessionKeys, sessionId: string): Promise<StoredMemory | null> {
  const multi = redis.multi() as WriteTarget;
  multi.hgetall(k.meta).lrange(k.log, 0, -1).hgetall(k.calls);
  multi.readToolPatterns(k.tools, k.calls, scriptInput({ root: k.root, per_tool: 0 })).lrange(k.fixes, 0, -1);
  const [meta, ids, calls, answer, fixes] = await execAtomically<[Record<string, string>, string[], Record<string, string>, string, string[]]>(multi);
  const tools = patternRepliesOf(answer);
  if (meta.allocated === undefined && tools.length === 0) return null;
  const patterns = tools.map(patternOfReply).sort((a, b) => a.since - b.since);

  return {
    session_id: sessionId,
    tool_log: ids.flatMap((id) => {
      const json = calls[`e:${id}`];
      return json ? [entryFrom(json, calls[`f:${id}`])] : [];
    }),
    tool_patterns: Object.fromEntries(patterns.map(({ pattern }) => [pattern.tool_name, pattern])),
    fix_relations: fixes.map((json) => JSON.parse(json) as FixRelation),
    next_call_id: Number(meta.allocated ?? 0) + 1,
    created_at: meta.created_at ?? "",
    updated_at: meta.updated_at ?? "",
  };
}

/** Replaces the session with `memory`; the caller has validated it and trimmed its log to the cap. */
export async function importSession(redis: ScriptedRedis, k: SessionKeys, memory: StoredMemory, ttlSeconds: number): Promise<void> {
  const log = memory.tool_log;
  const calls: Record<string, string> = {};
  for (const entry of log) {
    // The fixing call's id lives apart from the entry, as the Lua script keeps it.
    const { fixed_by, ...stored } = entry;
    calls[`e:${entry.id}`] = JSON.stringify(stored);
    calls[`m:${entry.id}`] = callFacts(entry.tool_name, entry.outcome, entry.error_type, entry.arguments);
    if (fixed_by) calls[`f:${entry.id}`] = fixed_by;
  }

  const meta: Record<string, string | number> = {
    allocated: memory.next_call_id - 1,
    success: log.filter((entry) => entry.outcome === "success").length,
    failure: log.filter((entry) => entry.outcome === "failure" || entry.outcome === "timeout").length,
    fixes: memory.fix_relations.length,
    created_at: memory.created_at,
    updated_at: memory.updated_at,
    // A new write token (lib/session-window.lua): no window a replica kept of the session before reads as this one.
    token: newWriteToken(),
  };
  const tools = Object.keys(memory.tool_patterns);
  const recency = importedToolRecency(memory);
  // Unique per import, so a decoded copy of the session's pattern before it is never taken for this one.
  const born = `import-${randomUUID()}`;

  await redis.writes.transaction((t) => {
    t.clearSession(k.meta, k.log, k.calls, k.fixes, k.tools, scriptInput({ root: k.root })).hset(k.meta, meta);
    const written = [k.meta];
    if (log.length > 0) {
      t.rpush(k.log, ...log.map((entry) => entry.id)).hset(k.calls, calls);
      written.push(k.log, k.calls);
    }
    tools.forEach((tool, index) => {
      const keys = k.tool(tool);
      // Imported tools order before any tool first used after the import (whose `since` is a call number).
      const fields = fieldsFromPattern(memory.tool_patterns[tool]!, index - tools.length, born);
      t.hset(keys.pattern, fields.counts).zadd(k.tools, recency.get(tool)!, tool);
      written.push(keys.pattern);
      if (fields.args.length > 0) {
        t.hset(keys.args, ...fields.args.flat()).zadd(keys.argsSeen, ...fields.args.flatMap(([name]) => [0, name]));
        written.push(keys.args, keys.argsSeen);
      }
      if (fields.errors.length > 0) {
        t.hset(keys.errors, ...fields.errors.flat()).zadd(keys.errorsSeen, ...fields.errors.flatMap(([name]) => [0, name]));
        written.push(keys.errors, keys.errorsSeen);
      }
      const recent = log.filter((entry) => entry.tool_name === tool).slice(-RECENT_CALLS_PER_TOOL).map((entry) => entry.id);
      if (recent.length > 0) {
        t.rpush(keys.recent, ...recent);
        written.push(keys.recent);
      }
    });
    if (tools.length > 0) written.push(k.tools);
    if (memory.fix_relations.length > 0) {
      t.rpush(k.fixes, ...memory.fix_relations.map((fix) => JSON.stringify(fix)));
      written.push(k.fixes);
    }
    // An import is a write: every key of the session lives for the retention period from now.
    if (ttlSeconds > 0) for (const key of written) t.expire(key, ttlSeconds);
  });
}
