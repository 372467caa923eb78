// A session's pattern of one tool, updated call by call and fix by fix, and the failure a success fixes.
import { describe, it, expect } from "vitest";
import {
  applyCallToPattern,
  applyFixToPattern,
  emptyPattern,
  findFixTarget,
} from "../../../src/domain/tools/pattern-update.js";
import { formatToolContext } from "../../../src/domain/tools/prompt-format.js";
import type { ToolLogEntry } from "../../../src/domain/tools/types.js";
import { NOW, entry } from "./fixtures.js";

const LATER = "2025-01-02T00:00:00.000Z";

function applyAll(entries: ToolLogEntry[]) {
  const p = emptyPattern("t", NOW);
  for (const e of entries) applyCallToPattern(p, e, LATER);
  return p;
}

describe("emptyPattern", () => {
  it("starts with no calls, no patterns and no average", () => {
    expect(emptyPattern("t", NOW)).toEqual({
      tool_name: "t",
      total_calls: 0,
      success_count: 0,
      failure_count: 0,
      success_rate: 0,
      common_args: {},
      error_patterns: [],
      success_patterns: [],
      avg_execution_ms: null,
      timed_calls: 0,
      updated_at: NOW,
    });
  });
});

describe("applyCallToPattern", () => {
  it("counts successes and failures and keeps the success rate", () => {
    const p = applyAll([entry(), entry({ outcome: "failure" }), entry({ outcome: "timeout" }), entry()]);
    expect(p).toMatchObject({
      total_calls: 4,
      success_count: 2,
      failure_count: 2,
      success_rate: 0.5,
      updated_at: LATER,
    });
  });

  it("counts partial and cancelled calls only in the total", () => {
    const p = applyAll([entry({ outcome: "partial" }), entry({ outcome: "cancelled" })]);
    expect(p).toMatchObject({ total_calls: 2, success_count: 0, failure_count: 0, success_rate: 0 });
    expect(p.error_patterns).toEqual([]);
  });

  it("keeps the last five distinct values of each argument", () => {
    const p = applyAll([1, 2, 3, 4, 5, 6].map((n) => entry({ arguments: { n, fixed: "same" } })));
    expect(p.common_args).toEqual({ n: [2, 3, 4, 5, 6], fixed: ["same"] });
  });

  it("keeps a repeated value where it was, comparing deeply", () => {
    const p = applyAll([{ a: 1, b: 2 }, "x", { b: 2, a: 1 }].map((v) => entry({ arguments: { v } })));
    expect(p.common_args.v).toEqual([{ a: 1, b: 2 }, "x"]);
  });

  it("drops the oldest value when a sixth distinct one arrives, repeats not counting", () => {
    const p = applyAll([1, 2, 3, 4, 5, 1, 6].map((n) => entry({ arguments: { n } })));
    expect(p.common_args.n).toEqual([2, 3, 4, 5, 6]);
  });

  it("averages execution time over calls with a non-zero time only, null until one is timed", () => {
    const p = emptyPattern("t", NOW);
    applyCallToPattern(p, entry({ execution_time_ms: null }), LATER);
    applyCallToPattern(p, entry({ execution_time_ms: 0 }), LATER);
    expect(p.avg_execution_ms).toBeNull();
    applyCallToPattern(p, entry({ execution_time_ms: 100 }), LATER);
    expect(p.avg_execution_ms).toBe(100);
    applyCallToPattern(p, entry({ execution_time_ms: 0 }), LATER);
    expect(p.avg_execution_ms).toBe(100);
    expect(p.timed_calls).toBe(1);
  });

  it("is the exact mean when every call is timed", () => {
    const p = applyAll([100, 200, 600].map((ms) => entry({ execution_time_ms: ms })));
    expect(p.avg_execution_ms).toBe(300);
  });

  it("keeps the exact mean of the timed calls when untimed calls come in between", () => {
    const times = [100, null, 0, 200];
    const p = applyAll(times.map((ms) => entry({ execution_time_ms: ms })));
    expect(p.avg_execution_ms).toBe(150);
    expect(p.timed_calls).toBe(2);
  });

  it("gives exactly the sum over the count for integer times, with no floating drift", () => {
    const times = [29848, 56572, 29950, 428, 29134, 62054, 39980, 20817, 84343, 26014, 48442, 42350, 14405, 9190];
    const p = applyAll(times.map((ms) => entry({ execution_time_ms: ms })));
    expect(p.avg_execution_ms).toBe(times.reduce((a, b) => a + b, 0) / times.length);
  });

  it("continues the mean of an imported pattern from its timed_calls", () => {
    const p = { ...emptyPattern("t", NOW), total_calls: 5, avg_execution_ms: 10, timed_calls: 2 };
    applyCallToPattern(p, entry({ execution_time_ms: 40 }), LATER);
    expect(p.avg_execution_ms).toBe(20);
    expect(p.timed_calls).toBe(3);
  });

  it("creates an error pattern for a failure with its goal and example arguments", () => {
    const p = applyAll([entry({ outcome: "failure", error_type: "unsat", context_goal: "g1", arguments: { x: 1 } })]);
    expect(p.error_patterns).toEqual([
      { error_type: "unsat", count: 1, contexts: ["g1"], example_args: { x: 1 }, typical_fix: null, fix_delta: null },
    ]);
  });

  it("files a failure or timeout without an error type (or an empty one) under unknown", () => {
    const p = applyAll([entry({ outcome: "timeout" }), entry({ outcome: "failure", error_type: "" })]);
    expect(p.error_patterns).toHaveLength(1);
    expect(p.error_patterns[0]).toMatchObject({ error_type: "unknown", count: 2, contexts: [] });
  });

  it("counts repeats, keeps the first example arguments and the last five distinct goals", () => {
    const goals = ["g1", "g2", "g1", null, "g3", "g4", "g5", "g6"];
    const p = applyAll(
      goals.map((goal, i) => entry({ outcome: "failure", error_type: "unsat", context_goal: goal, arguments: { i } })),
    );
    expect(p.error_patterns[0]).toMatchObject({
      count: 8,
      example_args: { i: 0 },
      contexts: ["g2", "g3", "g4", "g5", "g6"],
    });
  });

  it("keeps separate error patterns per error type, in order of first occurrence", () => {
    const p = applyAll([
      entry({ outcome: "failure", error_type: "b" }),
      entry({ outcome: "failure", error_type: "a" }),
      entry({ outcome: "failure", error_type: "b" }),
    ]);
    expect(p.error_patterns.map((ep) => [ep.error_type, ep.count])).toEqual([["b", 2], ["a", 1]]);
  });
});

