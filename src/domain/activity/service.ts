// The dashboard's reads: listings with opaque cursors, the overview, and where a stream starts.
import { AppError } from "../../errors.js";
import type { ActivityStore } from "../../storage/port.js";
import { decodeCursor, encodeCursor } from "./cursor.js";
import { compareEventIds } from "./events.js";
import { toolLatencies } from "./latency.js";
import { buildTimeline, timelineRange } from "./timeline.js";
import { presentToolActivity, RECENT_SESSIONS_LISTED, toolWindowFirstHour, type ToolActivityWindow } from "./tool-activity.js";
import type { OverviewWindow, Page, TenantOverview } from "./types.js";

export interface ActivityServiceDeps {
  store: ActivityStore;
  clock: () => Date;
}

function cursorFrom(text: string | undefined) {
  if (text === undefined) return null;
  const cursor = decodeCursor(text);
  if (!cursor) {
    throw new AppError("VALIDATION_FAILED", "cursor is not one this service made; start again without it.", [
      { field: "querystring.cursor", message: "not a cursor from next_cursor" },
    ]);
  }
  return cursor;
}

function pageOut<T>(page: Page<T>) {
  return { items: page.items, next_cursor: page.next ? encodeCursor(page.next) : null };
}

export function createActivityService({ store, clock }: ActivityServiceDeps) {
  return {
    async listTasks(tenant: string, limit: number, cursor: string | undefined) {
      const { items, next_cursor } = pageOut(await store.listTasks(tenant, limit, cursorFrom(cursor)));
      return { tasks: items, next_cursor };
    },

    async listSessions(tenant: string, limit: number, cursor: string | undefined) {
      const { items, next_cursor } = pageOut(await store.listSessions(tenant, limit, cursorFrom(cursor)));
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
        latency_since: new Date(range.latencyFirstHour * 3_600_000).toISOString(),
        tool_latency: toolLatencies(totals.latency),
      };
    },

    async toolActivity(tenant: string, tool: string, window: ToolActivityWindow) {
      const nowMs = clock().getTime();
      const totals = await store.toolActivity(tenant, tool, nowMs, toolWindowFirstHour(window, nowMs), RECENT_SESSIONS_LISTED);
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
