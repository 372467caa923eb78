// Redis procedural memory: one Lua script records a call; reads take one round trip each.
import {
  MAX_CONTEXTS_PER_ERROR,
  MAX_SUCCESS_PATTERNS,
  MAX_VALUES_PER_ARGUMENT,
  RECENT_CALLS_PER_TOOL,
} from "../../domain/tools/pattern-limits.js";
import { UNKNOWN_ERROR_TYPE } from "../../domain/tools/pattern-update.js";
import type { ArgDelta, ToolLogEntry } from "../../domain/tools/types.js";
import type { NewToolCall, SessionCounters, SessionRef, StoreLimits, ToolContext, ToolMemoryStore } from "../port.js";
import { writeLocalThenTenant } from "./cross-slot-write.js";
import { guarded } from "./errors.js";
import { flatHash } from "./flat-hash.js";
import type { Keys } from "./keys.js";
import { argumentPairs, entriesFromPairs, entryFrom } from "./log-entries.js";
import { parsePatternState, patternFromState, patternsInOrderOfUse } from "./pattern-state.js";
import type { ScriptedRedis } from "./scripts.js";
import { exportSession, importSession } from "./session-transfer.js";

/** A call as its session recorded it, with the error type of the failure it fixed (null when none). */
export interface SessionRecord {
  entry: ToolLogEntry;
  fixedErrorType: string | null;
  /** The arguments as the scripts take them, so the tenant's script does not build them again. */
  argumentPairs: string;
}

type SessionLimits = Pick<StoreLimits, "maxToolLogEntries" | "fixDetectionWindow" | "sessionsTtlSeconds">;

/** Records one call in its session with the recordToolCall script: one round trip, atomic. */
export async function recordInSession(redis: ScriptedRedis, keys: Keys, limits: SessionLimits, session: SessionRef, call: NewToolCall): Promise<SessionRecord> {
  const k = keys.session(session);
  const args = argumentPairs(call.arguments);
  const [id, fixedId, deltaJson, fixedErrorType] = await guarded(() =>
    redis.recordToolCall(
      k.meta,
      k.log,
      k.calls,
      k.patterns,
      k.fixes,
      JSON.stringify(call),
      call.tool_name,
      call.outcome,
      args,
      call.context_goal ?? "",
      call.error_type ?? "",
      call.execution_time_ms ?? "",
      call.timestamp,
      limits.maxToolLogEntries,
      limits.fixDetectionWindow,
      RECENT_CALLS_PER_TOOL,
      MAX_SUCCESS_PATTERNS,
      MAX_VALUES_PER_ARGUMENT,
      MAX_CONTEXTS_PER_ERROR,
      limits.sessionsTtlSeconds,
    ),
  );
  const entry: ToolLogEntry = {
    id,
    ...call,
    fixed_by: null,
    fix_for: fixedId || null,
    delta_args: deltaJson ? (JSON.parse(deltaJson) as ArgDelta) : null,
  };
  return { entry, fixedErrorType: fixedId ? fixedErrorType || UNKNOWN_ERROR_TYPE : null, argumentPairs: args };
}

export function createRedisToolMemoryStore(redis: ScriptedRedis, keys: Keys, limits: SessionLimits): ToolMemoryStore {
  return {
    async recordToolCall(session, call) {
      return (await recordInSession(redis, keys, limits, session, call)).entry;
    },

    async readToolLog(session, newest) {
      const k = keys.session(session);
      if (newest === 0) return [];
      return entriesFromPairs(await guarded(() => redis.readLog(k.log, k.calls, newest ?? 0)));
    },

    async getToolCall(session, callId) {
      const [json, fixedBy] = await guarded(() => redis.hmget(keys.session(session).calls, `e:${callId}`, `f:${callId}`));
      return json ? entryFrom(json, fixedBy) : null;
    },

    async toolContexts(session, tools, perTool) {
      const k = keys.session(session);
      const flat = await guarded(() => redis.readRecentCalls(k.patterns, k.calls, perTool, ...(tools ?? [])));
      const found: Array<ToolContext & { since: number }> = [];
      for (let i = 0; i < flat.length; ) {
        const tool = String(flat[i]);
        const state = parsePatternState(String(flat[i + 1]));
        const count = Number(flat[i + 2]);
        const recent = entriesFromPairs(flat.slice(i + 3, i + 3 + count * 2).map(String));
        found.push({ pattern: patternFromState(tool, state), recent, since: state.since });
        i += 3 + count * 2;
      }
      // Tools asked for by name keep the caller's order; otherwise the order of first use.
      if (!tools) found.sort((a, b) => a.since - b.since);
      return found.map(({ pattern, recent }) => ({ pattern, recent }));
    },

    async getPatterns(session) {
      const raw = await guarded(() => redis.hgetall(keys.session(session).patterns));
      return patternsInOrderOfUse(raw);
    },

    async getPattern(session, toolName) {
      const raw = await guarded(() => redis.hget(keys.session(session).patterns, toolName));
      return raw ? patternFromState(toolName, parsePatternState(raw)) : null;
    },

    async sessionCounters(session): Promise<SessionCounters> {
      const k = keys.session(session);
      // One read-only script: as atomic as MULTI, and one command to build and parse instead of five.
      const [flat, kept, tools] = await guarded(() => redis.readSessionSummary(k.meta, k.log, k.patterns));
      const meta = flatHash(flat);
      return {
        total_calls: kept,
        success_count: Number(meta.success ?? 0),
        failure_count: Number(meta.failure ?? 0),
        total_fixes_detected: Number(meta.fixes ?? 0),
        tools_tracked: tools,
        created_at: meta.created_at ?? null,
        updated_at: meta.updated_at ?? null,
      };
    },

    exportMemory: (session) => exportSession(redis, keys.session(session), session.sessionId),
    async importMemory(session, memory) {
      const shared = keys.shared(session.tenant);
      await writeLocalThenTenant(
        () => importSession(redis, keys.session(session), memory, limits.sessionsTtlSeconds),
        // An import lists the session as active now; it logs no event (nothing was called).
        () => guarded(() => redis.touchListing(shared.sessionListing, shared.prefix, "sessions", session.sessionId, Date.now(), limits.sessionsTtlSeconds)),
      );
    },

    async resetSession(session) {
      const k = keys.session(session);
      await guarded(() => redis.del(k.meta, k.log, k.calls, k.patterns, k.fixes));
    },
  };
}
