// Converts a tool's pattern as Redis keeps it (a field at a time) into the wire ToolPattern.
import { canonicalJson as canonical } from "../../domain/tools/arguments.js";
import { describeDelta } from "../../domain/tools/delta-text.js";
import type { ArgDelta, ErrorPattern, SuccessPattern, ToolArguments, ToolPattern } from "../../domain/tools/types.js";

// The Lua script keeps user values as JSON text inside the state, so cjson never re-encodes them;
// cjson also writes an empty array as {}, hence asArray.
interface ErrorState {
  error_type: string;
  count: number;
  contexts: string[] | Record<string, never>;
  example_args?: string;
  fix_delta?: string;
}

interface SuccessState {
  goal_match?: string;
  arg_hints: string;
  example_call_id?: string;
  delta_that_fixed: string;
}

export interface PatternState {
  since: number;
  total: number;
  success: number;
  failure: number;
  timed: number;
  timed_sum: number;
  /** Per argument: its values as given, and the same values canonical (for the distinctness test). */
  args: Array<[string, string[], string[]]> | Record<string, never>;
  errors: ErrorState[] | Record<string, never>;
  successes: SuccessState[] | Record<string, never>;
  recent: string[] | Record<string, never>;
  updated_at: string;
  dropped_argument_names?: number;
  dropped_error_types?: number;
}

export function asArray<T>(value: T[] | Record<string, never> | undefined): T[] {
  return Array.isArray(value) ? value : [];
}

const parseJson = <T>(text: string | undefined): T | null => (text === undefined ? null : (JSON.parse(text) as T));

export function patternFromState(toolName: string, state: PatternState): ToolPattern {
  return {
    tool_name: toolName,
    total_calls: state.total,
    success_count: state.success,
    failure_count: state.failure,
    success_rate: state.total === 0 ? 0 : state.success / state.total,
    common_args: Object.fromEntries(
      asArray(state.args).map(([name, values]) => [name, asArray(values).map((value) => JSON.parse(value))]),
    ),
    error_patterns: asArray(state.errors).map((error): ErrorPattern => {
      const fixDelta = parseJson<ArgDelta>(error.fix_delta);
      return {
        error_type: error.error_type,
        count: error.count,
        contexts: asArray(error.contexts),
        example_args: parseJson<ToolArguments>(error.example_args),
        typical_fix: fixDelta ? describeDelta(fixDelta) : null,
        fix_delta: fixDelta,
      };
    }),
    success_patterns: asArray(state.successes).map(
      (success): SuccessPattern => ({
        goal_match: success.goal_match ?? null,
        arg_hints: JSON.parse(success.arg_hints) as ToolArguments,
        example_call_id: success.example_call_id ?? null,
        delta_that_fixed: parseJson<ArgDelta>(success.delta_that_fixed),
      }),
    ),
    avg_execution_ms: state.timed === 0 ? null : state.timed_sum / state.timed,
    timed_calls: state.timed,
    updated_at: state.updated_at,
    ...(state.dropped_argument_names ? { dropped_argument_names: state.dropped_argument_names } : {}),
    ...(state.dropped_error_types ? { dropped_error_types: state.dropped_error_types } : {}),
  };
}

/** An imported pattern as the keys lib/record-tool-call.lua keeps (session.tool in keys.ts), `since` ordering it among the session's tools. */
export function fieldsFromPattern(pattern: ToolPattern, since: number, born: string) {
  const timed = pattern.timed_calls ?? (pattern.avg_execution_ms === null ? 0 : pattern.total_calls);
  const successes = pattern.success_patterns.map((success) => ({
    ...(success.goal_match === null ? {} : { goal_match: success.goal_match }),
    arg_hints: JSON.stringify(success.arg_hints),
    ...(success.example_call_id === null ? {} : { example_call_id: success.example_call_id }),
    delta_that_fixed: JSON.stringify(success.delta_that_fixed),
  }));
  const errorCount = pattern.error_patterns.length;
  return {
    counts: {
      total: pattern.total_calls,
      success: pattern.success_count,
      failure: pattern.failure_count,
      timed,
      timed_sum: Math.round((pattern.avg_execution_ms ?? 0) * timed),
      updated_at: pattern.updated_at,
      since,
      born,
      ...(successes.length > 0 ? { successes: JSON.stringify(successes) } : {}),
      ...(pattern.dropped_argument_names ? { dropped_argument_names: pattern.dropped_argument_names } : {}),
      ...(pattern.dropped_error_types ? { dropped_error_types: pattern.dropped_error_types } : {}),
    },
    // Imported names were first seen before any call here, in the order they are listed.
    args: Object.entries(pattern.common_args).map(([name, values], place): [string, string] => [
      name,
      JSON.stringify({ first: 0, place: place + 1, values: values.map((value) => JSON.stringify(value)), canonical: values.map((value) => canonical(value)) }),
    ]),
    errors: pattern.error_patterns.map((error, i): [string, string] => [
      error.error_type,
      JSON.stringify({
        first: i - errorCount,
        count: error.count,
        contexts: error.contexts,
        ...(error.example_args ? { example_args: JSON.stringify(error.example_args) } : {}),
        ...(error.fix_delta ? { fix_delta: JSON.stringify(error.fix_delta) } : {}),
      }),
    ]),
  };
}

