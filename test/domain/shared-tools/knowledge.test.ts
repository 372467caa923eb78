// Unit tests of how shared knowledge learns from calls, ranks the fixes it learned and decides offers.
import { describe, expect, it } from "vitest";
import {
  emptyCounts,
  fixEfficacy,
  fixScore,
  isAdopted,
  isRetired,
  outcomeOf,
  rankFixes,
  recentFailures,
  wilsonLowerBound,
  withRecentOutcome,
} from "../../../src/domain/shared-tools/efficacy.js";
import { bestFixOf, decideOffer, emptyKnowledge, fixesFor, foldSharedCall, offerFix, presentKnowledge } from "../../../src/domain/shared-tools/knowledge.js";
import type { SharedCallFacts, SharedFix } from "../../../src/domain/shared-tools/types.js";

const fix = (to: number, times: number, last: string, failed = 0): SharedFix => ({
  fix_delta: { changed: { n: { from: 0, to } } },
  typical_fix: `change n: 0 -> ${to}`,
  times_applied: times,
  last_applied_at: last,
  efficacy: fixEfficacy({ ...emptyCounts(), failed }, times),
});

function facts(overrides: Partial<SharedCallFacts> = {}): SharedCallFacts {
  return {
    session_id: "s1",
    call_id: "call-0001",
    tool_name: "search",
    outcome: "success",
    arguments: {},
    context_goal: null,
    error_type: null,
    execution_time_ms: null,
    timestamp: "2026-01-01T00:00:00.000Z",
    fix: null,
    previous_call_id: null,
    ...overrides,
  };
}

describe("the Wilson score", () => {
  it("scores the issue's worked example: applied 2 and failed 2 is 0.150, applied once is 0.207", () => {
    expect(fixScore(2, 2)).toBeCloseTo(0.15, 3);
    expect(fixScore(1, 0)).toBeCloseTo(0.2065, 4);
    expect(wilsonLowerBound(0, 0)).toBe(0);
    expect(wilsonLowerBound(100, 100)).toBeGreaterThan(0.96);
  });

  it("retires a fix after 3 failures when it works under 30% of the time", () => {
    expect(isRetired(1, 3)).toBe(true);
    expect(isRetired(2, 3)).toBe(false);
    expect(isRetired(0, 2)).toBe(false);
    expect(isRetired(2, 5)).toBe(true);
  });

  it("retires a fix that failed 3 of its latest 5 outcomes, whatever it did before", () => {
    expect(isRetired(100, 3, "wwfff")).toBe(true);
    expect(isRetired(100, 3, "fwfwf")).toBe(true);
    expect(isRetired(100, 3, "ffwww")).toBe(false);
    expect(isRetired(1, 3, "")).toBe(true);
    expect(fixEfficacy({ ...emptyCounts(), failed: 3, recent_outcomes: "wfff" }, 50)).toMatchObject({ recent_outcomes: "wfff", retired: true });
    // The old rule ranks without retiring anything.
    expect(fixEfficacy({ ...emptyCounts(), failed: 3, recent_outcomes: "wfff" }, 50, "applied")).toMatchObject({ retired: false });
  });

  it("keeps the latest 5 outcomes, oldest first", () => {
    expect(withRecentOutcome(undefined, true)).toBe("w");
    expect(withRecentOutcome("wwwww", false)).toBe("wwwwf");
    expect(withRecentOutcome("wfwfw", true)).toBe("fwfww");
    expect(recentFailures("fwfwf")).toBe(3);
    expect(recentFailures(undefined)).toBe(0);
  });
});

describe("the fixes a failing call may be offered", () => {
  const added = (key: string, times: number): SharedFix => ({ ...fix(0, times, "2026-01-01"), fix_delta: { added: { [key]: true } }, typical_fix: `add ${key}` });

  it("are the offerable ones that apply, best first, down to the first one the call already holds", () => {
    const ranked = rankFixes([fix(1, 5, "2026-01-01"), added("retries", 3), added("backoff", 2), added("cache", 1)]);
    expect(fixesFor(ranked, { n: 0 }).map((f) => f.typical_fix)).toEqual(["change n: 0 -> 1", "add retries", "add backoff", "add cache"]);
    // Holds n: 1, the best: it failed with the best the tenant knows, so nothing.
    expect(fixesFor(ranked, { n: 1 })).toEqual([]);
    // Holds retries, the second: only the fixes above it that apply (n: 0 -> 1 does not apply to n: 7).
    expect(fixesFor(ranked, { n: 7, retries: true })).toEqual([]);
    expect(fixesFor(ranked, { n: 0, backoff: true }).map((f) => f.typical_fix)).toEqual(["change n: 0 -> 1", "add retries"]);
  });

  it("skip a retired fix, which stops nothing even when held, and under the old rule stop at nothing", () => {
    const retired = { ...fix(1, 5, "2026-01-01"), efficacy: fixEfficacy({ ...emptyCounts(), failed: 3, recent_outcomes: "wwfff" }, 5) };
    expect(fixesFor(rankFixes([retired, added("retries", 1)]), { n: 1 }).map((f) => f.typical_fix)).toEqual(["add retries"]);
    const ranked = rankFixes([fix(1, 5, "2026-01-01"), added("retries", 1)], "applied");
    expect(fixesFor(ranked, { n: 1 }, "applied").map((f) => f.typical_fix)).toEqual(["add retries"]);
  });
});

