// Redis tool memory: a call recorded by session-writes.ts; reads take one round trip each.
import type { ToolLogEntry } from "../../domain/tools/types.js";
import type { SessionCounters, ToolMemoryStore } from "../../domain/tools/store.js";
import type { SessionRef } from "../../domain/refs.js";
import { writeLocalThenTenant } from "./cross-slot-write.js";
import { touchListing } from "./listing-touch.js";
import { guarded } from "./errors.js";
import { flatHash } from "./flat-hash.js";
import type { Keys } from "./keys.js";
import { entriesFromPairs, entryFrom } from "./log-entries.js";
import { createPatternCache, type ParsedPattern } from "./pattern-cache.js";
import { asArray, callsOfReply, patternOfReply, patternRepliesOf, replyVersion } from "./pattern-state.js";
import { scriptInput } from "./named-keys.js";
import type { ScriptedRedis } from "./script-commands.js";
import { exportSession, importSession } from "./session-transfer.js";
import { windowKey, type SessionDeciding, type SessionLimits } from "./session-writes.js";

export function createRedisToolMemoryStore(redis: ScriptedRedis, keys: Keys, limits: SessionLimits, deciding: SessionDeciding): ToolMemoryStore {
  const patterns = createPatternCache();

  /** Tools' patterns (every tool's when `tools` is null) with their newest `perTool` kept calls: one read-only script. */
  async function readPatterns(session: SessionRef, tools: readonly string[] | null, perTool: number): Promise<Array<ParsedPattern & { recent: ToolLogEntry[] }>> {
    const k = keys.session(session);
    const input = { root: k.root, per_tool: perTool, ...(tools ? { tools } : {}) };
    const reply = patternRepliesOf(await guarded(() => redis.readToolPatterns(k.tools, k.calls, scriptInput(input))));
    return reply.map((found) => ({
      ...patterns.patternOf(k.root, found.name, replyVersion(found), () => patternOfReply(found)),
      recent: entriesFromPairs(callsOfReply(found)),
    }));
  }

  return {
    async readToolLog(session, newest) {
      const k = keys.session(session);
      if (newest === 0) return [];
      const answer = JSON.parse(await guarded(() => redis.readLog(k.log, k.calls, scriptInput({ newest: newest ?? 0 })))) as { calls: string[] | Record<string, never> };
      return entriesFromPairs(asArray(answer.calls));
    },

    async getToolCall(session, callId) {
      const [json, fixedBy] = await guarded(() => redis.hmget(keys.session(session).calls, `e:${callId}`, `f:${callId}`));
      return json ? entryFrom(json, fixedBy) : null;
    },

    async toolContexts(session, tools, perTool) {
      const found = await readPatterns(session, tools, perTool);
      // Tools asked for by name keep the caller's order; otherwise the order of first use.
      if (!tools) found.sort((a, b) => a.since - b.since);
      return found.map(({ pattern, recent }) => ({ pattern, recent }));
    },

    async getPatterns(session) {
      const found = await readPatterns(session, null, 0);
      found.sort((a, b) => a.since - b.since);
      // Decoded patterns are shared and frozen; the caller gets its own copy, as from the embedded store.
      return Object.fromEntries(found.map(({ pattern }) => [pattern.tool_name, structuredClone(pattern)]));
    },

    async getPattern(session, toolName) {
      const [found] = await readPatterns(session, [toolName], 0);
      return found ? structuredClone(found.pattern) : null;
    },

    async sessionCounters(session): Promise<SessionCounters> {
      const k = keys.session(session);
      // One read-only script: as atomic as MULTI, and one command to build and parse instead of five.
      const { meta: flat, kept, tools } = JSON.parse(await guarded(() => redis.readSessionSummary(k.meta, k.log, k.tools))) as {
        meta: string[] | Record<string, never>;
        kept: number;
        tools: number;
      };
      const meta = flatHash(asArray(flat));
      return {
        total_calls: kept,
        success_count: Number(meta.success ?? 0),
        failure_count: Number(meta.failure ?? 0),
        total_fixes_detected: Number(meta.fixes ?? 0),
        tools_tracked: tools,
        ...(meta.dropped_tools ? { dropped_tools: Number(meta.dropped_tools) } : {}),
        created_at: meta.created_at ?? null,
        updated_at: meta.updated_at ?? null,
      };
    },

    exportMemory: (session) => exportSession(redis, keys.session(session), session.sessionId),
    async importMemory(session, memory) {
      deciding.windows.forget(windowKey(session));
      const shared = keys.shared(session.tenant);
      await writeLocalThenTenant(
        () => importSession(redis, keys.session(session), memory, limits.sessionsTtlSeconds),
        // An import lists the session as active now; it logs no event (nothing was called). Offers made to the session before
        // it go (see resetSession).
        async () => {
          await touchListing(redis, shared, { kind: "sessions", id: session.sessionId, at_ms: Date.now(), ttl: limits.sessionsTtlSeconds });
          await guarded(() => redis.del(shared.pendingOffers(session.sessionId)));
        },
      );
    },

    async resetSession(session) {
      deciding.windows.forget(windowKey(session));
      const k = keys.session(session);
      await redis.writes.transaction((t) => t.clearSession(k.meta, k.log, k.calls, k.fixes, k.tools, scriptInput({ root: k.root })));
      // The session starts over, its call ids with it: an offer made to a call before stays undecided, as on the embedded
      // store, and is no longer there to be taken for a later call's (tool-fixes.ts leaves an offer alone to a write older than it).
      await guarded(() => redis.del(keys.shared(session.tenant).pendingOffers(session.sessionId)));
    },

    async readSessionSettings(session) {
      const [maxLog, window] = await guarded(() => redis.hmget(keys.session(session).settings, "max_log_entries", "fix_detection_window"));
      return { max_log_entries: maxLog === null ? null : Number(maxLog), fix_detection_window: window === null ? null : Number(window) };
    },

    async writeSessionSettings(session, overrides) {
      deciding.windows.forget(windowKey(session));
      const k = keys.session(session);
      const fields = Object.entries(overrides).filter(([, value]) => value !== null);
      await redis.writes.transaction((t) => {
        t.del(k.settings);
        if (fields.length === 0) return;
        t.hset(k.settings, Object.fromEntries(fields));
        // As long as the session's other keys: its next call extends them together.
        if (limits.sessionsTtlSeconds > 0) t.expire(k.settings, limits.sessionsTtlSeconds);
      });
    },
  };
}