/** `[field, value, ...]` as pairs: field names are an agent's text, so never an object's keys (`__proto__`). */
export function fieldPairs(flat: readonly string[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i + 1 < flat.length; i += 2) pairs.push([flat[i]!, flat[i + 1]!]);
  return pairs;
}

/** An argument's field (lib/tool-fields.lua): its values, and when it was first seen. */
interface ArgumentField {
  first: number;
  place?: number;
  values: string[] | Record<string, never>;
  canonical: string[] | Record<string, never>;
}

/** An error type's field; the tenant's also holds its fixes and events (shared-tool-state.ts). */
export interface ErrorField {
  first: number;
  count: number;
  contexts: string[] | Record<string, never>;
  example_args?: string;
  fix_delta?: string;
}

/** Argument fields in the order the names were first seen, as the pattern lists them. */
export function argumentsInOrder(flat: readonly string[]): PatternState["args"] {
  const fields = fieldPairs(flat).map(([name, json]): [string, ArgumentField] => [name, JSON.parse(json) as ArgumentField]);
  fields.sort(([, a], [, b]) => a.first - b.first || (a.place ?? 0) - (b.place ?? 0));
  return fields.map(([name, field]) => [name, asArray(field.values), asArray(field.canonical)]);
}

/** Error fields in the order the types were first seen, each with its name. */
export function errorsInOrder<T extends ErrorField>(flat: readonly string[]): Array<T & { error_type: string }> {
  const fields = fieldPairs(flat).map(([name, json]) => ({ ...(JSON.parse(json) as T), error_type: name }));
  fields.sort((a, b) => a.first - b.first || (a.error_type < b.error_type ? -1 : a.error_type > b.error_type ? 1 : 0));
  return fields;
}

const count = (value: string | undefined) => Number(value ?? 0);

/** A session's pattern of a tool from its keys (lib/record-tool-call.lua), as the state the reader converts. */
export function stateFromFields(pattern: readonly string[], args: readonly string[], errors: readonly string[]): PatternState {
  const fields = new Map(fieldPairs(pattern));
  return {
    since: count(fields.get("since")),
    total: count(fields.get("total")),
    success: count(fields.get("success")),
    failure: count(fields.get("failure")),
    timed: count(fields.get("timed")),
    timed_sum: count(fields.get("timed_sum")),
    args: argumentsInOrder(args),
    errors: errorsInOrder<ErrorField>(errors),
    successes: JSON.parse(fields.get("successes") ?? "[]") as PatternState["successes"],
    recent: [],
    updated_at: fields.get("updated_at") ?? "",
    dropped_argument_names: count(fields.get("dropped_argument_names")),
    dropped_error_types: count(fields.get("dropped_error_types")),
  };
}

/** What a cached decoding of a tool's fields is valid for: when its keys were born and how often it was called since. */
export function versionOf(pattern: readonly string[], callsField: "total" | "calls"): string {
  const fields = new Map(fieldPairs(pattern));
  return `${fields.get("born") ?? ""}:${fields.get(callsField) ?? 0}`;
}

/** readToolPatterns-2.lua's answer for one tool: its keys' fields, flat, then its calls (cjson writes an empty list as an object). */
export type PatternReply = { name: string } & Record<"pattern" | "args" | "errors" | "calls", string[] | Record<string, never>>;

/** What readToolPatterns-2.lua answers: the tools found. */
export const patternRepliesOf = (answer: string): PatternReply[] => asArray((JSON.parse(answer) as { tools: PatternReply[] | Record<string, never> }).tools);

/** The version a decoded copy of the reply holds for. */
export const replyVersion = (found: PatternReply): string => versionOf(asArray(found.pattern), "total");

/** The pattern a reply holds, and its `since` (the order tools are listed in). */
export function patternOfReply(found: PatternReply): { pattern: ToolPattern; since: number } {
  const state = stateFromFields(asArray(found.pattern), asArray(found.args), asArray(found.errors));
  return { pattern: patternFromState(found.name, state), since: state.since };
}

/** The calls of a reply: (entry JSON, fixing call id or '') pairs, newest first. */
export const callsOfReply = (found: PatternReply): string[] => asArray(found.calls);
