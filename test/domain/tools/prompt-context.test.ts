// The tool-context block of a session's prompt, as the tool memory renders it.
import { describe, it, expect } from "vitest";
import { formatToolContext } from "../../../src/domain/tools/prompt-format.js";
import type { ToolContextOptions } from "../../../src/domain/tools/prompt-format.js";
import type { SuccessPattern, ToolLogEntry, ToolPattern } from "../../../src/domain/tools/types.js";
import { entry, errorPattern, pattern } from "./fixtures.js";

const options: ToolContextOptions = {
  maxErrorPatterns: 3,
  maxSuccessPatterns: 3,
  includeArgs: false,
  includeTiming: false,
  compact: false,
};

function render(p: ToolPattern, recent: ToolLogEntry[], overrides: Partial<ToolContextOptions> = {}): string {
  return formatToolContext([{ pattern: p, recent }], { ...options, ...overrides });
}

const xDelta = { changed: { x: { from: 1, to: 2 } } };


function fixHint(key: string, goal: string | null = null): SuccessPattern {
  return { goal_match: goal, arg_hints: {}, example_call_id: null, delta_that_fixed: { added: { [key]: 1 } } };
}

function plainHint(goal: string | null, argHints: Record<string, unknown> = { q: 1 }): SuccessPattern {
  return { goal_match: goal, arg_hints: argHints, example_call_id: null, delta_that_fixed: null };
}

const failed = entry({
  id: "call-0001",
  arguments: { x: 1 },
  outcome: "failure",
  result_summary: "null",
  result_type: "null",
  error_type: "unsat",
  fixed_by: "call-0002",
});
const fixing = entry({ id: "call-0002", arguments: { x: 2 }, fix_for: "call-0001", delta_args: xDelta });
const fixedPattern = pattern({
  total_calls: 2,
  success_count: 1,
  failure_count: 1,
  success_rate: 0.5,
  error_patterns: [errorPattern("unsat", { typical_fix: "change x: 1 -> 2", fix_delta: xDelta })],
  success_patterns: [{ goal_match: null, arg_hints: { x: 2 }, example_call_id: "call-0002", delta_that_fixed: xDelta }],
});

