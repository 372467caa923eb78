// The parsed-pattern cache: reused for the same state text only, frozen, and bounded.
import { describe, expect, it } from "vitest";
import { createPatternCache } from "../../src/storage/redis/pattern-cache.js";

const state = (total: number, since = 1) =>
  JSON.stringify({ since, total, success: total, failure: 0, timed: 0, timed_sum: 0, args: [["q", ['"x"'], ['"x"']]], errors: {}, successes: {}, recent: {}, updated_at: "t" });

describe("parsed pattern cache", () => {
  it("answers the same parsed pattern while the state text is the same, and a fresh one once it changes", () => {
    const cache = createPatternCache();
    const first = cache.patternOf("session-a", "search", state(1));
    expect(cache.patternOf("session-a", "search", state(1))).toBe(first);
    const changed = cache.patternOf("session-a", "search", state(2));
    expect(changed).not.toBe(first);
    expect(changed.pattern).toMatchObject({ tool_name: "search", total_calls: 2, common_args: { q: ["x"] } });
    // Another session's pattern of the same tool is its own entry.
    expect(cache.patternOf("session-b", "search", state(1))).not.toBe(first);
  });

  it("freezes what it shares between requests", () => {
    const { pattern } = createPatternCache().patternOf("s", "search", state(1));
    expect(() => {
      (pattern.common_args.q as unknown[]).push("y");
    }).toThrow(TypeError);
  });

  it("forgets the least recently read pattern beyond its size", () => {
    const cache = createPatternCache(2);
    const a = cache.patternOf("s", "a", state(1));
    cache.patternOf("s", "b", state(1));
    expect(cache.patternOf("s", "a", state(1))).toBe(a);
    cache.patternOf("s", "c", state(1));
    expect(cache.size).toBe(2);
    // b was the least recently read, so it went; a is still there.
    expect(cache.patternOf("s", "a", state(1))).toBe(a);
  });
});
