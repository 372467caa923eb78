// Filters a session's log the way search_calls did: every given filter must hold.
import { errorTypeOf } from "./pattern-update.js";
import { FAILURE_OUTCOMES, type ToolLogEntry, type ToolOutcome } from "./types.js";

export interface CallFilter {
  tool_name?: string | undefined;
  goal_contains?: string | undefined;
  outcome?: ToolOutcome | undefined;
  error_type?: string | undefined;
  only_fixes?: boolean | undefined;
  only_fixed?: boolean | undefined;
}

/** True when no filter narrows the search, so the newest entries can be read directly. */
export function isUnfiltered(filter: CallFilter): boolean {
  return !filter.tool_name && !filter.goal_contains && !filter.outcome && !filter.error_type && !filter.only_fixes && !filter.only_fixed;
}

export function matchesFilter(entry: ToolLogEntry, filter: CallFilter): boolean {
  if (filter.tool_name && entry.tool_name !== filter.tool_name) return false;
  if (filter.goal_contains) {
    // Entries without a goal never match a goal search.
    if (!entry.context_goal?.toLowerCase().includes(filter.goal_contains.toLowerCase())) return false;
  }
  if (filter.outcome && entry.outcome !== filter.outcome) return false;
  // A failure without an error type is found as "unknown", the name its pattern files it under.
  if (filter.error_type && (FAILURE_OUTCOMES.has(entry.outcome) ? errorTypeOf(entry) : entry.error_type) !== filter.error_type) return false;
  if (filter.only_fixes && entry.fix_for === null) return false;
  if (filter.only_fixed && entry.fixed_by === null) return false;
  return true;
}
