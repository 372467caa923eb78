// Request and response schemas of recall: a free-text query against the tenant's failure templates, and its matches.
import { z } from "zod";
import { fixEfficacySchema, fixTextField } from "./shared-tools.js";
import { argDeltaSchema } from "./tools.js";

/** Characters of a query accepted; only its first 2,000 are read (the first 500 placed as a failure's message is kept). */
export const MAX_RECALL_QUERY_CHARS = 100_000;

const recallFields = {
  q: z
    .string()
    .min(1)
    .max(MAX_RECALL_QUERY_CHARS)
    .describe(
      "The failure as you have it: an error message, a log line or a stack trace. Its first 500 characters are placed against the tenant's templates as a failure's message is kept; terms are read from its first 2,000; the rest is ignored",
    ),
  kind: z.enum(["lessons", "tools", "all"]).default("all").describe("Lesson signatures, tools' failures, or both"),
  tool: z.string().min(1).max(200).optional().describe("Only failures of this tool"),
  error_type: z.string().min(1).max(200).optional().describe("Only failures of this error type"),
  limit: z.coerce.number().int().min(1).max(50).default(5).describe("Matches answered at most, 1 to 50"),
};

export const recallQuery = z.strictObject(recallFields);
export const recallBody = z.strictObject({ ...recallFields, limit: z.int().min(1).max(50).default(5).describe("Matches answered at most, 1 to 50") }).meta({
  id: "RecallQuery",
  description: "A free-text query, for text too long for a URL (a pasted stack trace)",
});

const resolutionSchema = z
  .object({
    task_id: z.string(),
    approach: z.string().describe("What finally worked for that task"),
    resolved_at: z.string(),
  })
  .meta({ id: "RecalledResolution", description: "The latest resolution of a task that had this failure" });

const recalledFixSchema = z
  .object({
    fix_delta: argDeltaSchema,
    typical_fix: z.string().describe("The fix in words, as the tool memory wrote it: values cut to 20 characters"),
    fix_text: fixTextField,
    times_applied: z.int().min(1),
    efficacy: fixEfficacySchema,
  })
  .meta({
    id: "RecalledFix",
    description: "The tool's best offerable fix for this error type. Whether it applies depends on the failing call's arguments: ask /tools/{tool}/fix?arguments=",
  });

export const recallMatchSchema = z
  .object({
    kind: z.enum(["lesson", "tool"]).describe("A lesson signature, or a tool's failure"),
    signature: z.string().describe("The failure's signature: the same for a lesson and a failed tool call of one error type and template"),
    template: z.string().describe("The failure's template: its message with variable parts as <*>"),
    error_type: z.string(),
    tool_name: z.string().nullable().describe("The tool, for a tool's failure; null for a lesson"),
    score: z.number().min(0).describe("BM25 over the template's terms: higher is closer"),
    why: z
      .object({
        same_template: z.boolean().describe("The query would be placed in this very template"),
        terms: z.array(z.string()).describe("The query's terms the template is indexed by"),
      })
      .describe("What matched"),
    occurrences: z.int().min(1).describe("Failures of this kind, error type and template met since it was indexed"),
    last_seen: z.string().describe("When one was last met"),
    task_ids: z.array(z.string()).describe("For a lesson: the tasks that met it last, the most recent first (at most 5)"),
    session_ids: z.array(z.string()).describe("For a tool's failure: the sessions that met it last, the most recent first (at most 5)"),
    resolution: resolutionSchema.nullable().describe("For a lesson: the latest resolution of a task that had it; null when none is known"),
    fix: recalledFixSchema.nullable().describe("For a tool's failure: the tool's best offerable fix for the error type; null when none is known"),
  })
  .meta({ id: "RecallMatch", description: "One failure the tenant has met, like the query" });

export const recallAnswerSchema = z
  .object({ matches: z.array(recallMatchSchema).describe("Best first; empty when nothing matched, never a guess") })
  .meta({ id: "RecallAnswer", description: "The tenant's failures most like the query" });
