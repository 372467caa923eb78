// Request and response schemas of the procedural-memory API (tool calls, patterns, memory documents).
import { z } from "zod";
import { RECENT_CALLS_PER_TOOL } from "../domain/tools/pattern-limits.js";
import { TOOL_OUTCOMES } from "../domain/tools/types.js";
import { booleanQuery, idSchema, sessionIdSchema, toolNameSchema } from "./common.js";

const jsonValue = z.unknown().describe("Any JSON value");
const argumentsSchema = z.record(z.string(), jsonValue).describe("The tool's arguments, a JSON object");
/** A failing call's arguments, asking for the fixes that apply to them (applicability.ts). */
export const failingArgumentsSchema = argumentsSchema.describe("The failing call's arguments: only a fix that applies to them is answered");
const outcomeSchema = z.enum(TOOL_OUTCOMES);
const callIdSchema = idSchema("Call id");

// What an imported document's ids, times and hashes must look like: each is something the service (or
// the originals) made, never free text, so that nothing (a secret least of all) rides in one unredacted.
const importedCallId = z.string().regex(/^call-\d{4,9}$/, "must be a call id such as call-0001");
const importedTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})?$/, "must be an ISO 8601 date and time, such as 2026-12-01T09:30:00.000Z");
const importedHash = z.string().regex(/^[0-9a-f]{12}$/, "must be 12 lower-case hex digits, as arguments_hash is made");

export const argDeltaSchema = z
  .object({
    added: z.record(z.string(), jsonValue).optional(),
    removed: z.array(z.string()).optional(),
    changed: z.record(z.string(), z.object({ from: jsonValue, to: jsonValue })).optional(),
  })
  .meta({ id: "ArgDelta", description: "What changed in the arguments; each part only when non-empty" });

// A call's arguments are kept in the log, in patterns and in prompts: bounded so one call cannot
// crowd out a session's memory.
const MAX_ARGUMENT_KEYS = 100;
const MAX_ARGUMENTS_JSON_CHARS = 65_536;

const boundedArguments = argumentsSchema
  .meta({ maxProperties: MAX_ARGUMENT_KEYS })
  .refine((args) => Object.keys(args).length <= MAX_ARGUMENT_KEYS, `at most ${MAX_ARGUMENT_KEYS} arguments`)
  .refine((args) => JSON.stringify(args).length <= MAX_ARGUMENTS_JSON_CHARS, `at most ${MAX_ARGUMENTS_JSON_CHARS} characters of JSON`);

export const toolCallInputSchema = z
  .strictObject({
    tool_name: toolNameSchema,
    arguments: boundedArguments.default({}),
    result: jsonValue.optional().describe("The tool's result; summarised, never stored"),
    outcome: outcomeSchema,
    context_goal: z.string().min(1).max(1000).nullish().describe("What the agent was trying to do"),
    error_type: z.string().min(1).max(200).nullish(),
    error_message: z.string().max(10_000).nullish(),
    execution_time_ms: z.int().min(0).nullish(),
    preceding_call_id: callIdSchema.nullish(),
    offer_fix: z
      .boolean()
      .optional()
      .describe(
        "false when no fix the answer carries will reach the model (an exporter, a log importer): none is offered, so none is counted as ignored. Defaults to true",
      ),
  })
  .meta({ id: "ToolCallInput", description: "One tool call, as an agent reports it" });

export const toolLogEntrySchema = z
  .object({
    id: callIdSchema,
    timestamp: z.string(),
    tool_name: toolNameSchema,
    arguments: argumentsSchema,
    arguments_hash: z.string(),
    context_goal: z.string().nullable(),
    preceding_call_id: z.string().nullable(),
    outcome: outcomeSchema,
    result_summary: z.string(),
    result_type: z.string(),
    execution_time_ms: z.int().min(0).nullable(),
    error_type: z.string().nullable(),
    error_message: z.string().nullable(),
    signature: z
      .string()
      .regex(/^[0-9a-f]{16}$/)
      .optional()
      .describe("The failure's template signature, the one a lesson of the same error type and message gets; only on a failed or timed-out call with an error message"),
    template: z.string().optional().describe("The failure's message as the tenant's templates placed it when it was recorded, its variable parts as <*>"),
    fixed_by: z.string().nullable().describe("The call that fixed this failure"),
    fix_for: z.string().nullable().describe("The failure this call fixed"),
    delta_args: argDeltaSchema.nullable(),
  })
  .meta({ id: "ToolLogEntry", description: "One recorded tool call, with its fix links" });

export const errorPatternSchema = z
  .object({
    error_type: z.string(),
    count: z.int().min(0),
    contexts: z.array(z.string()),
    example_args: argumentsSchema.nullable(),
    typical_fix: z.string().nullable(),
    fix_delta: argDeltaSchema.nullable(),
  })
  .meta({ id: "ErrorPattern", description: "How a tool failed with one error type, and what fixed it" });

