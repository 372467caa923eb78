// Embedded procedural memory: each session's log, patterns and fixes in this process's memory.
import { formatCallId } from "../../domain/tools/arguments.js";
import {
  applyCallToPattern,
  applyFixToPattern,
  emptyPattern,
  errorTypeOf,
  findFixTarget,
  recencyOf,
  type PatternRecency,
} from "../../domain/tools/pattern-update.js";
import { effectiveSettings, lookBack, NO_OVERRIDES, type SessionSettingOverrides } from "../../domain/tools/session-settings.js";
import { FAILURE_OUTCOMES, type FixRelation, type ToolLogEntry, type ToolPattern } from "../../domain/tools/types.js";
import type { NewToolCall, SessionCounters, ToolContext, ToolMemoryStore } from "../../domain/tools/store.js";
import type { StoreLimits } from "../port.js";
import type { SessionRef } from "../../domain/refs.js";
import { ExpiringMap } from "./expiring-map.js";
import { MAX_TOOLS_PER_SESSION } from "../../domain/tools/pattern-limits.js";
import { importedToolRecency } from "../../domain/tools/tool-recency.js";

interface SessionState {
  log: ToolLogEntry[];
  allocated: number;
  patterns: Map<string, ToolPattern>;
  /** When each pattern's names were last seen, for its caps (pattern-update.ts). */
  recency: Map<string, PatternRecency>;
  fixes: FixRelation[];
  fixesDetected: number;
  createdAt: string | null;
  updatedAt: string | null;
  /** Each tool's latest call id (also of calls trimmed from the log), as Redis keeps a pattern's recent ids. */
  lastCallOf: Map<string, string>;
  /** Each tool's latest call number, for MAX_TOOLS_PER_SESSION (Redis's sorted set of the session's tools). */
  toolSeen: Map<string, number>;
  droppedTools: number;
}

function sessionKey(session: SessionRef): string {
  return `${session.tenant}\u0000${session.sessionId}`;
}

const emptySession = (): SessionState => ({
  log: [],
  allocated: 0,
  patterns: new Map(),
  recency: new Map(),
  fixes: [],
  fixesDetected: 0,
  createdAt: null,
  updatedAt: null,
  lastCallOf: new Map(),
  toolSeen: new Map(),
  droppedTools: 0,
});

/** Past MAX_TOOLS_PER_SESSION, forgets the patterns of the tools called least recently, counting them. */
function forgetLeastRecentTools(state: SessionState): void {
  while (state.toolSeen.size > MAX_TOOLS_PER_SESSION) {
    let oldest: string | null = null;
    for (const [tool, seen] of state.toolSeen) if (oldest === null || seen < state.toolSeen.get(oldest)!) oldest = tool;
    for (const map of [state.toolSeen, state.patterns, state.recency, state.lastCallOf]) map.delete(oldest!);
    state.droppedTools += 1;
  }
}

/** A call as its session recorded it, with the error type of the failure it fixed (null when none). */
export interface SessionRecord {
  entry: ToolLogEntry;
  fixedErrorType: string | null;
  /** The session's call of the same tool before this one, or null. */
  previousCallId: string | null;
}

