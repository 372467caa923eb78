// The dashboard's reads: listings (by activity, or by id prefix) with opaque cursors, the overview, and where a stream starts.
import type { ActivityStore } from "./store.js";
import { encodeCursor, encodePrefixCursor } from "./cursor.js";
import { compareEventIds } from "./events.js";
import { toolLatencies } from "./latency.js";
import { activityCursorOf, prefixCursorOf } from "./listing-cursors.js";
import { buildTimeline, HOUR_MS, timelineRange } from "./timeline.js";
import { presentToolActivity, RECENT_SESSIONS_KEPT, toolWindowFirstHour, type ToolActivityWindow } from "./tool-activity.js";
import type { ListingCursor, OverviewWindow, Page, TenantOverview } from "./types.js";

export interface ActivityServiceDeps {
  store: ActivityStore;
  clock: () => Date;
}

/** What a listing request asks: a page size, the previous page's next_cursor, and perhaps an id prefix. */
export interface ListingParams {
  limit: number;
  cursor?: string | undefined;
  prefix?: string | undefined;
}

type Lister<T> = {
  byActivity: (limit: number, after: ListingCursor | null) => Promise<Page<T>>;
  byPrefix: (prefix: string, limit: number, after: string | null) => Promise<Page<T, string>>;
};

/** With a prefix, the page in id order from the prefix index; without, the page by activity. */
async function listingPage<T>(lister: Lister<T>, { limit, cursor, prefix }: ListingParams): Promise<{ items: T[]; next_cursor: string | null }> {
  if (prefix !== undefined) {
    const page = await lister.byPrefix(prefix, limit, prefixCursorOf(cursor, prefix));
    return { items: page.items, next_cursor: page.next === null ? null : encodePrefixCursor(page.next) };
  }
  const page = await lister.byActivity(limit, activityCursorOf(cursor));
  return { items: page.items, next_cursor: page.next ? encodeCursor(page.next) : null };
}

export function createActivityService({ store, clock }: ActivityServiceDeps) {
  return {
    async listTasks(tenant: string, params: ListingParams) {
      const { items, next_cursor } = await listingPage(
        {
          byActivity: (limit, after) => store.listTasks(tenant, limit, after),
          byPrefix: (prefix, limit, after) => store.listTasksByPrefix(tenant, prefix, limit, after),
        },
        params,
      );
      return { tasks: items, next_cursor };
    },

    async listSessions(tenant: string, params: ListingParams) {
      const { items, next_cursor } = await listingPage(
        {
          byActivity: (limit, after) => store.listSessions(tenant, limit, after),
          byPrefix: (prefix, limit, after) => store.listSessionsByPrefix(tenant, prefix, limit, after),
        },
        params,
      );
      return { sessions: items, next_cursor };
    },

    async overview(tenant: string, window: OverviewWindow): Promise<TenantOverview> {
      const nowMs = clock().getTime();
      const range = timelineRange(window, nowMs);
      const totals = await store.activityTotals(tenant, nowMs, range);
      return {
        window,
        tasks: totals.tasks,
        sessions: totals.sessions,
        failures_by_category: totals.failures_by_category,
        timeline: buildTimeline(range, totals.counts),
        latency_since: new Date(range.latencyFirstHour * HOUR_MS).toISOString(),
        tool_latency: toolLatencies(totals.latency),
      };
    },

    async toolActivity(tenant: string, tool: string, window: ToolActivityWindow) {
      const nowMs = clock().getTime();
      const totals = await store.toolActivity(tenant, tool, nowMs, toolWindowFirstHour(window, nowMs), RECENT_SESSIONS_KEPT);
      return presentToolActivity(tool, window, nowMs, totals);
    },

    /**
     * Where a stream starts: after the client's last event, or before the `recent` newest ones
     * (0: after the newest, so only new events). An id past the newest (from a log that expired
     * since, or made up) starts at the newest, so the stream does not wait for ids that were
     * already handed out.
     */
    async streamStart(tenant: string, lastEventId: string | null, recent: number): Promise<string> {
      if (lastEventId === null && recent > 0) return (await store.eventIdBefore(tenant, recent)) ?? "0-0";
      const latest = (await store.latestEventId(tenant)) ?? "0-0";
      return lastEventId !== null && compareEventIds(lastEventId, latest) <= 0 ? lastEventId : latest;
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
