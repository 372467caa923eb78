// Embedded tenant activity: listing indexes, a capped event log, and minute, hour and latency counts per tenant.
import { fixDetected } from "../../domain/activity/event-data.js";
import { compareEventIds } from "../../domain/activity/events.js";
import { addLatency, LATENCY_BUCKETS, latencyBucket } from "../../domain/activity/latency.js";
import { RECENT_SESSIONS_KEPT } from "../../domain/activity/tool-activity.js";
import { emptyCounts, epochHour, epochMinute, HOUR_MS, HOURS_KEPT, MINUTES_KEPT } from "../../domain/activity/timeline.js";
import type { ActivityCounts, EventType, ListingCursor, SessionSummary, TaskSummary, TenantEvent } from "../../domain/activity/types.js";
import type { Lesson, Resolution } from "../../domain/lessons/types.js";
import type { ToolLogEntry } from "../../domain/tools/types.js";
import { sessionSummaryOf, taskSummaryOf } from "../listing-items.js";
import { walkById, walkListing, type ListingSource } from "../listing-walk.js";
import type { ActivityStore } from "../../domain/activity/store.js";
import type { LessonStore } from "../../domain/lessons/store.js";
import type { ToolMemoryStore } from "../../domain/tools/store.js";
import type { StoreLimits } from "../port.js";
import type { SessionRef, TaskRef } from "../../domain/refs.js";
import { ExpiringMap } from "./expiring-map.js";
import { SortedIndex } from "./sorted-index.js";

// A minute of slack before an index entry is dropped unread, as on Redis.
const CLOCK_SLACK_MS = 60_000;

interface TenantActivity {
  tasks: SortedIndex;
  sessions: SortedIndex;
  events: TenantEvent[];
  lastEvent: { ms: number; seq: number };
  /** Epoch minute → counts, in the order the minutes were first counted. */
  minutes: Map<number, ActivityCounts>;
  /** Epoch hour → counts, as minutes. */
  hours: Map<number, ActivityCounts>;
  /** Epoch hour → tool → its calls, successes and timed calls per latency bucket. */
  toolHours: Map<number, Map<string, ToolHour>>;
  /** Tool → the sessions that called it most recently → when (ms), the RECENT_SESSIONS_KEPT latest. */
  toolSessions: Map<string, Map<string, number>>;
}

interface ToolHour {
  calls: number;
  successes: number;
  latency: number[];
}

type Limits = Pick<StoreLimits, "lessonsTtlSeconds" | "sessionsTtlSeconds" | "eventsMaxPerTenant" | "eventsTtlSeconds">;
type Readers = Pick<LessonStore, "lessonCounters" | "listLessons" | "getResolution"> & Pick<ToolMemoryStore, "sessionCounters">;

