// The tenant's fixes of a tool decided here by the domain's rules, on what this process last read or wrote of them, and applied by lib/learn-tool-call.lua only while that is still so.
import { fixOffered, fixOutcome } from "../../domain/activity/event-data.js";
import { fixEfficacy, movesRanking, type FixRanking, type OfferOutcome } from "../../domain/shared-tools/efficacy.js";
import { bestFixIn, decideOfferIn, emptyFixSet, learnFixIn, offerFixIn, offerOutcomeOf, offeredFixIn, type FixSet } from "../../domain/shared-tools/knowledge.js";
import type { KnownSharedFix, SharedCallFacts, SharedFix } from "../../domain/shared-tools/types.js";
import type { SessionRef } from "../../domain/refs.js";
import { errorTypeOf } from "../../domain/tools/pattern-update.js";
import { callSequenceOf } from "../../domain/tools/arguments.js";
import { FAILURE_OUTCOMES, type ToolLogEntry } from "../../domain/tools/types.js";
import { isMeasuredTime } from "../../domain/text/text-format.js";
import { pauseAfterRefusal } from "./refusal-pause.js";
import { newWriteToken } from "./write-tokens.js";
import { createToolFixCache, type CachedSet } from "./tool-fix-cache.js";
import {
  OFFER_COUNTS,
  afterNewline,
  beforeNewline,
  slotField,
  fixSetText,
  knownFixFromRecord,
  offerRecord,
  rankEntry,
  rankMember,
  successPatternText,
  withoutOfferId,
  type FixSlots,
  type OfferCount,
  type StoredPending,
} from "./tool-fix-texts.js";
import type { LearnAnswer, LearnInput } from "./tool-call-scripts.js";

/** A set to change: each fix and its counts copied, what no rule changes in place (the delta, its text) shared. */
const copyOf = (set: FixSet): FixSet => ({
  fixes: set.fixes.map((fix) => ({ ...fix, efficacy: { ...fix.efficacy } })),
  recent_fixes: [...set.recent_fixes],
});

/** A recorded call as the tenant's decision takes it. */
export interface CallToLearn {
  session: SessionRef;
  entry: ToolLogEntry;
  /** The error type of the failure the call fixed, or null. */
  fixedErrorType: string | null;
  /**
   * The session's call of the tool before this one (null for none), or undefined where it is not known yet: a single
   * server's one script, which records the call in its session first, checks what the decision took it to be.
   */
  previousCallId: string | null | undefined;
  /** false: offer the call's failure no fix (the caller cannot show one). */
  offer: boolean;
}

/** What a decision makes of the script's input. */
export type DecidedLearning = Pick<
  LearnInput,
  | "guard"
  | "born"
  | "counts"
  | "totals"
  | "failure"
  | "learned_for"
  | "fixes"
  | "fix_slots"
  | "ranks"
  | "success_pattern"
  | "pending_cleared"
  | "offer"
  | "outcome_event"
>;

export interface LearnDecision {
  decided: DecidedLearning;
  /** What the call's failure is offered once Redis numbers the offer (its id empty here), or null. */
  offered: KnownSharedFix | null;
  /** Keeps what the script answered: the state a refusal read, or forgets what this decision foresaw when it did not apply (null: unknown). */
  settle(answer: LearnAnswer | null): void;
}

