// A tool's fix sets and a session's pending offer as Redis keeps them: the JSON of each, and the efficacy report's entry of a fix.
import { bestRank, worstRank } from "../../domain/efficacy/ranks.js";
import { fixEfficacy, type FixRanking } from "../../domain/shared-tools/efficacy.js";
import type { FixSet } from "../../domain/shared-tools/knowledge.js";
import type { PendingOffer, SharedFix, SharedFixEvent } from "../../domain/shared-tools/types.js";
import { canonicalJson } from "../../domain/tools/arguments.js";
import { describeDelta } from "../../domain/tools/delta-text.js";
import type { ArgDelta } from "../../domain/tools/types.js";
import type { RankEntry } from "./tool-call-scripts.js";

/** A fix as a set keeps it: what it changes, how often it fixed its error type, and its offers' outcomes. */
interface StoredFix {
  fix_delta: ArgDelta;
  times_applied: number;
  last_applied_at: string;
  offered: number;
  worked: number;
  failed: number;
  other_fix: number;
  ignored: number;
  recent_outcomes: string;
}

interface StoredFixSet {
  fixes: StoredFix[];
  events: SharedFixEvent[];
}

/** A pending offer as kept after its id: the tool's birth token when it was made, since an offer to knowledge forgotten since decides nothing. */
export interface StoredPending extends Omit<PendingOffer, "offer_id"> {
  born: string;
}

/** A fix set from its JSON, each fix as the domain reads it. */
export function fixSetFrom(text: string, ranking: FixRanking): FixSet {
  const stored = JSON.parse(text) as StoredFixSet;
  return {
    fixes: stored.fixes.map(({ fix_delta, times_applied, last_applied_at, ...counts }) => ({
      fix_delta,
      typical_fix: describeDelta(fix_delta),
      times_applied,
      last_applied_at,
      efficacy: fixEfficacy(counts, times_applied, ranking),
    })),
    recent_fixes: stored.events,
  };
}

const storedFix = ({ fix_delta, times_applied, last_applied_at, efficacy }: SharedFix): StoredFix => ({
  fix_delta,
  times_applied,
  last_applied_at,
  offered: efficacy.offered,
  worked: efficacy.worked,
  failed: efficacy.failed,
  other_fix: efficacy.other_fix,
  ignored: efficacy.ignored,
  recent_outcomes: efficacy.recent_outcomes ?? "",
});

export function fixSetText(set: FixSet): string {
  const stored: StoredFixSet = { fixes: set.fixes.map(storedFix), events: set.recent_fixes };
  return JSON.stringify(stored);
}

/** A fix's member in the efficacy report's sorted sets: tool, error type and canonical delta. */
export const rankMember = (toolName: string, errorType: string, fix: Pick<SharedFix, "fix_delta">) => JSON.stringify([toolName, errorType, canonicalJson(fix.fix_delta)]);

/** A fix's entry in the efficacy report (read back by shared-tools.ts: rankedFixOf). */
export function rankEntry(toolName: string, errorType: string, fix: SharedFix): RankEntry {
  const { fix_delta, ...shown } = storedFix(fix);
  const worst = worstRank(fix.efficacy.worked, fix.efficacy.failed);
  return {
    member: rankMember(toolName, errorType, fix),
    best: bestRank(fix.times_applied, fix.efficacy.failed),
    ...(worst === null ? {} : { worst }),
    shown: JSON.stringify({ delta: JSON.stringify(fix_delta), ...shown }),
  };
}
