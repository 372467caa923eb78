// Embedded shared tool knowledge: each tenant's aggregate per tool, learned from every session's calls.
import { fixOffered, fixOutcome } from "../../domain/activity/event-data.js";
import { bestFixOf, decideOffer, emptyKnowledge, foldSharedCall, offerFix, presentKnowledge } from "../../domain/shared-tools/knowledge.js";
import type { KnownSharedFix, PendingOffer, SharedCallFacts, SharedToolKnowledge, SharedToolSummary } from "../../domain/shared-tools/types.js";
import { emptyRecency, errorTypeOf, type PatternRecency } from "../../domain/tools/pattern-update.js";
import { FAILURE_OUTCOMES, type ToolLogEntry } from "../../domain/tools/types.js";
import { canonicalJson } from "../../domain/tools/arguments.js";
import { bestRank, worstRank } from "../../domain/efficacy/ranks.js";
import { emptyCounts, type EfficacyCounts } from "../../domain/shared-tools/efficacy.js";
import { walkById } from "../listing-walk.js";
import type { SharedToolStore } from "../../domain/shared-tools/store.js";
import type { NewToolCall } from "../../domain/tools/store.js";
import type { StoreLimits } from "../port.js";
import type { SessionRef } from "../../domain/refs.js";
import type { MemoryActivity } from "./activity.js";
import { ExpiringMap } from "./expiring-map.js";
import { LexIndex } from "./lex-index.js";
import type { SessionRecord } from "./tool-memory.js";
import { createIdempotencyRecords } from "./idempotency.js";

interface ToolState {
  /** Fixes in the order they were learned; ranked when served. */
  knowledge: SharedToolKnowledge;
  /** Exact here; Redis keeps a HyperLogLog instead. */
  sessions: Set<string>;
  /** The tenant's last offer number when this knowledge began: older offers were made to knowledge forgotten since. */
  offersSince: number;
  /** When each argument name and error type was last seen, for the caps (pattern-update.ts). */
  recency: PatternRecency;
}

const offerNumber = (offerId: string) => Number(offerId.slice("offer-".length));

const toolKey = (tenant: string, toolName: string) => `${tenant}\u0000${toolName}`;

