// One tool's activity for its dashboard view: calls and successes per hour, latency, the sessions that used it.
import type { ToolActivityTotals } from "./store.js";
import { quantileMs, tenths } from "./latency.js";
import { epochHour, HOUR_MS } from "./timeline.js";

export const TOOL_ACTIVITY_WINDOWS = ["day", "week"] as const;
export type ToolActivityWindow = (typeof TOOL_ACTIVITY_WINDOWS)[number];

const HOURS: Record<ToolActivityWindow, number> = { day: 24, week: 7 * 24 };
/** The sessions each store keeps per tool, the most recent; the view lists them all. */
export const RECENT_SESSIONS_KEPT = 20;

/** The first hour (since the epoch) a window covers at `nowMs`: its hours end with the current one. */
export const toolWindowFirstHour = (window: ToolActivityWindow, nowMs: number) => epochHour(nowMs) - HOURS[window] + 1;

/** The view's answer from what the store counted: every hour of the window, oldest first. */
export function presentToolActivity(tool: string, window: ToolActivityWindow, nowMs: number, totals: ToolActivityTotals) {
  const first = toolWindowFirstHour(window, nowMs);
  const timeline = Array.from({ length: HOURS[window] }, (_, i) => {
    const counts = totals.hours.get(first + i);
    return { at: new Date((first + i) * HOUR_MS).toISOString(), calls: counts?.calls ?? 0, successes: counts?.successes ?? 0 };
  });
  const timed = totals.latency.reduce((sum, n) => sum + n, 0);
  return {
    tool_name: tool,
    window,
    timeline,
    latency: timed === 0 ? null : { calls: timed, p50_ms: tenths(quantileMs(totals.latency, 0.5)!), p95_ms: tenths(quantileMs(totals.latency, 0.95)!) },
    recent_sessions: totals.recentSessions.map(({ sessionId, at }) => ({ session_id: sessionId, last_used_at: new Date(at).toISOString() })),
  };
}
