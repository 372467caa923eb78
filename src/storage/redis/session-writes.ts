// A call's write to its session: the fix decided here on the session's window as this process last knew it, sent with the guard of that window, and decided again on the window a refusal answers.
import { newWriteToken } from "./write-tokens.js";
import type { IdempotencyKey } from "../../domain/idempotency.js";
import type { SessionRef } from "../../domain/refs.js";
import { MAX_TOOLS_PER_SESSION, RECENT_CALLS_PER_TOOL } from "../../domain/tools/pattern-limits.js";
import { errorTypeOf, UNKNOWN_ERROR_TYPE, type FixTarget } from "../../domain/tools/pattern-update.js";
import type { EffectiveSessionSettings } from "../../domain/tools/session-settings.js";
import { FAILURE_OUTCOMES, type ArgDelta, type ToolLogEntry } from "../../domain/tools/types.js";
import { formatCallId } from "../../domain/tools/arguments.js";
import type { NewToolCall } from "../../domain/tools/store.js";
import type { StoreLimits } from "../port.js";
import { guarded } from "./errors.js";
import type { Keys } from "./keys.js";
import { argumentTriples, pairsOf } from "./log-entries.js";
import type { ScriptedRedis } from "./script-commands.js";
import { fixInput, fixOnWindow, NEW_SESSION, windowAfter, windowFrom, type SessionWindow, type SessionWindows } from "./session-windows.js";
import { callFacts, sessionKeys, type RecordAnswer, type RecordInput, type SessionGuard } from "./tool-call-scripts.js";
import { pauseAfterRefusal } from "./refusal-pause.js";
import { applyCallToFields, fieldsFrom, noFields, type PatternWrite, type ToolFields, type ToolFieldsCache } from "./session-pattern-fields.js";

/** A call as its session recorded it, with the error type of the failure it fixed (null when none). */
export interface SessionRecord {
  entry: ToolLogEntry;
  fixedErrorType: string | null;
  /** The arguments as the scripts take them, so the tenant's script does not build them again. */
  argumentPairs: string;
  /** The session's call of the same tool before this one, or null. */
  previousCallId: string | null;
}

export type SessionLimits = Pick<StoreLimits, "maxToolLogEntries" | "fixDetectionWindow" | "sessionsTtlSeconds">;

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

/** What the session's part of a call was decided on: the fix it makes, its tool's pattern's fields, and the guards a write carrying them holds. */
export interface SessionDecision {
  expect: SessionGuard;
  fix: FixTarget | null;
  /** The random token the write leaves in the session's guard. */
  token: string;
  /** The fix as the session's script takes it (session-windows.ts: fixInput), made once. */
  fixWritten: RecordInput["fix"];
  /** The call's arguments as the scripts take them (log-entries.ts: argumentPairs). */
  argumentPairs: string;
  /** What the call changes in its tool's pattern. */
  pattern: PatternWrite;
}

/**
 * The session's part of recording a call, decided on its window and its tool's pattern as this process last knew them
 * (a session or a pattern it knows nothing of is taken for a new one): a success's fix (fixOnWindow), what the pattern
 * keeps (session-pattern-fields.ts: `fields` is left as the call leaves it), and the guards of both, which every call
 * carries. A failure fixes nothing, but carries the guards all the same, so that the calls decided after a refused one
 * are refused with it and decided again, rather than landing before it.
 */
export function decideInSession(window: SessionWindow, fields: ToolFields, call: NewToolCall, defaults: EffectiveSessionSettings): SessionDecision {
  const token = newWriteToken();
  let fix: FixTarget | null = null;
  if (call.outcome === "success") fix = fixOnWindow(window, { id: "", ...call, fixed_by: null, fix_for: null, delta_args: null }, defaults);
  const triples = argumentTriples(call.arguments);
  const seen = { failed: FAILURE_OUTCOMES.has(call.outcome), errorType: errorTypeOf(call), goal: call.context_goal ?? "" };
  const fixWritten = fixInput(fix);
  const learned = fixWritten && { errorType: fixWritten.error_type, delta: fixWritten.delta, callId: formatCallId(window.guard.allocated + 1) };
  const pattern = applyCallToFields(fields, seen, triples, learned ?? null, fields.total === 0 ? newWriteToken() : "");
  return { expect: window.guard, fix, fixWritten, token, argumentPairs: pairsOf(triples), pattern };
}

