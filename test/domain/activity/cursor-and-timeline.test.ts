// Listing cursors round-trip and refuse what this service did not make; timelines sum minutes into their window.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeCursor, decodePrefixCursor, encodeCursor, encodePrefixCursor } from "../../../src/domain/activity/cursor.js";
import { compareEventIds, isEventId } from "../../../src/domain/activity/events.js";
import { buildTimeline, emptyCounts, timelineRange } from "../../../src/domain/activity/timeline.js";

describe("listing cursors", () => {
  it("give back the place they were made from, for any id and time", () => {
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 50 }), fc.string({ minLength: 1, maxLength: 128 }), (at, id) => {
        expect(decodeCursor(encodeCursor({ at, id }))).toEqual({ at, id });
      }),
    );
  });

  it("refuse text that is not a cursor", () => {
    for (const text of ["", "%%%", Buffer.from("12").toString("base64url"), Buffer.from("x:y").toString("base64url"), "a".repeat(2000)]) {
      expect(decodeCursor(text)).toBeNull();
      expect(decodePrefixCursor(text)).toBeNull();
    }
  });

  it("of a prefix listing give back the id they were made from, and neither kind is taken for the other", () => {
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 50 }), fc.stringMatching(/^[A-Za-z0-9._:-]{1,128}$/), (at, id) => {
        expect(decodePrefixCursor(encodePrefixCursor(id))).toBe(id);
        expect(decodeCursor(encodePrefixCursor(id))).toBeNull();
        expect(decodePrefixCursor(encodeCursor({ at, id }))).toBeNull();
      }),
    );
    // An id outside the id alphabet was not made here.
    for (const id of ["a b", "é", "x".repeat(129), ""]) expect(decodePrefixCursor(Buffer.from(`id:${id}`).toString("base64url"))).toBeNull();
  });
});

describe("event ids", () => {
  it("order by time, then by sequence, as numbers", () => {
    expect(compareEventIds("10-2", "9-5")).toBeGreaterThan(0);
    expect(compareEventIds("10-2", "10-10")).toBeLessThan(0);
    expect(isEventId("1796097593773-0")).toBe(true);
    expect(isEventId("1796097593773")).toBe(false);
  });
});

describe("timelines", () => {
  const now = Date.UTC(2026, 0, 1, 12, 30, 15);
  const minute = Math.floor(now / 60_000);
  const hour = Math.floor(now / 3_600_000);
  const counts = (lessons: number) => ({ ...emptyCounts(), lessons, tool_calls: 2 * lessons, successes: lessons, tokens_used: 10 * lessons });

  it("give 60 minutes for an hour, oldest first, ending with the current minute", () => {
    const range = timelineRange("hour", now);
    const timeline = buildTimeline(range, new Map([[minute, counts(3)], [minute - 59, counts(1)], [minute - 60, counts(100)]]));
    expect(timeline).toHaveLength(60);
    expect(timeline[0]).toEqual({ at: "2026-01-01T11:31:00.000Z", ...counts(1) });
    expect(timeline[59]).toEqual({ at: "2026-01-01T12:30:00.000Z", ...counts(3) });
    expect(timeline.reduce((sum, point) => sum + point.lessons, 0)).toBe(4);
    // Latency is counted per hour: the hour window reads the clock hour its first minute is in.
    expect(range.latencyFirstHour).toBe(hour - 1);
  });

  it("give 24 hours for a day and 168 for a week, ending with the current hour", () => {
    const byHour = new Map([[hour, counts(1)], [hour - 23, counts(5)], [hour - 24, counts(7)], [hour - 167, counts(2)], [hour - 168, counts(9)]]);
    const day = buildTimeline(timelineRange("day", now), byHour);
    expect(day).toHaveLength(24);
    expect(day[23]).toEqual({ at: "2026-01-01T12:00:00.000Z", ...counts(1) });
    expect(day[0]).toEqual({ at: "2025-12-31T13:00:00.000Z", ...counts(5) });
    const week = buildTimeline(timelineRange("week", now), byHour);
    expect(week).toHaveLength(168);
    expect(week[0]).toEqual({ at: "2025-12-25T13:00:00.000Z", ...counts(2) });
    expect(week.reduce((sum, point) => sum + point.lessons, 0)).toBe(15);
    expect(timelineRange("week", now).latencyFirstHour).toBe(hour - 167);
  });
});
