// Builders for tool log entries and patterns used by the procedural-memory domain tests.
import { hashArguments } from "../../../src/domain/tools/arguments.js";
import { emptyPattern } from "../../../src/domain/tools/pattern-update.js";
import type { ErrorPattern, ToolLogEntry, ToolPattern } from "../../../src/domain/tools/types.js";

export const NOW = "2025-01-01T00:00:00.000Z";

export function entry(overrides: Partial<ToolLogEntry> = {}): ToolLogEntry {
  const args = overrides.arguments ?? {};
  return {
    id: "call-0001",
    timestamp: NOW,
    tool_name: "t",
    arguments: args,
    arguments_hash: hashArguments(args),
    context_goal: null,
    preceding_call_id: null,
    outcome: "success",
    result_summary: "ok",
    result_type: "string",
    execution_time_ms: null,
    error_type: null,
    error_message: null,
    fixed_by: null,
    fix_for: null,
    delta_args: null,
    ...overrides,
  };
}

export function pattern(overrides: Partial<ToolPattern> = {}): ToolPattern {
  return { ...emptyPattern(overrides.tool_name ?? "t", NOW), ...overrides };
}

export function errorPattern(errorType: string, overrides: Partial<ErrorPattern> = {}): ErrorPattern {
  return {
    error_type: errorType,
    count: 1,
    contexts: [],
    example_args: null,
    typical_fix: null,
    fix_delta: null,
    ...overrides,
  };
}
