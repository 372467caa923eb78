// Redis procedural memory: one Lua script records a call; reads take one round trip each.
import {
  MAX_CONTEXTS_PER_ERROR,
  MAX_SUCCESS_PATTERNS,
  MAX_VALUES_PER_ARGUMENT,
  RECENT_CALLS_PER_TOOL,
} from "../../domain/tools/pattern-limits.js";
import { UNKNOWN_ERROR_TYPE } from "../../domain/tools/pattern-update.js";
import type { ArgDelta, ToolLogEntry } from "../../domain/tools/types.js";
import type { NewToolCall, SessionCounters, StoreLimits, ToolContext, ToolMemoryStore } from "../port.js";
import type { IdempotencyKey } from "../../domain/idempotency.js";
import type { SessionRef } from "../../domain/refs.js";
import { writeLocalThenTenant } from "./cross-slot-write.js";
import { guarded } from "./errors.js";
import { flatHash } from "./flat-hash.js";
import type { Keys } from "./keys.js";
import { argumentPairs, entriesFromPairs, entryFrom } from "./log-entries.js";
import { createPatternCache } from "./pattern-cache.js";
import { parsePatternState, patternFromState, patternsInOrderOfUse } from "./pattern-state.js";
import type { ScriptedRedis } from "./script-commands.js";
import { exportSession, importSession } from "./session-transfer.js";

/** A call as its session recorded it, with the error type of the failure it fixed (null when none). */
export interface SessionRecord {
  entry: ToolLogEntry;
  fixedErrorType: string | null;
  /** The arguments as the scripts take them, so the tenant's script does not build them again. */
  argumentPairs: string;
  /** The session's call of the same tool before this one, or null. */
  previousCallId: string | null;
}

type SessionLimits = Pick<StoreLimits, "maxToolLogEntries" | "fixDetectionWindow" | "sessionsTtlSeconds">;

/** What a keyed record did: applied now, replayed from the key's first call, or refused (another request). */
export type SessionWrite = { outcome: "applied" | "replayed"; record: SessionRecord } | { outcome: "mismatch" };

/** recordToolCall-7.lua's reply (an applied call also carries its delta's canonical text, or ''; both end with the previous call's id). */
export type RecordReply =
  | ["applied", string, string, string, string, string, string]
  | ["replayed", string, string, string, string, string, string]
  | ["mismatch"];

/** The call as recorded: its id and time, and what fix detection found (from the script or the key's record). */
function sessionRecord(
  call: NewToolCall,
  args: string,
  [id, timestamp, fixedId, deltaJson, fixedErrorType, previousId]: [string, string, string, string, string, string],
): SessionRecord {
  const entry: ToolLogEntry = {
    id,
    ...call,
    timestamp,
    fixed_by: null,
    fix_for: fixedId || null,
    delta_args: deltaJson ? (JSON.parse(deltaJson) as ArgDelta) : null,
  };
  return { entry, fixedErrorType: fixedId ? fixedErrorType || UNKNOWN_ERROR_TYPE : null, argumentPairs: args, previousCallId: previousId || null };
}

/** The keys and arguments of recordToolCall-7.lua (the first part of recordAndLearnToolCall's too). */
export function sessionScriptInput(
  keys: Keys,
  limits: SessionLimits,
  session: SessionRef,
  call: NewToolCall,
  args: string,
  idempotencyKey: IdempotencyKey | null,
  recordTtlSeconds: number,
  canonicalOrder: string,
): { keys: string[]; argv: Array<string | number> } {
  const k = keys.session(session);
  return {
    keys: [k.meta, k.log, k.calls, k.patterns, k.fixes, k.idempotencyKey(idempotencyKey?.key ?? null), k.settings],
    argv: [
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
      idempotencyKey?.fingerprint ?? "",
      recordTtlSeconds,
      canonicalOrder,
    ],
  };
}

/** A session script's reply as a SessionWrite. */
export function sessionWriteFrom(reply: RecordReply, call: NewToolCall, args: string): SessionWrite {
  switch (reply[0]) {
    case "applied": {
      const [, id, fixedId, deltaJson, fixedErrorType, , previousId] = reply;
      return { outcome: "applied", record: sessionRecord(call, args, [id, call.timestamp, fixedId, deltaJson, fixedErrorType, previousId ?? ""]) };
    }
    case "replayed": {
      const [, id, timestamp, fixedId, deltaJson, fixedErrorType, previousId] = reply;
      return { outcome: "replayed", record: sessionRecord(call, args, [id, timestamp, fixedId, deltaJson, fixedErrorType, previousId ?? ""]) };
    }
    case "mismatch":
      return { outcome: "mismatch" };
  }
}

/** Records one call in its session with the recordToolCall script: one round trip, atomic, once per write key. */
export async function recordInSession(
  redis: ScriptedRedis,
  keys: Keys,
  limits: SessionLimits,
  session: SessionRef,
  call: NewToolCall,
  idempotencyKey: IdempotencyKey | null = null,
  recordTtlSeconds = 0,
): Promise<SessionWrite> {
  const args = argumentPairs(call.arguments);
  const input = sessionScriptInput(keys, limits, session, call, args, idempotencyKey, recordTtlSeconds, "");
  const [meta, log, calls, patterns, fixes, record, settings] = input.keys as [string, string, string, string, string, string, string];
  const reply = (await guarded(() => redis.recordToolCall(meta, log, calls, patterns, fixes, record, settings, ...input.argv))) as RecordReply;
  return sessionWriteFrom(reply, call, args);
}

export function createRedisToolMemoryStore(redis: ScriptedRedis, keys: Keys, limits: SessionLimits): ToolMemoryStore {
  const patterns = createPatternCache();
  return {
    async recordToolCall(session, call) {
      const written = await recordInSession(redis, keys, limits, session, call);
      // Without a write key the script always applies.
      if (written.outcome === "mismatch") throw new Error("recordToolCall without a key cannot be refused");
      return written.record.entry;
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
        const { pattern, since } = patterns.patternOf(k.log, tool, String(flat[i + 1]));
        const count = Number(flat[i + 2]);
        const recent = entriesFromPairs(flat.slice(i + 3, i + 3 + count * 2).map(String));
        found.push({ pattern, recent, since });
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
      await redis.writes.transaction((t) => t.del(k.meta, k.log, k.calls, k.patterns, k.fixes));
    },

    async readSessionSettings(session) {
      const [maxLog, window] = await guarded(() => redis.hmget(keys.session(session).settings, "max_log_entries", "fix_detection_window"));
      return { max_log_entries: maxLog === null ? null : Number(maxLog), fix_detection_window: window === null ? null : Number(window) };
    },

    async writeSessionSettings(session, overrides) {
      const k = keys.session(session);
      const fields = Object.entries(overrides).filter(([, value]) => value !== null);
      await redis.writes.transaction((t) => {
        t.del(k.settings);
        if (fields.length === 0) return;
        t.hset(k.settings, Object.fromEntries(fields));
        // As long as the session's other keys: its next call extends them together.
        if (limits.sessionsTtlSeconds > 0) t.expire(k.settings, limits.sessionsTtlSeconds);
      });
    },
  };
}