describe("applyFixToPattern", () => {
  const delta = { changed: { x: { from: 1, to: 2 } } };
  const failed = entry({ id: "call-0001", outcome: "failure", error_type: "unsat", arguments: { x: 1 } });
  const success = entry({ id: "call-0002", arguments: { x: 2 }, context_goal: "solve" });

  it("teaches the failed call's error pattern the fix and adds a success pattern", () => {
    const p = applyAll([failed, success]);
    applyFixToPattern(p, failed, success, delta);
    expect(p.error_patterns[0]).toMatchObject({ fix_delta: delta, typical_fix: "change x: 1 -> 2" });
    expect(p.success_patterns).toEqual([
      { goal_match: "solve", arg_hints: { x: 2 }, example_call_id: "call-0002", delta_that_fixed: delta },
    ]);
  });

  it("teaches a failure without an error type its fix under 'unknown', where it was filed", () => {
    const untyped = { ...failed, error_type: null };
    const p = applyAll([untyped, success]);
    applyFixToPattern(p, untyped, success, delta);
    expect(p.error_patterns[0]).toMatchObject({ error_type: "unknown", fix_delta: delta, typical_fix: expect.any(String) });
    expect(p.success_patterns).toHaveLength(1);
  });

  it("gives a fix made without a goal (or with an empty one) a null goal_match", () => {
    const p = emptyPattern("t", NOW);
    applyFixToPattern(p, failed, { ...success, context_goal: "" }, delta);
    expect(p.success_patterns[0]?.goal_match).toBeNull();
  });

  it("keeps at most ten success patterns, dropping the oldest", () => {
    const p = emptyPattern("t", NOW);
    for (let i = 1; i <= 12; i += 1) applyFixToPattern(p, failed, { ...success, id: `s${i}` }, delta);
    const kept = ["s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "s12"];
    expect(p.success_patterns.map((sp) => sp.example_call_id)).toEqual(kept);
  });
});

describe("findFixTarget", () => {
  const success = entry({ id: "s", arguments: { x: 2 } });

  it("links the newest unfixed failure of the same tool whose arguments differ", () => {
    const older = entry({ id: "f1", outcome: "failure", arguments: { x: 0 } });
    const newer = entry({ id: "f2", outcome: "timeout", arguments: { x: 1 } });
    expect(findFixTarget([older, newer], success)).toEqual({
      target: newer,
      delta: { changed: { x: { from: 1, to: 2 } } },
    });
  });

  it("skips other tools, successes, partial calls, fixed failures and failures with identical arguments", () => {
    const target = entry({ id: "f0", outcome: "failure", arguments: { y: 1 } });
    const window = [
      target,
      entry({ id: "same", outcome: "failure", arguments: { x: 2 } }),
      entry({ id: "fixed", outcome: "failure", arguments: { x: 1 }, fixed_by: "s0" }),
      entry({ id: "partial", outcome: "partial", arguments: { x: 1 } }),
      entry({ id: "ok", outcome: "success", arguments: { x: 1 } }),
      entry({ id: "other", tool_name: "u", outcome: "failure", arguments: { x: 1 } }),
    ];
    expect(findFixTarget(window, success)?.target.id).toBe("f0");
  });

  it("gives null when nothing in the window qualifies", () => {
    expect(findFixTarget([], success)).toBeNull();
    expect(findFixTarget([entry({ outcome: "failure", arguments: { x: 2 } })], success)).toBeNull();
  });
});

describe("recording a failure and its fix end to end", () => {
  it("produces the documented tool context", () => {
    const p = emptyPattern("t", NOW);
    const failed = entry({
      id: "call-0001",
      outcome: "failure",
      error_type: "unsat",
      arguments: { x: 1 },
      result_summary: "null",
    });
    applyCallToPattern(p, failed, NOW);
    const success = entry({ id: "call-0002", arguments: { x: 2 }, result_summary: "ok" });
    applyCallToPattern(p, success, NOW);
    const fix = findFixTarget([failed], success);
    expect(fix).not.toBeNull();
    if (!fix) return;
    applyFixToPattern(p, fix.target, success, fix.delta);
    const linkedFailure = { ...failed, fixed_by: success.id };
    const linkedSuccess = { ...success, fix_for: failed.id, delta_args: fix.delta };

    const text = formatToolContext([{ pattern: p, recent: [linkedSuccess, linkedFailure] }], {
      maxErrorPatterns: 3,
      maxSuccessPatterns: 3,
      includeArgs: false,
      includeTiming: false,
      compact: false,
    });
    expect(text).toBe(
      '<procedural_memory>\n<tool_memory name="t">\n<recent_calls>\n  [✓] ok (fixed prior by: x:1->2)\n' +
        "  [✗] null (fixed by call-0002)\n</recent_calls>\n\n<patterns>\n  success_rate: 50% (2 calls)\n" +
        "  <common_errors>\n    - unsat -> fix: change x: 1 -> 2\n  </common_errors>\n  <success_hints>\n" +
        "    - Fixed by: x:1->2\n  </success_hints>\n</patterns>\n</tool_memory>\n</procedural_memory>",
    );
  });
});