export function createToolFixes(ranking: FixRanking) {
  const { births, sets, pendingOffers, cachedSet, toolKey, setKey, pendingKey } = createToolFixCache(ranking);

  /** Decides what the call does to the tool's fixes, on the state kept here, and foresees the state it leaves. */
  function decide(call: CallToLearn): LearnDecision {
    const { session, entry } = call;
    const tool = entry.tool_name;
    const born = births.get(toolKey(session.tenant, tool)) ?? "";
    const bornAfter = born || newWriteToken();
    const pendingBody = pendingOffers.get(pendingKey(session, tool)) ?? "";

    // Each set the decision reads, as kept here (raw '' for none), and the copy it changes, made on its first change.
    const read = new Map<string, { raw: string; kept: FixSet | undefined; slots: FixSlots; changing?: FixSet }>();
    const heldSet = (errorType: string) => {
      let held = read.get(errorType);
      if (!held) {
        const cached = sets.get(setKey(session.tenant, tool, errorType));
        held = cached ? { raw: cached.raw, kept: cached.set, slots: cached.slots } : { raw: "", kept: undefined, slots: new Map() };
        read.set(errorType, held);
      }
      return held;
    };
    /** The set to change (a new one when none is kept). */
    const changingSetOf = (errorType: string): FixSet => {
      const held = heldSet(errorType);
      held.changing ??= held.kept ? copyOf(held.kept) : emptyFixSet();
      return held.changing;
    };
    const changed = new Set<string>();
    const ranked = new Map<SharedFix, string>();
    // Offer counts to add to, each a fix of a set the decision read: its field is known once the set's slots are.
    const counted: Array<{ errorType: string; fix: SharedFix; count: OfferCount }> = [];
    const forgotten: string[] = [];
    const failed = FAILURE_OUTCOMES.has(entry.outcome);
    const counts: Record<string, number> = { calls: 1 };
    const totals: Record<string, number> = {};
    const count = (outcome: string) => {
      counts[outcome] = (counts[outcome] ?? 0) + 1;
      totals[outcome] = (totals[outcome] ?? 0) + 1;
    };
    if (entry.outcome === "success") counts.successes = 1;
    if (failed) counts.failure = 1;
    if (isMeasuredTime(entry.execution_time_ms)) {
      counts.timed = 1;
      counts.timed_sum = entry.execution_time_ms;
    }
    const fix = entry.fix_for && entry.delta_args ? { failed_call_id: entry.fix_for, error_type: call.fixedErrorType, delta: entry.delta_args } : null;
    const facts: SharedCallFacts = { ...entry, session_id: session.sessionId, call_id: entry.id, fix, previous_call_id: call.previousCallId ?? null };
    const decided: DecidedLearning = {
      guard: { born, fixes: {}, pending: pendingBody },
      born: bornAfter,
      counts,
      totals,
      ...(failed ? { failure: errorTypeOf(entry) } : {}),
      fixes: [],
      fix_slots: { cleared: [], members: [], added: [] },
      ranks: { changed: [], forgotten },
      success_pattern: "",
      pending_cleared: false,
    };

    /** Counts an offer's outcome on the fix it named: on its set where the outcome moves its ranking, else beside it. */
    const decideOutcome = (errorType: string, held: ReturnType<typeof heldSet>, offer: StoredPending & { offer_id: string }, outcome: OfferOutcome, asDecided: SharedCallFacts) => {
      const current = held.changing ?? held.kept;
      if (!movesRanking(outcome)) {
        const fix = offeredFixIn(current, offer);
        if (fix) counted.push({ errorType, fix, count: outcome as OfferCount });
        return;
      }
      const decidedOffer = decideOfferIn(current && changingSetOf(errorType), offer, asDecided, ranking);
      if (decidedOffer?.fix) {
        changed.add(errorType);
        ranked.set(decidedOffer.fix, errorType);
      }
    };

    // 1. The fix this call made, learned under the error type of the failure it fixed.
    if (fix) {
      counts.fixes = 1;
      if (fix.error_type) {
        const { learned, forgotten: gone } = learnFixIn(changingSetOf(fix.error_type), facts, fix, entry.timestamp);
        changed.add(fix.error_type);
        ranked.set(learned, fix.error_type);
        if (gone) forgotten.push(rankMember(tool, fix.error_type, gone));
        decided.learned_for = fix.error_type;
      }
      decided.success_pattern = successPatternText(session, entry, fix.delta);
    }

    // A write that comes after the write of a later call of the session's tool (it was refused, and tried again behind
    // that one) leaves that call's offer alone and offers nothing: the session has moved past this call.
    const pending = pendingBody === "" ? null : (JSON.parse(pendingBody) as StoredPending);
    const late = pending !== null && callSequenceOf(pending.call_id) >= callSequenceOf(entry.id);
    decided.pending_cleared = pending !== null && !late;

    // 2. The session's pending offer of the tool is decided by this call, if it is the next one and was made to the
    // knowledge kept now (not to a tool forgotten since).
    if (pending && !late) {
      if (born !== "" && pending.born === born) {
        // Where the call before is not known yet, it is taken for the offered failure, and the script checks it.
        const assumed = call.previousCallId === undefined;
        if (assumed) decided.guard.previous = pending.call_id;
        const offer = { offer_id: "", ...pending };
        const held = heldSet(pending.error_type);
        const asDecided = assumed ? { ...facts, previous_call_id: pending.call_id } : facts;
        const outcome = offerOutcomeOf(offer, asDecided);
        if (outcome) {
          count(outcome);
          decideOutcome(pending.error_type, held, offer, outcome, asDecided);
          decided.outcome_event = withoutOfferId(fixOutcome(session, entry, offer, outcome));
        }
      }
    }

    // 3. Only then is this call's own failure offered the best fix, which its next call will decide.
    let offered: KnownSharedFix | null = null;
    if (call.offer && failed && !late) {
      const errorType = errorTypeOf(entry);
      // Chosen on the set as the steps before left it; the offer is counted on the copy.
      // Offering moves no version: the offer is counted beside the set, and the answer carries the counts Redis reached.
      const held = heldSet(errorType);
      const best = bestFixIn(held.changing ?? held.kept, entry.arguments, ranking);
      if (best) {
        offered = offerFixIn({ ...best, efficacy: { ...best.efficacy } }, "", ranking);
        count("offered");
        counted.push({ errorType, fix: best, count: "offered" });
        const pending: StoredPending = { call_id: entry.id, error_type: errorType, fix_delta: best.fix_delta, born: bornAfter };
        decided.offer = { pending: JSON.stringify(pending), counts: [], record: offerRecord(best), event: withoutOfferId(fixOffered(session, entry, offered)) };
      }
    }

    // Own properties whatever the name (an error type is an agent's text, and may be "__proto__").
    decided.guard.fixes = Object.fromEntries([...read].map(([errorType, { raw }]) => [errorType, raw === "" ? "" : beforeNewline(raw)]));
    const foreseen = new Map<string, CachedSet>();
    const slotsAfter = new Map<string, FixSlots>();
    for (const errorType of changed) {
      const version = newWriteToken();
      const held = read.get(errorType)!;
      const set = held.changing!;
      const { text, slots, taken } = fixSetText(set, held.slots);
      decided.fixes.push({ name: errorType, version, text });
      // A slot a new fix takes starts its counts again (what is there was a forgotten fix's), under the new fix's member.
      for (const { slot, fix: taker } of taken) {
        for (const name of OFFER_COUNTS) decided.fix_slots.cleared.push(slotField(slot, name, errorType));
        decided.fix_slots.members.push(slotField(slot, "member", errorType), rankMember(tool, errorType, taker));
      }
      slotsAfter.set(errorType, slots);
      foreseen.set(setKey(session.tenant, tool, errorType), { raw: `${version}\n${text}`, set, slots });
    }
    const slotOf = (errorType: string, fix: SharedFix) => (slotsAfter.get(errorType) ?? read.get(errorType)!.slots).get(fix.fix_delta)!;
    for (const [fixed, errorType] of ranked) decided.ranks.changed.push(rankEntry(tool, errorType, fixed, slotOf(errorType, fixed)));
    for (const { errorType, fix: target, count: name } of counted) {
      const slot = slotOf(errorType, target);
      if (name === "offered") decided.offer!.counts = OFFER_COUNTS.map((each) => slotField(slot, each, errorType));
      else decided.fix_slots.added.push(slotField(slot, name, errorType));
    }

    // Foreseen now, before Redis answers: this process's next call of the tool decides on what this one leaves.
    const bornKey = toolKey(session.tenant, tool);
    const offerKey = pendingKey(session, tool);
    births.set(bornKey, bornAfter);
    for (const [key, cached] of foreseen) sets.set(key, cached);
    // Decided (so gone) or not, a pending offer is replaced by this call's own, if any; a late write leaves it.
    const pendingForeseen = late ? pendingBody : (decided.offer?.pending ?? "");
    pendingOffers.set(offerKey, pendingForeseen);

    return {
      decided,
      offered,
      settle(answer) {
        if (answer?.outcome === "applied") return;
        if (answer?.outcome === "refused") {
          births.set(bornKey, answer.born);
          pendingOffers.set(offerKey, afterNewline(answer.pending));
          for (const [errorType, raw] of Object.entries(answer.fixes)) sets.set(setKey(session.tenant, tool, errorType), cachedSet(raw));
          return;
        }
        // Not applied, or not known to be: what this decision foresaw is forgotten, unless a later one foresaw more.
        if (births.get(bornKey) === bornAfter && born === "") births.forget(bornKey);
        for (const [key, cached] of foreseen) if (sets.get(key) === cached) sets.forget(key);
        if (pendingOffers.get(offerKey) === pendingForeseen) pendingOffers.forget(offerKey);
      },
    };
  }

  // The tries of this process's calls after a refusal, one at a time per tool: a refusal refuses every call this process
  // decided on what it foresaw, and if all of them tried again at once, each on the state its own refusal answered, they
  // would refuse each other (and other replicas) over and over. In turn, each decides on what the one before leaves.
  const turns = new Map<string, Promise<unknown>>();
  function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
    const mine = (turns.get(key) ?? Promise.resolve()).then(work, work);
    const settled = mine.catch(() => undefined);
    turns.set(key, settled);
    void settled.then(() => {
      if (turns.get(key) === settled) turns.delete(key);
    });
    return mine;
  }

  /**
   * Applies the call to the tenant's knowledge with `send` (learnToolCall-18.lua), deciding again on what a refusal
   * answers; answers the fix offered to the call's failure, or null. `refused`: the call was refused before (its single
   * server's one script), so it waits its turn from the first try.
   */
  async function learn(call: CallToLearn, send: (decided: DecidedLearning) => Promise<LearnAnswer>, refused = false): Promise<KnownSharedFix | null> {
    const attempt = async () => {
      const decision = decide(call);
      try {
        const answer = await send(decision.decided);
        decision.settle(answer);
        return { decision, answer };
      } catch (error) {
        decision.settle(null);
        throw error;
      }
    };
    for (let tries = 1; ; tries += 1) {
      const { decision, answer } = refused || tries > 1 ? await inTurn(toolKey(call.session.tenant, call.entry.tool_name), attempt) : await attempt();
      if (answer.outcome !== "refused") return answered(decision, answer);
      await pauseAfterRefusal(tries, "a tool's fixes");
    }
  }

  /** The fix offered, as the applied or replayed write answers it. */
  function answered(decision: LearnDecision, answer: Exclude<LearnAnswer, { outcome: "refused" }>): KnownSharedFix | null {
    if (answer.outcome === "replayed") return knownFixFromRecord(answer.record, ranking);
    if (!decision.offered || !answer.offer_id) return null;
    // The counts Redis reached; the decision's own (this process's view) only if a script ever answers none.
    const known = decision.offered.efficacy;
    const [offered, otherFix, ignored] = answer.offer_counts ?? [known.offered, known.other_fix, known.ignored];
    const efficacy = { ...known, offered: Number(offered), other_fix: Number(otherFix), ignored: Number(ignored) };
    return { ...decision.offered, offer_id: answer.offer_id, efficacy: fixEfficacy(efficacy, decision.offered.times_applied, ranking) };
  }

  return { decide, learn, answered };
}

export type ToolFixes = ReturnType<typeof createToolFixes>;