describe("ranking fixes", () => {
  it("puts the best score first, then the most applied, then the most recently applied, then the one learned later", () => {
    const ranked = rankFixes([fix(1, 1, "2026-01-02"), fix(2, 3, "2026-01-01"), fix(3, 1, "2026-01-03"), fix(4, 1, "2026-01-03"), fix(5, 2, "2026-01-04", 2)]);
    expect(ranked.map((f) => f.fix_delta.changed!.n!.to)).toEqual([2, 4, 3, 1, 5]);
  });

  it("ranks by times applied alone under the old rule", () => {
    const ranked = rankFixes([fix(1, 1, "2026-01-02"), fix(5, 2, "2026-01-04", 2)], "applied");
    expect(ranked.map((f) => f.fix_delta.changed!.n!.to)).toEqual([5, 1]);
  });

  it("leaves the given list in its order", () => {
    const fixes = [fix(1, 1, "a"), fix(2, 2, "a")];
    rankFixes(fixes);
    expect(fixes.map((f) => f.times_applied)).toEqual([1, 2]);
  });
});

describe("adoption", () => {
  const delta = { added: { page: 2 }, changed: { cfg: { from: { a: 1 }, to: { a: 2, b: [1] } } }, removed: ["debug"] };

  it("needs every added and changed value as the fix has it, in any key order, and none of the removed keys", () => {
    expect(isAdopted(delta, { cfg: { b: [1], a: 2 }, page: 2, other: true })).toBe(true);
    expect(isAdopted(delta, { cfg: { a: 2, b: [1] }, page: 2, debug: false })).toBe(false);
    expect(isAdopted(delta, { cfg: { a: 2 }, page: 2 })).toBe(false);
    expect(isAdopted(delta, { cfg: { a: 2, b: [1] } })).toBe(false);
  });

  it("decides nothing with a partial or cancelled call", () => {
    expect([outcomeOf(true, "partial"), outcomeOf(false, "cancelled")]).toEqual([null, null]);
  });

  it("names the four outcomes", () => {
    expect([outcomeOf(true, "success"), outcomeOf(true, "timeout"), outcomeOf(false, "success"), outcomeOf(false, "failure")]).toEqual([
      "worked",
      "failed",
      "other_fix",
      "ignored",
    ]);
  });
});

