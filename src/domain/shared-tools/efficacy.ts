// Whether offered fixes helped: an offer's outcome, the counts per fix, and the one ranking every fix choice uses.
import { canonicalJson } from "../tools/arguments.js";
import type { ArgDelta, ToolArguments, ToolOutcome } from "../tools/types.js";

/** What the session's next call of the tool did with an offered fix. */
export type OfferOutcome = "worked" | "failed" | "other_fix" | "ignored";

/**
 * Whether an outcome changes what offers are decided on: a fix's score, its retirement and its latest outcomes move
 * only when it was adopted. Offers and the outcomes of offers not taken are only counted.
 */
export const movesRanking = (outcome: OfferOutcome): boolean => outcome === "worked" || outcome === "failed";

/** The raw counts kept per fix (and summed per tool); `adopted` is derived: worked + failed. */
export interface EfficacyCounts {
  offered: number;
  worked: number;
  failed: number;
  other_fix: number;
  ignored: number;
}

/** A fix's counts: the tool's, and its latest outcomes (RECENT_OUTCOMES_KEPT letters, oldest first; absent before they were kept). */
export interface FixCounts extends EfficacyCounts {
  recent_outcomes?: string;
}

/** A fix's efficacy as served: its counts, how many adopted it, its latest outcomes, its ranking score and whether it is retired. */
export interface FixEfficacy extends EfficacyCounts {
  adopted: number;
  recent_outcomes: string;
  score: number;
  retired: boolean;
}

/** How fixes are ranked: by the Wilson bound (the default) or, as before efficacy was measured, by times applied. */
export type FixRanking = "wilson" | "applied";

export const emptyCounts = (): EfficacyCounts => ({ offered: 0, worked: 0, failed: 0, other_fix: 0, ignored: 0 });

/** A fix's counts where some were never written: each absent one is 0, its latest outcomes none. */
export const fixCounts = (fix: Partial<FixCounts>): Required<FixCounts> => ({
  offered: fix.offered ?? 0,
  worked: fix.worked ?? 0,
  failed: fix.failed ?? 0,
  other_fix: fix.other_fix ?? 0,
  ignored: fix.ignored ?? 0,
  recent_outcomes: fix.recent_outcomes ?? "",
});

/** z for a two-sided 95% interval. */
const Z = 1.96;

/** Failures a fix needs before it can be retired: fewer say little about it. */
export const RETIRE_AFTER_FAILURES = 3;
/** A fix that works less often than this, once it failed enough, is retired. */
export const RETIRE_BELOW_RATE = 0.3;
/**
 * Outcomes a fix keeps, its latest: `w` when an adoption worked or fix detection saw it fix a failure, `f` when an
 * adoption failed. A fix that failed RETIRE_AFTER_RECENT_FAILURES of them is retired until successes push them out:
 * one that stopped working (the world changed under it) is not offered on the strength of its past, which by its
 * all-time counts alone it would be for about as many failures as it once had successes.
 */
export const RECENT_OUTCOMES_KEPT = 5;
export const RETIRE_AFTER_RECENT_FAILURES = 3;

/** The latest outcomes with one more (worked or failed) at their end, the oldest dropped past RECENT_OUTCOMES_KEPT. */
export function withRecentOutcome(recent: string | undefined, worked: boolean): string {
  return ((recent ?? "") + (worked ? "w" : "f")).slice(-RECENT_OUTCOMES_KEPT);
}

/** Failures among the latest outcomes. */
export function recentFailures(recent: string | undefined): number {
  let failures = 0;
  for (const outcome of recent ?? "") if (outcome === "f") failures += 1;
  return failures;
}

/**
 * The lower bound of the 95% Wilson score interval of `successes` in `trials` (0 for no trials):
 * a fix applied once and never failed (0.207) ranks above one applied twice and failed twice (0.150).
 */
export function wilsonLowerBound(successes: number, trials: number): number {
  if (trials <= 0) return 0;
  const p = successes / trials;
  const z2 = Z * Z;
  const centre = p + z2 / (2 * trials);
  const margin = Z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return (centre - margin) / (1 + z2 / trials);
}

/** A fix's score: times it fixed the error against times it failed when adopted. */
export function fixScore(timesApplied: number, failed: number): number {
  return wilsonLowerBound(timesApplied, timesApplied + failed);
}

/**
 * Retired: RETIRE_AFTER_RECENT_FAILURES of its latest outcomes failed (until successes push them out); or it failed
 * often enough and works too rarely to offer again (until its share is back at RETIRE_BELOW_RATE).
 */
