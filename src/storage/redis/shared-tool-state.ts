// Converts a tool's shared knowledge as the learnToolCall script keeps it (a field at a time) into the wire SharedToolKnowledge.
import { fixCounts, type EfficacyCounts, type FixRanking } from "../../domain/shared-tools/efficacy.js";
import { presentKnowledge, toolEfficacy, type FixSet } from "../../domain/shared-tools/knowledge.js";
import type { SharedToolKnowledge } from "../../domain/shared-tools/types.js";
import { recentlyUsed } from "../../recently-used.js";
import { argumentsInOrder, asArray, errorsInOrder, fieldPairs, patternFromState, versionOf, type ErrorField, type PatternState } from "./pattern-state.js";
import { afterNewline, fixSetFrom, slotField } from "./tool-fix-texts.js";

type Empty = Record<string, never>;

interface SharedSuccess {
  goal_match?: string;
  arg_hints: string;
  example_call_id?: string;
  delta_that_fixed: string;
  session_id: string;
}

/** What knowledgeFrom reads, whichever layout it came from. */
interface SharedState extends PatternState {
  errors: Array<ErrorField & { error_type: string }>;
  /** The fix sets by error type. */
  fixes: Map<string, FixSet>;
  successes: SharedSuccess[] | Empty;
  fixes_learned: number;
  last_used_at: string;
  eff: EfficacyCounts;
}

/** What readSharedTools-1.lua read of one tool, its hashes flat. */
export interface SharedToolReply {
  tool: string[];
  args: string[];
  errors: string[];
  sessionsSeen: number;
  /** The fix sets' fields: `<version>\n<JSON>` each. */
  fixes: string[];
  /** What the fix slots hash keeps beside the sets (their fixes' offer counts among it), flat (tool-fix-texts.ts: slotField). */
  fixSlots: string[];
}


/** The knowledge from its fields (lib/learn-tool-call.lua). */
function stateFromFields(reply: SharedToolReply, ranking: FixRanking): SharedState {
  const fields = new Map(fieldPairs(reply.tool));
  const count = (name: string) => Number(fields.get(name) ?? 0);
  const slots = new Map(fieldPairs(reply.fixSlots));
  return {
    since: 0,
    total: count("calls"),
    success: count("successes"),
    failure: count("failure"),
    timed: count("timed"),
    timed_sum: count("timed_sum"),
    args: argumentsInOrder(reply.args),
    errors: errorsInOrder<ErrorField>(reply.errors),
    fixes: new Map(fieldPairs(reply.fixes).map(([errorType, raw]) => [errorType, fixSetFrom(afterNewline(raw), ranking, (slot, name) => Number(slots.get(slotField(slot, name, errorType)) ?? 0)).set])),
    successes: JSON.parse(fields.get("success_patterns") ?? "[]") as SharedSuccess[] | Empty,
    recent: [],
    updated_at: fields.get("updated_at") ?? "",
    dropped_argument_names: count("dropped_argument_names"),
    dropped_error_types: count("dropped_error_types"),
    fixes_learned: count("fixes"),
    last_used_at: fields.get("last_used_at") ?? "",
    eff: fixCounts({ offered: count("offered"), worked: count("worked"), failed: count("failed"), other_fix: count("other_fix"), ignored: count("ignored") }),
  };
}

/** The served knowledge (fixes ranked) of one tool. */
function knowledgeFrom(toolName: string, state: SharedState, sessionsSeen: number, ranking: FixRanking): SharedToolKnowledge {
  const base = patternFromState(toolName, state);
  const successes = asArray(state.successes);
  return presentKnowledge(
    {
      ...base,
      error_patterns: base.error_patterns.map((pattern) => {
        const set = state.fixes.get(pattern.error_type);
        return { ...pattern, fixes: set?.fixes ?? [], recent_fixes: set?.recent_fixes ?? [] };
      }),
      success_patterns: base.success_patterns.map((pattern, i) => ({ ...pattern, session_id: successes[i]!.session_id })),
      fixes_learned: state.fixes_learned,
      sessions_seen: sessionsSeen,
      last_used_at: state.last_used_at,
      efficacy: toolEfficacy(state.eff),
    },
    ranking,
  );
}

/** Freezes a decoded document all the way down, so that a reader sharing it cannot change it for the next. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

// How many tools' served knowledge is kept decoded: what is read more often than it is written (the
// dashboard, prompts, /fix) is found here. Keys are short (a version, not the state).
const PRESENTED_KEPT = { entries: 256, chars: 4_000_000 };

/**
 * The tenant's knowledge of a tool, decoded once per version: when its keys were born and how many calls
 * it learned from (pattern-state.ts: versionOf), with its sessions count. The answer is frozen and shared
 * by every reader of it.
 */
export function createServedKnowledge(ranking: FixRanking) {
  const presented = recentlyUsed<SharedToolKnowledge>(PRESENTED_KEPT);
  return {
    knowledgeOf(tenant: string, toolName: string, reply: SharedToolReply): SharedToolKnowledge {
      const version = versionOf(reply.tool, "calls");
      // The version ends the key: names and counts cannot run into it.
      const key = `${tenant}\u0000${toolName}\u0000${reply.sessionsSeen}\u0000${version}`;
      return presented(key, () => deepFreeze(knowledgeFrom(toolName, stateFromFields(reply, ranking), reply.sessionsSeen, ranking)));
    },
  };
}