export const successPatternSchema = z
  .object({
    goal_match: z.string().nullable(),
    arg_hints: argumentsSchema,
    example_call_id: z.string().nullable(),
    delta_that_fixed: argDeltaSchema.nullable(),
  })
  .meta({ id: "SuccessPattern", description: "Arguments of a success, and the change that made it succeed" });

export const toolPatternSchema = z
  .object({
    tool_name: toolNameSchema,
    total_calls: z.int().min(0),
    success_count: z.int().min(0),
    failure_count: z.int().min(0),
    success_rate: z.number().min(0).max(1),
    common_args: z.record(z.string(), z.array(jsonValue)),
    error_patterns: z.array(errorPatternSchema),
    success_patterns: z.array(successPatternSchema),
    avg_execution_ms: z.number().min(0).nullable(),
    timed_calls: z.int().min(0).describe("Calls that reported a non-zero time"),
    updated_at: z.string(),
    dropped_argument_names: z
      .int()
      .min(0)
      .optional()
      .describe("Argument names forgotten, least recently seen first, past the 64 a tool keeps; present once one was"),
    dropped_error_types: z.int().min(0).optional().describe("Error types forgotten, least recently seen first, past the 32 a tool keeps; present once one was"),
  })
  .meta({ id: "ToolPattern", description: "What a session's history teaches about one tool" });

const toolLogEntryImportSchema = toolLogEntrySchema
  .extend({
    id: importedCallId,
    timestamp: importedTime,
    arguments_hash: importedHash,
    preceding_call_id: importedCallId.nullable(),
    fixed_by: importedCallId.nullable(),
    fix_for: importedCallId.nullable(),
  })
  .meta({ id: "ToolLogEntryImport", description: "One recorded tool call in a memory document to import: ids, times and hashes of their documented shapes" });

const successPatternImportSchema = successPatternSchema
  .extend({ example_call_id: importedCallId.nullable() })
  .meta({ id: "SuccessPatternImport", description: "A success pattern in a memory document to import" });

// Documents exported before timed_calls existed, and the Python's to_dict(), lack it.
const toolPatternImportSchema = toolPatternSchema
  .extend({
    success_patterns: z.array(successPatternImportSchema),
    updated_at: importedTime,
    timed_calls: z.int().min(0).default(0).describe("Calls that reported a non-zero time; 0 when left out"),
    // The Python's to_dict() leaves out this computed property; the import computes it from the counts.
    success_rate: z.number().min(0).max(1).optional().describe("Ignored: computed from the counts"),
  })
  .meta({ id: "ToolPatternImport", description: "A tool's pattern in a memory document to import" });

export const fixRelationSchema = z
  .object({
    failed_call_id: z.string(),
    success_call_id: z.string(),
    delta_args: argDeltaSchema,
    detected_at: z.string(),
  })
  .meta({ id: "FixRelation", description: "A failure, the success that fixed it, and what changed" });

export const proceduralMemorySchema = z
  .object({
    session_id: z.string(),
    tool_log: z.array(toolLogEntrySchema),
    tool_patterns: z.record(toolNameSchema, toolPatternSchema),
    fix_relations: z.array(fixRelationSchema),
    next_call_id: z.int().min(1),
    created_at: z.string().nullable().describe("Null only for a session with no history"),
    updated_at: z.string().nullable().describe("Null only for a session with no history"),
  })
  .meta({ id: "ProceduralMemory", description: "A session's whole procedural memory" });

// The Python's fix relations carry no detection time.
const fixRelationImportSchema = fixRelationSchema
  .extend({
    failed_call_id: importedCallId,
    success_call_id: importedCallId,
    detected_at: importedTime.optional().describe("The time of the import when left out"),
  })
  .meta({ id: "FixRelationImport", description: "A fix relation in a memory document to import" });

export const memoryImportSchema = z
  .object({
    session_id: z.string().nullish().describe("Ignored: the path names the session"),
    // The history itself is required, so that an empty or mistyped document never wipes a session.
    tool_log: z.array(toolLogEntryImportSchema),
    tool_patterns: z.record(toolNameSchema, toolPatternImportSchema),
    fix_relations: z.array(fixRelationImportSchema),
    next_call_id: z.int().min(1).optional().describe("Never below one past the highest call id in tool_log"),
    created_at: importedTime.nullish().describe("The time of the import when left out"),
    updated_at: importedTime.nullish().describe("The time of the import when left out"),
  })
  .meta({ id: "ProceduralMemoryImport", description: "A procedural memory to import, as exported; only the history is required" });

export const sessionParams = z.object({ session_id: sessionIdSchema });
export const callParams = z.object({ session_id: sessionIdSchema, call_id: callIdSchema });
export const toolParams = z.object({ session_id: sessionIdSchema, tool_name: toolNameSchema });

