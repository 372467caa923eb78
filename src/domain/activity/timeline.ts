// Turns per-minute counts into the overview's timeline: minutes of the last hour, or hours of the last day.
import type { ActivityCounts, ActivityPoint, OverviewWindow } from "./types.js";

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

export const emptyCounts = (): ActivityCounts => ({ lessons: 0, tool_calls: 0, successes: 0, fixes: 0 });

/** Minutes since the epoch of a time in ms: the key every store counts activity under. */
export const epochMinute = (ms: number): number => Math.floor(ms / MINUTE_MS);

/** The first minute a window's timeline covers, so stores read no more than that. */
export function windowStartMinute(window: OverviewWindow, nowMs: number): number {
  return window === "hour" ? epochMinute(nowMs) - 59 : (Math.floor(nowMs / HOUR_MS) - 23) * 60;
}

/** Oldest first, ending with the current minute (hour) and with zeros where nothing happened. */
export function buildTimeline(window: OverviewWindow, nowMs: number, minutes: ReadonlyMap<number, ActivityCounts>): ActivityPoint[] {
  const step = window === "hour" ? 1 : 60;
  const first = windowStartMinute(window, nowMs);
  const points: ActivityPoint[] = [];
  for (let start = first, i = 0; i < (window === "hour" ? 60 : 24); i += 1, start += step) {
    const point: ActivityPoint = { at: new Date(start * MINUTE_MS).toISOString(), ...emptyCounts() };
    for (let minute = start; minute < start + step; minute += 1) {
      const counts = minutes.get(minute);
      if (!counts) continue;
      point.lessons += counts.lessons;
      point.tool_calls += counts.tool_calls;
      point.successes += counts.successes;
      point.fixes += counts.fixes;
    }
    points.push(point);
  }
  return points;
}
