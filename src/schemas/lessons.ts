// Request and response schemas of the lessons API, registered with ids for named OpenAPI components.
import { z } from "zod";
import { redactionsField, taskIdSchema } from "./common.js";

/** A signature's template, as the failure templates learned it. */
const templateField = z
  .string()
  .nullable()
  .describe("The failure's message with its variable parts as <*>, as the tenant's templates learned it at the latest capture; null for a signature first kept before templates");

const LONG_TEXT = 100_000;

const optionalText = (max: number) => z.string().max(max).nullish();

export const failureReportSchema = z
  .strictObject({
    attempt_number: z.int().min(1).describe("Which attempt failed, from 1"),
    tier: z.literal([1, 2, 3]).describe("Execution tier"),
    error_type: z.string().min(1).max(200).describe("Exception or error name, e.g. TypeError"),
    error_message: z.string().max(LONG_TEXT).describe("Kept up to 500 characters"),
    model: optionalText(200).describe("Model that produced the failure"),
    error_context: optionalText(LONG_TEXT).describe("Kept up to 200 characters"),
    fix_approach: optionalText(2000).describe("A specific approach to try next"),
    duration_ms: z.int().min(0).nullish(),
    tokens_used: z.int().min(0).nullish(),
  })
  .meta({ id: "FailureReport", description: "A failed attempt, as an agent reports it" });

export const lessonSchema = z
  .object({
    lesson_id: z.string(),
    task_id: z.string(),
    attempt_number: z.int(),
    tier: z.literal([1, 2, 3]),
    error_type: z.string(),
    error_message: z.string(),
    error_context: z.string().nullable(),
    hypothesized_fix: z.string(),
    fix_approach: z.string().nullable(),
    model: z.string().nullable(),
    timestamp: z.string().describe("ISO 8601, UTC"),
    duration_ms: z.int().nullable(),
    tokens_used: z.int().nullable(),
    category: z.string(),
    severity: z.enum(["low", "medium", "high", "critical"]),
    signature: z.string().describe("16 hex characters over the error type and the message's template (the tenant's failure templates): messages that differ only in their variables share it"),
  })
  .meta({ id: "Lesson", description: "A failure kept as a discrete lesson" });

export const knownFixSchema = z
  .object({ task_id: z.string(), approach: z.string(), resolved_at: z.string() })
  .meta({ id: "LessonKnownFix", description: "What worked for the same failure signature in a resolved task" });

export const lessonWithFixesSchema = lessonSchema
  .extend({
    known_fixes: z.array(knownFixSchema).describe("Up to 3 fixes that worked for this signature in the tenant's tasks, most recent first"),
  })
  .meta({ id: "LessonWithKnownFixes", description: "A lesson, with what worked for the same failure elsewhere" });

export const capturedLessonSchema = lessonWithFixesSchema
  .extend({ redactions: redactionsField })
  .meta({ id: "CapturedLesson", description: "The lesson as stored (secrets redacted), with known fixes and how many values were redacted" });

export const tenantSignaturesQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(1000).default(20) });

const meanAttempts = (of: string) => z.number().nullable().describe(`${of}; null when there is nothing to average`);

export const signatureEfficacySchema = z
  .object({
    tasks_offered: z.int().min(0).describe("Distinct tasks whose capture of this failure was answered known fixes (an offer)"),
    tasks_resolved_after_offer: z.int().min(0).describe("Tasks resolved, with this signature, after they had been offered a fix for it"),
    tasks_resolved_without_offer: z.int().min(0).describe("Tasks resolved, with this signature, without having been offered a fix for it"),
    mean_attempts_with_offer: meanAttempts("Mean attempt_number of the resolutions of the tasks resolved after an offer"),
    mean_attempts_without_offer: meanAttempts("Mean attempt_number of the resolutions of the tasks resolved without an offer"),
    mean_attempts_after_offer: meanAttempts(
      "Mean, over the tasks resolved after an offer, of the resolution's attempt_number minus the attempt of the task's first lesson that was offered fixes",
    ),
  })
  .meta({
    id: "SignatureEfficacy",
    description:
      "Whether the fixes offered for a failure shortened the tasks they were offered to: mean_attempts_without_offer minus mean_attempts_with_offer is what the memory saved. A replaced resolution replaces its task's contribution; a deleted one removes it",
  });

