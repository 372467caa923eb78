// Request and response schemas of the shared tool knowledge API (what a tenant learned across sessions).
import { z } from "zod";
import { idPrefixSchema, listingCursor, listingLimit, redactionsField, toolNameSchema } from "./common.js";
import { argDeltaSchema, errorPatternSchema, fixQuery, successPatternSchema, toolLogEntrySchema, toolPatternSchema } from "./tools.js";
import { inputProblem } from "../input-limits.js";

/** The fix in words for people and agents, beside the originals' typical_fix. */
export const fixTextField = z
  .string()
  .describe("The fix in words for a person or an agent: every key and value whole up to 120 characters, longer ones around what differs (`change path: …/fsroot/README.txt → …/fsroot/docs/README.txt`)");

const count = (what: string) => z.int().min(0).describe(what);

export const fixEfficacySchema = z
  .object({
    offered: count("Times the fix was offered to a failing call"),
    adopted: count("Offers the session's next call of the tool took: worked + failed"),
    worked: count("Adopted, and that call succeeded"),
    failed: count("Adopted, and that call failed or timed out"),
    other_fix: count("Not adopted, and that call succeeded another way"),
    ignored: count("Not adopted, and that call failed"),
    recent_outcomes: z
      .string()
      .regex(/^[wf]{0,5}$/)
      .describe(
        "Its latest outcomes, oldest first, at most 5: `w` when an adoption worked or fix detection saw it fix a failure, `f` when an adoption failed",
      ),
    score: z
      .number()
      .min(0)
      .max(1)
      .describe("The ranking score: the 95% Wilson lower bound of times_applied successes in times_applied + failed trials"),
    retired: z
      .boolean()
      .describe(
        "Never offered while true: 3 of its recent_outcomes failed (until successes push them out), or it failed at least 3 times and fixed the error in under 30% of times_applied + failed (until that share is back at 30%)",
      ),
  })
  .meta({ id: "FixEfficacy", description: "Whether a fix helped when it was offered" });

const fixSummary = {
  fix_delta: argDeltaSchema,
  typical_fix: z.string().describe("The fix in words, as the tool memory wrote it: values cut to 20 characters"),
  fix_text: fixTextField,
  times_applied: z.int().min(1).describe("How many times this change fixed the error, across sessions"),
  efficacy: fixEfficacySchema,
};

export const knownSharedFixSchema = z
  .object({
    ...fixSummary,
    offer_id: z
      .string()
      .describe("This offer's id: the session's next call of the tool decides whether the fix was adopted and worked (fix.outcome)"),
  })
  .meta({ id: "KnownSharedFix", description: "The best fix the tenant knows for this tool and error type, offered to this call" });

export const toolEfficacySchema = z
  .object({
    offered: count("Fixes of this tool offered to failing calls"),
    adopted: count("Offers the next call took: worked + failed"),
    worked: count("Adopted, and the call succeeded"),
    failed: count("Adopted, and the call failed"),
    other_fix: count("Not adopted, and the call succeeded"),
    ignored: count("Not adopted, and the call failed"),
    pending: count(
      "Offers not decided: the session has not called the tool again, or never will (it was reset, a newer offer replaced the call's, or the next call was partial or cancelled)",
    ),
  })
  .meta({ id: "ToolEfficacy", description: "Every offer of this tool's fixes and its outcome, also of fixes forgotten since" });

export const recordedToolCallSchema = toolLogEntrySchema
  .extend({
    known_fix: knownSharedFixSchema
      .nullable()
      .describe("For a failure or timeout: the tenant's typical fix for its error type, learned in any session; else null"),
    redactions: redactionsField,
  })
  .meta({ id: "RecordedToolCall", description: "The stored entry, and what the tenant already knows about its failure" });

const sharedFixSchema = z
  .object({ ...fixSummary, last_applied_at: z.string() })
  .meta({ id: "SharedFix", description: "One fix the tenant's sessions applied, how often, and whether it helped when offered" });

const sharedFixEventSchema = z
  .object({ session_id: z.string(), failed_call_id: z.string(), fix_call_id: z.string(), applied_at: z.string() })
  .meta({ id: "SharedFixEvent", description: "One time a fix was applied, and in which session" });

const sharedErrorPatternSchema = errorPatternSchema
  .extend({
    fix_text: fixTextField.nullable().describe("The best fix that is not retired in words for a person or an agent, as its fix_text; null when there is none"),
    fixes: z
      .array(sharedFixSchema)
      .describe("Up to 5 distinct fixes, best first by efficacy score (ties: most applied, then most recent); retired ones last"),
    recent_fixes: z.array(sharedFixEventSchema).describe("The latest 3 fix events, newest first"),
  })
  .meta({ id: "SharedErrorPattern", description: "An error pattern over every session; typical_fix is the best fix that is not retired" });

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
    efficacy: toolEfficacySchema,
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
    next_cursor: z
      .string()
      .nullable()
      .optional()
      .describe("Only with prefix: pass as cursor for the next page; null once every match was listed"),
  })
  .meta({ id: "SharedToolList", description: "The tenant's tools, most calls first; with prefix, those that match, in name order" });

export const sharedKnownFixSchema = z
  .object({
    tool_name: z.string(),
    error_type: z.string(),
    ...fixSummary,
    alternatives: z.array(z.object(fixSummary)).describe("The other fixes that are not retired, best first"),
  })
  .meta({ id: "SharedKnownFix", description: "The best fix the tenant knows for an error type (by efficacy), with the alternatives" });

export const sharedGuidanceSchema = z
  .object({ tool_name: z.string(), prompt: z.string() })
  .meta({ id: "SharedErrorGuidance", description: "An <error_guidance> prompt block from the tenant's fixes" });

export const sharedToolParams = z.object({ tool_name: toolNameSchema });
export const listToolsQuery = z.strictObject({
  limit: listingLimit,
  cursor: listingCursor.describe("The next_cursor of the previous page of the same listing by prefix"),
  prefix: idPrefixSchema("Only the tools whose name starts with this, listed in name order (byte order), a page at a time").optional(),
});
/**
 * A query value that is a JSON object's text within the input limits (depth, names, valid Unicode), as a
 * failing call's arguments travel in a URL: the edge checks bodies, and this one arrives as a string.
 */
const jsonObjectText = z
  .string()
  .max(65_536)
  .superRefine((text, ctx) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      ctx.addIssue({ code: "custom", message: "must be a JSON object" });
      return;
    }
    const problem = inputProblem("arguments", value);
    if (problem) ctx.addIssue({ code: "custom", message: `${problem.field} ${problem.message}` });
  });

export const sharedFixQuery = fixQuery.extend({
  arguments: jsonObjectText
    .optional()
    .describe("The failing call's arguments as JSON: then only a fix that applies to them is answered (one that changes a value they hold, adds a key they lack or removes one they have)"),
});