describe("formatToolContext", () => {
  it("renders a failure fixed by a success byte for byte, with no trailing newline", () => {
    const text = formatToolContext([{ pattern: fixedPattern, recent: [fixing, failed] }], options);
    expect(text).toBe(
      [
        "<procedural_memory>",
        '<tool_memory name="t">',
        "<recent_calls>",
        "  [✓] ok (fixed prior by: x:1->2)",
        "  [✗] null (fixed by call-0002)",
        "</recent_calls>",
        "",
        "<patterns>",
        "  success_rate: 50% (2 calls)",
        "  <common_errors>",
        "    - unsat -> fix: change x: 1 -> 2",
        "  </common_errors>",
        "  <success_hints>",
        "    - Fixed by: x:1->2",
        "  </success_hints>",
        "</patterns>",
        "</tool_memory>",
        "</procedural_memory>",
      ].join("\n"),
    );
  });

  it("in the service's own blocks (readable), shows no summary for a call that reported none, and every fix in full", () => {
    const path = { changed: { path: { from: "/tmp/newcomer/fsroot/README.txt", to: "/tmp/newcomer/fsroot/docs/README.txt" } } };
    const pathFixed = pattern({
      total_calls: 2,
      success_count: 1,
      failure_count: 1,
      success_rate: 0.5,
      error_patterns: [errorPattern("ENOENT", { typical_fix: "change path: /tmp/newcomer/fsr... -> /tmp/newcomer/fsr...", fix_delta: path })],
      success_patterns: [{ goal_match: null, arg_hints: {}, example_call_id: "call-0002", delta_that_fixed: path }],
    });
    const read = entry({ id: "call-0002", result_summary: "null", result_type: "null", fix_for: "call-0001", delta_args: path });
    const missing = entry({ id: "call-0001", outcome: "failure", result_summary: "null", result_type: "null", error_type: "ENOENT", fixed_by: "call-0002" });
    const change = "change path: /tmp/newcomer/fsroot/README.txt → /tmp/newcomer/fsroot/docs/README.txt";
    expect(render(pathFixed, [read, missing], { readable: true })).toBe(
      [
        "<procedural_memory>",
        '<tool_memory name="t">',
        "<recent_calls>",
        `  [✓] (fixed prior by: ${change})`,
        "  [✗] (fixed by call-0002)",
        "</recent_calls>",
        "",
        "<patterns>",
        "  success_rate: 50% (2 calls)",
        "  <common_errors>",
        `    - ENOENT -> fix: ${change}`,
        "  </common_errors>",
        "  <success_hints>",
        `    - Fixed by: ${change}`,
        "  </success_hints>",
        "</patterns>",
        "</tool_memory>",
        "</procedural_memory>",
      ].join("\n"),
    );
    // The tool memory's own block keeps its format: `[✓] null`, and values cut short.
    expect(render(pathFixed, [read, missing])).toContain("  [✓] null (fixed prior by: path:/tmp/newcomer..->/tmp/newcomer..)");
  });

  it("is empty when there are no tools", () => {
    expect(formatToolContext([], options)).toBe("");
  });

  it("joins several tools' sections with one blank line", () => {
    const a = { pattern: pattern({ tool_name: "a" }), recent: [entry({ tool_name: "a", result_summary: "A" })] };
    const b = { pattern: pattern({ tool_name: "b" }), recent: [entry({ tool_name: "b", result_summary: "B" })] };
    expect(formatToolContext([a, b], options)).toBe(
      [
        "<procedural_memory>",
        '<tool_memory name="a">',
        "<recent_calls>",
        "  [✓] A",
        "</recent_calls>",
        "</tool_memory>",
        "",
        '<tool_memory name="b">',
        "<recent_calls>",
        "  [✓] B",
        "</recent_calls>",
        "</tool_memory>",
        "</procedural_memory>",
      ].join("\n"),
    );
  });

  it("leaves out recent calls and the blank line when there are none", () => {
    const text = formatToolContext([{ pattern: fixedPattern, recent: [] }], options);
    expect(text).not.toContain("<recent_calls>");
    expect(text).toContain('<tool_memory name="t">\n<patterns>\n');
  });

  it("leaves out the patterns block when the tool has neither error nor success patterns", () => {
    const text = formatToolContext([{ pattern: pattern({ total_calls: 1 }), recent: [entry()] }], options);
    expect(text).toBe(
      '<procedural_memory>\n<tool_memory name="t">\n<recent_calls>\n  [✓] ok\n</recent_calls>\n' +
        "</tool_memory>\n</procedural_memory>",
    );
  });

  it("marks only successes with a tick; partial, timeout and cancelled get a cross", () => {
    const recent = [
      entry({ outcome: "partial", result_summary: "p" }),
      entry({ outcome: "timeout", result_summary: "t" }),
      entry({ outcome: "cancelled", result_summary: "c" }),
    ];
    const text = formatToolContext([{ pattern: pattern(), recent }], options);
    expect(text).toContain("  [✗] p\n  [✗] t\n  [✗] c\n");
  });

  it("shows an unfixed failure with its result summary only", () => {
    const text = render(pattern(), [entry({ outcome: "failure", result_summary: "error: boom", error_type: "x" })]);
    expect(text).toContain("\n  [✗] error: boom\n</recent_calls>");
  });

  it("drops the success_rate line in compact mode", () => {
    const text = formatToolContext([{ pattern: fixedPattern, recent: [] }], { ...options, compact: true });
    expect(text).not.toContain("success_rate");
    expect(text).toContain("<patterns>\n  <common_errors>");
  });

  it("rounds the success rate to a whole percentage", () => {
    const text = render({ ...fixedPattern, success_rate: 2 / 3, total_calls: 3 }, []);
    expect(text).toContain("  success_rate: 67% (3 calls)");
  });

  it("shows an error's count only when above one, before its fix", () => {
    const errors = [errorPattern("once"), errorPattern("twice", { count: 2, typical_fix: "add a" })];
    const text = formatToolContext([{ pattern: pattern({ error_patterns: errors }), recent: [] }], options);
    expect(text).toContain("  <common_errors>\n    - once\n    - twice (x2) -> fix: add a\n  </common_errors>");
  });

  it("shows the last maxErrorPatterns error patterns and the last maxSuccessPatterns success hints", () => {
    const errors = ["e1", "e2", "e3", "e4"].map((type) => errorPattern(type));
    const hints = ["a", "b", "c", "d"].map((key) => fixHint(key));
    const text = render(pattern({ error_patterns: errors, success_patterns: hints }), [], {
      maxErrorPatterns: 2,
      maxSuccessPatterns: 1,
    });
    expect(text).toContain("  <common_errors>\n    - e3\n    - e4\n  </common_errors>");
    expect(text).toContain("  <success_hints>\n    - Fixed by: +d\n  </success_hints>");
  });

  it("with a goal keeps success hints with no goal, a containing goal (any case), or a fix", () => {
    const hints = [
      plainHint(null, { general: 1 }),
      plainHint("Solve the SCHEDULE puzzle", { matching: 1 }),
      plainHint("something else", { other: 1 }),
      fixHint("fix", "unrelated goal"),
    ];
    const text = render(pattern({ success_patterns: hints }), [], { goal: "schedule", maxSuccessPatterns: 10 });
    expect(text).toContain(
      [
        "  <success_hints>",
        '    - Typical args: {"general":1}',
        '    - Typical args: {"matching":1}',
        "    - Fixed by: +fix",
        "  </success_hints>",
      ].join("\n"),
    );
    expect(text).not.toContain("other");
  });

  it("without a goal shows every success hint", () => {
    const hints = [plainHint("something else", { other: 1 })];
    const text = formatToolContext([{ pattern: pattern({ success_patterns: hints }), recent: [] }], options);
    expect(text).toContain('    - Typical args: {"other":1}');
  });

  it("leaves out the success hints block when the goal filters every hint away", () => {
    const text = render(pattern({ success_patterns: [plainHint("other")] }), [], { goal: "mine" });
    expect(text).not.toContain("success_hints");
    expect(text).toContain("<patterns>\n  success_rate: 0% (0 calls)\n</patterns>");
  });

  it("appends the execution time to the call line when includeTiming is on", () => {
    const recent = [entry({ execution_time_ms: 123 }), entry({ execution_time_ms: null, result_summary: "untimed" })];
    const on = formatToolContext([{ pattern: pattern(), recent }], { ...options, includeTiming: true });
    expect(on).toContain("  [✓] ok [123ms]\n  [✓] untimed\n");
    const off = formatToolContext([{ pattern: pattern(), recent }], options);
    expect(off).not.toContain("ms]");
  });

  it("puts the timing after the fix note", () => {
    const text = render(pattern(), [{ ...fixing, execution_time_ms: 5 }], { includeTiming: true });
    expect(text).toContain("  [✓] ok (fixed prior by: x:1->2) [5ms]\n");
  });

  it("adds an args line with the first three arguments and a count of the rest when includeArgs is on", () => {
    const call = entry({ arguments: { a: 1, b: "two", c: [3], d: 4, e: 5 }, execution_time_ms: 9 });
    const text = render(pattern(), [call], { includeArgs: true, includeTiming: true });
    expect(text).toContain("  [✓] ok [9ms]\n    args: a=1, b=two, c=[3], ...+2\n");
  });

  it("shows all arguments without a count when there are three or fewer, cut to 15 characters", () => {
    const call = entry({ arguments: { a: "x".repeat(16), b: { k: true } } });
    const text = formatToolContext([{ pattern: pattern(), recent: [call] }], { ...options, includeArgs: true });
    expect(text).toContain(`    args: a=${"x".repeat(13)}.., b={"k":true}\n`);
  });

  it("shows no args line for a call without arguments", () => {
    const text = formatToolContext([{ pattern: pattern(), recent: [entry()] }], { ...options, includeArgs: true });
    expect(text).not.toContain("args:");
  });
});