export function createMemorySharedToolStore(
  limits: Pick<StoreLimits, "toolsTtlSeconds" | "idempotencyTtlSeconds" | "sessionsTtlSeconds" | "fixRanking">,
  now: () => number,
  recordInSession: (session: SessionRef, call: NewToolCall) => SessionRecord,
  activity: Pick<MemoryActivity, "toolCallRecorded" | "sessionEvent">,
): SharedToolStore & { sweep(): void } {
  const ranking = limits.fixRanking ?? "wilson";
  const tools = new ExpiringMap<ToolState>(limits.toolsTtlSeconds * 1000, now);
  /** A keyed call keeps its entry and the fix it was offered, which its replay answers. */
  const idempotencyRecords = createIdempotencyRecords<{ entry: ToolLogEntry; knownFix: KnownSharedFix | null }>(limits.idempotencyTtlSeconds, now);
  /** Each session's pending offer per tool, living as long as a session's data. */
  const offers = new ExpiringMap<PendingOffer>(limits.sessionsTtlSeconds * 1000, now);
  /** Offer ids per tenant: a sequence, so an id is never reused. */
  const offerSequence = new Map<string, number>();
  /** Tool names per tenant in name order, for listings; pruned of expired tools as they are read. */
  const namesByTenant = new Map<string, LexIndex>();
  /** Each tenant's offers and their outcomes, counted as decided: running totals, as Redis keeps them. */
  const offerTotals = new Map<string, EfficacyCounts>();
  const countOffer = (tenant: string, field: keyof EfficacyCounts) => {
    let totals = offerTotals.get(tenant);
    if (!totals) offerTotals.set(tenant, (totals = emptyCounts()));
    totals[field] += 1;
  };

  function served(state: ToolState): SharedToolKnowledge {
    return presentKnowledge(structuredClone({ ...state.knowledge, sessions_seen: state.sessions.size }), ranking);
  }

  /**
   * Folds the call in, decides the session's pending offer for the tool, then offers the call's
   * own failure the best fix (which is then what the session's next call decides).
   */
  function learn(session: SessionRef, entry: ToolLogEntry, facts: SharedCallFacts, offer: boolean): KnownSharedFix | null {
    const { tenant } = session;
    const state = tools.upsert(toolKey(tenant, facts.tool_name), () => ({
      knowledge: emptyKnowledge(facts.tool_name, facts.timestamp),
      sessions: new Set(),
      offersSince: offerSequence.get(tenant) ?? 0,
      recency: emptyRecency(),
    }));
    foldSharedCall(state.knowledge, facts, facts.timestamp, state.recency);
    state.sessions.add(facts.session_id);
    let names = namesByTenant.get(tenant);
    if (!names) namesByTenant.set(tenant, (names = new LexIndex()));
    names.add(facts.tool_name);

    const offerKey = `${toolKey(tenant, session.sessionId)}\u0000${facts.tool_name}`;
    const pending = offers.get(offerKey);
    if (pending) {
      const outcome = offerNumber(pending.offer_id) > state.offersSince ? decideOffer(state.knowledge, pending, facts, ranking) : null;
      if (outcome) {
        countOffer(tenant, outcome);
        activity.sessionEvent(session, "fix.outcome", fixOutcome(session, entry, pending, outcome));
      }
      offers.delete(offerKey);
    }
    if (!offer || !FAILURE_OUTCOMES.has(entry.outcome)) return null;
    const best = bestFixOf(state.knowledge, errorTypeOf(entry), entry.arguments, ranking);
    if (!best) return null;
    const sequence = (offerSequence.get(tenant) ?? 0) + 1;
    offerSequence.set(tenant, sequence);
    const offered = offerFix(state.knowledge, best, `offer-${sequence}`, ranking);
    countOffer(tenant, "offered");
    offers.set(offerKey, { offer_id: offered.offer_id, call_id: entry.id, error_type: errorTypeOf(entry), fix_delta: structuredClone(offered.fix_delta) });
    activity.sessionEvent(session, "fix.offered", fixOffered(session, entry, offered));
    return offered;
  }

  function liveStates(tenant: string): ToolState[] {
    const names = namesByTenant.get(tenant);
    if (!names) return [];
    const states: ToolState[] = [];
    for (const name of names.all()) {
      const state = tools.get(toolKey(tenant, name));
      if (state) states.push(state);
      else names.delete(name);
    }
    return states;
  }

  const summaryOf = ({ knowledge, sessions }: ToolState): SharedToolSummary => ({
    tool_name: knowledge.tool_name,
    total_calls: knowledge.total_calls,
    success_rate: knowledge.success_rate,
    fixes_learned: knowledge.fixes_learned,
    sessions_seen: sessions.size,
    last_used_at: knowledge.last_used_at,
  });

  return {
    sweep() {
      tools.sweep();
      idempotencyRecords.sweep();
      offers.sweep();
      for (const tenant of namesByTenant.keys()) if (liveStates(tenant).length === 0) namesByTenant.delete(tenant);
    },

    async recordSharedToolCall(session, call, idempotencyKey, offer = true) {
      return idempotencyRecords.once(
        `${toolKey(session.tenant, session.sessionId)}\u0000session`,
        idempotencyKey,
        () => {
          const { entry, fixedErrorType, previousCallId } = recordInSession(session, call);
          const fix = entry.fix_for && entry.delta_args ? { failed_call_id: entry.fix_for, error_type: fixedErrorType, delta: entry.delta_args } : null;
          // As on Redis: the call's own events come before the offer events it makes.
          activity.toolCallRecorded(session, entry);
          const knownFix = learn(session, entry, { ...entry, session_id: session.sessionId, call_id: entry.id, fix, previous_call_id: previousCallId }, offer);
          return { value: { entry, knownFix: structuredClone(knownFix) }, kept: structuredClone({ entry, knownFix }) };
        },
        (kept) => structuredClone(kept),
      );
    },

    async listSharedTools(tenant, limit) {
      return liveStates(tenant)
        .map(summaryOf)
        .sort((a, b) => b.total_calls - a.total_calls || (a.tool_name < b.tool_name ? -1 : a.tool_name > b.tool_name ? 1 : 0))
        .slice(0, limit);
    },

    listSharedToolsByPrefix(tenant, prefix, limit, after) {
      const names = namesByTenant.get(tenant);
      if (!names) return Promise.resolve({ items: [], next: null });
      return walkById<SharedToolSummary, string>(
        {
          entries: async (from, count) => names.range(prefix, from, count),
          items: async (found) =>
            found.map((name) => {
              const state = tools.get(toolKey(tenant, name));
              return state ? summaryOf(state) : null;
            }),
          forget: async (dead) => dead.forEach((name) => names.delete(name)),
        },
        limit,
        after,
      );
    },

    async sharedToolKnowledge(tenant, toolNames) {
      return toolNames.flatMap((name) => {
        const state = tools.get(toolKey(tenant, name));
        return state ? [served(state)] : [];
      });
    },

    async efficacyReport(tenant, listed) {
      // In memory the live fixes are read and ranked by the same numbers Redis keeps as scores; ties go
      // as a sorted set orders them (by member, descending for the best, ascending for the worst).
      const fixes = liveStates(tenant).flatMap((state) =>
        served(state).error_patterns.flatMap((pattern) =>
          pattern.fixes.map((fix) => ({
            member: JSON.stringify([state.knowledge.tool_name, pattern.error_type, canonicalJson(fix.fix_delta)]),
            fix: {
              tool_name: state.knowledge.tool_name,
              error_type: pattern.error_type,
              fix_delta: fix.fix_delta,
              times_applied: fix.times_applied,
              last_applied_at: fix.last_applied_at,
              counts: {
                offered: fix.efficacy.offered,
                worked: fix.efficacy.worked,
                failed: fix.efficacy.failed,
                other_fix: fix.efficacy.other_fix,
                ignored: fix.efficacy.ignored,
                recent_outcomes: fix.efficacy.recent_outcomes ?? "",
              },
            },
          })),
        ),
      );
      const byMember = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      const best = fixes
        .map((ranked) => ({ ...ranked, rank: bestRank(ranked.fix.times_applied, ranked.fix.counts.failed) }))
        .sort((a, b) => b.rank - a.rank || byMember(b.member, a.member));
      const worst = fixes
        .map((ranked) => ({ ...ranked, rank: worstRank(ranked.fix.counts.worked, ranked.fix.counts.failed) }))
        .filter((ranked) => ranked.rank !== null)
        .sort((a, b) => a.rank! - b.rank! || byMember(a.member, b.member));
      return structuredClone({
        tools: offerTotals.get(tenant) ?? emptyCounts(),
        best: best.slice(0, listed).map((ranked) => ranked.fix),
        worst: worst.slice(0, listed).map((ranked) => ranked.fix),
      });
    },

    async forgetSharedTool(tenant, toolName) {
      tools.delete(toolKey(tenant, toolName));
      namesByTenant.get(tenant)?.delete(toolName);
    },
  };
}