export const searchCallsQuery = z.strictObject({
  tool_name: toolNameSchema.optional(),
  goal_contains: z.string().min(1).max(1000).optional().describe("Case-insensitive; calls without a goal never match"),
  outcome: outcomeSchema.optional(),
  error_type: z.string().min(1).max(200).optional(),
  only_fixes: booleanQuery.default(false).describe("Only successes that fixed a failure"),
  only_fixed: booleanQuery.default(false).describe("Only failures that were fixed"),
  limit: z.coerce.number().int().min(1).max(1000).default(10),
});

export const callListSchema = z
  .object({ session_id: z.string(), calls: z.array(toolLogEntrySchema) })
  .meta({ id: "ToolCallList", description: "Recorded calls, newest first" });

export const patternsSchema = z
  .object({ session_id: z.string(), patterns: z.record(z.string(), toolPatternSchema) })
  .meta({ id: "ToolPatterns", description: "Every tool's learned pattern in the session" });

export const fixQuery = z.strictObject({ error_type: z.string().min(1).max(200) });
export const knownFixSchema = z
  .object({ fix_delta: argDeltaSchema, typical_fix: z.string() })
  .meta({ id: "KnownFix", description: "The change of arguments that fixed an error type before" });

export const hintsQuery = z.strictObject({ goal: z.string().min(1).max(1000) });
export const argHintsSchema = z
  .object({ tool_name: z.string(), goal: z.string(), arg_hints: argumentsSchema })
  .meta({ id: "ArgHints", description: "Arguments of a past success for a goal like the given one" });

export const sessionStatsSchema = z
  .object({
    session_id: z.string(),
    total_calls: z.int(),
    success_count: z.int(),
    failure_count: z.int(),
    success_rate: z.number(),
    total_fixes_detected: z.int(),
    tools_tracked: z.int(),
    dropped_tools: z
      .int()
      .min(0)
      .optional()
      .describe("Tools whose pattern was forgotten, least recently called first, past the 128 a session keeps; present once one was"),
    created_at: z.string().nullable(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: "SessionStats", description: "Counts over a session's kept log; times are null for a session with no history" });

/** The most a session may keep; the service's TOOL_LOG_MAX_ENTRIES is checked too (it may be lower). */
const MAX_SESSION_LOG = 100_000;
const MAX_SESSION_WINDOW = 1000;

const sessionLogSize = z.int().min(1).max(MAX_SESSION_LOG).describe("Log entries the session keeps, at most the service's TOOL_LOG_MAX_ENTRIES");
const sessionWindow = z.int().min(0).max(MAX_SESSION_WINDOW).describe("Earlier calls a success looks back through for a failure it fixes; 0 detects no fixes");

export const sessionSettingsBody = z
  .strictObject({
    max_log_entries: sessionLogSize.nullable().default(null),
    fix_detection_window: sessionWindow.nullable().default(null),
  })
  .meta({
    id: "SessionSettingsUpdate",
    description: "What the session sets for itself; a setting left out or null follows the service's (TOOL_LOG_MAX_ENTRIES, FIX_DETECTION_WINDOW)",
  });

export const sessionSettingsSchema = z
  .object({
    session_id: z.string(),
    max_log_entries: z.int().describe("In force: the session's own setting, else the service's"),
    fix_detection_window: z.int().describe("In force: the session's own setting, else the service's"),
    set_by_session: z
      .object({ max_log_entries: z.int().nullable(), fix_detection_window: z.int().nullable() })
      .describe("What the session sets itself; null where the service's setting applies"),
  })
  .meta({ id: "SessionSettings", description: "The log size and fix-detection window a session's calls are recorded with" });

const count = (fallback: number, max: number) => z.coerce.number().int().min(0).max(max).default(fallback);

/** Comma-separated tool names in a query, deduplicated, 1 to 100 of them. */
export const toolListQuery = z
  .string()
  .max(10_000)
  .transform((list) => [...new Set(list.split(",").map((name) => name.trim()).filter(Boolean))])
  .pipe(z.array(toolNameSchema).min(1).max(100))
  .optional()
  .describe("Comma-separated tool names; default every tool of the session");

export const sessionPromptQuery = z.strictObject({
  tools: toolListQuery,
  goal: z.string().min(1).max(1000).optional(),
  max_recent_calls: count(3, RECENT_CALLS_PER_TOOL),
  max_error_patterns: count(3, 100),
  max_success_patterns: count(3, 10),
  include_args: booleanQuery.default(false),
  include_timing: booleanQuery.default(false),
  compact: booleanQuery.default(false),
  shared: booleanQuery
    .default(false)
    .describe("Also what other sessions of the tenant learned: fixes this session does not know, per tool"),
});

export const sessionPromptSchema = z
  .object({ session_id: z.string(), prompt: z.string() })
  .meta({ id: "SessionPrompt", description: "A session's prompt block, in the prompt field" });

export const summaryQuery = z.strictObject({ max_tools: z.coerce.number().int().min(1).max(100).default(5) });
export const guidanceQuery = fixQuery;
export const templateQuery = hintsQuery;
