// The session summary, error guidance and success template prompts, as the tool memory renders them.
import { describe, it, expect } from "vitest";
import {
  formatErrorGuidance,
  formatSuccessTemplate,
  formatSummary,
} from "../../../src/domain/tools/prompt-format.js";
import { entry, errorPattern, pattern } from "./fixtures.js";

const xDelta = { changed: { x: { from: 1, to: 2 } } };


describe("formatSummary", () => {
  it("renders the totals and the most used tools byte for byte", () => {
    const t = pattern({ total_calls: 2, success_count: 1, success_rate: 0.5, error_patterns: [errorPattern("unsat")] });
    const text = formatSummary({ totalCalls: 2, successRate: 0.5, fixesDetected: 1, patterns: [t] }, 5);
    expect(text).toBe(
      [
        "<procedural_memory_summary>",
        "  Total: 2 calls, 50% success, 1 fixes detected",
        "",
        "  Most used tools:",
        "    - t: 2 calls, 50% success",
        "      last error: unsat",
        "</procedural_memory_summary>",
      ].join("\n"),
    );
  });

  it("leaves out the tool list when there are no tools", () => {
    expect(formatSummary({ totalCalls: 0, successRate: 0, fixesDetected: 0, patterns: [] }, 5)).toBe(
      "<procedural_memory_summary>\n  Total: 0 calls, 0% success, 0 fixes detected\n</procedural_memory_summary>",
    );
  });

  it("sorts tools by calls, most first, ties by name, and keeps at most maxTools", () => {
    const patterns = [
      pattern({ tool_name: "few", total_calls: 1, success_rate: 1 }),
      pattern({ tool_name: "zeta", total_calls: 3 }),
      pattern({ tool_name: "alpha", total_calls: 3 }),
      pattern({ tool_name: "many", total_calls: 9, success_rate: 1 / 3 }),
    ];
    const text = formatSummary({ totalCalls: 16, successRate: 0.25, fixesDetected: 0, patterns }, 3);
    expect(text).toContain(
      "    - many: 9 calls, 33% success\n    - alpha: 3 calls, 0% success\n    - zeta: 3 calls, 0% success\n",
    );
    expect(text).not.toContain("few");
    expect(patterns[0]?.tool_name).toBe("few");
  });

  it("shows the last error pattern only for tools that have errors", () => {
    const patterns = [
      pattern({ tool_name: "a", total_calls: 2, error_patterns: [errorPattern("first"), errorPattern("latest")] }),
      pattern({ tool_name: "b", total_calls: 1 }),
    ];
    const text = formatSummary({ totalCalls: 3, successRate: 0, fixesDetected: 0, patterns }, 5);
    expect(text).toContain(
      "    - a: 2 calls, 0% success\n      last error: latest\n" +
        "    - b: 1 calls, 0% success\n</procedural_memory_summary>",
    );
  });
});

describe("formatErrorGuidance", () => {
  const fixedFailure = entry({ id: "call-0001", outcome: "failure", error_type: "unsat", fixed_by: "call-0002" });

  it("renders the previous fix and past fixes byte for byte", () => {
    const fixed = errorPattern("unsat", { fix_delta: xDelta, typical_fix: "change x: 1 -> 2" });
    const t = pattern({ error_patterns: [fixed] });
    expect(formatErrorGuidance(t, "unsat", [fixedFailure])).toBe(
      [
        '<error_guidance tool="t" error="unsat">',
        "  Previous fix: x:1->2",
        "  Past fixes:",
        "    - call-0001 -> call-0002",
        "</error_guidance>",
      ].join("\n"),
    );
  });

  it("says no previous fixes were found when there is neither a fix nor a fixed failure", () => {
    expect(formatErrorGuidance(pattern({ error_patterns: [errorPattern("unsat")] }), "unsat", [])).toBe(
      '<error_guidance tool="t" error="unsat">\n  No previous fixes found for this error type.\n</error_guidance>',
    );
  });

  it("lists at most three past fixes", () => {
    const failures = ["1", "2", "3", "4"].map((n) => entry({ id: `f${n}`, outcome: "failure", fixed_by: `s${n}` }));
    const text = formatErrorGuidance(pattern(), "unsat", failures);
    expect(text).toContain("  Past fixes:\n    - f1 -> s1\n    - f2 -> s2\n    - f3 -> s3\n</error_guidance>");
  });

  it("shows the past fixes without a previous fix line when the pattern has no fix", () => {
    const text = formatErrorGuidance(pattern(), "unsat", [fixedFailure]);
    expect(text).toBe(
      '<error_guidance tool="t" error="unsat">\n  Past fixes:\n    - call-0001 -> call-0002\n</error_guidance>',
    );
  });

  it("shows only the previous fix when it is known but no fixed failure is left", () => {
    const errors = [
      errorPattern("other", { fix_delta: { removed: ["y"] } }),
      errorPattern("unsat", { fix_delta: xDelta }),
    ];
    expect(formatErrorGuidance(pattern({ error_patterns: errors }), "unsat", [])).toBe(
      '<error_guidance tool="t" error="unsat">\n  Previous fix: x:1->2\n</error_guidance>',
    );
  });

  it("adds a changed line under a past fix whose entry carries a delta", () => {
    const withDelta = { ...fixedFailure, delta_args: { added: { k: 1 } } };
    const text = formatErrorGuidance(pattern(), "unsat", [withDelta]);
    expect(text).toContain("    - call-0001 -> call-0002\n      changed: +k\n");
  });
});

describe("formatSuccessTemplate", () => {
  it("renders one key: value line per hint byte for byte", () => {
    expect(formatSuccessTemplate("t", "G", { key: "value", n: 3, list: [1, "a"] })).toBe(
      [
        '<success_template tool="t" goal="G">',
        "  Recommended args based on past success:",
        "    key: value",
        "    n: 3",
        '    list: [1,"a"]',
        "</success_template>",
      ].join("\n"),
    );
  });

  it("is empty when there are no hints", () => {
    expect(formatSuccessTemplate("t", "G", {})).toBe("");
  });
});
