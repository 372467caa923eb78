// A session's window as a process keeps it between calls: the fix found on it as the embedded store finds it, and the window a write leaves.
import { describe, expect, it } from "vitest";
import type { ToolLogEntry } from "../../src/domain/tools/types.js";
import { createSessionWindows, fixOnWindow, windowAfter, type SessionWindow } from "../../src/storage/redis/session-windows.js";
import { aCall } from "../helpers/fixtures.js";

const DEFAULTS = { max_log_entries: 100, fix_detection_window: 3 };

const entry = (n: number, outcome: "success" | "failure", q: string, fixFor: string | null = null): ToolLogEntry => ({
  id: `call-${String(n).padStart(4, "0")}`,
  ...aCall("search", outcome, { q }),
  fixed_by: null,
  fix_for: fixFor,
  delta_args: null,
});

const windowOf = (entries: ToolLogEntry[], own: { max_log?: string; window?: string } = {}): SessionWindow => ({
  guard: { allocated: entries.length, created_at: "2026-01-01T00:00:00.000Z", token: "t0", max_log: own.max_log ?? "", window: own.window ?? "" },
  entries,
});

describe("a session's window", () => {
  it("finds the newest unfixed failure within the session's look-back, its own settings over the service's", () => {
    const entries = [entry(1, "failure", "a"), entry(2, "success", "z"), entry(3, "success", "z"), entry(4, "success", "z")];
    const success = entry(5, "success", "b");
    // Three calls back by default: the failure is out of reach.
    expect(fixOnWindow(windowOf(entries), success, DEFAULTS)).toBeNull();
    expect(fixOnWindow(windowOf(entries, { window: "4" }), success, DEFAULTS)?.target.id).toBe("call-0001");
    // A log of 4 leaves 3 to look back through, however wide the window.
    expect(fixOnWindow(windowOf(entries, { window: "9", max_log: "4" }), success, DEFAULTS)).toBeNull();
  });

  it("after a write: the next call appended with the write's token, its failure fixed, the oldest beyond the window dropped", () => {
    const window = windowOf([entry(1, "failure", "a"), entry(2, "failure", "b")]);
    const after = windowAfter(window, entry(3, "success", "c", "call-0002"), "t3", DEFAULTS)!;
    expect(after.guard).toMatchObject({ allocated: 3, token: "t3" });
    expect(after.entries.map((e) => [e.id, e.fixed_by])).toEqual([["call-0001", null], ["call-0002", "call-0003"], ["call-0003", null]]);
    expect(windowAfter(after, entry(4, "failure", "d"), "t4", DEFAULTS)!.entries.map((e) => e.id)).toEqual(["call-0002", "call-0003", "call-0004"]);
  });

  it("keeps at most its calls in all, in the windows of the sessions used most recently", () => {
    const windows = createSessionWindows(4);
    const two = () => windowOf([entry(1, "failure", "a"), entry(2, "failure", "b")]);
    windows.set("a", two());
    windows.set("b", two());
    windows.get("a");
    windows.set("c", two());
    expect([windows.get("a") !== undefined, windows.get("b"), windows.get("c") !== undefined]).toEqual([true, undefined, true]);
    windows.set("a", null);
    expect(windows.get("a")).toBeUndefined();
  });
});
