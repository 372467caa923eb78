// Redis tool memory: one Lua script records a call; reads take one round trip each.
import {
  MAX_ARGUMENT_NAMES_PER_TOOL,
  MAX_CONTEXTS_PER_ERROR,
  MAX_ERROR_TYPES_PER_TOOL,
  MAX_SUCCESS_PATTERNS,
  MAX_TOOLS_PER_SESSION,
  MAX_VALUES_PER_ARGUMENT,
  RECENT_CALLS_PER_TOOL,
} from "../../domain/tools/pattern-limits.js";
import { UNKNOWN_ERROR_TYPE } from "../../domain/tools/pattern-update.js";
import type { ArgDelta, ToolLogEntry } from "../../domain/tools/types.js";
import type { NewToolCall, SessionCounters, StoreLimits, ToolMemoryStore } from "../port.js";
import type { IdempotencyKey } from "../../domain/idempotency.js";
import type { SessionRef } from "../../domain/refs.js";
import { writeLocalThenTenant } from "./cross-slot-write.js";
import { guarded } from "./errors.js";
import { flatHash } from "./flat-hash.js";
import type { Keys } from "./keys.js";
import { argumentPairs, entriesFromPairs, entryFrom } from "./log-entries.js";
import { createPatternCache, type ParsedPattern } from "./pattern-cache.js";
import { callsOfReply, patternOfReply, replyVersion } from "./pattern-state.js";
import { callFacts, sessionKeys, type RecordAnswer, type RecordInput } from "./tool-call-scripts.js";
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

/** The call as recorded: its id and time, and what fix detection found (from the script or the key's record). */
function sessionRecord(call: NewToolCall, args: string, answer: Exclude<RecordAnswer, { outcome: "mismatch" }>): SessionRecord {
  const entry: ToolLogEntry = {
    id: answer.id,
    ...call,
    timestamp: answer.outcome === "replayed" ? answer.at : call.timestamp,
    fixed_by: null,
    fix_for: answer.fixed_id || null,
    delta_args: answer.delta ? (JSON.parse(answer.delta) as ArgDelta) : null,
  };
  return {
    entry,
    fixedErrorType: answer.fixed_id ? answer.fixed_error_type || UNKNOWN_ERROR_TYPE : null,
    argumentPairs: args,
    previousCallId: answer.previous_id || null,
  };
}

/** recordToolCall-14.lua's keys and input (the session's part of recordAndLearnToolCall's too). */
export function sessionScriptInput(
  keys: Keys,
  limits: SessionLimits,
  session: SessionRef,
  call: NewToolCall,
  args: string,
  idempotencyKey: IdempotencyKey | null,
  recordTtlSeconds: number,
  canonicalOrder: string,
): { keys: string[]; input: RecordInput } {
  const named = sessionKeys(keys, session, call.tool_name, idempotencyKey);
  return {
    keys: named.keys,
    input: {
      keys: named.names,
      root: named.root,
      entry: JSON.stringify(call),
      ...callFacts(call, args),
      max_log: limits.maxToolLogEntries,
      window: limits.fixDetectionWindow,
      max_recent: RECENT_CALLS_PER_TOOL,
      max_successes: MAX_SUCCESS_PATTERNS,
      max_values: MAX_VALUES_PER_ARGUMENT,
      max_contexts: MAX_CONTEXTS_PER_ERROR,
      max_names: MAX_ARGUMENT_NAMES_PER_TOOL,
      max_errors: MAX_ERROR_TYPES_PER_TOOL,
      max_tools: MAX_TOOLS_PER_SESSION,
      ttl: limits.sessionsTtlSeconds,
      fingerprint: idempotencyKey?.fingerprint ?? "",
      record_ttl: recordTtlSeconds,
      canonical_order: canonicalOrder,
    },
  };
}

/** A session script's answer as a SessionWrite. */
export function sessionWriteFrom(answer: RecordAnswer, call: NewToolCall, args: string): SessionWrite {
  if (answer.outcome === "mismatch") return { outcome: "mismatch" };
  return { outcome: answer.outcome, record: sessionRecord(call, args, answer) };
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
  const script = sessionScriptInput(keys, limits, session, call, args, idempotencyKey, recordTtlSeconds, "");
  const answer = JSON.parse(await guarded(() => redis.recordToolCall(...script.keys, JSON.stringify(script.input)))) as RecordAnswer;
  return sessionWriteFrom(answer, call, args);
}

export function createRedisToolMemoryStore(redis: ScriptedRedis, keys: Keys, limits: SessionLimits): ToolMemoryStore {
  const patterns = createPatternCache();

  /** Tools' patterns (every tool's when `tools` is null) with their newest `perTool` kept calls: one read-only script. */
  async function readPatterns(session: SessionRef, tools: readonly string[] | null, perTool: number): Promise<Array<ParsedPattern & { recent: ToolLogEntry[] }>> {
    const k = keys.session(session);
    const reply = await guarded(() => redis.readToolPatterns(k.tools, k.legacyPatterns, k.calls, k.root, perTool, ...(tools ?? [])));
    return reply.map((found) => ({
      ...patterns.patternOf(k.root, found[0], replyVersion(found), () => patternOfReply(found)),
      recent: entriesFromPairs(callsOfReply(found)),
    }));
  }

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
      const found = await readPatterns(session, tools, perTool);
      // Tools asked for by name keep the caller's order; otherwise the order of first use.
      if (!tools) found.sort((a, b) => a.since - b.since);
      return found.map(({ pattern, recent }) => ({ pattern, recent }));
    },

    async getPatterns(session) {
      const found = await readPatterns(session, null, 0);
      found.sort((a, b) => a.since - b.since);
      // Decoded patterns are shared and frozen; the caller gets its own copy, as from the embedded store.
      return Object.fromEntries(found.map(({ pattern }) => [pattern.tool_name, structuredClone(pattern)]));
    },

    async getPattern(session, toolName) {
      const [found] = await readPatterns(session, [toolName], 0);
      return found ? structuredClone(found.pattern) : null;
    },

    async sessionCounters(session): Promise<SessionCounters> {
      const k = keys.session(session);
      // One read-only script: as atomic as MULTI, and one command to build and parse instead of five.
      const [flat, kept, tools] = await guarded(() => redis.readSessionSummary(k.meta, k.log, k.tools, k.legacyPatterns));
      const meta = flatHash(flat);
      return {
        total_calls: kept,
        success_count: Number(meta.success ?? 0),
        failure_count: Number(meta.failure ?? 0),
        total_fixes_detected: Number(meta.fixes ?? 0),
        tools_tracked: tools,
        ...(meta.dropped_tools ? { dropped_tools: Number(meta.dropped_tools) } : {}),
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
      await redis.writes.transaction((t) => t.clearSession(k.meta, k.log, k.calls, k.fixes, k.tools, k.legacyPatterns, k.root));
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
