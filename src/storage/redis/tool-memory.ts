// Redis tool memory: a call's fix found here on the session's window as last known, one Lua script records it (refusing it if the session moved); reads take one round trip each.
import {
  MAX_ARGUMENT_NAMES_PER_TOOL,
  MAX_CONTEXTS_PER_ERROR,
  MAX_ERROR_TYPES_PER_TOOL,
  MAX_SUCCESS_PATTERNS,
  MAX_TOOLS_PER_SESSION,
  MAX_VALUES_PER_ARGUMENT,
  RECENT_CALLS_PER_TOOL,
} from "../../domain/tools/pattern-limits.js";
import { UNKNOWN_ERROR_TYPE, type FixTarget } from "../../domain/tools/pattern-update.js";
import type { EffectiveSessionSettings } from "../../domain/tools/session-settings.js";
import { StoreUnavailableError } from "../../errors.js";
import type { Turns } from "./turns.js";
import { fixInput, UNKNOWN_SESSION, windowAfter, windowFrom, fixOnWindow, type SessionWindow, type SessionWindows } from "./session-windows.js";
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
import { callFacts, sessionKeys, type RecordAnswer, type RecordInput, type SessionGuard } from "./tool-call-scripts.js";
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
function sessionRecord(call: NewToolCall, args: string, answer: Extract<RecordAnswer, { outcome: "applied" | "replayed" }>): SessionRecord {
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

/** What the session's part of a call was decided on: the fix it makes, and the window guard a write carrying it holds. */
export interface SessionDecision {
  expect?: SessionGuard;
  fix: FixTarget | null;
}

/**
 * The session's part of recording a call, decided on its window as this process last knew it: a success's fix
 * (fixOnWindow), carried with the guard of that window. A success on a window not known here carries a guard no
 * session holds, so that the refusal answers the window. A failure fixes nothing and needs no guard.
 */
export function decideInSession(window: SessionWindow | undefined, call: NewToolCall, defaults: EffectiveSessionSettings): SessionDecision {
  if (call.outcome !== "success") return { fix: null };
  if (!window) return { expect: UNKNOWN_SESSION, fix: null };
  const success: ToolLogEntry = { id: "", ...call, fixed_by: null, fix_for: null, delta_args: null };
  return { expect: window.guard, fix: fixOnWindow(window, success, defaults) };
}

/** recordToolCall-13.lua's keys and input (the session's part of recordAndLearnToolCall's too). */
export function sessionScriptInput(
  keys: Keys,
  limits: SessionLimits,
  session: SessionRef,
  call: NewToolCall,
  args: string,
  idempotencyKey: IdempotencyKey | null,
  recordTtlSeconds: number,
  decision: SessionDecision,
): { keys: string[]; input: RecordInput } {
  const named = sessionKeys(keys, session, call.tool_name, idempotencyKey);
  const fix = fixInput(decision.fix);
  return {
    keys: named.keys,
    input: {
      keys: named.names,
      root: named.root,
      entry: JSON.stringify(call),
      ...callFacts(call, args),
      max_log: limits.maxToolLogEntries,
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
      span: limits.fixDetectionWindow,
      ...(decision.expect ? { expect: decision.expect } : {}),
      ...(fix ? { fix } : {}),
    },
  };
}

/** A session script's answer as a SessionWrite (a refusal never reaches here: recordDeciding tries again). */
export function sessionWriteFrom(answer: RecordAnswer, call: NewToolCall, args: string): SessionWrite {
  if (answer.outcome === "mismatch") return { outcome: "mismatch" };
  if (answer.outcome === "conflict") throw new Error("a refused session write is tried again, never answered");
  return { outcome: answer.outcome, record: sessionRecord(call, args, answer) };
}

/**
 * Tries of one call whose session keeps moving under it. Each refusal answers the window as it now reads, so a try
 * fails only when another call of the same session landed in between (the same agent's calls sent at once).
 */
const MAX_SESSION_TRIES = 16;

/** How a session's windows are kept and decided on: the cache, this process's turns per session, and the settings a session without its own has. */
export interface SessionDeciding {
  windows: SessionWindows;
  inTurn: Turns;
  defaults: EffectiveSessionSettings;
}

/**
 * Records a call with `send` (the session's script, or a script that runs it with more), deciding its session's part
 * on the window as last known, and again on the window a refusal answers; keeps the window the write leaves.
 */
export async function recordDeciding<A extends { recorded: RecordAnswer }>(
  deciding: SessionDeciding,
  session: SessionRef,
  call: NewToolCall,
  send: (decision: SessionDecision) => Promise<A>,
): Promise<A> {
  const key = windowKey(session);
  // This process's calls of one session go one after another, each deciding on the window the one before left:
  // calls sent at once (an agent's parallel tool calls) would otherwise all decide on one window, and refuse each other.
  return deciding.inTurn(key, () => recordUntilApplied(deciding, key, call, send));
}

async function recordUntilApplied<A extends { recorded: RecordAnswer }>(
  deciding: SessionDeciding,
  key: string,
  call: NewToolCall,
  send: (decision: SessionDecision) => Promise<A>,
): Promise<A> {
  for (let tries = 1; ; tries += 1) {
    const window = deciding.windows.get(key);
    const answer = await send(decideInSession(window, call, deciding.defaults));
    const { recorded } = answer;
    if (recorded.outcome === "conflict") {
      deciding.windows.set(key, windowFrom(recorded));
      if (tries >= MAX_SESSION_TRIES) throw new StoreUnavailableError(new Error(`session moved under ${MAX_SESSION_TRIES} tries in a row`));
      continue;
    }
    if (recorded.outcome === "applied" && window) {
      const entry = sessionRecord(call, "", recorded).entry;
      deciding.windows.set(key, windowAfter(window, entry, deciding.defaults));
    } else if (recorded.outcome === "replayed") {
      deciding.windows.forget(key);
    }
    return answer;
  }
}

/** The cache's key of a session. */
export const windowKey = (session: SessionRef) => `${session.tenant}\u0000${session.sessionId}`;

/** Records one call in its session with the recordToolCall script: one round trip while its window is known, atomic, once per write key. */
export async function recordInSession(
  redis: ScriptedRedis,
  keys: Keys,
  limits: SessionLimits,
  deciding: SessionDeciding,
  session: SessionRef,
  call: NewToolCall,
  idempotencyKey: IdempotencyKey | null = null,
  recordTtlSeconds = 0,
): Promise<SessionWrite> {
  const args = argumentPairs(call.arguments);
  const { recorded } = await recordDeciding(deciding, session, call, async (decision) => {
    const script = sessionScriptInput(keys, limits, session, call, args, idempotencyKey, recordTtlSeconds, decision);
    return { recorded: JSON.parse(await guarded(() => redis.recordToolCall(...script.keys, JSON.stringify(script.input)))) as RecordAnswer };
  });
  return sessionWriteFrom(recorded, call, args);
}

export function createRedisToolMemoryStore(redis: ScriptedRedis, keys: Keys, limits: SessionLimits, deciding: SessionDeciding): ToolMemoryStore {
  const patterns = createPatternCache();

  /** Tools' patterns (every tool's when `tools` is null) with their newest `perTool` kept calls: one read-only script. */
  async function readPatterns(session: SessionRef, tools: readonly string[] | null, perTool: number): Promise<Array<ParsedPattern & { recent: ToolLogEntry[] }>> {
    const k = keys.session(session);
    const reply = await guarded(() => redis.readToolPatterns(k.tools, k.calls, k.root, perTool, ...(tools ?? [])));
    return reply.map((found) => ({
      ...patterns.patternOf(k.root, found[0], replyVersion(found), () => patternOfReply(found)),
      recent: entriesFromPairs(callsOfReply(found)),
    }));
  }

  return {
    async recordToolCall(session, call) {
      const written = await recordInSession(redis, keys, limits, deciding, session, call);
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
      const [flat, kept, tools] = await guarded(() => redis.readSessionSummary(k.meta, k.log, k.tools));
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
      deciding.windows.forget(windowKey(session));
      const shared = keys.shared(session.tenant);
      await writeLocalThenTenant(
        () => importSession(redis, keys.session(session), memory, limits.sessionsTtlSeconds),
        // An import lists the session as active now; it logs no event (nothing was called).
        () => guarded(() => redis.touchListing(shared.sessionListing, shared.prefix, "sessions", session.sessionId, Date.now(), limits.sessionsTtlSeconds)),
      );
    },

    async resetSession(session) {
      deciding.windows.forget(windowKey(session));
      const k = keys.session(session);
      await redis.writes.transaction((t) => t.clearSession(k.meta, k.log, k.calls, k.fixes, k.tools, k.legacyPatterns, k.root));
    },

    async readSessionSettings(session) {
      const [maxLog, window] = await guarded(() => redis.hmget(keys.session(session).settings, "max_log_entries", "fix_detection_window"));
      return { max_log_entries: maxLog === null ? null : Number(maxLog), fix_detection_window: window === null ? null : Number(window) };
    },

    async writeSessionSettings(session, overrides) {
      deciding.windows.forget(windowKey(session));
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
