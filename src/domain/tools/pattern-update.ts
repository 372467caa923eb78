// In-memory rules for how a recorded call and a detected fix update a tool's learned pattern.
import { argumentDelta, canonicalJson, setOwnProperty } from "./arguments.js";
import { describeDelta } from "./delta-text.js";
import {
  MAX_ARGUMENT_NAMES_PER_TOOL,
  MAX_CONTEXTS_PER_ERROR,
  MAX_ERROR_TYPES_PER_TOOL,
  MAX_SUCCESS_PATTERNS,
  MAX_VALUES_PER_ARGUMENT,
} from "./pattern-limits.js";
import { isMeasuredTime } from "../text/text-format.js";
import { FAILURE_OUTCOMES } from "./types.js";
import type { ArgDelta, ErrorPattern, ToolLogEntry, ToolPattern } from "./types.js";

/** The error type a failure without one is filed, fixed and found under. */
export const UNKNOWN_ERROR_TYPE = "unknown";

/** A failure's error type as patterns and filters know it: an absent or empty one is "unknown". */
export function errorTypeOf(entry: { error_type: string | null }): string {
  return entry.error_type || UNKNOWN_ERROR_TYPE;
}

export interface FixTarget {
  target: ToolLogEntry;
  delta: ArgDelta;
}

/** A pattern for a tool that has not been called yet. */
export function emptyPattern(toolName: string, now: string): ToolPattern {
  return {
    tool_name: toolName,
    total_calls: 0,
    success_count: 0,
    failure_count: 0,
    success_rate: 0,
    common_args: {},
    error_patterns: [],
    success_patterns: [],
    avg_execution_ms: null,
    timed_calls: 0,
    updated_at: now,
  };
}

/**
 * When each argument name and error type of a pattern was last seen, by the tool's call number: what
 * a store keeps beside the pattern to know which to forget past a cap (Redis keeps two sorted sets).
 */
export interface PatternRecency {
  args: Map<string, number>;
  errors: Map<string, number>;
}

export const emptyRecency = (): PatternRecency => ({ args: new Map(), errors: new Map() });

/** The recency of a pattern that came without one (an import): every name it holds seen before any call, at 0. */
export function recencyOf(pattern: Pick<ToolPattern, "common_args" | "error_patterns">): PatternRecency {
  return {
    args: new Map(Object.keys(pattern.common_args).map((name) => [name, 0])),
    errors: new Map(pattern.error_patterns.map((ep) => [ep.error_type, 0])),
  };
}

/** Redis's order of equal scores: by UTF-8 bytes, which is the order of code points (not of UTF-16 units). */
function byBytes(a: string, b: string): number {
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(j)!;
    if (x !== y) return x - y;
    i += x > 0xffff ? 2 : 1;
    j += y > 0xffff ? 2 : 1;
  }
  return a.length - b.length;
}

/**
 * Marks `names` seen at `callNumber`; past `max`, forgets the least recently seen (ties by name, as a
 * sorted set pops them) and answers what it forgot. The names just seen are the most recent, so they stay.
 */
export function seeAndForget(seen: Map<string, number>, names: readonly string[], callNumber: number, max: number): string[] {
  for (const name of names) seen.set(name, callNumber);
  if (seen.size <= max) return [];
  const oldest = [...seen].sort(([a, at], [b, bt]) => at - bt || byBytes(a, b)).slice(0, seen.size - max);
  for (const [name] of oldest) seen.delete(name);
  return oldest.map(([name]) => name);
}

/**
 * `values` with `value` remembered, as the tool memory keeps argument values and goals: a value already listed (`listed`
 * says which is) keeps its place, a new one goes last and the oldest go past `cap`. Answers null when nothing changes.
 * Both stores keep their lists by it (the Redis store on its own copies of the texts: session-pattern-fields.ts).
 */
export function rememberDistinct<T>(values: readonly T[], value: T, listed: (kept: T) => boolean, cap: number): T[] | null {
  if (values.some(listed)) return null;
  return [...values, value].slice(-cap);
}

/** `items` with `item` appended, the oldest going past `cap`: the success patterns a tool keeps. */
export const keepLatest = <T>(items: readonly T[], item: T, cap: number): T[] => [...items, item].slice(-cap);

function rememberArgValue(commonArgs: Record<string, unknown[]>, key: string, value: unknown): void {
  const values = Object.hasOwn(commonArgs, key) ? (commonArgs[key] ?? []) : [];
  const text = canonicalJson(value);
  const kept = rememberDistinct(values, structuredClone(value), (v) => canonicalJson(v) === text, MAX_VALUES_PER_ARGUMENT);
  if (kept) setOwnProperty(commonArgs, key, kept);
}

/** The facts of a call that its tool's pattern learns from. */
export type PatternFacts = Pick<ToolLogEntry, "outcome" | "execution_time_ms" | "arguments" | "error_type" | "context_goal">;

