// Schemas of the dashboard's reads: listings, the overview and the event stream's parameters.
import { z } from "zod";
import { EVENT_TYPES, OVERVIEW_WINDOWS } from "../domain/activity/types.js";
import { isEventId } from "../domain/activity/events.js";
import { idPrefixSchema, listingCursor, listingLimit, sessionIdSchema, taskIdSchema } from "./common.js";
import { TOOL_ACTIVITY_WINDOWS } from "../domain/activity/tool-activity.js";

export const listingQuery = z.strictObject({
  limit: listingLimit,
  cursor: listingCursor,
  prefix: idPrefixSchema("Only the items whose id starts with this, listed in id order (byte order) instead of by activity").optional(),
});

const nextCursor = z.string().nullable().describe("Pass as cursor for the next page; null once every item was listed");
const updatedAt = z.string().describe("When the last write that lists it happened (ISO 8601)");

export const taskListSchema = z
  .object({
    tasks: z.array(
      z
        .object({
          task_id: z.string(),
          total_lessons: z.int().min(1).describe("Lessons kept"),
          total_captured: z.int().min(0).describe("Failures captured, trimmed and deleted ones included"),
          by_category: z.record(z.string(), z.int()).describe("Kept lessons per category"),
          last_error_type: z.string().nullable().describe("The error type of the newest kept lesson"),
          resolved: z.boolean().describe("True while the task has a resolution"),
          updated_at: updatedAt,
        })
        .meta({ id: "TaskSummary", description: "A task as a listing shows it" }),
    ),
    next_cursor: nextCursor,
  })
  .meta({ id: "TaskList", description: "The tenant's tasks that keep lessons, most recently active first; with prefix, those that match, in id order" });

export const sessionListSchema = z
  .object({
    sessions: z.array(
      z
        .object({
          session_id: z.string(),
          total_calls: z.int().min(1).describe("Calls kept in the log"),
          success_rate: z.number().min(0).max(1).describe("Successes over the kept calls"),
          total_fixes_detected: z.int().min(0),
          tools_tracked: z.int().min(0),
          updated_at: updatedAt,
        })
        .meta({ id: "SessionSummary", description: "A session as a listing shows it" }),
    ),
    next_cursor: nextCursor,
  })
  .meta({ id: "SessionList", description: "The tenant's sessions that keep calls, most recently active first; with prefix, those that match, in id order" });

export const overviewQuery = z.strictObject({
  window: z.enum(OVERVIEW_WINDOWS).default("hour").describe("hour: 60 one-minute points; day: 24 one-hour points; week: 168 one-hour points"),
});

const active = z.object({ active_last_hour: z.int().min(0), active_last_day: z.int().min(0) }).describe("Listed with a write in the last hour and day");

export const overviewSchema = z
  .object({
    window: z.enum(OVERVIEW_WINDOWS),
    tasks: active,
    sessions: active,
    failures_by_category: z.record(z.string(), z.int()).describe("Every failure captured, by category, while the tenant kept lessons"),
    timeline: z.array(
      z
        .object({
          at: z.string().describe("Start of the minute or hour (ISO 8601)"),
          lessons: z.int().min(0).describe("Failures captured"),
          tool_calls: z.int().min(0),
          successes: z.int().min(0).describe("Tool calls that succeeded"),
          fixes: z.int().min(0).describe("Fixes detected"),
          tokens_used: z.int().min(0).describe("Tokens the failed attempts captured in it spent (the sum of their lessons' tokens_used)"),
          duration_ms: z.int().min(0).describe("Time the failed attempts captured in it took (the sum of their lessons' duration_ms)"),
        })
        .meta({ id: "ActivityPoint", description: "Counts for one minute or hour of the timeline" }),
    ),
    latency_since: z.string().describe("Start of the first hour whose tool latency is counted: latency is counted per hour, so the hour window's starts with the clock hour its first minute falls in"),
    tool_latency: z
      .array(
        z
          .object({
            tool_name: z.string(),
            calls: z.int().min(1).describe("Calls with an execution_time_ms since latency_since"),
            p50_ms: z.number().min(0).describe("Median execution time, interpolated within a bucket of the histogram (buckets grow by a factor of 1.58 from 1 ms to 100 s)"),
            p95_ms: z.number().min(0).describe("95th percentile, estimated the same way"),
          })
          .meta({ id: "ToolLatency", description: "One tool's execution time over the window, from counters per hour" }),
      )
      .describe("The 20 most called tools with timed calls, most called first"),
  })
  .meta({ id: "TenantOverview", description: "How the tenant's agents are doing, now and over time" });

export const toolActivityQuery = z.strictObject({
  window: z.enum(TOOL_ACTIVITY_WINDOWS).default("day").describe("day: 24 one-hour points; week: 168 one-hour points"),
});

export const toolActivitySchema = z
  .object({
    tool_name: z.string(),
    window: z.enum(TOOL_ACTIVITY_WINDOWS),
    timeline: z.array(
      z
        .object({
          at: z.string().describe("Start of the hour (ISO 8601)"),
          calls: z.int().min(0),
          successes: z.int().min(0),
        })
        .meta({ id: "ToolActivityPoint", description: "One tool's calls in one hour" }),
    ),
    latency: z
      .object({
        calls: z.int().min(1).describe("Calls with an execution_time_ms in the window"),
        p50_ms: z.number().min(0),
        p95_ms: z.number().min(0),
      })
      .nullable()
      .describe("Execution time over the window, as GET /overview's tool_latency estimates it; null without a timed call"),
    recent_sessions: z
      .array(z.object({ session_id: z.string(), last_used_at: z.string().describe("When the session last called the tool (ISO 8601)") }))
      .describe("Up to 20 sessions that called the tool most recently, the latest first; a session whose data expired is left out"),
  })
  .meta({ id: "ToolActivity", description: "One tool's calls and success over time, its latency and the sessions that used it" });

const commaList = z
  .string()
  .max(200)
  .transform((text) => text.split(",").map((part) => part.trim()).filter((part) => part !== ""));

export const eventsQuery = z.strictObject({
  types: commaList
    .pipe(z.array(z.enum(EVENT_TYPES)).min(1, "name at least one event type"))
    .optional()
    .describe(`Comma-separated event types to receive: ${EVENT_TYPES.join(", ")}`),
  task_id: taskIdSchema.optional().describe("Only this task's events"),
  session_id: sessionIdSchema.optional().describe("Only this session's events"),
  recent: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .describe("Without Last-Event-ID: start with the last N events of the log (1 to 1000), then filter and follow; with it, ignored (the stream resumes after that event)"),
});

export const eventsHeaders = z.object({
  "last-event-id": z
    .string()
    .refine(isEventId, "must be the id of an event this stream sent (<ms>-<seq>)")
    .optional()
    .describe("Resume after this event: every kept event after it is sent first"),
});

export const eventStreamResponse = {
  description:
    "Server-Sent Events, for as long as the client stays: lesson.captured, tool_call.recorded, fix.detected, " +
    "fix.offered, fix.outcome and task.resolved, each with an id and JSON data, and a comment line as a heartbeat",
  content: { "text/event-stream": { schema: z.string() } },
};
