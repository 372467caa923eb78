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

/**
 * A fix's counts that no decision reads (offers, and offers not taken), kept beside its set as increments: a change to
 * them moves no version, so an offer refuses no other replica's write.
 */
export const OFFER_COUNTS = ["offered", "other_fix", "ignored"] as const;
export type OfferCount = (typeof OFFER_COUNTS)[number];

/**
 * What the fix slots hash keeps of each slot beside its set: the offer counts, and the member the efficacy report lists
 * the slot's fix under, so that a report entry whose fix left its slot (forgotten, or the slot taken by another fix)
 * is known for what it is and never shows another fix's counts.
 */
export const SLOT_FIELDS = [...OFFER_COUNTS, "member"] as const;
export type SlotField = (typeof SLOT_FIELDS)[number];

/** A field of the tool's fix slots hash: the fix's slot in its set, what it holds, then the error type (last: it is free text). */
export const slotField = (slot: number, name: SlotField, errorType: string) => `${slot}:${name}:${errorType}`;

/**
 * A fix as a set keeps it: its slot (which of the set's places its offer counts are kept under, for as long as it is
 * kept), what it changes, how often it fixed its error type, and its adoptions' outcomes.
 */
interface StoredFix {
  slot: number;
  fix_delta: ArgDelta;
  times_applied: number;
  last_applied_at: string;
  worked: number;
  failed: number;
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

/** A set's fixes' slots, by their deltas: a decision's copy of a set shares each kept fix's delta, a new fix has its own. */
export type FixSlots = Map<ArgDelta, number>;

/** A fix set decoded: the set as the domain reads it, and its fixes' slots. */
export interface DecodedSet {
  set: FixSet;
  slots: FixSlots;
}

/** A fix set from its JSON, each fix as the domain reads it, with its offer counts as `countOf` gives them (none by default). */
export function fixSetFrom(text: string, ranking: FixRanking, countOf: (slot: number, count: OfferCount) => number = () => 0): DecodedSet {
  const stored = JSON.parse(text) as { fixes: StoredFix[]; events: SharedFixEvent[] };
  const slots: FixSlots = new Map();
  const fixes = stored.fixes.map(({ slot, fix_delta, times_applied, last_applied_at, worked, failed, recent_outcomes }) => {
    slots.set(fix_delta, slot);
    const counts = { offered: countOf(slot, "offered"), worked, failed, other_fix: countOf(slot, "other_fix"), ignored: countOf(slot, "ignored"), recent_outcomes };
    return { fix_delta, typical_fix: describeDelta(fix_delta), times_applied, last_applied_at, efficacy: fixEfficacy(counts, times_applied, ranking) };
  });
  return { set: { fixes, recent_fixes: stored.events }, slots };
}

const storedFix = ({ fix_delta, times_applied, last_applied_at, efficacy }: SharedFix, slot: number): StoredFix => ({
  slot,
  fix_delta,
  times_applied,
  last_applied_at,
  worked: efficacy.worked,
  failed: efficacy.failed,
  recent_outcomes: efficacy.recent_outcomes ?? "",
});

/**
 * A set's JSON, each fix in the slot it had (`before`), a new one in the lowest slot free; answers the slots, and those
 * a new fix took with the fix: their counts start again from none (a fix forgotten for it left them), under its member.
 */
export function fixSetText(set: FixSet, before: FixSlots): { text: string; slots: FixSlots; taken: Array<{ slot: number; fix: SharedFix }> } {
  const slots: FixSlots = new Map();
  for (const fix of set.fixes) {
    const slot = before.get(fix.fix_delta);
    if (slot !== undefined) slots.set(fix.fix_delta, slot);
  }
  const used = new Set(slots.values());
  const taken: Array<{ slot: number; fix: SharedFix }> = [];
  for (const fix of set.fixes) {
    if (slots.has(fix.fix_delta)) continue;
    let slot = 0;
    while (used.has(slot)) slot += 1;
    used.add(slot);
    slots.set(fix.fix_delta, slot);
    taken.push({ slot, fix });
  }
  const stored: StoredFixSet = { fixes: set.fixes.map((fix) => storedFix(fix, slots.get(fix.fix_delta)!)), events: set.recent_fixes };
  return { text: JSON.stringify(stored), slots, taken };
}

/** A fix's member in the efficacy report's sorted sets: tool, error type and canonical delta. */
export const rankMember = (toolName: string, errorType: string, fix: Pick<SharedFix, "fix_delta">) => JSON.stringify([toolName, errorType, canonicalJson(fix.fix_delta)]);

/** A fix's entry in the efficacy report (read back by shared-tools.ts: rankedFixOf, with its offer counts from its slot). */
export function rankEntry(toolName: string, errorType: string, fix: SharedFix, slot: number): RankEntry {
  const { fix_delta, ...shown } = storedFix(fix, slot);
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

/**
 * The fix a replay's record kept: "1" for none, else the offer's id, its offer counts as the script counted them
 * (offered, other fix, ignored), then what the decision wrote (offerRecord), a line each.
 */
export function knownFixFromRecord(record: string, ranking: FixRanking): KnownSharedFix | null {
  const [offerId, offerCounts, times, counts, delta] = record.split("\n");
  if (!delta) return null;
  const fixDelta = JSON.parse(delta) as ArgDelta;
  const [offered, otherFix, ignored] = String(offerCounts).split(",").map(Number) as [number, number, number];
  const [worked, failed, recent] = String(counts).split(",");
  const timesApplied = Number(times);
  return {
    fix_delta: fixDelta,
    typical_fix: describeDelta(fixDelta),
    times_applied: timesApplied,
    offer_id: String(offerId),
    efficacy: fixEfficacy({ offered, worked: Number(worked), failed: Number(failed), other_fix: otherFix, ignored, recent_outcomes: recent ?? "" }, timesApplied, ranking),
  };
}

/** What an offer's replay record keeps after its id and offer counts (knownFixFromRecord): times applied, adoptions' counts, delta. */
export const offerRecord = (fix: SharedFix) =>
  `${fix.times_applied}\n${fix.efficacy.worked},${fix.efficacy.failed},${fix.efficacy.recent_outcomes ?? ""}\n${JSON.stringify(fix.fix_delta)}`;

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
