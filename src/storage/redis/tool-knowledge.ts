// Redis shared tool knowledge: learned after each session write (cross-slot-write.ts); reads take one round trip.
import { fixDetected } from "../../domain/activity/event-data.js";
import { MAX_FIX_EVENTS_PER_ERROR, MAX_FIXES_PER_ERROR, MAX_SHARED_SUCCESS_PATTERNS } from "../../domain/shared-tools/knowledge.js";
import type { KnownSharedFix, SharedToolKnowledge } from "../../domain/shared-tools/types.js";
import { canonicalJson } from "../../domain/tools/arguments.js";
import { describeDelta } from "../../domain/tools/delta-text.js";
import { MAX_CONTEXTS_PER_ERROR, MAX_VALUES_PER_ARGUMENT } from "../../domain/tools/pattern-limits.js";
import type { ArgDelta } from "../../domain/tools/types.js";
import type { NewToolCall, SessionRef, StoreLimits, ToolKnowledgeStore, WriteKey } from "../port.js";
import { writeLocalThenTenant, writeMarker } from "./cross-slot-write.js";
import { guarded } from "./errors.js";
import type { Keys } from "./keys.js";
import type { ScriptedRedis } from "./scripts.js";
import { knowledgeFromState } from "./shared-state.js";
import { recordInSession, type SessionRecord } from "./tool-memory.js";
import { execAtomically } from "./transaction.js";

type KnowledgeLimits = Pick<
  StoreLimits,
  "maxToolLogEntries" | "fixDetectionWindow" | "sessionsTtlSeconds" | "toolsTtlSeconds" | "writeIdTtlSeconds" | "eventsMaxPerTenant" | "eventsTtlSeconds"
>;

export function createRedisToolKnowledgeStore(redis: ScriptedRedis, keys: Keys, limits: KnowledgeLimits): ToolKnowledgeStore {
  /** Folds the session's record into the tenant's knowledge; answers the known fix of a failure. */
  async function learn(session: SessionRef, { entry, fixedErrorType, argumentPairs }: SessionRecord, writeKey: WriteKey | null): Promise<KnownSharedFix | null> {
    const shared = keys.shared(session.tenant);
    const [markerKey, markerTtl] = writeMarker(shared.applied, writeKey && `tool-call:${session.sessionId}:${writeKey.key}`, limits.writeIdTtlSeconds);
    const delta = entry.fix_for ? entry.delta_args : null;
    const reply = await guarded(() =>
      redis.learnToolCall(
        shared.tool(entry.tool_name),
        shared.toolSessions(entry.tool_name),
        shared.tools,
        markerKey,
        entry.tool_name,
        session.sessionId,
        entry.id,
        entry.outcome,
        argumentPairs,
        entry.context_goal ?? "",
        entry.error_type ?? "",
        entry.execution_time_ms ?? "",
        entry.timestamp,
        fixedErrorType ?? "",
        entry.fix_for ?? "",
        delta ? JSON.stringify(delta) : "",
        delta ? canonicalJson(delta) : "",
        MAX_VALUES_PER_ARGUMENT,
        MAX_CONTEXTS_PER_ERROR,
        MAX_SHARED_SUCCESS_PATTERNS,
        MAX_FIXES_PER_ERROR,
        markerTtl,
        limits.toolsTtlSeconds,
        MAX_FIX_EVENTS_PER_ERROR,
        shared.prefix,
        Date.parse(entry.timestamp),
        limits.eventsMaxPerTenant,
        limits.eventsTtlSeconds,
        JSON.stringify(entry),
        delta ? JSON.stringify(fixDetected(session, entry)) : "",
        limits.sessionsTtlSeconds,
      ),
    );
    if (reply.length === 0) return null;
    const fixDelta = JSON.parse(String(reply[0])) as ArgDelta;
    return { fix_delta: fixDelta, typical_fix: describeDelta(fixDelta), times_applied: Number(reply[1]) };
  }

  return {
    async recordSharedToolCall(session, call: NewToolCall, writeKey) {
      // The tenant learns the fix the session's script detects, so the two go in sequence. A replay
      // is folded in too: if the first attempt's tenant write failed, this is when it lands (the
      // marker makes it once), with the facts the session kept from that first attempt.
      const { local, tenant } = await writeLocalThenTenant(
        () => recordInSession(redis, keys, limits, session, call, writeKey, limits.writeIdTtlSeconds),
        (written) => (written.outcome === "mismatch" ? Promise.resolve(null) : learn(session, written.record, writeKey)),
      );
      if (local.outcome === "mismatch") return local;
      // The script answers a fix only for a failure or timeout with an error type.
      return { outcome: local.outcome, value: { entry: local.record.entry, knownFix: tenant } };
    },

    async listSharedTools(tenant, limit) {
      const shared = keys.shared(tenant);
      const flat = await guarded(() => redis.listSharedTools(shared.tools, limit, shared.tool(""), shared.toolSessions("")));
      const tools = [];
      for (let i = 0; i < flat.length; i += 6) {
        const calls = Number(flat[i + 1]);
        tools.push({
          tool_name: String(flat[i]),
          total_calls: calls,
          success_rate: calls === 0 ? 0 : Number(flat[i + 2]) / calls,
          fixes_learned: Number(flat[i + 3]),
          last_used_at: String(flat[i + 4]),
          sessions_seen: Number(flat[i + 5]),
        });
      }
      return tools;
    },

    async sharedToolKnowledge(tenant, toolNames) {
      if (toolNames.length === 0) return [];
      const shared = keys.shared(tenant);
      const multi = redis.multi();
      for (const name of toolNames) multi.hget(shared.tool(name), "state").pfcount(shared.toolSessions(name));
      const replies = await execAtomically<Array<string | number | null>>(multi);
      const found: SharedToolKnowledge[] = [];
      toolNames.forEach((name, i) => {
        const raw = replies[i * 2];
        if (typeof raw === "string") found.push(knowledgeFromState(name, raw, Number(replies[i * 2 + 1])));
      });
      return found;
    },

    async forgetSharedTool(tenant, toolName) {
      const shared = keys.shared(tenant);
      await execAtomically(redis.multi().del(shared.tool(toolName), shared.toolSessions(toolName)).zrem(shared.tools, toolName));
    },
  };
}
