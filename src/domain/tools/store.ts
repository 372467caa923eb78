// The session's port: what the tool-memory service needs from a store for one session's log, patterns and settings.
import type { StoredMemory, ToolLogEntry, ToolPattern } from "./types.js";
import type { SessionSettingOverrides } from "./session-settings.js";
import type { SessionRef } from "../refs.js";

/** A tool call as the service prepares it: the store adds the id and the fix links. */
export type NewToolCall = Omit<ToolLogEntry, "id" | "fixed_by" | "fix_for" | "delta_args">;

/** A tool's pattern with its most recent calls, newest first. */
export interface ToolContext {
  pattern: ToolPattern;
  recent: ToolLogEntry[];
}

/** Counters over a session's kept log, and its lifetime facts. */
export interface SessionCounters {
  total_calls: number;
  success_count: number;
  failure_count: number;
  total_fixes_detected: number;
  tools_tracked: number;
  /** Tools whose pattern was forgotten past MAX_TOOLS_PER_SESSION; present once one was. */
  dropped_tools?: number;
  created_at: string | null;
  updated_at: string | null;
}

export interface ToolMemoryStore {
  /** The kept log, newest first; with `newest`, only that many of the most recent entries. */
  readToolLog(session: SessionRef, newest?: number): Promise<ToolLogEntry[]>;

  /** One kept entry, or null. */
  getToolCall(session: SessionRef, callId: string): Promise<ToolLogEntry | null>;

  /**
   * Each given tool's pattern with its most recent kept entries (newest first, at most `perTool`),
   * in the order asked; with `tools` null, every tool of the session in order of first use.
   * Tools without calls are left out.
   */
  toolContexts(session: SessionRef, tools: readonly string[] | null, perTool: number): Promise<ToolContext[]>;

  /** Every tool's pattern, keyed by tool name. */
  getPatterns(session: SessionRef): Promise<Record<string, ToolPattern>>;

  /** One tool's pattern, or null when the tool has no calls. */
  getPattern(session: SessionRef, toolName: string): Promise<ToolPattern | null>;

  /** Counters over the kept log; zeros and null times for an empty session. */
  sessionCounters(session: SessionRef): Promise<SessionCounters>;

  /** The whole procedural memory, or null when the session has none. */
  exportMemory(session: SessionRef): Promise<StoredMemory | null>;

  /** Replaces everything the session had with the given memory, atomically, then lists the session as active. */
  importMemory(session: SessionRef, memory: StoredMemory): Promise<void>;

  /** Forgets the session: log, patterns, fixes and the id sequence; its settings stay. */
  resetSession(session: SessionRef): Promise<void>;

  /** What the session sets for itself (nulls where the service's settings apply). */
  readSessionSettings(session: SessionRef): Promise<SessionSettingOverrides>;

  /**
   * Replaces what the session sets for itself, atomically; they live as long as the session's
   * other keys, and its next recorded call uses them (trimming its log then, not now).
   */
  writeSessionSettings(session: SessionRef, overrides: SessionSettingOverrides): Promise<void>;
}