export const tenantSignatureListSchema = z
  .object({
    signatures: z.array(
      z
        .object({
          signature: z.string(),
          error_type: z.string(),
          category: z.string(),
          normalized_message: z.string(),
          template: templateField,
          occurrences: z.int().min(1).describe("Captures in every task"),
          tasks: z.int().min(0).describe("Distinct tasks (approximate on Redis: HyperLogLog)"),
          resolved_tasks: z.int().min(0).describe("Tasks whose resolution lists this signature"),
          latest_known_fix: knownFixSchema.nullable(),
          efficacy: signatureEfficacySchema,
        })
        .meta({ id: "TenantSignature", description: "A failure that recurs across the tenant's tasks" }),
    ),
  })
  .meta({ id: "TenantSignatureList", description: "The tenant's most recurring failures, each with the latest fix that worked" });

export const taskParams = z.object({ task_id: taskIdSchema });
export const lessonParams = z.object({ task_id: taskIdSchema, lesson_id: taskIdSchema.describe("Lesson id") });

export const listLessonsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(10_000).optional().describe("Only the most recent N lessons"),
});

export const lessonListSchema = z
  .object({ task_id: z.string(), lessons: z.array(lessonSchema) })
  .meta({ id: "LessonList", description: "A task's kept lessons, oldest first" });

export const lessonPromptQuery = z.strictObject({
  max_lessons: z.coerce.number().int().min(1).max(1000).default(5).describe("With group=signature, distinct failures"),
  group: z.enum(["signature"]).optional().describe("signature: each distinct failure once, repeats as REPEATED FAILURE blocks"),
});

export const failureSignatureSchema = z
  .object({
    signature: z.string(),
    error_type: z.string(),
    category: z.string(),
    normalized_message: z.string(),
    template: templateField,
    example_message: z.string().describe("The latest capture's message"),
    occurrences: z.int().min(1).describe("Every capture, trimmed and deleted lessons included"),
    first_attempt: z.int(),
    last_attempt: z.int(),
    first_seen_at: z.string(),
    last_seen_at: z.string(),
    hypothesized_fix: z.string(),
  })
  .meta({ id: "FailureSignature", description: "One distinct failure of a task" });

export const signatureListSchema = z
  .object({ task_id: z.string(), signatures: z.array(failureSignatureSchema) })
  .meta({ id: "FailureSignatureList", description: "A task's distinct failures, most recurring first" });

export const resolutionInputSchema = z
  .strictObject({
    attempt_number: z.int().min(1).describe("The attempt that succeeded"),
    approach: z.string().min(1).max(4000).describe("What worked, in words an agent can follow"),
    model: z.string().max(200).nullish(),
  })
  .meta({ id: "ResolutionReport", description: "What finally worked for a task" });

export const resolutionSchema = z
  .object({
    task_id: z.string(),
    attempt_number: z.int(),
    approach: z.string(),
    model: z.string().nullable(),
    resolved_at: z.string(),
    signatures: z.array(z.string()).describe("The task's failure signatures when it was resolved, most recurring first"),
  })
  .meta({ id: "Resolution", description: "What finally worked for a task" });

export const recordedResolutionSchema = resolutionSchema
  .extend({ redactions: redactionsField })
  .meta({ id: "RecordedResolution", description: "The resolution as stored (secrets redacted), and how many values were redacted" });

export const lessonPromptSchema = z
  .object({ task_id: z.string(), lesson_count: z.int(), prompt: z.string() })
  .meta({ id: "LessonPrompt", description: "A task's lessons as a prompt block, in the prompt field" });

export const lessonStatsSchema = z
  .object({
    task_id: z.string(),
    total_lessons: z.int(),
    total_captured: z.int().describe("Every capture ever, trimmed lessons included"),
    by_category: z.record(z.string(), z.int()),
    by_tier: z.object({ "1": z.int(), "2": z.int(), "3": z.int() }),
    most_common_error: z.string().nullable().describe("The category with the most kept lessons"),
    resolved: z.boolean().describe("Whether the task has a resolution"),
  })
  .meta({ id: "LessonStats", description: "Counts of a task's lessons by category and tier" });
