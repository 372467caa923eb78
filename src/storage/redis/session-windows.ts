// The end of each session's log as this process last read or wrote it, so that a success's fix is found here (pattern-update.ts) and written by a script that refuses it if the session moved since.
import { errorTypeOf, findFixTarget, type FixTarget } from "../../domain/tools/pattern-update.js";
import { effectiveSettings, lookBack, type EffectiveSessionSettings } from "../../domain/tools/session-settings.js";
import type { ToolLogEntry } from "../../domain/tools/types.js";
import { touched } from "../../recently-used.js";
import { entryFrom } from "./log-entries.js";
import type { RecordInput, SessionGuard, WindowReply } from "./tool-call-scripts.js";

/**
 * Sessions whose window is kept, the least recently used forgotten first. A window holds at most the session's
 * fix-detection window of entries (10 by default, about 0.5 KB each), so 10,000 sessions take about 50 MB at most.
 */
export const CACHED_SESSION_WINDOWS = 10_000;

/** A session's window: what the decision depends on (the guard a write carries), and its last calls, oldest first. */
export interface SessionWindow {
  guard: SessionGuard;
  entries: ToolLogEntry[];
}

/** A guard no session holds: a write carrying it is always refused, and the refusal answers the session's window. */
export const UNKNOWN_SESSION: SessionGuard = { allocated: -1, created_at: "", max_log: "", window: "" };

/** The window as lib/session-window.lua read it. */
export function windowFrom(reply: WindowReply): SessionWindow {
  const entries = Array.isArray(reply.entries) ? reply.entries : [];
  const fixedBy = Array.isArray(reply.fixed_by) ? reply.fixed_by : [];
  return {
    guard: { allocated: Number(reply.allocated), created_at: reply.created_at, max_log: reply.max_log, window: reply.window },
    // An entry trimmed between the two reads of the script cannot happen (a script is atomic); '' marks none.
    entries: entries.flatMap((json, i) => (json === "" ? [] : [entryFrom(json, fixedBy[i])])),
  };
}

/** The session's settings as its window says it sets them, over the service's. */
function settingsOf(guard: SessionGuard, defaults: EffectiveSessionSettings): EffectiveSessionSettings {
  return effectiveSettings(
    { max_log_entries: guard.max_log === "" ? null : Number(guard.max_log), fix_detection_window: guard.window === "" ? null : Number(guard.window) },
    defaults,
  );
}

/** The failure a success fixes, found on the window as the session's settings bound it (the embedded store's rule). */
export function fixOnWindow(window: SessionWindow, success: ToolLogEntry, defaults: EffectiveSessionSettings): FixTarget | null {
  const span = lookBack(settingsOf(window.guard, defaults));
  return findFixTarget(window.entries.slice(Math.max(0, window.entries.length - span)), success);
}

/** The fix as the record script takes it. */
export function fixInput(fix: FixTarget | null): RecordInput["fix"] {
  return fix ? { id: fix.target.id, error_type: errorTypeOf(fix.target), delta: JSON.stringify(fix.delta) } : undefined;
}

/**
 * The window after this process recorded `entry` on it (with the failure it fixed now fixed), or null when the
 * record shows another write came between (its id is not the next one): the next success reads the window again.
 */
export function windowAfter(window: SessionWindow, entry: ToolLogEntry, defaults: EffectiveSessionSettings): SessionWindow | null {
  const allocated = Number(entry.id.slice("call-".length));
  if (allocated !== window.guard.allocated + 1) return null;
  const kept = window.entries.map((prior) => (prior.id === entry.fix_for ? { ...prior, fixed_by: entry.id } : prior));
  kept.push(entry);
  const span = Math.max(1, settingsOf(window.guard, defaults).fix_detection_window);
  return {
    guard: { ...window.guard, allocated, created_at: window.guard.created_at || entry.timestamp },
    entries: kept.slice(Math.max(0, kept.length - span)),
  };
}

/** The windows this process keeps, by session. */
export function createSessionWindows(maxSessions = CACHED_SESSION_WINDOWS) {
  const windows = new Map<string, SessionWindow>();
  return {
    get: (key: string): SessionWindow | undefined => touched(windows, key),
    set(key: string, window: SessionWindow | null): void {
      windows.delete(key);
      if (!window) return;
      windows.set(key, window);
      if (windows.size > maxSessions) windows.delete(windows.keys().next().value!);
    },
    forget(key: string): void {
      windows.delete(key);
    },
  };
}

export type SessionWindows = ReturnType<typeof createSessionWindows>;