describe("folding calls into shared knowledge", () => {
  it("counts calls like a session pattern and learns a fix under the failure's error type", () => {
    const knowledge = emptyKnowledge("search", "t0");
    foldSharedCall(knowledge, facts({ outcome: "failure", error_type: "E", arguments: { n: 0 }, execution_time_ms: 10 }), "t1");
    foldSharedCall(
      knowledge,
      facts({ call_id: "call-0002", arguments: { n: 1 }, execution_time_ms: 20, fix: { failed_call_id: "call-0001", error_type: "E", delta: { changed: { n: { from: 0, to: 1 } } } } }),
      "t2",
    );
    expect(bestFixOf(knowledge, "E", { n: 0 })).toMatchObject({ typical_fix: "change n: 0 -> 1", times_applied: 1 });
    // Only a failure that holds the value the fix changed is offered it (applicability.ts).
    expect(bestFixOf(knowledge, "E", { n: 5 })).toBeNull();
    expect(bestFixOf(knowledge, null, { n: 0 })).toBeNull();
    expect(bestFixOf(knowledge, "Other", { n: 0 })).toBeNull();
    const served = presentKnowledge(structuredClone(knowledge));
    expect(served).toMatchObject({ total_calls: 2, success_count: 1, failure_count: 1, avg_execution_ms: 15, fixes_learned: 1, last_used_at: "t2" });
    expect(served.error_patterns[0]).toMatchObject({
      error_type: "E",
      count: 1,
      typical_fix: "change n: 0 -> 1",
      recent_fixes: [{ session_id: "s1", failed_call_id: "call-0001", fix_call_id: "call-0002", applied_at: "t2" }],
    });
  });

  it("counts an offer, and decides it only with the call right after the offered failure", () => {
    const knowledge = emptyKnowledge("search", "t0");
    foldSharedCall(knowledge, facts({ outcome: "failure", error_type: "E", arguments: { n: 0 } }), "t1");
    foldSharedCall(knowledge, facts({ call_id: "call-0002", arguments: { n: 1 }, fix: { failed_call_id: "call-0001", error_type: "E", delta: { changed: { n: { from: 0, to: 1 } } } } }), "t2");
    const offered = offerFix(knowledge, bestFixOf(knowledge, "E", { n: 0 })!, "offer-1");
    expect(offered).toMatchObject({ offer_id: "offer-1", efficacy: { offered: 1, adopted: 0 } });
    const offer = { offer_id: "offer-1", call_id: "call-0007", error_type: "E", fix_delta: offered.fix_delta };

    expect(decideOffer(knowledge, offer, facts({ previous_call_id: "call-0006", arguments: { n: 1 } }))).toBeNull();
    expect(decideOffer(knowledge, offer, facts({ previous_call_id: "call-0007", arguments: { n: 1 }, outcome: "timeout" }))).toBe("failed");
    expect(knowledge.efficacy).toMatchObject({ offered: 1, failed: 1 });
    expect(bestFixOf(knowledge, "E", { n: 0 })!.efficacy).toMatchObject({ offered: 1, failed: 1 });
  });

  it("keeps an adoption's outcome, and a detection's, among the fix's latest, and stops offering it at 3 failures of 5", () => {
    const knowledge = emptyKnowledge("search", "t0");
    const learnFrom = (n: number) => {
      foldSharedCall(knowledge, facts({ call_id: `f${n}`, outcome: "failure", error_type: "E", arguments: { n: 0 } }), "t1");
      foldSharedCall(knowledge, facts({ call_id: `s${n}`, arguments: { n: 1 }, fix: { failed_call_id: `f${n}`, error_type: "E", delta: { changed: { n: { from: 0, to: 1 } } } } }), "t2");
    };
    learnFrom(1);
    const offerTo = (call: string) => {
      const offered = offerFix(knowledge, bestFixOf(knowledge, "E", { n: 0 })!, `offer-${call}`);
      return { offer_id: offered.offer_id, call_id: call, error_type: "E", fix_delta: offered.fix_delta };
    };
    const fixOf = () => knowledge.error_patterns[0]!.fixes[0]!;
    expect(fixOf().efficacy.recent_outcomes).toBe("w");
    expect(decideOffer(knowledge, offerTo("a"), facts({ previous_call_id: "a", arguments: { n: 1 }, outcome: "failure" }))).toBe("failed");
    // Worked when offered, with no fix detected by this call: the outcome alone.
    expect(decideOffer(knowledge, offerTo("b"), facts({ previous_call_id: "b", arguments: { n: 1 } }))).toBe("worked");
    expect(fixOf().efficacy.recent_outcomes).toBe("wfw");
    for (const call of ["c", "d"]) decideOffer(knowledge, offerTo(call), facts({ previous_call_id: call, arguments: { n: 1 }, outcome: "failure" }));
    expect(fixOf().efficacy.recent_outcomes).toBe("wfwff");
    expect(bestFixOf(knowledge, "E", { n: 0 })).toBeNull();
    // Seen fixing a failure again pushes the oldest failure out.
    learnFrom(2);
    expect(fixOf().efficacy.recent_outcomes).toBe("fwffw");
    expect(bestFixOf(knowledge, "E", { n: 0 })).toBeNull();
    learnFrom(3);
    expect(fixOf().efficacy.recent_outcomes).toBe("wffww");
    expect(bestFixOf(knowledge, "E", { n: 0 })).toMatchObject({ typical_fix: "change n: 0 -> 1" });
  });

  it("gives an error pattern made by a fix, before any failure of its type was seen here, the first failure's arguments as its example", () => {
    const knowledge = emptyKnowledge("search", "t0");
    // The failure was seen before this knowledge existed (or before it was forgotten): only its fix reaches it.
    foldSharedCall(knowledge, facts({ arguments: { n: 1 }, fix: { failed_call_id: "call-0001", error_type: "E", delta: { changed: { n: { from: 0, to: 1 } } } } }), "t1");
    expect(knowledge.error_patterns[0]).toMatchObject({ error_type: "E", count: 0, example_args: null });
    foldSharedCall(knowledge, facts({ call_id: "call-0003", outcome: "failure", error_type: "E", arguments: { n: 7 } }), "t2");
    foldSharedCall(knowledge, facts({ call_id: "call-0004", outcome: "failure", error_type: "E", arguments: { n: 8 } }), "t3");
    expect(knowledge.error_patterns[0]).toMatchObject({ count: 2, example_args: { n: 7 } });
  });

  it("counts a fix of a failure without an error type, but teaches no error pattern", () => {
    const knowledge = emptyKnowledge("search", "t0");
    foldSharedCall(knowledge, facts({ fix: { failed_call_id: "call-0001", error_type: null, delta: { added: { x: 1 } } } }), "t1");
    expect(knowledge).toMatchObject({ fixes_learned: 1, error_patterns: [], success_patterns: [{ delta_that_fixed: { added: { x: 1 } } }] });
  });
});
