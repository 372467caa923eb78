// The texts Redis keeps of a tool's fixes: fix sets and pending offers (their JSON and framing), the efficacy report's entry of a fix, a replay's record, a success pattern, an offer event's data.
import { bestRank, worstRank } from "../../domain/efficacy/ranks.js";
import { fixEfficacy, type FixRanking } from "../../domain/shared-tools/efficacy.js";
import type { FixSet } from "../../domain/shared-tools/knowledge.js";
import type { KnownSharedFix, PendingOffer, SharedFix, SharedFixEvent } from "../../domain/shared-tools/types.js";
import type { SessionRef } from "../../domain/refs.js";
import { canonicalJson } from "../../domain/tools/arguments.js";
import { describeDelta } from "../../domain/tools/delta-text.js";
import type { ArgDelta, ToolLogEntry } from "../../domain/tools/types.js";
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

/** A field's version, or a pending offer's id: what comes before its first newline ('' for none). */
export const beforeNewline = (raw: string) => raw.slice(0, Math.max(0, raw.indexOf("\n")));
/** What follows a field's version or an offer's id. */
export const afterNewline = (raw: string) => (raw.includes("\n") ? raw.slice(raw.indexOf("\n") + 1) : "");

/** The fix a replay's record kept: "1" for none, else the offer's id, times applied, counts and delta, a line each. */
export function knownFixFromRecord(record: string, ranking: FixRanking): KnownSharedFix | null {
  const [offerId, times, counts, delta] = record.split("\n");
  if (!delta) return null;
  const fixDelta = JSON.parse(delta) as ArgDelta;
  // A sixth part, the fix's latest outcomes, since fixes are retired on them; a record kept from before has five.
  const parts = String(counts).split(",");
  const [offered, worked, failed, otherFix, ignored] = parts.slice(0, 5).map(Number) as [number, number, number, number, number];
  const timesApplied = Number(times);
  return {
    fix_delta: fixDelta,
    typical_fix: describeDelta(fixDelta),
    times_applied: timesApplied,
    offer_id: String(offerId),
    efficacy: fixEfficacy({ offered, worked, failed, other_fix: otherFix, ignored, recent_outcomes: parts[5] ?? "" }, timesApplied, ranking),
  };
}

/** The success pattern a fix leaves, as the tool's list keeps it: arguments and delta as JSON text. */
export function successPatternText(session: SessionRef, entry: ToolLogEntry, delta: ArgDelta): string {
  return JSON.stringify({
    ...(entry.context_goal ? { goal_match: entry.context_goal } : {}),
    arg_hints: JSON.stringify(entry.arguments),
    example_call_id: entry.id,
    delta_that_fixed: JSON.stringify(delta),
    session_id: session.sessionId,
  });
}

/** An event's data without its offer id, which the script puts first once it is known. */
export function withoutOfferId(data: { offer_id: string }): string {
  const { offer_id: _id, ...rest } = data;
  return JSON.stringify(rest);
}
