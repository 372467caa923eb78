// The tenant's impact report: whether offered fixes helped, summed over its tools and its failure signatures.
import type { SignatureKnowledgeStore, SharedToolStore } from "../../storage/port.js";
import { efficacyOf } from "../lessons/efficacy.js";
import { emptyCounts, type FixEfficacy } from "../shared-tools/efficacy.js";
import { toolEfficacy } from "../shared-tools/knowledge.js";
import type { SharedToolKnowledge } from "../shared-tools/types.js";
import type { ArgDelta } from "../tools/types.js";

/** Fixes listed as best and as worst. */
export const LISTED_FIXES = 10;

/** Every tool of a tenant is read for the totals; a tenant with more is summed over its most called. */
export const MAX_TOOLS_SUMMED = 10_000;

/** One fix as the report lists it. */
export interface ListedFix {
  tool_name: string;
  error_type: string;
  fix_delta: ArgDelta;
  typical_fix: string;
  times_applied: number;
  efficacy: FixEfficacy;
}

export interface EfficacyServiceDeps {
  store: Pick<SharedToolStore, "listSharedTools" | "sharedToolKnowledge"> & Pick<SignatureKnowledgeStore, "signatureEfficacyTotals">;
}

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const workedShare = (fix: ListedFix) => fix.efficacy.worked / fix.efficacy.adopted;

function listedFixes(knowledge: readonly SharedToolKnowledge[]): ListedFix[] {
  return knowledge.flatMap((tool) =>
    tool.error_patterns.flatMap((pattern) =>
      pattern.fixes.map(({ fix_delta, typical_fix, times_applied, efficacy }) => ({
        tool_name: tool.tool_name,
        error_type: pattern.error_type,
        fix_delta,
        typical_fix,
        times_applied,
        efficacy,
      })),
    ),
  );
}

export function createEfficacyService({ store }: EfficacyServiceDeps) {
  return {
    /** Totals equal to the sums over the tenant's tools and signatures, and the best and worst fixes. */
    async report(tenant: string) {
      const names = (await store.listSharedTools(tenant, MAX_TOOLS_SUMMED)).map((tool) => tool.tool_name);
      const [knowledge, lessons] = await Promise.all([store.sharedToolKnowledge(tenant, names), store.signatureEfficacyTotals(tenant)]);
      const counts = emptyCounts();
      for (const tool of knowledge) for (const field of Object.keys(counts) as Array<keyof typeof counts>) counts[field] += tool.efficacy[field];
      const tools = toolEfficacy(counts);
      const fixes = listedFixes(knowledge);
      const best = [...fixes].sort((a, b) => b.efficacy.score - a.efficacy.score || b.times_applied - a.times_applied).slice(0, LISTED_FIXES);
      // The worst: the smallest share of adoptions that worked; more adoptions first (surer), then the lower score.
      const worst = fixes
        .filter((fix) => fix.efficacy.adopted > 0)
        .sort((a, b) => workedShare(a) - workedShare(b) || b.efficacy.adopted - a.efficacy.adopted || a.efficacy.score - b.efficacy.score)
        .slice(0, LISTED_FIXES);
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
