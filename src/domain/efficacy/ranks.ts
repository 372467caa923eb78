// Where a fix stands in the tenant's efficacy report: the numbers both stores order the best and the worst fixes by.
// Redis keeps them as sorted-set scores (lib/learn-tool-call.lua computes the same, term for term).
import { fixScore, type EfficacyCounts, type FixCounts } from "../shared-tools/efficacy.js";
import type { ArgDelta } from "../tools/types.js";

/** One fix as the report reads it from a store: what it changes, how often it fixed its error, its offers' outcomes. */
export interface RankedFix {
  tool_name: string;
  error_type: string;
  fix_delta: ArgDelta;
  times_applied: number;
  last_applied_at: string;
  counts: FixCounts;
}

/** What a store answers for the report: running totals, and the best and worst fixes, each list in its order. */
export interface EfficacyReportData {
  /** Offers of tool fixes and their outcomes, counted as they were decided. */
  tools: EfficacyCounts;
  best: RankedFix[];
  worst: RankedFix[];
}

const TIE_BREAK = 1e9;
const MOST = TIE_BREAK - 1;

/** Higher is better: the fix's score to six places, then the times it was applied. */
export function bestRank(timesApplied: number, failed: number): number {
  return Math.floor(fixScore(timesApplied, failed) * 1e6) * TIE_BREAK + Math.min(timesApplied, MOST);
}

/**
 * Lower is worse, for a fix that failed when taken at least once (one that never failed is no one's
 * worst): the share of its adoptions that worked, to six places, then the most adopted.
 */
export function worstRank(worked: number, failed: number): number | null {
  if (failed <= 0) return null;
  const adopted = worked + failed;
  return Math.floor((worked / adopted) * 1e6) * TIE_BREAK + (MOST - Math.min(adopted, MOST));
}
