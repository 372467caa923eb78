// Converts a tool's shared knowledge as the learnToolCall script keeps it into the wire SharedToolKnowledge.
import { fixEfficacy, type EfficacyCounts, type FixRanking } from "../../domain/shared-tools/efficacy.js";
import { presentKnowledge, toolEfficacy } from "../../domain/shared-tools/knowledge.js";
import type { SharedFixEvent, SharedToolKnowledge } from "../../domain/shared-tools/types.js";
import { describeDelta } from "../../domain/tools/delta-text.js";
import type { ArgDelta } from "../../domain/tools/types.js";
import { recentlyUsed } from "../../recently-used.js";
import { asArray, patternFromState, type PatternState } from "./pattern-state.js";

type Empty = Record<string, never>;

// A session's pattern state plus what the tenant adds; user values stay JSON text, and cjson
// writes an empty array as {} (hence asArray).
interface SharedErrorState {
  error_type: string;
  count: number;
  contexts: string[] | Empty;
  example_args?: string;
  /** Distinct fixes in the order they were learned, with their offer counts (absent: none yet). */
  fixes?: Array<{ delta: string; times: number; last: string } & Partial<EfficacyCounts>> | Empty;
  /** The latest fix events, oldest first. */
  events?: SharedFixEvent[] | Empty;
}

interface SharedState {
  total: number;
  success: number;
  failure: number;
  timed: number;
  timed_sum: number;
  args: PatternState["args"];
  errors: SharedErrorState[] | Empty;
  successes: Array<{ goal_match?: string; arg_hints: string; example_call_id?: string; delta_that_fixed: string; session_id: string }> | Empty;
  fixes_learned: number;
  updated_at: string;
  last_used_at: string;
  /** The tool's offer counts (absent before the first offer). */
  eff?: EfficacyCounts;
}

/** A fix's counts as the script keeps them; a field not written yet is 0. */
function countsOf(fix: Partial<EfficacyCounts>): EfficacyCounts {
  return {
    offered: fix.offered ?? 0,
    worked: fix.worked ?? 0,
    failed: fix.failed ?? 0,
    other_fix: fix.other_fix ?? 0,
    ignored: fix.ignored ?? 0,
  };
}

// How many tools' served knowledge is kept decoded. A tool's state changes with every call of it, so
// only what is read more often than it is written (the dashboard, prompts, /fix) is found here.
// Keyed by the state's text: 4M characters of keys at most (8 MB).
const PRESENTED_KEPT = { entries: 256, chars: 4_000_000 };
const presented = recentlyUsed<SharedToolKnowledge>(PRESENTED_KEPT);

/** Freezes a decoded document all the way down, so that a reader sharing it cannot change it for the next. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * knowledgeFromState, decoded once per distinct state: the same state text, sessions count and
 * ranking always give the same knowledge. The answer is frozen and shared by every reader of it.
 */
export function servedKnowledge(toolName: string, raw: string, sessionsSeen: number, ranking: FixRanking = "wilson"): SharedToolKnowledge {
  // The state JSON ends the key: names and counts cannot run into it, and it is compared whole.
  const key = `${toolName}\u0000${sessionsSeen}\u0000${ranking}\u0000${raw}`;
  return presented(key, () => deepFreeze(knowledgeFromState(toolName, raw, sessionsSeen, ranking)));
}

/** The served knowledge (fixes ranked) of one tool, from its state JSON and its sessions count. */
export function knowledgeFromState(toolName: string, raw: string, sessionsSeen: number, ranking: FixRanking = "wilson"): SharedToolKnowledge {
  const state = JSON.parse(raw) as SharedState;
  const base = patternFromState(toolName, { ...state, since: 0, recent: [] });
  const errors = asArray(state.errors);
  const successes = asArray(state.successes);
  return presentKnowledge({
    ...base,
    error_patterns: base.error_patterns.map((pattern, i) => ({
      ...pattern,
      fixes: asArray(errors[i]!.fixes).map((fix) => {
        const delta = JSON.parse(fix.delta) as ArgDelta;
        return { fix_delta: delta, typical_fix: describeDelta(delta), times_applied: fix.times, last_applied_at: fix.last, efficacy: fixEfficacy(countsOf(fix), fix.times, ranking) };
      }),
      recent_fixes: asArray(errors[i]!.events),
    })),
    success_patterns: base.success_patterns.map((pattern, i) => ({ ...pattern, session_id: successes[i]!.session_id })),
    fixes_learned: state.fixes_learned,
    sessions_seen: sessionsSeen,
    last_used_at: state.last_used_at,
    efficacy: toolEfficacy(countsOf(state.eff ?? {})),
  }, ranking);
}
