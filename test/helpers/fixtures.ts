// Builders of test data: lessons and tool calls with sensible defaults, overridable per test.
import { failureSignature } from "../../src/domain/lessons/signature.js";
import type { Lesson } from "../../src/domain/lessons/types.js";
import { hashArguments } from "../../src/domain/tools/arguments.js";
import type { ToolArguments, ToolOutcome } from "../../src/domain/tools/types.js";
import type { KeyedWrite, IdempotencyKey } from "../../src/domain/idempotency.js";
import type { NewToolCall } from "../../src/domain/tools/store.js";
import type { SessionRef, TaskRef } from "../../src/domain/refs.js";

let counter = 0;

export function uniqueId(kind: string): string {
  counter += 1;
  return `${kind}-${process.pid}-${Date.now().toString(36)}-${counter}`;
}

export function aTask(tenant = "default"): TaskRef {
  return { tenant, taskId: uniqueId("task") };
}

export function aSession(tenant = "default"): SessionRef {
  return { tenant, sessionId: uniqueId("session") };
}

export function aLesson(overrides: Partial<Lesson> = {}): Lesson {
  counter += 1;
  const lesson: Omit<Lesson, "signature"> & { signature?: string } = {
    lesson_id: `lsn_${counter}`,
    task_id: "task",
    attempt_number: 1,
    tier: 1,
    error_type: "TypeError",
    error_message: "boom",
    error_context: null,
    hypothesized_fix: "Check variable types. Ensure correct attribute access.",
    fix_approach: null,
    model: null,
    timestamp: new Date(0).toISOString(),
    duration_ms: null,
    tokens_used: null,
    category: "type",
    severity: "medium",
    ...overrides,
  };
  return { ...lesson, signature: lesson.signature ?? failureSignature(lesson.error_type, lesson.error_message) };
}

export function aCall(
  toolName: string,
  outcome: ToolOutcome,
  args: ToolArguments = {},
  overrides: Partial<NewToolCall> = {},
): NewToolCall {
  return {
    timestamp: new Date(Date.UTC(2026, 0, 1)).toISOString(),
    tool_name: toolName,
    arguments: args,
    arguments_hash: hashArguments(args),
    context_goal: null,
    preceding_call_id: null,
    outcome,
    result_summary: "null",
    result_type: "null",
    execution_time_ms: null,
    error_type: outcome === "failure" ? "bad_args" : null,
    error_message: null,
    ...overrides,
  };
}

/** What a store reports for a task it knows nothing about. */
export const ZERO_LESSON_COUNTERS = { total_lessons: 0, total_captured: 0, by_category: {}, by_tier: { "1": 0, "2": 0, "3": 0 } };

/** What a store reports for a session it knows nothing about. */
export const ZERO_SESSION_COUNTERS = {
  total_calls: 0,
  success_count: 0,
  failure_count: 0,
  total_fixes_detected: 0,
  tools_tracked: 0,
  created_at: null,
  updated_at: null,
};

/** A write key as a route makes it; one fingerprint per distinct request. */
export function keyed(key: string, fingerprint = "same-request"): IdempotencyKey {
  return { key, fingerprint };
}

/** The value of a keyed write, which the test expects to have been applied or replayed. */
export function valueOf<T>(written: KeyedWrite<T>): T {
  if (written.outcome === "mismatch") throw new Error("the write was refused as a key reused for another request");
  return written.value;
}

/** A failure signature's efficacy before any offer or resolution. */
export const NO_SIGNATURE_EFFICACY = {
  tasks_offered: 0,
  tasks_resolved_after_offer: 0,
  tasks_resolved_without_offer: 0,
  mean_attempts_with_offer: null,
  mean_attempts_without_offer: null,
  mean_attempts_after_offer: null,
};
