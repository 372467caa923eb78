// Shapes of failure lessons, in the snake_case wire format the accumulator used.
import type { SignatureEfficacy } from "./efficacy.js";

export const TIERS = [1, 2, 3] as const;
export type Tier = (typeof TIERS)[number];

export type Severity = "low" | "medium" | "high" | "critical";

/** What an agent reports about one failed attempt. */
export interface FailureReport {
  attempt_number: number;
  tier: Tier;
  error_type: string;
  error_message: string;
  model?: string | null | undefined;
  error_context?: string | null | undefined;
  fix_approach?: string | null | undefined;
  duration_ms?: number | null | undefined;
  tokens_used?: number | null | undefined;
}

/** A failure turned into a discrete lesson for the next fresh session. */
export interface Lesson {
  lesson_id: string;
  task_id: string;
  attempt_number: number;
  tier: Tier;
  error_type: string;
  error_message: string;
  error_context: string | null;
  hypothesized_fix: string;
  fix_approach: string | null;
  model: string | null;
  timestamp: string;
  duration_ms: number | null;
  tokens_used: number | null;
  category: string;
  severity: Severity;
  /** 16 hex characters over the error type and the message's template id (signature.ts); lessons kept before templates have one over the normalised message. */
  signature: string;
}

/** One distinct failure of a task: every capture that shares a signature, trimmed ones included. */
export interface FailureSignature {
  signature: string;
  error_type: string;
  category: string;
  normalized_message: string;
  /** The failure's template as its latest capture learned it (`<*>` for its variables); null for a signature first kept before templates. */
  template: string | null;
  /** The latest capture's message. */
  example_message: string;
  occurrences: number;
  first_attempt: number;
  last_attempt: number;
  first_seen_at: string;
  last_seen_at: string;
  hypothesized_fix: string;
}

/** What finally worked for a task. */
export interface Resolution {
  task_id: string;
  attempt_number: number;
  approach: string;
  model: string | null;
  resolved_at: string;
  /** The signatures of the task's failures when it was resolved, most recurring first. */
  signatures: string[];
}

/** What a store needs to record a resolution; it adds the task's signatures. */
export type ResolutionInput = Omit<Resolution, "signatures">;

/** Counters over the lessons a task currently keeps, plus every capture ever. */
export interface LessonCounters {
  total_lessons: number;
  total_captured: number;
  by_category: Record<string, number>;
  by_tier: Record<"1" | "2" | "3", number>;
}

/** A fix that worked for a failure signature in some task of the tenant. */
export interface KnownFix {
  task_id: string;
  approach: string;
  resolved_at: string;
}

/** A failure signature across the tenant's tasks. */
export interface TenantSignature {
  signature: string;
  error_type: string;
  category: string;
  normalized_message: string;
  /** The failure's template as its latest capture learned it; null for a signature first kept before templates. */
  template: string | null;
  /** Every capture in every task. */
  occurrences: number;
  /** Distinct tasks that captured it (approximate on Redis: a HyperLogLog). */
  tasks: number;
  /** Tasks whose current resolution lists it. */
  resolved_tasks: number;
  latest_known_fix: KnownFix | null;
  /** Whether the fixes offered for it shortened the tasks they were offered to. */
  efficacy: SignatureEfficacy;
}

/** What an agent says finally worked for a task, before redaction. */
export interface ResolutionReport {
  attempt_number: number;
  approach: string;
  model?: string | null | undefined;
}
