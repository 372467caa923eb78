// What a tenant's dashboard reads: listings of its tasks and sessions, its events and an overview.
import type { ToolLatency } from "./latency.js";

/** One task in the tenant's listing. */
export interface TaskSummary {
  task_id: string;
  total_lessons: number;
  total_captured: number;
  by_category: Record<string, number>;
  /** The error type of the newest kept lesson. */
  last_error_type: string | null;
  resolved: boolean;
  updated_at: string;
}

/** One session in the tenant's listing. */
export interface SessionSummary {
  session_id: string;
  total_calls: number;
  /** Successes over the kept calls, 0 to 1. */
  success_rate: number;
  total_fixes_detected: number;
  tools_tracked: number;
  updated_at: string;
}

/** A place in a listing walk: the last item returned, by its last activity (ms) and id. */
export interface ListingCursor {
  at: number;
  id: string;
}

/** One page of a listing; `C` is what the next page starts after: a place in time, or an id for a prefix listing. */
export interface Page<T, C = ListingCursor> {
  items: T[];
  /** Where the next page starts; null once the walk is done. */
  next: C | null;
}

export const EVENT_TYPES = ["lesson.captured", "tool_call.recorded", "fix.detected", "fix.offered", "fix.outcome", "task.resolved"] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** One entry of the tenant's event log. */
export interface TenantEvent {
  /** `<ms>-<seq>`, growing with every event of the tenant (a Redis stream id). */
  id: string;
  type: EventType;
  task_id: string | null;
  session_id: string | null;
  /** The event's data as JSON text, sent as it is. */
  data: string;
}

/** What one minute (or hour) of the tenant saw. */
export interface ActivityCounts {
  lessons: number;
  tool_calls: number;
  successes: number;
  fixes: number;
  /** Tokens the failed attempts captured in it spent (their lessons' tokens_used). */
  tokens_used: number;
  /** Time the failed attempts captured in it took (their lessons' duration_ms). */
  duration_ms: number;
}

/** One point of the overview's timeline: the counts of the minute or hour starting at `at`. */
export interface ActivityPoint extends ActivityCounts {
  at: string;
}

export const OVERVIEW_WINDOWS = ["hour", "day", "week"] as const;
export type OverviewWindow = (typeof OVERVIEW_WINDOWS)[number];

export interface TenantOverview {
  window: OverviewWindow;
  tasks: { active_last_hour: number; active_last_day: number };
  sessions: { active_last_hour: number; active_last_day: number };
  /** Every failure captured, by category, while the tenant kept lessons. */
  failures_by_category: Record<string, number>;
  /** Oldest first: 60 minutes for "hour", 24 hours for "day", 168 for "week", ending with the current one. */
  timeline: ActivityPoint[];
  /** The start of the first hour whose tool latency is counted (latency is counted per hour). */
  latency_since: string;
  /** Timed calls per tool over the window, with p50 and p95, the most called first. */
  tool_latency: ToolLatency[];
}