/** recordToolCall-13.lua's keys and input (the session's part of recordAndLearnToolCall's too). */
export function sessionScriptInput(
  keys: Keys,
  limits: SessionLimits,
  session: SessionRef,
  call: NewToolCall,
  idempotencyKey: IdempotencyKey | null,
  recordTtlSeconds: number,
  decision: SessionDecision,
): { keys: string[]; input: RecordInput } {
  const named = sessionKeys(keys, session, call.tool_name, idempotencyKey);
  const fix = decision.fixWritten;
  return {
    keys: named.keys,
    input: {
      keys: named.names,
      root: named.root,
      entry: JSON.stringify(call),
      ...callFacts(call, decision.argumentPairs),
      max_log: limits.maxToolLogEntries,
      max_recent: RECENT_CALLS_PER_TOOL,
      max_tools: MAX_TOOLS_PER_SESSION,
      ttl: limits.sessionsTtlSeconds,
      fingerprint: idempotencyKey?.fingerprint ?? "",
      record_ttl: recordTtlSeconds,
      span: limits.fixDetectionWindow,
      token: decision.token,
      expect: decision.expect,
      ...(fix ? { fix } : {}),
      pattern: decision.pattern,
    },
  };
}

/** A session script's answer as a SessionWrite (a refusal never reaches here: recordDeciding tries again). */
export function sessionWriteFrom(answer: RecordAnswer, call: NewToolCall, args: string): SessionWrite {
  if (answer.outcome === "mismatch") return { outcome: "mismatch" };
  if (answer.outcome === "conflict") throw new Error("a refused session write is tried again, never answered");
  return { outcome: answer.outcome, record: sessionRecord(call, args, answer) };
}

/** How a session's windows and its tools' patterns are kept and decided on: the caches, and the settings a session without its own has. */
export interface SessionDeciding {
  windows: SessionWindows;
  patterns: ToolFieldsCache;
  defaults: EffectiveSessionSettings;
}

/** The entry a call will be, on a window known here: the next id, and the fix decided. */
function predictedEntry(call: NewToolCall, window: SessionWindow, decision: SessionDecision): ToolLogEntry {
  const { fix } = decision;
  return { id: formatCallId(window.guard.allocated + 1), ...call, fixed_by: null, fix_for: fix?.target.id ?? null, delta_args: fix?.delta ?? null };
}

/**
 * Records a call with `send` (the session's script, or a script that runs it with more), deciding its session's part
 * on the window and the tool's pattern as last known, and again on what a refusal answers.
 *
 * Both are kept as the call leaves them as soon as the call is decided, before Redis answers: this process's next call
 * of the session (an agent's parallel tool calls) decides on that and goes out right behind it (one connection keeps
 * their order) instead of waiting a round trip. If this call is refused, so is every call decided on it (the guards it
 * leaves were never written), and each is decided again on what the refusal answers. A try fails when another replica
 * recorded a call of the same session in between, when a call of this process decided before it was refused, or when
 * the tool's pattern is not the one this process knows (it never read it, or forgot it); refused too often in a row,
 * the call answers 503 (refusal-pause.ts).
 */
export async function recordDeciding<A extends { recorded: RecordAnswer }>(
  deciding: SessionDeciding,
  session: SessionRef,
  call: NewToolCall,
  send: (decision: SessionDecision) => Promise<A>,
): Promise<A> {
  const key = windowKey(session);
  const tool = call.tool_name;
  const { windows, patterns, defaults } = deciding;
  // The pattern a refusal answered, for the next try when the cache forgot it in between. While the cache keeps it, the
  // cache's copy is the one to decide on: this process's other calls of the tool, refused with this one, decide on it too,
  // each after the one before.
  let answered: ToolFields | null = null;
  for (let tries = 1; ; tries += 1) {
    const window = windows.get(key) ?? NEW_SESSION;
    const fields = patterns.get(key, tool) ?? answered ?? noFields();
    const decision = decideInSession(window, fields, call, defaults);
    windows.set(key, windowAfter(window, predictedEntry(call, window, decision), decision.token, defaults));
    patterns.set(key, tool, fields);
    const answer = await send(decision);
    const { recorded } = answer;
    if (recorded.outcome === "conflict") {
      windows.set(key, windowFrom(recorded));
      answered = fieldsFrom(recorded.fields);
      patterns.set(key, tool, answered);
      await pauseAfterRefusal(tries, "session");
      continue;
    }
    // Replayed, refused as another request's key, or held back with its template step: nothing was written, so the
    // session still reads as the call found it. The pattern was changed in place: forgotten, it is read again with the
    // refusal of the tool's next call here.
    if (recorded.outcome !== "applied") {
      if (windows.get(key)?.guard.token === decision.token) windows.set(key, window === NEW_SESSION ? null : window);
      patterns.set(key, tool, null);
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
  let args = "";
  const { recorded } = await recordDeciding(deciding, session, call, async (decision) => {
    args = decision.argumentPairs;
    const script = sessionScriptInput(keys, limits, session, call, idempotencyKey, recordTtlSeconds, decision);
    return { recorded: JSON.parse(await guarded(() => redis.recordToolCall(...script.keys, JSON.stringify(script.input)))) as RecordAnswer };
  });
  return sessionWriteFrom(recorded, call, args);
}

