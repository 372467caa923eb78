// The activity port: what dashboards read of what the tenant's writes left behind (listings, events, counts).
import type { ActivityCounts, ListingCursor, Page, SessionSummary, TaskSummary, TenantEvent } from "./types.js";
import type { TimelineRange } from "./timeline.js";

/** What the tenant's writes add up to, as the overview reads it. */
export interface ActivityTotals {
  tasks: { active_last_hour: number; active_last_day: number };
  sessions: { active_last_hour: number; active_last_day: number };
  failures_by_category: Record<string, number>;
  /** Counts per minute or hour since the epoch (the range's unit), from the range's first on. */
  counts: Map<number, ActivityCounts>;
  /** Each tool's timed calls per latency bucket (domain/activity/latency.ts), from the range's latencyFirstHour on. */
  latency: Map<string, number[]>;
}

/** What one tool's calls add up to, as its dashboard view reads it. */
export interface ToolActivityTotals {
  hours: Map<number, { calls: number; successes: number }>;
  latency: number[];
  recentSessions: Array<{ sessionId: string; at: number }>;
}

/**
 * What the tenant's writes leave behind for dashboards. The writes above record it in their
 * tenant-level step; these methods read it. No read costs more than its page.
 */
export interface ActivityStore {
  /**
   * The tenant's tasks that keep lessons, most recently active first (ties by id), starting after
   * `after`. Every task not written during a walk is listed exactly once in it; expired and
   * emptied tasks are never listed (and are dropped from the index as they are met).
   */
  listTasks(tenant: string, limit: number, after: ListingCursor | null): Promise<Page<TaskSummary>>;

  /** The tenant's sessions that keep calls, as listTasks lists tasks. */
  listSessions(tenant: string, limit: number, after: ListingCursor | null): Promise<Page<SessionSummary>>;

  /**
   * The tenant's tasks that keep lessons and whose id starts with `prefix`, in id order (byte
   * order), a page of `limit` after the id `after`; `next` is the last id the page looked at. Read
   * from an index in id order kept beside the time-ordered one (written, and pruned of expired
   * entries, in the same atomic step), so a page costs the log of the tenant's tasks and its own
   * size. Every task that keeps lessons throughout a walk is listed exactly once in it.
   */
  listTasksByPrefix(tenant: string, prefix: string, limit: number, after: string | null): Promise<Page<TaskSummary, string>>;

  /** The tenant's sessions that keep calls and whose id starts with `prefix`, as listTasksByPrefix lists tasks. */
  listSessionsByPrefix(tenant: string, prefix: string, limit: number, after: string | null): Promise<Page<SessionSummary, string>>;

  /** At most `limit` events after the one with id `after` (null: from the oldest kept), oldest first. */
  readEvents(tenant: string, after: string | null, limit: number): Promise<TenantEvent[]>;

  /** The id of the tenant's newest event, or null when it has none. */
  latestEventId(tenant: string): Promise<string | null>;

  /** The id of the newest event older than the tenant's `count` newest, or null when it keeps no more than `count`. */
  eventIdBefore(tenant: string, count: number): Promise<string | null>;

  /** Active tasks and sessions around `nowMs`, failures by category, and the counts and latency of `range`. */
  activityTotals(tenant: string, nowMs: number, range: TimelineRange): Promise<ActivityTotals>;

  /**
   * One tool's calls and successes per hour from `firstHour` to the hour of `nowMs` (hours without
   * calls left out), its timed calls per latency bucket over those hours, and at most `sessionsListed`
   * of the sessions that called it most recently (of the 20 kept; those whose data expired left out),
   * the latest first (ties: the greater id first).
   */
  toolActivity(tenant: string, tool: string, nowMs: number, firstHour: number, sessionsListed: number): Promise<ToolActivityTotals>;
}
