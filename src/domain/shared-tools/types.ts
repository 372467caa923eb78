// Shapes of a tenant's shared tool knowledge: one aggregate per tool over every session, in the wire format.
import type { ArgDelta, ErrorPattern, SuccessPattern, ToolArguments, ToolOutcome, ToolPattern } from "../tools/types.js";
import type { EfficacyCounts, FixEfficacy } from "./efficacy.js";

/** One distinct argument change that fixed an error type, in any session of the tenant. */
export interface SharedFix {
  fix_delta: ArgDelta;
  typical_fix: string;
  times_applied: number;
  last_applied_at: string;
  /** Whether it helped when offered; derived fields are recomputed when served. */
  efficacy: FixEfficacy;
}

/** One time a fix was applied: which session, which failure, which call fixed it. */
export interface SharedFixEvent {
  session_id: string;
  failed_call_id: string;
  fix_call_id: string;
  applied_at: string;
}

/** A session's error pattern, plus every fix the tenant learned for it; typical_fix is the most applied. */
export interface SharedErrorPattern extends ErrorPattern {
  /** Best first by the tenant's ranking (retired ones last); at most MAX_FIXES_PER_ERROR. */
  fixes: SharedFix[];
  /** The latest fix events, newest first. */
  recent_fixes: SharedFixEvent[];
}

export interface SharedSuccessPattern extends SuccessPattern {
  session_id: string;
}

/** A tool's pattern over every session of the tenant. */
export interface SharedToolKnowledge extends Omit<ToolPattern, "error_patterns" | "success_patterns"> {
  error_patterns: SharedErrorPattern[];
  /** The latest fixes across sessions, oldest first. */
  success_patterns: SharedSuccessPattern[];
  fixes_learned: number;
  /** Distinct sessions that called the tool (approximate on Redis: a HyperLogLog). */
  sessions_seen: number;
  last_used_at: string;
  /** Offers of this tool's fixes and their outcomes, over every fix ever offered (also those forgotten since). */
  efficacy: ToolEfficacy;
}

/** A tool's offer counts; `pending` offers are not decided yet. */
export interface ToolEfficacy extends EfficacyCounts {
  adopted: number;
  pending: number;
}

/** One line of the tenant's tool listing. */
export interface SharedToolSummary {
  tool_name: string;
  total_calls: number;
  success_rate: number;
  fixes_learned: number;
  sessions_seen: number;
  last_used_at: string;
}

/** The fix a failing agent is offered, with the id its outcome is counted under. */
export interface KnownSharedFix {
  fix_delta: ArgDelta;
  typical_fix: string;
  times_applied: number;
  offer_id: string;
  efficacy: FixEfficacy;
}

/** A session's offer of a fix that its next call of the tool decides. */
export interface PendingOffer {
  offer_id: string;
  /** The failed call the fix was offered for. */
  call_id: string;
  error_type: string;
  fix_delta: ArgDelta;
}

/** What the tenant learns from one recorded call: the call's facts, and the fix it made if any. */
export interface SharedCallFacts {
  session_id: string;
  call_id: string;
  tool_name: string;
  outcome: ToolOutcome;
  arguments: ToolArguments;
  context_goal: string | null;
  error_type: string | null;
  execution_time_ms: number | null;
  timestamp: string;
  fix: { failed_call_id: string; error_type: string | null; delta: ArgDelta } | null;
  /** The session's call of this tool before this one (null for its first): only that call's offer is decided by this one. */
  previous_call_id: string | null;
}
