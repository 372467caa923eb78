// The end of each session's log as this process last read or wrote it, so that a success's fix is found here (pattern-update.ts) and written by a script that refuses it if the session moved since.
import { errorTypeOf, findFixTarget, type FixTarget } from "../../domain/tools/pattern-update.js";
import { effectiveSettings, lookBack, type EffectiveSessionSettings } from "../../domain/tools/session-settings.js";
import type { ToolLogEntry } from "../../domain/tools/types.js";
import { weightedLru } from "../../recently-used.js";
import { entryFrom } from "./log-entries.js";
import type { RecordInput, SessionGuard, WindowReply } from "./tool-call-scripts.js";

/**
 * Calls kept in all, over every session's window, the least recently used session forgotten first: a session may set a
 * window of up to 1,000 calls (its fix_detection_window), so the bound is on calls, not sessions. At about 0.5 KB a call (more for
 * large arguments) that is about 50 MB.
 */
export const CACHED_WINDOW_CALLS = 100_000;

/** A session's window: what the decision depends on (the guard a write carries), and its last calls, oldest first. */
export interface SessionWindow {
  guard: SessionGuard;
  entries: ToolLogEntry[];
}

/**
 * The window of a session that holds no call and sets nothing for itself: what a session this process knows nothing of
 * is taken to be. A write decided on it is refused when the session is not so, and the refusal answers its window.
 */
export const NEW_SESSION: SessionWindow = Object.freeze({
  guard: Object.freeze({ allocated: 0, created_at: "", token: "", max_log: "", window: "" }),
  entries: [],
}) as SessionWindow;

/** The window as lib/session-window.lua read it. */
export function windowFrom(reply: WindowReply): SessionWindow {
  const entries = Array.isArray(reply.entries) ? reply.entries : [];
  const fixedBy = Array.isArray(reply.fixed_by) ? reply.fixed_by : [];
  return {
    guard: { allocated: Number(reply.allocated), created_at: reply.created_at, token: reply.token, max_log: reply.max_log, window: reply.window },
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

/** The window after `entry`, the session's next call, was recorded on it with the write token `token` (the failure it fixed now fixed). */
export function windowAfter(window: SessionWindow, entry: ToolLogEntry, token: string, defaults: EffectiveSessionSettings): SessionWindow {
  const allocated = window.guard.allocated + 1;
  const kept = window.entries.map((prior) => (prior.id === entry.fix_for ? { ...prior, fixed_by: entry.id } : prior));
  kept.push(entry);
  const span = Math.max(1, settingsOf(window.guard, defaults).fix_detection_window);
  return {
    guard: { ...window.guard, allocated, token, created_at: window.guard.created_at || entry.timestamp },
    entries: kept.slice(Math.max(0, kept.length - span)),
  };
}

/** The windows this process keeps, by session. */
export function createSessionWindows(maxCalls = CACHED_WINDOW_CALLS) {
  const windows = weightedLru<SessionWindow>(maxCalls, (window) => window.entries.length);
  return {
    get: windows.get,
    /** Keeps the session's window, or forgets it (null). */
    set: (key: string, window: SessionWindow | null): void => (window ? windows.set(key, window) : windows.forget(key)),
    forget: windows.forget,
  };
}

export type SessionWindows = ReturnType<typeof createSessionWindows>;
