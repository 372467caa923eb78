// Embedded shared tool knowledge: each tenant's aggregate per tool, learned from every session's calls.
import { emptyKnowledge, foldSharedCall, knownFixOf, presentKnowledge } from "../../domain/shared-tools/knowledge.js";
import type { SharedCallFacts, SharedToolKnowledge } from "../../domain/shared-tools/types.js";
import { errorTypeOf } from "../../domain/tools/pattern-update.js";
import { FAILURE_OUTCOMES, type ToolLogEntry } from "../../domain/tools/types.js";
import type { NewToolCall, SessionRef, StoreLimits, ToolKnowledgeStore } from "../port.js";
import type { MemoryActivity } from "./activity.js";
import { ExpiringMap } from "./expiring-map.js";
import type { SessionRecord } from "./tool-memory.js";
import { createWriteKeys } from "./write-keys.js";

interface ToolState {
  /** Fixes in the order they were learned; ranked when served. */
  knowledge: SharedToolKnowledge;
  /** Exact here; Redis keeps a HyperLogLog instead. */
  sessions: Set<string>;
}

const toolKey = (tenant: string, toolName: string) => `${tenant}\u0000${toolName}`;

export function createMemoryToolKnowledgeStore(
  limits: Pick<StoreLimits, "toolsTtlSeconds" | "writeIdTtlSeconds">,
  now: () => number,
  recordInSession: (session: SessionRef, call: NewToolCall) => SessionRecord,
  activity: Pick<MemoryActivity, "toolCallRecorded">,
): ToolKnowledgeStore & { sweep(): void } {
  const tools = new ExpiringMap<ToolState>(limits.toolsTtlSeconds * 1000, now);
  /** A keyed call keeps its entry as recorded, which its replay answers. */
  const writeKeys = createWriteKeys<ToolLogEntry>(limits.writeIdTtlSeconds, now);
  /** Tool names per tenant, for listings; pruned of expired tools as they are read. */
  const namesByTenant = new Map<string, Set<string>>();

  function served(state: ToolState): SharedToolKnowledge {
    return presentKnowledge(structuredClone({ ...state.knowledge, sessions_seen: state.sessions.size }));
  }

  /** Folds the call in, unless its write id was applied already; false then. */
  function learn(tenant: string, facts: SharedCallFacts): void {
    const state = tools.upsert(toolKey(tenant, facts.tool_name), () => ({
      knowledge: emptyKnowledge(facts.tool_name, facts.timestamp),
      sessions: new Set(),
    }));
    foldSharedCall(state.knowledge, facts, facts.timestamp);
    state.sessions.add(facts.session_id);
    let names = namesByTenant.get(tenant);
    if (!names) namesByTenant.set(tenant, (names = new Set()));
    names.add(facts.tool_name);
  }

  function liveStates(tenant: string): ToolState[] {
    const names = namesByTenant.get(tenant);
    if (!names) return [];
    const states: ToolState[] = [];
    for (const name of names) {
      const state = tools.get(toolKey(tenant, name));
      if (state) states.push(state);
      else names.delete(name);
    }
    return states;
  }

  return {
    sweep() {
      tools.sweep();
      writeKeys.sweep();
      for (const tenant of namesByTenant.keys()) if (liveStates(tenant).length === 0) namesByTenant.delete(tenant);
    },

    async recordSharedToolCall(session, call, writeKey) {
      const knownFixFor = (entry: ToolLogEntry) => {
        const state = tools.get(toolKey(session.tenant, entry.tool_name));
        return structuredClone(FAILURE_OUTCOMES.has(entry.outcome) && state ? knownFixOf(state.knowledge, errorTypeOf(entry)) : null);
      };
      return writeKeys.once(
        `${toolKey(session.tenant, session.sessionId)}\u0000session`,
        writeKey,
        () => {
          const { entry, fixedErrorType } = recordInSession(session, call);
          const fix = entry.fix_for && entry.delta_args ? { failed_call_id: entry.fix_for, error_type: fixedErrorType, delta: entry.delta_args } : null;
          learn(session.tenant, { ...entry, session_id: session.sessionId, call_id: entry.id, fix });
          activity.toolCallRecorded(session, entry);
          return { value: { entry, knownFix: knownFixFor(entry) }, kept: structuredClone(entry) };
        },
        (entry) => ({ entry: structuredClone(entry), knownFix: knownFixFor(entry) }),
      );
    },

    async listSharedTools(tenant, limit) {
      return liveStates(tenant)
        .map(({ knowledge, sessions }) => ({
          tool_name: knowledge.tool_name,
          total_calls: knowledge.total_calls,
          success_rate: knowledge.success_rate,
          fixes_learned: knowledge.fixes_learned,
          sessions_seen: sessions.size,
          last_used_at: knowledge.last_used_at,
        }))
        .sort((a, b) => b.total_calls - a.total_calls || (a.tool_name < b.tool_name ? -1 : a.tool_name > b.tool_name ? 1 : 0))
        .slice(0, limit);
    },

    async sharedToolKnowledge(tenant, toolNames) {
      return toolNames.flatMap((name) => {
        const state = tools.get(toolKey(tenant, name));
        return state ? [served(state)] : [];
      });
    },

    async forgetSharedTool(tenant, toolName) {
      tools.delete(toolKey(tenant, toolName));
      namesByTenant.get(tenant)?.delete(toolName);
    },
  };
}
