// Converts between a tool's pattern as Redis keeps it (shaped for the Lua script) and the wire ToolPattern.
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
}

export function asArray<T>(value: T[] | Record<string, never> | undefined): T[] {
  return Array.isArray(value) ? value : [];
}

const parseJson = <T>(text: string | undefined): T | null => (text === undefined ? null : (JSON.parse(text) as T));

export function parsePatternState(raw: string): PatternState {
  return JSON.parse(raw) as PatternState;
}

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
  };
}

/** Every pattern of a session from its raw hash, in the order the tools were first used. */
export function patternsInOrderOfUse(raw: Record<string, string>): Record<string, ToolPattern> {
  const states = Object.entries(raw).map(([tool, json]): [string, PatternState] => [tool, parsePatternState(json)]);
  states.sort(([, a], [, b]) => a.since - b.since);
  return Object.fromEntries(states.map(([tool, state]) => [tool, patternFromState(tool, state)]));
}

/** The state the Lua script expects, from an imported pattern; `since` orders tools by first use. */
export function stateFromPattern(pattern: ToolPattern, since: number, recent: string[]): PatternState {
  const timed = pattern.timed_calls ?? (pattern.avg_execution_ms === null ? 0 : pattern.total_calls);
  return {
    since,
    total: pattern.total_calls,
    success: pattern.success_count,
    failure: pattern.failure_count,
    timed,
    timed_sum: Math.round((pattern.avg_execution_ms ?? 0) * timed),
    args: Object.entries(pattern.common_args).map(([name, values]) => [
      name,
      values.map((value) => JSON.stringify(value)),
      values.map((value) => canonical(value)),
    ]),
    errors: pattern.error_patterns.map((error) => ({
      error_type: error.error_type,
      count: error.count,
      contexts: error.contexts,
      ...(error.example_args ? { example_args: JSON.stringify(error.example_args) } : {}),
      ...(error.fix_delta ? { fix_delta: JSON.stringify(error.fix_delta) } : {}),
    })),
    successes: pattern.success_patterns.map((success) => ({
      ...(success.goal_match === null ? {} : { goal_match: success.goal_match }),
      arg_hints: JSON.stringify(success.arg_hints),
      ...(success.example_call_id === null ? {} : { example_call_id: success.example_call_id }),
      delta_that_fixed: JSON.stringify(success.delta_that_fixed),
    })),
    recent,
    updated_at: pattern.updated_at,
  };
}
