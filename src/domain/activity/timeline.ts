// Turns activity counts into the overview's timeline: minutes of the last hour, hours of the last day or of the last 7 days.
import type { ActivityCounts, ActivityPoint, OverviewWindow } from "./types.js";

const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;

/** Minute counts are kept at least a day and an hour, hour counts at least 7 days and an hour (Redis keeps its per-day hashes 8 days). */
export const MINUTES_KEPT = 25 * 60;
export const HOURS_KEPT = 7 * 24 + 1;

export const emptyCounts = (): ActivityCounts => ({ lessons: 0, tool_calls: 0, successes: 0, fixes: 0, tokens_used: 0, duration_ms: 0 });

/** Minutes since the epoch of a time in ms: the key every store counts activity under. */
export const epochMinute = (ms: number): number => Math.floor(ms / MINUTE_MS);
export const epochHour = (ms: number): number => Math.floor(ms / HOUR_MS);

/** What a window's timeline reads: counts per minute or per hour, from `first` (since the epoch in that unit). */
export interface TimelineRange {
  unit: "minute" | "hour";
  first: number;
  points: number;
  /** The first hour whose latency counts the window reads (latency is counted per hour). */
  latencyFirstHour: number;
}

const POINTS: Record<OverviewWindow, { unit: "minute" | "hour"; points: number }> = {
  hour: { unit: "minute", points: 60 },
  day: { unit: "hour", points: 24 },
  week: { unit: "hour", points: 7 * 24 },
};

/** The range a window covers at `nowMs`: its points end with the current minute or hour. */
export function timelineRange(window: OverviewWindow, nowMs: number): TimelineRange {
  const { unit, points } = POINTS[window];
  const first = (unit === "minute" ? epochMinute(nowMs) : epochHour(nowMs)) - points + 1;
  return { unit, first, points, latencyFirstHour: unit === "minute" ? Math.floor(first / 60) : first };
}

/** Oldest first, ending with the current minute (hour), with zeros where nothing happened. */
export function buildTimeline(range: TimelineRange, counts: ReadonlyMap<number, ActivityCounts>): ActivityPoint[] {
  const unitMs = range.unit === "minute" ? MINUTE_MS : HOUR_MS;
  const points: ActivityPoint[] = [];
  for (let i = 0; i < range.points; i += 1) {
    const at = range.first + i;
    points.push({ at: new Date(at * unitMs).toISOString(), ...emptyCounts(), ...counts.get(at) });
  }
  return points;
}