/** The writers' side (called in each write's tenant step) and the ActivityStore reads. */
export function createMemoryActivity(limits: Limits, now: () => number, readers: Readers) {
  const tenants = new Map<string, TenantActivity>();
  const categories = new ExpiringMap<Map<string, number>>(limits.lessonsTtlSeconds * 1000, now);

  function activityOf(tenant: string): TenantActivity {
    let activity = tenants.get(tenant);
    if (!activity) {
      activity = { tasks: new SortedIndex(), sessions: new SortedIndex(), events: [], lastEvent: { ms: 0, seq: 0 }, minutes: new Map(), hours: new Map(), toolHours: new Map(), toolSessions: new Map() };
      tenants.set(tenant, activity);
    }
    return activity;
  }

  /** Drops entries whose data has certainly expired by `atMs`. */
  function dropExpired(index: SortedIndex, atMs: number, ttlSeconds: number): void {
    if (ttlSeconds > 0) index.dropOlderThan(atMs - ttlSeconds * 1000 - CLOCK_SLACK_MS);
  }

  function touch(index: SortedIndex, id: string, at: number, ttlSeconds: number): void {
    index.touch(id, at);
    dropExpired(index, at, ttlSeconds);
  }

  /** Appends an event with an id that grows as a Redis stream id does, and trims to the cap. */
  function log(activity: TenantActivity, type: EventType, scope: { task?: string; session?: string }, data: unknown): void {
    const ms = now();
    const last = activity.lastEvent;
    activity.lastEvent = ms > last.ms ? { ms, seq: 0 } : { ms: last.ms, seq: last.seq + 1 };
    activity.events.push({
      id: `${activity.lastEvent.ms}-${activity.lastEvent.seq}`,
      type,
      task_id: scope.task ?? null,
      session_id: scope.session ?? null,
      data: JSON.stringify(data),
    });
    if (activity.events.length > limits.eventsMaxPerTenant) activity.events.splice(0, activity.events.length - limits.eventsMaxPerTenant);
  }

  /** The entry of `at` in a map of counts kept `kept` units, made when new; older units are dropped. */
  function slot<T>(byUnit: Map<number, T>, at: number, kept: number, make: () => T): T {
    let value = byUnit.get(at);
    if (value === undefined) byUnit.set(at, (value = make()));
    for (const old of byUnit.keys()) {
      if (old > at - kept) break;
      byUnit.delete(old);
    }
    return value;
  }

  function count(activity: TenantActivity, atMs: number, what: keyof ActivityCounts, by = 1): void {
    if (by === 0) return;
    slot(activity.minutes, epochMinute(atMs), MINUTES_KEPT, emptyCounts)[what] += by;
    slot(activity.hours, epochHour(atMs), HOURS_KEPT, emptyCounts)[what] += by;
  }

  function countToolCall(activity: TenantActivity, session: SessionRef, entry: ToolLogEntry, atMs: number): void {
    const byTool = slot(activity.toolHours, epochHour(atMs), HOURS_KEPT, () => new Map<string, ToolHour>());
    let hour = byTool.get(entry.tool_name);
    if (!hour) byTool.set(entry.tool_name, (hour = { calls: 0, successes: 0, latency: new Array<number>(LATENCY_BUCKETS).fill(0) }));
    hour.calls += 1;
    if (entry.outcome === "success") hour.successes += 1;
    if (entry.execution_time_ms !== null) hour.latency[latencyBucket(entry.execution_time_ms)]! += 1;
    let recent = activity.toolSessions.get(entry.tool_name);
    if (!recent) activity.toolSessions.set(entry.tool_name, (recent = new Map()));
    // Never back in time, as ZADD GT.
    if ((recent.get(session.sessionId) ?? -Infinity) < atMs) recent.set(session.sessionId, atMs);
    if (recent.size > RECENT_SESSIONS_KEPT) {
      const oldest = [...recent].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
      recent.delete(oldest);
    }
  }

  const eventsAlive = (activity: TenantActivity) => activity.lastEvent.ms + limits.eventsTtlSeconds * 1000 > now();

  function listingSource<T>(index: SortedIndex, read: (id: string, at: number) => Promise<T | null>): ListingSource<T> {
    return {
      entries: async (after, n) => index.page(after, n),
      items: (entries) => Promise.all(entries.map(({ id, at }) => read(id, at))),
      forget: async (dead) => dead.forEach(({ id, at }) => index.forget(id, at)),
    };
  }

  function prefixSource<T>(index: SortedIndex, prefix: string, read: (id: string, at: number) => Promise<T | null>): ListingSource<T, ListingCursor, string> {
    return { ...listingSource(index, read), entries: async (after, n) => index.prefixPage(prefix, after, n) };
  }

  const taskReader = (tenant: string) => async (id: string, at: number) => {
    const task = { tenant, taskId: id };
    const counters = await readers.lessonCounters(task);
    if (counters.total_lessons === 0) return null;
    const [newest] = await readers.listLessons(task, 1);
    return taskSummaryOf(id, at, counters, newest?.error_type ?? null, (await readers.getResolution(task)) !== null);
  };

  const sessionReader = (tenant: string) => async (id: string, at: number) =>
    sessionSummaryOf(id, at, await readers.sessionCounters({ tenant, sessionId: id }));

  const reads: ActivityStore = {
    listTasks(tenant, limit, after) {
      const activity = tenants.get(tenant);
      if (!activity) return Promise.resolve({ items: [], next: null });
      return walkListing(listingSource<TaskSummary>(activity.tasks, taskReader(tenant)), limit, after);
    },

    listSessions(tenant, limit, after) {
      const activity = tenants.get(tenant);
      if (!activity) return Promise.resolve({ items: [], next: null });
      return walkListing(listingSource<SessionSummary>(activity.sessions, sessionReader(tenant)), limit, after);
    },

    listTasksByPrefix(tenant, prefix, limit, after) {
      const activity = tenants.get(tenant);
      if (!activity) return Promise.resolve({ items: [], next: null });
      return walkById(prefixSource<TaskSummary>(activity.tasks, prefix, taskReader(tenant)), limit, after);
    },

    listSessionsByPrefix(tenant, prefix, limit, after) {
      const activity = tenants.get(tenant);
      if (!activity) return Promise.resolve({ items: [], next: null });
      return walkById(prefixSource<SessionSummary>(activity.sessions, prefix, sessionReader(tenant)), limit, after);
    },

    async readEvents(tenant, after, limit) {
      const activity = tenants.get(tenant);
      if (!activity || !eventsAlive(activity)) return [];
      const start = after === null ? 0 : activity.events.findIndex((event) => compareEventIds(event.id, after) > 0);
      return start < 0 ? [] : activity.events.slice(start, start + limit).map((event) => ({ ...event }));
    },

    async latestEventId(tenant) {
      const activity = tenants.get(tenant);
      return activity && eventsAlive(activity) ? (activity.events.at(-1)?.id ?? null) : null;
    },

    async eventIdBefore(tenant, count) {
      const activity = tenants.get(tenant);
      if (!activity || !eventsAlive(activity)) return null;
      return activity.events.at(-count - 1)?.id ?? null;
    },

    async activityTotals(tenant, nowMs, range) {
      const activity = tenants.get(tenant);
      const counts = new Map<number, ActivityCounts>();
      const byUnit = range.unit === "minute" ? activity?.minutes : activity?.hours;
      for (const [at, atCounts] of byUnit ?? []) if (at >= range.first) counts.set(at, { ...atCounts });
      const latency = new Map<string, number[]>();
      for (const [hour, byTool] of activity?.toolHours ?? []) {
        if (hour < range.latencyFirstHour) continue;
        for (const [tool, counts] of byTool) counts.latency.forEach((n, bucket) => n > 0 && addLatency(latency, tool, bucket, n));
      }
      const active = (index: SortedIndex | undefined) => ({
        active_last_hour: index?.countSince(nowMs - HOUR_MS) ?? 0,
        active_last_day: index?.countSince(nowMs - 24 * HOUR_MS) ?? 0,
      });
      return {
        tasks: active(activity?.tasks),
        sessions: active(activity?.sessions),
        failures_by_category: Object.fromEntries(categories.get(tenant) ?? []),
        counts,
        latency,
      };
    },

    async toolActivity(tenant, tool, nowMs, firstHour, sessionsListed) {
      const activity = tenants.get(tenant);
      const hours = new Map<number, { calls: number; successes: number }>();
      const latency = new Array<number>(LATENCY_BUCKETS).fill(0);
      for (const [hour, byTool] of activity?.toolHours ?? []) {
        const counts = byTool.get(tool);
        if (hour < firstHour || hour > epochHour(nowMs) || !counts) continue;
        hours.set(hour, { calls: counts.calls, successes: counts.successes });
        counts.latency.forEach((n, bucket) => (latency[bucket]! += n));
      }
      const oldest = limits.sessionsTtlSeconds > 0 ? nowMs - limits.sessionsTtlSeconds * 1000 : -Infinity;
      const recentSessions = [...(activity?.toolSessions.get(tool) ?? [])]
        .filter(([, at]) => at >= oldest)
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? 1 : -1))
        .slice(0, sessionsListed)
        .map(([sessionId, at]) => ({ sessionId, at }));
      return { hours, latency, recentSessions };
    },
  };

  return {
    reads,

    lessonCaptured(task: TaskRef, lesson: Lesson): void {
      const activity = activityOf(task.tenant);
      const at = Date.parse(lesson.timestamp);
      touch(activity.tasks, task.taskId, at, limits.lessonsTtlSeconds);
      log(activity, "lesson.captured", { task: task.taskId }, lesson);
      count(activity, at, "lessons");
      count(activity, at, "tokens_used", lesson.tokens_used ?? 0);
      count(activity, at, "duration_ms", lesson.duration_ms ?? 0);
      const byCategory = categories.upsert(task.tenant, () => new Map());
      byCategory.set(lesson.category, (byCategory.get(lesson.category) ?? 0) + 1);
    },

    /** A write that renewed a task's or session's data without an event (a deleted lesson, a removed resolution, an import). */
    touched(ref: TaskRef | SessionRef): void {
      const activity = activityOf(ref.tenant);
      if ("taskId" in ref) touch(activity.tasks, ref.taskId, now(), limits.lessonsTtlSeconds);
      else touch(activity.sessions, ref.sessionId, now(), limits.sessionsTtlSeconds);
    },

    taskResolved(task: TaskRef, resolution: Resolution): void {
      const activity = activityOf(task.tenant);
      touch(activity.tasks, task.taskId, Date.parse(resolution.resolved_at), limits.lessonsTtlSeconds);
      log(activity, "task.resolved", { task: task.taskId }, resolution);
    },

    toolCallRecorded(session: SessionRef, entry: ToolLogEntry): void {
      const activity = activityOf(session.tenant);
      const at = Date.parse(entry.timestamp);
      touch(activity.sessions, session.sessionId, at, limits.sessionsTtlSeconds);
      log(activity, "tool_call.recorded", { session: session.sessionId }, { session_id: session.sessionId, ...entry });
      count(activity, at, "tool_calls");
      countToolCall(activity, session, entry, at);
      if (entry.outcome === "success") count(activity, at, "successes");
      if (entry.fix_for) {
        log(activity, "fix.detected", { session: session.sessionId }, fixDetected(session, entry));
        count(activity, at, "fixes");
      }
    },

    /** A tenant-level event of a session that renews nothing by itself (an offer, its outcome). */
    sessionEvent(session: SessionRef, type: "fix.offered" | "fix.outcome", data: unknown): void {
      log(activityOf(session.tenant), type, { session: session.sessionId }, data);
    },

    sweep(): void {
      categories.sweep();
      // Entries whose data certainly expired go, and a tenant left with nothing is forgotten.
      const clock = now();
      for (const [tenant, activity] of tenants) {
        dropExpired(activity.tasks, clock, limits.lessonsTtlSeconds);
        dropExpired(activity.sessions, clock, limits.sessionsTtlSeconds);
        if (!eventsAlive(activity)) activity.events.length = 0;
        if (activity.events.length === 0 && activity.tasks.size === 0 && activity.sessions.size === 0) tenants.delete(tenant);
      }
    },
  };
}

export type MemoryActivity = ReturnType<typeof createMemoryActivity>;
