// Request and response schemas of the lessons API, registered with ids for named OpenAPI components.
import { z } from "zod";
import { taskIdSchema } from "./common.js";

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
    tier: z.int(),
    error_type: z.string(),
    error_message: z.string(),
    error_context: z.string().nullable(),
    hypothesized_fix: z.string(),
    fix_approach: z.string().nullable(),
    model: z.string(),
    timestamp: z.string().describe("ISO 8601, UTC"),
    duration_ms: z.int().nullable(),
    tokens_used: z.int().nullable(),
    category: z.string(),
    severity: z.enum(["low", "medium", "high", "critical"]),
  })
  .meta({ id: "Lesson", description: "A failure kept as a discrete lesson" });

export const taskParams = z.object({ task_id: taskIdSchema });
export const lessonParams = z.object({ task_id: taskIdSchema, lesson_id: taskIdSchema.describe("Lesson id") });

export const listLessonsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(10_000).optional().describe("Only the most recent N lessons"),
});

export const lessonListSchema = z
  .object({ task_id: z.string(), lessons: z.array(lessonSchema) })
  .meta({ id: "LessonList" });

export const lessonPromptQuery = z.strictObject({
  max_lessons: z.coerce.number().int().min(1).max(1000).default(5),
});

export const lessonPromptSchema = z
  .object({ task_id: z.string(), lesson_count: z.int(), prompt: z.string() })
  .meta({ id: "LessonPrompt" });

export const lessonStatsSchema = z
  .object({
    task_id: z.string(),
    total_lessons: z.int(),
    total_captured: z.int().describe("Every capture ever, trimmed lessons included"),
    by_category: z.record(z.string(), z.int()),
    by_tier: z.object({ "1": z.int(), "2": z.int(), "3": z.int() }),
    most_common_error: z.string().nullable().describe("The category with the most kept lessons"),
  })
  .meta({ id: "LessonStats" });
