// Request and response schemas of the shared tool knowledge API (what a tenant learned across sessions).
import { z } from "zod";
import { redactionsField, toolNameSchema } from "./common.js";
import { argDeltaSchema, errorPatternSchema, fixQuery, successPatternSchema, toolLogEntrySchema, toolPatternSchema } from "./tools.js";

const fixSummary = {
  fix_delta: argDeltaSchema,
  typical_fix: z.string().describe("The fix in words"),
  times_applied: z.int().min(1).describe("How many times this change fixed the error, across sessions"),
};

export const knownSharedFixSchema = z
  .object(fixSummary)
  .meta({ id: "KnownSharedFix", description: "The fix the tenant's sessions applied most for this tool and error type" });

export const recordedToolCallSchema = toolLogEntrySchema
  .extend({
    known_fix: knownSharedFixSchema
      .nullable()
      .describe("For a failure or timeout: the tenant's typical fix for its error type, learned in any session; else null"),
    redactions: redactionsField,
  })
  .meta({ id: "RecordedToolCall", description: "The stored entry, and what the tenant already knows about its failure" });

const sharedFixSchema = z.object({ ...fixSummary, last_applied_at: z.string() }).meta({ id: "SharedFix", description: "One fix the tenant's sessions applied, and how often" });

const sharedFixEventSchema = z
  .object({ session_id: z.string(), failed_call_id: z.string(), fix_call_id: z.string(), applied_at: z.string() })
  .meta({ id: "SharedFixEvent", description: "One time a fix was applied, and in which session" });

const sharedErrorPatternSchema = errorPatternSchema
  .extend({
    fixes: z.array(sharedFixSchema).describe("Up to 5 distinct fixes, most applied first (ties: most recent first)"),
    recent_fixes: z.array(sharedFixEventSchema).describe("The latest 3 fix events, newest first"),
  })
  .meta({ id: "SharedErrorPattern", description: "An error pattern over every session; typical_fix is the most applied fix" });

const sharedSuccessPatternSchema = successPatternSchema
  .extend({ session_id: z.string() })
  .meta({ id: "SharedSuccessPattern", description: "Arguments that succeeded in one of the tenant's sessions" });

export const sharedToolKnowledgeSchema = toolPatternSchema
  .extend({
    error_patterns: z.array(sharedErrorPatternSchema),
    success_patterns: z.array(sharedSuccessPatternSchema).describe("The latest 10 fixes across sessions, oldest first"),
    fixes_learned: z.int().min(0).describe("Fixes detected for this tool in every session"),
    sessions_seen: z.int().min(0).describe("Distinct sessions that called the tool (approximate on Redis: HyperLogLog)"),
    last_used_at: z.string(),
  })
  .meta({ id: "SharedToolKnowledge", description: "What every session of the tenant taught about one tool" });

export const sharedToolListSchema = z
  .object({
    tools: z.array(
      z
        .object({
          tool_name: z.string(),
          total_calls: z.int().min(0),
          success_rate: z.number().min(0).max(1),
          fixes_learned: z.int().min(0),
          sessions_seen: z.int().min(0),
          last_used_at: z.string(),
        })
        .meta({ id: "SharedToolSummary", description: "A tool as the tenant's listing shows it" }),
    ),
  })
  .meta({ id: "SharedToolList", description: "The tenant's tools, most calls first" });

export const sharedKnownFixSchema = z
  .object({
    tool_name: z.string(),
    error_type: z.string(),
    ...fixSummary,
    alternatives: z.array(z.object(fixSummary)).describe("The other kept fixes, most applied first"),
  })
  .meta({ id: "SharedKnownFix", description: "The fix the tenant applied most for an error type, with the alternatives" });

export const sharedGuidanceSchema = z
  .object({ tool_name: z.string(), prompt: z.string() })
  .meta({ id: "SharedErrorGuidance", description: "An <error_guidance> prompt block from the tenant's fixes" });

export const sharedToolParams = z.object({ tool_name: toolNameSchema });
export const listToolsQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(1000).default(50) });
export const sharedFixQuery = fixQuery;