function recordError(pattern: ToolPattern, entry: PatternFacts, recency: PatternRecency): void {
  // An empty error type counts as none, as in the Python and the Redis script.
  const errorType = errorTypeOf(entry);
  forgetErrorTypes(pattern, seeAndForget(recency.errors, [errorType], pattern.total_calls, MAX_ERROR_TYPES_PER_TOOL));
  const goal = entry.context_goal;
  const existing = pattern.error_patterns.find((ep) => ep.error_type === errorType);
  if (existing) {
    existing.count += 1;
    // Like the Python: a goal already listed keeps its place rather than moving to the end.
    if (goal) existing.contexts = rememberDistinct(existing.contexts, goal, (listed) => listed === goal, MAX_CONTEXTS_PER_ERROR) ?? existing.contexts;
    return;
  }
  const created: ErrorPattern = {
    error_type: errorType,
    count: 1,
    contexts: goal ? [goal] : [],
    example_args: structuredClone(entry.arguments),
    typical_fix: null,
    fix_delta: null,
  };
  pattern.error_patterns.push(created);
}

/** Drops the error patterns of `forgotten` types, counting them. */
export function forgetErrorTypes(pattern: ToolPattern, forgotten: readonly string[]): void {
  if (forgotten.length === 0) return;
  pattern.error_patterns = pattern.error_patterns.filter((ep) => !forgotten.includes(ep.error_type));
  pattern.dropped_error_types = (pattern.dropped_error_types ?? 0) + forgotten.length;
}

// The sum behind the current mean. Integer times give an integer sum, so float noise from
// avg * count is snapped away and the mean matches the Redis store's timed_sum / timed exactly.
function timedSum(pattern: ToolPattern): number {
  if (pattern.avg_execution_ms === null || pattern.timed_calls === 0) return 0;
  const sum = pattern.avg_execution_ms * pattern.timed_calls;
  const nearest = Math.round(sum);
  return Math.abs(sum - nearest) < 1e-6 ? nearest : sum;
}

/**
 * Folds one recorded call into its tool's pattern (mutating it): counts and success rate,
 * recent distinct argument values, average execution time, and, for a failure or timeout,
 * the error pattern of its error type (`unknown` when it has none).
 *
 * The average is the exact mean over calls with a non-zero time (`timed_calls` of them);
 * untimed calls leave it and `timed_calls` unchanged. The Python divides by `total_calls`
 * instead, which skews the mean once some calls are untimed.
 *
 * Past MAX_ARGUMENT_NAMES_PER_TOOL argument names or MAX_ERROR_TYPES_PER_TOOL error types, the one
 * seen least recently (`recency`, kept by the store) is forgotten and counted.
 */
export function applyCallToPattern(pattern: ToolPattern, entry: PatternFacts, now: string, recency: PatternRecency = emptyRecency()): void {
  pattern.total_calls += 1;
  if (entry.outcome === "success") pattern.success_count += 1;
  else if (FAILURE_OUTCOMES.has(entry.outcome)) pattern.failure_count += 1;
  pattern.success_rate = pattern.success_count / pattern.total_calls;

  const ms = entry.execution_time_ms;
  if (isMeasuredTime(ms)) {
    pattern.avg_execution_ms = (timedSum(pattern) + ms) / (pattern.timed_calls + 1);
    pattern.timed_calls += 1;
  }

  const names = Object.keys(entry.arguments);
  for (const key of names) {
    rememberArgValue(pattern.common_args, key, entry.arguments[key]);
  }
  const forgotten = seeAndForget(recency.args, names, pattern.total_calls, MAX_ARGUMENT_NAMES_PER_TOOL);
  for (const name of forgotten) delete pattern.common_args[name];
  if (forgotten.length > 0) pattern.dropped_argument_names = (pattern.dropped_argument_names ?? 0) + forgotten.length;

  if (FAILURE_OUTCOMES.has(entry.outcome)) recordError(pattern, entry, recency);
  pattern.updated_at = now;
}

/**
 * Records on the tool's pattern (mutating it) that `success` fixed `failed` by changing `delta`:
 * the failed call's error pattern learns the fix, and a success pattern for the fix is added
 * (at most 10 kept, oldest dropped).
 */
export function applyFixToPattern(
  pattern: ToolPattern,
  failed: ToolLogEntry,
  success: ToolLogEntry,
  delta: ArgDelta,
): void {
  // Unlike the Python, a failure without an error type learns its fix under "unknown", where it was filed.
  const errorPattern = pattern.error_patterns.find((ep) => ep.error_type === errorTypeOf(failed));
  if (errorPattern) {
    errorPattern.fix_delta = structuredClone(delta);
    errorPattern.typical_fix = describeDelta(delta);
  }
  const learned = { goal_match: success.context_goal || null, arg_hints: structuredClone(success.arguments), example_call_id: success.id, delta_that_fixed: structuredClone(delta) };
  pattern.success_patterns = keepLatest(pattern.success_patterns, learned, MAX_SUCCESS_PATTERNS);
}

/**
 * The failure a successful call fixes, if any: searching `window` (earlier entries, oldest first,
 * already limited to the detection window) from the newest, the first call of the same tool that
 * failed or timed out, is not fixed yet, and whose arguments differ from the success's.
 */
export function findFixTarget(window: ToolLogEntry[], success: ToolLogEntry): FixTarget | null {
  for (let i = window.length - 1; i >= 0; i -= 1) {
    const prior = window[i];
    if (!prior || prior.tool_name !== success.tool_name) continue;
    if (!FAILURE_OUTCOMES.has(prior.outcome) || prior.fixed_by !== null) continue;
    // A failure with identical arguments is skipped, not a stop: an older one may still differ.
    const delta = argumentDelta(prior.arguments, success.arguments);
    if (delta !== null) return { target: prior, delta };
  }
  return null;
}
