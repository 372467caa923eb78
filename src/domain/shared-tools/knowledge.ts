// How a tenant's shared knowledge of a tool learns from each recorded call, and how it ranks the fixes it learned.
import { canonicalJson } from "../tools/arguments.js";
import { describeDelta } from "../tools/delta-text.js";
import { MAX_SUCCESS_PATTERNS } from "../tools/pattern-limits.js";
import { applyCallToPattern, emptyPattern } from "../tools/pattern-update.js";
import type { ErrorPattern, ToolPattern } from "../tools/types.js";
import type { KnownSharedFix, SharedCallFacts, SharedErrorPattern, SharedFix, SharedToolKnowledge } from "./types.js";

/** Distinct fixes kept per error type: enough for alternatives, few enough to stay one glance. */
export const MAX_FIXES_PER_ERROR = 5;

/** Fix events (session, failure, fix) kept per error type, for the guidance block. */
export const MAX_FIX_EVENTS_PER_ERROR = 3;

/** Fixes across sessions kept as success patterns, as a session keeps its own. */
export const MAX_SHARED_SUCCESS_PATTERNS = MAX_SUCCESS_PATTERNS;

/** Knowledge of a tool the tenant has not called yet. */
export function emptyKnowledge(toolName: string, now: string): SharedToolKnowledge {
  return { ...emptyPattern(toolName, now), error_patterns: [], success_patterns: [], fixes_learned: 0, sessions_seen: 0, last_used_at: now };
}

function sharedErrorPattern(pattern: ErrorPattern): SharedErrorPattern {
  const shared = pattern as SharedErrorPattern;
  shared.fixes ??= [];
  shared.recent_fixes ??= [];
  return shared;
}

function errorPatternFor(knowledge: SharedToolKnowledge, errorType: string): SharedErrorPattern {
  const found = knowledge.error_patterns.find((ep) => ep.error_type === errorType);
  if (found) return found;
  // A fix for a failure learned before this knowledge existed (or was forgotten) is still worth keeping.
  const created: SharedErrorPattern = { error_type: errorType, count: 0, contexts: [], example_args: null, typical_fix: null, fix_delta: null, fixes: [], recent_fixes: [] };
  knowledge.error_patterns.push(created);
  return created;
}

/** The index of the fix to forget for a new one: least applied, then applied longest ago, then kept first. */
function leastUsedFix(fixes: SharedFix[]): number {
  let worst = 0;
  fixes.forEach((fix, i) => {
    const current = fixes[worst]!;
    if (fix.times_applied < current.times_applied || (fix.times_applied === current.times_applied && fix.last_applied_at < current.last_applied_at)) worst = i;
  });
  return worst;
}

function learnFix(knowledge: SharedToolKnowledge, facts: SharedCallFacts, fix: NonNullable<SharedCallFacts["fix"]>, now: string): void {
  knowledge.fixes_learned += 1;
  if (fix.error_type) {
    const pattern = errorPatternFor(knowledge, fix.error_type);
    const wanted = canonicalJson(fix.delta);
    const known = pattern.fixes.find((kept) => canonicalJson(kept.fix_delta) === wanted);
    if (known) {
      known.times_applied += 1;
      known.last_applied_at = now;
    } else {
      if (pattern.fixes.length >= MAX_FIXES_PER_ERROR) pattern.fixes.splice(leastUsedFix(pattern.fixes), 1);
      pattern.fixes.push({ fix_delta: structuredClone(fix.delta), typical_fix: describeDelta(fix.delta), times_applied: 1, last_applied_at: now });
    }
    pattern.recent_fixes.push({ session_id: facts.session_id, failed_call_id: fix.failed_call_id, fix_call_id: facts.call_id, applied_at: now });
    if (pattern.recent_fixes.length > MAX_FIX_EVENTS_PER_ERROR) pattern.recent_fixes.shift();
  }
  knowledge.success_patterns.push({
    goal_match: facts.context_goal || null,
    arg_hints: structuredClone(facts.arguments),
    example_call_id: facts.call_id,
    delta_that_fixed: structuredClone(fix.delta),
    session_id: facts.session_id,
  });
  if (knowledge.success_patterns.length > MAX_SHARED_SUCCESS_PATTERNS) knowledge.success_patterns.shift();
}

/**
 * Folds one call into the knowledge (mutating it), by the same rules as a session's pattern
 * (counts, exact mean time, argument values, error patterns), then learns the fix it made, if any.
 * Fixes and fix events stay in the order they were first learned; `presentKnowledge` ranks them.
 */
export function foldSharedCall(knowledge: SharedToolKnowledge, facts: SharedCallFacts, now: string): void {
  applyCallToPattern(knowledge as unknown as ToolPattern, facts, now);
  knowledge.error_patterns = knowledge.error_patterns.map(sharedErrorPattern);
  if (facts.fix) learnFix(knowledge, facts, facts.fix, now);
  knowledge.last_used_at = now;
}

/** Most applied first; ties go to the most recently applied, then to the one learned later. */
export function rankFixes(fixes: readonly SharedFix[]): SharedFix[] {
  const newerFirst = (a: string, b: string) => (a === b ? 0 : a < b ? 1 : -1);
  return fixes
    .map((fix, order) => ({ fix, order }))
    .sort(
      (a, b) =>
        b.fix.times_applied - a.fix.times_applied ||
        newerFirst(a.fix.last_applied_at, b.fix.last_applied_at) ||
        b.order - a.order,
    )
    .map(({ fix }) => fix);
}

/**
 * Turns stored knowledge (fixes in learning order) into the knowledge as it is served, in place:
 * fixes ranked, each error pattern's typical fix the top one, fix events newest first. A store
 * that keeps its state live passes a copy.
 */
export function presentKnowledge(knowledge: SharedToolKnowledge): SharedToolKnowledge {
  for (const pattern of knowledge.error_patterns) {
    pattern.fixes = rankFixes(pattern.fixes);
    pattern.recent_fixes.reverse();
    const typical = pattern.fixes[0];
    pattern.fix_delta = typical ? structuredClone(typical.fix_delta) : null;
    pattern.typical_fix = typical ? typical.typical_fix : null;
  }
  return knowledge;
}

/** The fix to offer for an error type of stored knowledge (fixes in learning order), or null when none is known. */
export function knownFixOf(knowledge: SharedToolKnowledge, errorType: string | null): KnownSharedFix | null {
  if (!errorType) return null;
  const [typical] = rankFixes(knowledge.error_patterns.find((ep) => ep.error_type === errorType)?.fixes ?? []);
  return typical ? { fix_delta: typical.fix_delta, typical_fix: typical.typical_fix, times_applied: typical.times_applied } : null;
}
