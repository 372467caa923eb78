// The decoded-pattern cache: reused for the same version only, frozen, and bounded.
import { describe, expect, it } from "vitest";
import { createPatternCache, type ParsedPattern } from "../../src/storage/redis/pattern-cache.js";
import { patternFromState, stateFromFields } from "../../src/storage/redis/pattern-state.js";

/** A decoder that counts its runs, of a pattern with `total` calls. */
function decoder(total: number) {
  const decode = (): ParsedPattern => {
    decode.runs += 1;
    const state = stateFromFields(["total", String(total), "success", String(total), "since", "1"], ["q", JSON.stringify({ first: 1, values: ['"x"'], canonical: ['"x"'] })], []);
    return { pattern: patternFromState("search", state), since: state.since };
  };
  decode.runs = 0;
  return decode;
}

describe("decoded pattern cache", () => {
  it("answers the same decoded pattern while the version is the same, and decodes again once it changes", () => {
    const cache = createPatternCache();
    const one = decoder(1);
    const first = cache.patternOf("session-a", "search", "born:1", one);
    expect(cache.patternOf("session-a", "search", "born:1", one)).toBe(first);
    expect(one.runs).toBe(1);
    const changed = cache.patternOf("session-a", "search", "born:2", decoder(2));
    expect(changed).not.toBe(first);
    expect(changed.pattern).toMatchObject({ tool_name: "search", total_calls: 2, common_args: { q: ["x"] } });
    // Another session's pattern of the same tool is its own entry.
    expect(cache.patternOf("session-b", "search", "born:1", one)).not.toBe(first);
    expect(one.runs).toBe(2);
  });

  it("freezes what it shares between requests", () => {
    const { pattern } = createPatternCache().patternOf("s", "search", "v", decoder(1));
    expect(() => {
      (pattern.common_args.q as unknown[]).push("y");
    }).toThrow(TypeError);
  });

  it("forgets the least recently read pattern beyond its size", () => {
    const cache = createPatternCache(2);
    const a = cache.patternOf("s", "a", "v", decoder(1));
    cache.patternOf("s", "b", "v", decoder(1));
    expect(cache.patternOf("s", "a", "v", decoder(1))).toBe(a);
    cache.patternOf("s", "c", "v", decoder(1));
    expect(cache.size).toBe(2);
    // b was the least recently read, so it went; a is still there.
    expect(cache.patternOf("s", "a", "v", decoder(1))).toBe(a);
  });
});
