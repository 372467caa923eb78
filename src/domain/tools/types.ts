// Shapes of procedural memory (tool calls, fixes, per-tool patterns), in the snake_case wire format.

export const TOOL_OUTCOMES = ["success", "failure", "partial", "timeout", "cancelled"] as const;
export type ToolOutcome = (typeof TOOL_OUTCOMES)[number];

/** Outcomes that count as a failure: they can be fixed by a later success. */
export const FAILURE_OUTCOMES: ReadonlySet<ToolOutcome> = new Set(["failure", "timeout"]);

export type ToolArguments = Record<string, unknown>;

/** What changed in the arguments between a failed call and the success that fixed it. */
export interface ArgDelta {
  added?: Record<string, unknown>;
  removed?: string[];
  changed?: Record<string, { from: unknown; to: unknown }>;
}

export interface ToolLogEntry {
  id: string;
  timestamp: string;
  tool_name: string;
  arguments: ToolArguments;
  arguments_hash: string;
  context_goal: string | null;
  preceding_call_id: string | null;
  outcome: ToolOutcome;
  result_summary: string;
  result_type: string;
  execution_time_ms: number | null;
  error_type: string | null;
  error_message: string | null;
  /**
   * A failure's template signature, as a lesson's (a lesson of the same error type and message has the same one);
   * only on a failed or timed-out call with an error message.
   */
  signature?: string;
  /** That failure's message as the tenant's templates placed it when it was recorded, variable parts as <*>. */
  template?: string;
  fixed_by: string | null;
  fix_for: string | null;
  delta_args: ArgDelta | null;
}

export interface ErrorPattern {
  error_type: string;
  count: number;
  contexts: string[];
  example_args: ToolArguments | null;
  typical_fix: string | null;
  fix_delta: ArgDelta | null;
}

export interface SuccessPattern {
  goal_match: string | null;
  arg_hints: ToolArguments;
  example_call_id: string | null;
  delta_that_fixed: ArgDelta | null;
}

export interface ToolPattern {
  tool_name: string;
  total_calls: number;
  success_count: number;
  failure_count: number;
  success_rate: number;
  common_args: Record<string, unknown[]>;
  error_patterns: ErrorPattern[];
  success_patterns: SuccessPattern[];
  /** Mean over the calls that reported a non-zero execution time; null before the first. */
  avg_execution_ms: number | null;
  /** How many calls reported a non-zero time: keeps the mean exact across export and import. */
  timed_calls: number;
  updated_at: string;
  /** Argument names forgotten past MAX_ARGUMENT_NAMES_PER_TOOL; present once one was. */
  dropped_argument_names?: number;
  /** Error types forgotten past MAX_ERROR_TYPES_PER_TOOL; present once one was. */
  dropped_error_types?: number;
}

export interface FixRelation {
  failed_call_id: string;
  success_call_id: string;
  delta_args: ArgDelta;
  detected_at: string;
}

/** The whole procedural memory of one session, as exported and imported. */
export interface ProceduralMemory {
  session_id: string;
  tool_log: ToolLogEntry[];
  tool_patterns: Record<string, ToolPattern>;
  fix_relations: FixRelation[];
  next_call_id: number;
  /** Null only in the export of a session with no history, which has no times yet. */
  created_at: string | null;
  updated_at: string | null;
}

/** An imported memory as a store keeps it: always with its times. */
export type StoredMemory = ProceduralMemory & { created_at: string; updated_at: string };

/** A memory as a client sends it to import: the session and times may be left out. */
export type MemoryImport = Omit<ProceduralMemory, "session_id" | "created_at" | "updated_at" | "next_call_id" | "tool_patterns" | "fix_relations"> & {
  tool_patterns: Record<string, Omit<ToolPattern, "success_rate"> & { success_rate?: number | undefined }>;
  fix_relations: Array<Omit<FixRelation, "detected_at"> & { detected_at?: string | undefined }>;
  session_id?: string | null | undefined;
  created_at?: string | null | undefined;
  updated_at?: string | null | undefined;
  next_call_id?: number | undefined;
}

/** A tool call as an agent reports it, before redaction and before the store numbers it. */
export interface ToolCallInput {
  tool_name: string;
  arguments: ToolArguments;
  result?: unknown;
  outcome: ToolOutcome;
  context_goal?: string | null | undefined;
  error_type?: string | null | undefined;
  error_message?: string | null | undefined;
  execution_time_ms?: number | null | undefined;
  preceding_call_id?: string | null | undefined;
  /** false: the caller shows no fix to the model, so none is offered (or counted). */
  offer_fix?: boolean | undefined;
}
