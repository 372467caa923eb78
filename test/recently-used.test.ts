// The bounded caches behind decoded knowledge, token counts and the text work on a capture: they keep the entries used last.
import { describe, expect, it } from "vitest";
import { recentSet, recentlyUsed, rememberedByText } from "../src/recently-used.js";

describe("recentlyUsed", () => {
  it("makes a value once while it is kept, forgets the least recently used first, and a hit renews an entry", () => {
    const made: string[] = [];
    const cache = recentlyUsed<string>(2);
    const get = (key: string) => cache(key, () => (made.push(key), key.toUpperCase()));
    expect(get("a")).toBe("A");
    expect(get("b")).toBe("B");
    expect(get("a")).toBe("A"); // a hit: "b" is now the least recent
    get("c"); // forgets "b"
    get("a");
    get("b");
    expect(made).toEqual(["a", "b", "c", "b"]);
  });
});

describe("rememberedByText", () => {
  it("derives a text once while it is kept, and a text past the size bound every time", () => {
    const derived: string[] = [];
    const length = rememberedByText(10, 5, (text) => (derived.push(text), text.length));
    expect([length("abc"), length("abc"), length("abcdefgh"), length("abcdefgh")]).toEqual([3, 3, 8, 8]);
    expect(derived).toEqual(["abc", "abcdefgh", "abcdefgh"]);
  });
});

describe("recentSet", () => {
  it("holds at most its capacity, forgets the least recently seen first, and a look-up renews a member", () => {
    const set = recentSet(2);
    set.add("a");
    set.add("b");
    expect(set.has("a")).toBe(true); // "b" is now the least recent
    set.add("c");
    expect([set.has("a"), set.has("b"), set.has("c"), set.has("d")]).toEqual([true, false, true, false]);
  });
});