export function isRetired(timesApplied: number, failed: number, recent = ""): boolean {
  if (recentFailures(recent) >= RETIRE_AFTER_RECENT_FAILURES) return true;
  return failed >= RETIRE_AFTER_FAILURES && timesApplied / (timesApplied + failed) < RETIRE_BELOW_RATE;
}

/** The raw counts with the derived `adopted`, as both a fix and a tool serve them (extra fields dropped). */
export function withAdopted(counts: EfficacyCounts): EfficacyCounts & { adopted: number } {
  return {
    offered: counts.offered,
    adopted: counts.worked + counts.failed,
    worked: counts.worked,
    failed: counts.failed,
    other_fix: counts.other_fix,
    ignored: counts.ignored,
  };
}

/** The counts of a fix as served; under the "applied" rule nothing is retired. */
export function fixEfficacy(counts: FixCounts, timesApplied: number, ranking: FixRanking = "wilson"): FixEfficacy {
  const recent = counts.recent_outcomes ?? "";
  return {
    ...withAdopted(counts),
    recent_outcomes: recent,
    score: fixScore(timesApplied, counts.failed),
    retired: ranking === "wilson" && isRetired(timesApplied, counts.failed, recent),
  };
}

/**
 * Adopted: the call's arguments hold every value the delta added or changed (as it changed it)
 * and lack every key it removed. Values compare as canonical JSON, so key order does not matter.
 */
export function isAdopted(delta: ArgDelta, args: ToolArguments): boolean {
  const same = (name: string, value: unknown) => Object.hasOwn(args, name) && canonicalJson(args[name]) === canonicalJson(value);
  for (const [name, value] of Object.entries(delta.added ?? {})) if (!same(name, value)) return false;
  for (const [name, change] of Object.entries(delta.changed ?? {})) if (!same(name, change.to)) return false;
  for (const name of delta.removed ?? []) if (Object.hasOwn(args, name)) return false;
  return true;
}

/**
 * The outcome of an offer, from whether the next call adopted it and how that call ended; null for
 * a partial or cancelled call, which says neither that the fix worked nor that it failed.
 */
export function outcomeOf(adopted: boolean, outcome: ToolOutcome): OfferOutcome | null {
  if (outcome !== "success" && outcome !== "failure" && outcome !== "timeout") return null;
  const succeeded = outcome === "success";
  if (adopted) return succeeded ? "worked" : "failed";
  return succeeded ? "other_fix" : "ignored";
}

/**
 * What the Redis scripts compare to decide adoption, as JSON text: `wanted`, each added or changed key
 * with the canonical JSON of its new value (the value of the call that made the fix), and `removed`, the
 * removed keys. Canonical text compares exactly as isAdopted does, with no JSON decoding in Lua.
 */
export function adoptionText(delta: ArgDelta, args: ToolArguments): string {
  const names = [...Object.keys(delta.added ?? {}), ...Object.keys(delta.changed ?? {})];
  return JSON.stringify({ wanted: names.map((name) => [name, canonicalJson(args[name])]), removed: delta.removed ?? [] });
}

/** The fields a ranked fix needs. */
export interface RankableFix {
  times_applied: number;
  last_applied_at: string;
  efficacy: Pick<FixCounts, "failed" | "recent_outcomes">;
}

/**
 * The order fixes are offered in, best first: by score (or times applied, for the "applied" rule),
 * then the most applied, then the most recently applied, then the one learned later. Takes fixes in
 * the order they were learned.
 */
export function rankFixes<F extends RankableFix>(fixes: readonly F[], ranking: FixRanking = "wilson"): F[] {
  const newerFirst = (a: string, b: string) => (a === b ? 0 : a < b ? 1 : -1);
  const scored = fixes.map((fix, order) => ({
    fix,
    order,
    score: ranking === "wilson" ? fixScore(fix.times_applied, fix.efficacy.failed) : fix.times_applied,
  }));
  return scored
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.fix.times_applied - a.fix.times_applied ||
        newerFirst(a.fix.last_applied_at, b.fix.last_applied_at) ||
        b.order - a.order,
    )
    .map(({ fix }) => fix);
}

/** Whether a fix may be offered: never a retired one under the Wilson rule. */
export function isOfferable(fix: RankableFix, ranking: FixRanking = "wilson"): boolean {
  return ranking === "applied" || !isRetired(fix.times_applied, fix.efficacy.failed, fix.efficacy.recent_outcomes);
}