export function createMemoryToolMemoryStore(
  limits: Pick<StoreLimits, "maxToolLogEntries" | "fixDetectionWindow" | "sessionsTtlSeconds">,
  now: () => number,
): ToolMemoryStore & { sweep(): void; recordInSession(session: SessionRef, call: NewToolCall): SessionRecord } {
  const sessions = new ExpiringMap<SessionState>(limits.sessionsTtlSeconds * 1000, now);
  // Apart from the memory, so that a reset or an import leaves them; they live as long as it.
  const settings = new ExpiringMap<SessionSettingOverrides>(limits.sessionsTtlSeconds * 1000, now);
  const defaults = { max_log_entries: limits.maxToolLogEntries, fix_detection_window: limits.fixDetectionWindow };

  // Synchronous, so that nothing else runs between the session's write and the tenant's.
  function recordInSession(session: SessionRef, call: NewToolCall): SessionRecord {
    const key = sessionKey(session);
    const state = sessions.upsert(key, emptySession);
    const overrides = settings.get(key);
    if (overrides) settings.set(key, overrides);
    const own = effectiveSettings(overrides ?? NO_OVERRIDES, defaults);
    const now = call.timestamp;
    state.allocated += 1;
    const entry: ToolLogEntry = {
      id: formatCallId(state.allocated),
      ...structuredClone(call),
      fixed_by: null,
      fix_for: null,
      delta_args: null,
    };

    const fix = entry.outcome === "success" ? findFixTarget(state.log.slice(Math.max(0, state.log.length - lookBack(own))), entry) : null;
    if (fix) {
      fix.target.fixed_by = entry.id;
      entry.fix_for = fix.target.id;
      entry.delta_args = fix.delta;
      state.fixes.push({ failed_call_id: fix.target.id, success_call_id: entry.id, delta_args: structuredClone(fix.delta), detected_at: now });
      state.fixes.splice(0, Math.max(0, state.fixes.length - limits.maxToolLogEntries));
      state.fixesDetected += 1;
    }

    state.log.push(entry);
    state.log.splice(0, Math.max(0, state.log.length - own.max_log_entries));

    let pattern = state.patterns.get(entry.tool_name);
    if (!pattern) {
      pattern = emptyPattern(entry.tool_name, now);
      state.patterns.set(entry.tool_name, pattern);
    }
    let recency = state.recency.get(entry.tool_name);
    if (!recency) state.recency.set(entry.tool_name, (recency = recencyOf(pattern)));
    applyCallToPattern(pattern, entry, now, recency);
    if (fix) applyFixToPattern(pattern, fix.target, entry, fix.delta);
    state.toolSeen.set(entry.tool_name, state.allocated);
    forgetLeastRecentTools(state);

    state.createdAt ??= now;
    state.updatedAt = now;
    const previousCallId = state.lastCallOf.get(entry.tool_name) ?? null;
    state.lastCallOf.set(entry.tool_name, entry.id);
    return { entry: structuredClone(entry), fixedErrorType: fix ? errorTypeOf(fix.target) : null, previousCallId };
  }

  return {
    sweep: () => {
      sessions.sweep();
      settings.sweep();
    },
    recordInSession,

    async readToolLog(session, newest) {
      const log = sessions.get(sessionKey(session))?.log ?? [];
      const kept = newest === undefined ? log : log.slice(Math.max(0, log.length - newest));
      return structuredClone(kept).reverse();
    },

    async getToolCall(session, callId) {
      const found = sessions.get(sessionKey(session))?.log.find((entry) => entry.id === callId);
      return found ? structuredClone(found) : null;
    },

    async toolContexts(session, tools, perTool) {
      const state = sessions.get(sessionKey(session));
      if (!state) return [];
      const contexts: ToolContext[] = [];
      for (const tool of tools ?? [...state.patterns.keys()]) {
        const pattern = state.patterns.get(tool);
        if (!pattern) continue;
        const recent: ToolLogEntry[] = [];
        for (let i = state.log.length - 1; i >= 0 && recent.length < perTool; i -= 1) {
          if (state.log[i]!.tool_name === tool) recent.push(state.log[i]!);
        }
        contexts.push(structuredClone({ pattern, recent }));
      }
      return contexts;
    },

    async getPatterns(session) {
      return structuredClone(Object.fromEntries(sessions.get(sessionKey(session))?.patterns ?? []));
    },

    async getPattern(session, toolName) {
      const pattern = sessions.get(sessionKey(session))?.patterns.get(toolName);
      return pattern ? structuredClone(pattern) : null;
    },

    async sessionCounters(session): Promise<SessionCounters> {
      const state = sessions.get(sessionKey(session));
      const log = state?.log ?? [];
      return {
        total_calls: log.length,
        success_count: log.filter((entry) => entry.outcome === "success").length,
        failure_count: log.filter((entry) => FAILURE_OUTCOMES.has(entry.outcome)).length,
        total_fixes_detected: state?.fixesDetected ?? 0,
        tools_tracked: state?.patterns.size ?? 0,
        ...(state?.droppedTools ? { dropped_tools: state.droppedTools } : {}),
        created_at: state?.createdAt ?? null,
        updated_at: state?.updatedAt ?? null,
      };
    },

    async exportMemory(session) {
      const state = sessions.get(sessionKey(session));
      if (!state) return null;
      return structuredClone({
        session_id: session.sessionId,
        tool_log: state.log,
        tool_patterns: Object.fromEntries(state.patterns),
        fix_relations: state.fixes,
        next_call_id: state.allocated + 1,
        created_at: state.createdAt ?? "",
        updated_at: state.updatedAt ?? "",
      });
    },

    async importMemory(session, memory) {
      const copy = structuredClone(memory);
      sessions.set(sessionKey(session), {
        log: copy.tool_log,
        allocated: copy.next_call_id - 1,
        patterns: new Map(Object.entries(copy.tool_patterns)),
        // Imported names were seen before any call here (recencyOf, when the tool is next called).
        recency: new Map(),
        fixes: copy.fix_relations,
        fixesDetected: copy.fix_relations.length,
        createdAt: copy.created_at,
        updatedAt: copy.updated_at,
        lastCallOf: new Map(copy.tool_log.map((entry) => [entry.tool_name, entry.id])),
        toolSeen: importedToolRecency(copy),
        droppedTools: 0,
      });
    },

    async resetSession(session) {
      sessions.delete(sessionKey(session));
    },

    async readSessionSettings(session) {
      return { ...(settings.get(sessionKey(session)) ?? NO_OVERRIDES) };
    },

    async writeSessionSettings(session, overrides) {
      const key = sessionKey(session);
      if (overrides.max_log_entries === null && overrides.fix_detection_window === null) settings.delete(key);
      else settings.set(key, { ...overrides });
    },
  };
}
