// How a tenant's shared knowledge of a tool learns from each recorded call, and how it ranks the fixes it learned.
import { canonicalJson } from "../tools/arguments.js";
import {
  emptyCounts,
  fixEfficacy,
  withAdopted,
  type EfficacyCounts,
  isAdopted,
  isOfferable,
  outcomeOf,
  rankFixes,
  type FixRanking,
  type OfferOutcome,
  type RankableFix,
  withRecentOutcome,
} from "./efficacy.js";
import { describeDelta } from "../tools/delta-text.js";
import { MAX_SUCCESS_PATTERNS } from "../tools/pattern-limits.js";
import { applyCallToPattern, emptyPattern, emptyRecency, errorTypeOf, forgetErrorTypes, seeAndForget, type PatternRecency } from "../tools/pattern-update.js";
import { MAX_ERROR_TYPES_PER_TOOL } from "../tools/pattern-limits.js";
import { FAILURE_OUTCOMES, type ArgDelta, type ErrorPattern, type ToolArguments, type ToolPattern } from "../tools/types.js";
import { fixApplies, isHeld } from "./applicability.js";
import type { KnownSharedFix, PendingOffer, SharedCallFacts, SharedErrorPattern, SharedFix, SharedSuccessPattern, SharedToolKnowledge, ToolEfficacy } from "./types.js";

/** Distinct fixes kept per error type: enough for alternatives, few enough to stay one glance. */
export const MAX_FIXES_PER_ERROR = 5;

/** Fix events (session, failure, fix) kept per error type, for the guidance block. */
export const MAX_FIX_EVENTS_PER_ERROR = 3;

/** Fixes across sessions kept as success patterns, as a session keeps its own. */
export const MAX_SHARED_SUCCESS_PATTERNS = MAX_SUCCESS_PATTERNS;

/** Knowledge of a tool the tenant has not called yet. */
export function emptyKnowledge(toolName: string, now: string): SharedToolKnowledge {
  return {
    ...emptyPattern(toolName, now),
    error_patterns: [],
    success_patterns: [],
    fixes_learned: 0,
    sessions_seen: 0,
    last_used_at: now,
    efficacy: toolEfficacy(emptyCounts()),
  };
}

