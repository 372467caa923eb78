// Unit tests of the shared-knowledge prompt text: the section beside a session's own, and error guidance.
import { emptyCounts, fixEfficacy } from "../../../src/domain/shared-tools/efficacy.js";
import { describe, expect, it } from "vitest";
import { emptyKnowledge } from "../../../src/domain/shared-tools/knowledge.js";
import { fixesNewToSession, formatSharedErrorGuidance, formatSharedToolSection } from "../../../src/domain/shared-tools/prompt.js";
import type { SharedErrorPattern, SharedToolKnowledge } from "../../../src/domain/shared-tools/types.js";
import { emptyPattern } from "../../../src/domain/tools/pattern-update.js";

const OPTIONS = { maxErrorPatterns: 3, maxSuccessPatterns: 3, includeArgs: false, includeTiming: false, compact: false };

function errorPattern(errorType: string, count: number, fixed: boolean): SharedErrorPattern {
  const delta = { changed: { limit: { from: 0, to: 10 } } };
  return {
    error_type: errorType,
    count,
    contexts: [],
    example_args: null,
    typical_fix: fixed ? "change limit: 0 -> 10" : null,
    fix_delta: fixed ? delta : null,
    fixes: fixed ? [{ fix_delta: delta, typical_fix: "change limit: 0 -> 10", times_applied: 2, last_applied_at: "t", efficacy: fixEfficacy(emptyCounts(), 2) }] : [],
    recent_fixes: fixed ? [{ session_id: "s-b", failed_call_id: "call-0003", fix_call_id: "call-0004", applied_at: "t" }] : [],
  };
}

function knowledge(patterns: SharedErrorPattern[]): SharedToolKnowledge {
  return { ...emptyKnowledge("search", "t"), total_calls: 8, success_rate: 0.625, sessions_seen: 1, error_patterns: patterns };
}

describe("the shared tool section", () => {
  it("lists fixed error types the session does not know, most frequent first, in the exact format", () => {
    const shared = knowledge([errorPattern("Rare", 1, true), errorPattern("Unfixed", 9, false), errorPattern("Often", 4, true)]);
    // The section is the service's own: each fix reads as fixText words it (values whole), not as typical_fix.
    expect(formatSharedToolSection(shared, null, OPTIONS)).toBe(
      [
        '<shared_tool_knowledge name="search">',
        "  success_rate: 63% (8 calls in 1 session)",
        "  <known_fixes>",
        "    - Often (x4) -> fix: change limit: 0 → 10 (worked 2x)",
        "    - Rare -> fix: change limit: 0 → 10 (worked 2x)",
        "  </known_fixes>",
        "</shared_tool_knowledge>",
      ].join("\n"),
    );
  });

  it("leaves out what the session fixed itself, and gives null when nothing is left", () => {
    const shared = knowledge([errorPattern("Often", 4, true)]);
    const session = emptyPattern("search", "t");
    session.error_patterns.push({ error_type: "Often", count: 1, contexts: [], example_args: null, typical_fix: "x", fix_delta: { added: { x: 1 } } });
    expect(fixesNewToSession(shared, session, 3)).toEqual([]);
    expect(formatSharedToolSection(shared, session, OPTIONS)).toBeNull();
    // Seen by the session but not fixed: still new to it.
    session.error_patterns[0]!.fix_delta = null;
    expect(fixesNewToSession(shared, session, 3).map((ep) => ep.error_type)).toEqual(["Often"]);
  });
});

describe("shared error guidance", () => {
  it("names the typical fix and each past fix's session", () => {
    // The tenant's guidance is the service's own: its previous fix reads in full, not in the tool memory's short form.
    expect(formatSharedErrorGuidance(knowledge([errorPattern("E", 2, true)]), "E")).toBe(
      '<error_guidance tool="search" error="E">\n  Previous fix: change limit: 0 → 10\n  Past fixes:\n    - s-b: call-0003 -> call-0004\n</error_guidance>',
    );
    expect(formatSharedErrorGuidance(knowledge([]), "E")).toBe(
      '<error_guidance tool="search" error="E">\n  No previous fixes found for this error type.\n</error_guidance>',
    );
  });
});
