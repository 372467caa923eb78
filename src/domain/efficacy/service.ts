// The tenant's impact report: whether offered fixes helped, summed over its tools and its failure signatures.
import type { SignatureKnowledgeStore } from "../lessons/store.js";
import type { SharedToolStore } from "../shared-tools/store.js";
import { efficacyOf } from "../lessons/efficacy.js";
import { fixEfficacy, type FixEfficacy, type FixRanking } from "../shared-tools/efficacy.js";
import { toolEfficacy } from "../shared-tools/knowledge.js";
import { describeDelta } from "../tools/delta-text.js";
import { fixText } from "../tools/fix-text.js";
import type { ArgDelta } from "../tools/types.js";
import type { RankedFix } from "./ranks.js";

/** Fixes listed as best and as worst. */
export const LISTED_FIXES = 10;

/** One fix as the report lists it. */
export interface ListedFix {
  tool_name: string;
  error_type: string;
  fix_delta: ArgDelta;
  typical_fix: string;
  /** The fix in words a person can read: values whole up to 120 characters. */
  fix_text: string;
  times_applied: number;
  efficacy: FixEfficacy;
}

export interface EfficacyServiceDeps {
  store: Pick<SharedToolStore, "efficacyReport"> & Pick<SignatureKnowledgeStore, "signatureEfficacyTotals">;
  ranking?: FixRanking;
}

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

const listed =
  (ranking: FixRanking) =>
  (fix: RankedFix): ListedFix => ({
    tool_name: fix.tool_name,
    error_type: fix.error_type,
    fix_delta: fix.fix_delta,
    typical_fix: describeDelta(fix.fix_delta),
    fix_text: fixText(fix.fix_delta),
    times_applied: fix.times_applied,
    efficacy: fixEfficacy(fix.counts, fix.times_applied, ranking),
  });

export function createEfficacyService({ store, ranking = "wilson" }: EfficacyServiceDeps) {
  return {
    /**
     * The tenant's running totals of offers and their outcomes, and the best and worst fixes, read in
     * one go whatever the number of tools (the stores keep them up to date as offers are decided). The
     * worst are fixes that failed when taken, the smallest share of adoptions that worked first.
     */
    async report(tenant: string) {
      const [report, lessons] = await Promise.all([store.efficacyReport(tenant, LISTED_FIXES), store.signatureEfficacyTotals(tenant)]);
      const tools = toolEfficacy(report.tools);
      const best = report.best.map(listed(ranking));
      const worst = report.worst.map(listed(ranking));
      return {
        tools: {
          ...tools,
          adoption_rate: rate(tools.adopted, tools.adopted + tools.other_fix + tools.ignored),
          success_rate_when_adopted: rate(tools.worked, tools.adopted),
        },
        lessons: efficacyOf(lessons),
        best_fixes: best,
        worst_fixes: worst,
      };
    },
  };
}

export type EfficacyService = ReturnType<typeof createEfficacyService>;