/** A tool's offer counts as served. */
export function toolEfficacy(counts: EfficacyCounts): ToolEfficacy {
  const decided = counts.worked + counts.failed + counts.other_fix + counts.ignored;
  return { ...withAdopted(counts), pending: counts.offered - decided };
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

/** The fixes learned for one error type of a tool and its latest fix events: what a call's fix decisions read and change. */
export type FixSet = Pick<SharedErrorPattern, "fixes" | "recent_fixes">;

/** A set for an error type that holds no fix yet. */
export const emptyFixSet = (): FixSet => ({ fixes: [], recent_fixes: [] });

/**
 * Learns the fix a call made for a failure of the set's error type (mutating the set): one more application of a fix
 * kept, or a new fix, the least used one forgotten past MAX_FIXES_PER_ERROR; and one more fix event. Answers the fix
 * learned and the one forgotten for it, if any.
 */
export function learnFixIn(set: FixSet, facts: Pick<SharedCallFacts, "session_id" | "call_id">, fix: NonNullable<SharedCallFacts["fix"]>, now: string): { learned: SharedFix; forgotten: SharedFix | null } {
  const wanted = canonicalJson(fix.delta);
  let learned = set.fixes.find((kept) => canonicalJson(kept.fix_delta) === wanted);
  let forgotten: SharedFix | null = null;
  if (learned) {
    learned.times_applied += 1;
    learned.last_applied_at = now;
    // Seen fixing a failure again: one more success among its latest outcomes.
    learned.efficacy.recent_outcomes = withRecentOutcome(learned.efficacy.recent_outcomes, true);
  } else {
    if (set.fixes.length >= MAX_FIXES_PER_ERROR) forgotten = set.fixes.splice(leastUsedFix(set.fixes), 1)[0]!;
    learned = {
      fix_delta: structuredClone(fix.delta),
      typical_fix: describeDelta(fix.delta),
      times_applied: 1,
      last_applied_at: now,
      // Its first success: the one fix detection just saw.
      efficacy: fixEfficacy({ ...emptyCounts(), recent_outcomes: "w" }, 1),
    };
    set.fixes.push(learned);
  }
  set.recent_fixes.push({ session_id: facts.session_id, failed_call_id: fix.failed_call_id, fix_call_id: facts.call_id, applied_at: now });
  if (set.recent_fixes.length > MAX_FIX_EVENTS_PER_ERROR) set.recent_fixes.shift();
  return { learned, forgotten };
}

function learnFix(knowledge: SharedToolKnowledge, facts: SharedCallFacts, fix: NonNullable<SharedCallFacts["fix"]>, now: string, recency: PatternRecency): void {
  knowledge.fixes_learned += 1;
  if (fix.error_type) {
    // Learning a fix for an error type is seeing it: it is the most recent, and the cap may forget another.
    forgetErrorTypes(knowledge as unknown as ToolPattern, seeAndForget(recency.errors, [fix.error_type], knowledge.total_calls, MAX_ERROR_TYPES_PER_TOOL));
    learnFixIn(errorPatternFor(knowledge, fix.error_type), facts, fix, now);
  }
  knowledge.success_patterns.push(sharedSuccessOf(facts, fix));
  if (knowledge.success_patterns.length > MAX_SHARED_SUCCESS_PATTERNS) knowledge.success_patterns.shift();
}

/** The success pattern a call that fixed a failure leaves. */
export function sharedSuccessOf(facts: Pick<SharedCallFacts, "context_goal" | "arguments" | "call_id" | "session_id">, fix: NonNullable<SharedCallFacts["fix"]>): SharedSuccessPattern {
  return {
    goal_match: facts.context_goal || null,
    arg_hints: structuredClone(facts.arguments),
    example_call_id: facts.call_id,
    delta_that_fixed: structuredClone(fix.delta),
    session_id: facts.session_id,
  };
}

/**
 * Folds one call into the knowledge (mutating it), by the same rules as a session's pattern
 * (counts, exact mean time, argument values, error patterns), then learns the fix it made, if any.
 * Fixes and fix events stay in the order they were first learned; `presentKnowledge` ranks them.
 */
export function foldSharedCall(knowledge: SharedToolKnowledge, facts: SharedCallFacts, now: string, recency: PatternRecency = emptyRecency()): void {
  applyCallToPattern(knowledge as unknown as ToolPattern, facts, now, recency);
  knowledge.error_patterns = knowledge.error_patterns.map(sharedErrorPattern);
  // A pattern made by a fix learned before any failure of its type was seen here has no example yet: the first failure
  // gives it one. (A session's patterns are made by failures, and keep the example the Python original keeps.)
  if (FAILURE_OUTCOMES.has(facts.outcome)) {
    const failed = knowledge.error_patterns.find((ep) => ep.error_type === errorTypeOf(facts));
    if (failed && failed.example_args === null) failed.example_args = structuredClone(facts.arguments);
  }
  if (facts.fix) learnFix(knowledge, facts, facts.fix, now, recency);
  knowledge.last_used_at = now;
}

/**
 * Decides the session's pending offer with the call that follows it, on the set of the offer's error type (mutating
 * the offered fix's counts, when the set still keeps it). Answers the outcome and the fix it counted for, or null when
 * this call is not the one right after the offered failure (the session was reset, or calls raced in a Cluster), or
 * it was partial or cancelled.
 *
 * Under the Wilson rule, a fix that worked when offered counts as applied once more, even when fix
 * detection saw another change (another `from` value, or one more argument changed): else its
 * failures would count against it and its successes for a sibling, and the ranking would wrongly
 * sink it. The "applied" rule keeps counting as it did before efficacy was measured.
 */
export function decideOfferIn(
  set: FixSet | undefined,
  offer: PendingOffer,
  facts: SharedCallFacts,
  ranking: FixRanking = "wilson",
): { outcome: OfferOutcome; fix: SharedFix | null } | null {
  const outcome = offerOutcomeOf(offer, facts);
  if (!outcome) return null;
  const fix = offeredFixIn(set, offer);
  if (fix) {
    fix.efficacy[outcome] += 1;
    const detected = facts.fix && canonicalJson(facts.fix.delta) === canonicalJson(offer.fix_delta) && facts.fix.error_type === offer.error_type;
    // An adoption's outcome is one of the latest; one that fix detection saw too was counted when this call was folded in.
    if (outcome === "failed" || (outcome === "worked" && !detected)) fix.efficacy.recent_outcomes = withRecentOutcome(fix.efficacy.recent_outcomes, outcome === "worked");
    if (ranking === "wilson" && outcome === "worked" && !detected) {
      fix.times_applied += 1;
      fix.last_applied_at = facts.timestamp;
    }
  }
  return { outcome, fix };
}

/**
 * How the call ends the session's pending offer: null when it is not the call right after the offered failure (the
 * session was reset, or calls raced in a Cluster), or when it was partial or cancelled.
 */
export function offerOutcomeOf(offer: Pick<PendingOffer, "call_id" | "fix_delta">, facts: Pick<SharedCallFacts, "previous_call_id" | "arguments" | "outcome">): OfferOutcome | null {
  if (facts.previous_call_id !== offer.call_id) return null;
  return outcomeOf(isAdopted(offer.fix_delta, facts.arguments), facts.outcome);
}

/** The set's fix an offer named, or null when the set no longer keeps it. */
export function offeredFixIn(set: FixSet | undefined, offer: Pick<PendingOffer, "fix_delta">): SharedFix | null {
  const wanted = canonicalJson(offer.fix_delta);
  return set?.fixes.find((kept) => canonicalJson(kept.fix_delta) === wanted) ?? null;
}

/** decideOfferIn on the knowledge (mutating the tool's counts too): the outcome, or null. */
export function decideOffer(knowledge: SharedToolKnowledge, offer: PendingOffer, facts: SharedCallFacts, ranking: FixRanking = "wilson"): OfferOutcome | null {
  const decided = decideOfferIn(knowledge.error_patterns.find((ep) => ep.error_type === offer.error_type), offer, facts, ranking);
  if (decided) knowledge.efficacy[decided.outcome] += 1;
  return decided?.outcome ?? null;
}

/**
 * Of fixes ranked best first, those that may be offered to a failing call with these arguments, best first: the
 * offerable ones that apply to them (applicability.ts). Under the Wilson rule, the list ends at the first offerable
 * fix the call already holds: it failed with that fix in, so any fix ranked below it would be a guess. (Under the
 * "applied" rule nothing is retired, so the best-ranked fix may be one that no longer works, and nothing ends it.)
 */
export function fixesFor<F extends RankableFix & { fix_delta: ArgDelta }>(ranked: readonly F[], args: ToolArguments, ranking: FixRanking = "wilson"): F[] {
  const offered: F[] = [];
  for (const fix of ranked) {
    if (!isOfferable(fix, ranking)) continue;
    if (fixApplies(fix.fix_delta, args)) offered.push(fix);
    else if (ranking === "wilson" && isHeld(fix.fix_delta, args)) break;
  }
  return offered;
}

/** The fix to offer a failure with these arguments, of the set's fixes (in learning order): the first of fixesFor, or null. */
export function bestFixIn(set: FixSet | undefined, args: ToolArguments, ranking: FixRanking = "wilson"): SharedFix | null {
  return fixesFor(rankFixes(set?.fixes ?? [], ranking), args, ranking)[0] ?? null;
}

/**
 * The fix to offer a failure of an error type with these arguments (stored knowledge: fixes in learning
 * order): the first of fixesFor, or null when none may be offered.
 */
export function bestFixOf(knowledge: SharedToolKnowledge, errorType: string | null, args: ToolArguments, ranking: FixRanking = "wilson"): SharedFix | null {
  if (!errorType) return null;
  return bestFixIn(knowledge.error_patterns.find((ep) => ep.error_type === errorType), args, ranking);
}

/** Counts the offer of a fix (mutating it) and answers it as the agent gets it. */
export function offerFixIn(fix: SharedFix, offerId: string, ranking: FixRanking = "wilson"): KnownSharedFix {
  fix.efficacy.offered += 1;
  return {
    fix_delta: structuredClone(fix.fix_delta),
    typical_fix: fix.typical_fix,
    times_applied: fix.times_applied,
    offer_id: offerId,
    efficacy: fixEfficacy(fix.efficacy, fix.times_applied, ranking),
  };
}

/** Counts the offer of a fix (mutating it and the tool) and answers it as the agent gets it. */
export function offerFix(knowledge: SharedToolKnowledge, fix: SharedFix, offerId: string, ranking: FixRanking = "wilson"): KnownSharedFix {
  knowledge.efficacy.offered += 1;
  return offerFixIn(fix, offerId, ranking);
}

/**
 * Turns stored knowledge (fixes in learning order) into the knowledge as it is served, in place:
 * efficacy computed, fixes ranked (offerable ones first), each error pattern's typical fix the best
 * offerable one, fix events newest first. A store that keeps its state live passes a copy; what this
 * answers is read, never changed, so a pattern's fix_delta is its typical fix's own.
 */
export function presentKnowledge(knowledge: SharedToolKnowledge, ranking: FixRanking = "wilson"): SharedToolKnowledge {
  knowledge.efficacy = toolEfficacy(knowledge.efficacy);
  for (const pattern of knowledge.error_patterns) {
    for (const fix of pattern.fixes) fix.efficacy = fixEfficacy(fix.efficacy, fix.times_applied, ranking);
    const ranked = rankFixes(pattern.fixes, ranking);
    pattern.fixes = [...ranked.filter((fix) => isOfferable(fix, ranking)), ...ranked.filter((fix) => !isOfferable(fix, ranking))];
    pattern.recent_fixes.reverse();
    const typical = pattern.fixes[0] && isOfferable(pattern.fixes[0], ranking) ? pattern.fixes[0] : null;
    // Shared with the typical fix itself: the knowledge is served as it is, never changed after this.
    pattern.fix_delta = typical ? typical.fix_delta : null;
    pattern.typical_fix = typical ? typical.typical_fix : null;
  }
  return knowledge;
}
