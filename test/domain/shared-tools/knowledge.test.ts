// Unit tests of how shared knowledge learns from calls and ranks the fixes it learned.
import { describe, expect, it } from "vitest";
import { emptyKnowledge, foldSharedCall, knownFixOf, presentKnowledge, rankFixes } from "../../../src/domain/shared-tools/knowledge.js";
import type { SharedCallFacts, SharedFix } from "../../../src/domain/shared-tools/types.js";

const fix = (to: number, times: number, last: string): SharedFix => ({
  fix_delta: { changed: { n: { from: 0, to } } },
  typical_fix: `change n: 0 -> ${to}`,
  times_applied: times,
  last_applied_at: last,
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
    ...overrides,
  };
}

describe("ranking fixes", () => {
  it("puts the most applied first, then the most recently applied, then the one learned later", () => {
    const ranked = rankFixes([fix(1, 1, "2026-01-02"), fix(2, 3, "2026-01-01"), fix(3, 1, "2026-01-03"), fix(4, 1, "2026-01-03")]);
    expect(ranked.map((f) => f.fix_delta.changed!.n!.to)).toEqual([2, 4, 3, 1]);
  });

  it("leaves the given list in its order", () => {
    const fixes = [fix(1, 1, "a"), fix(2, 2, "a")];
    rankFixes(fixes);
    expect(fixes.map((f) => f.times_applied)).toEqual([1, 2]);
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
    const served = presentKnowledge(knowledge);
    expect(served).toMatchObject({ total_calls: 2, success_count: 1, failure_count: 1, avg_execution_ms: 15, fixes_learned: 1, last_used_at: "t2" });
    expect(served.error_patterns[0]).toMatchObject({
      error_type: "E",
      count: 1,
      typical_fix: "change n: 0 -> 1",
      recent_fixes: [{ session_id: "s1", failed_call_id: "call-0001", fix_call_id: "call-0002", applied_at: "t2" }],
    });
    expect(knownFixOf(served, "E")).toEqual({ fix_delta: { changed: { n: { from: 0, to: 1 } } }, typical_fix: "change n: 0 -> 1", times_applied: 1 });
    expect(knownFixOf(served, null)).toBeNull();
    expect(knownFixOf(served, "Other")).toBeNull();
  });

  it("counts a fix of a failure without an error type, but teaches no error pattern", () => {
    const knowledge = emptyKnowledge("search", "t0");
    foldSharedCall(knowledge, facts({ fix: { failed_call_id: "call-0001", error_type: null, delta: { added: { x: 1 } } } }), "t1");
    expect(knowledge).toMatchObject({ fixes_learned: 1, error_patterns: [], success_patterns: [{ delta_that_fixed: { added: { x: 1 } } }] });
  });
});
