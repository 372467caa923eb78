// The bounded caches behind decoded knowledge, token counts and the text work on a capture: they keep the entries used last.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { recentSet, recentlyUsed, rememberedByText } from "../src/recently-used.js";

describe("recentlyUsed", () => {
  it("makes a value once while it is kept, forgets the least recently used first, and a hit renews an entry", () => {
    const made: string[] = [];
    const cache = recentlyUsed<string>({ entries: 2, chars: 1_000_000 });
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
    const length = rememberedByText({ entries: 10, chars: 1_000 }, 5, (text) => (derived.push(text), text.length));
    expect([length("abc"), length("abc"), length("abcdefgh"), length("abcdefgh")]).toEqual([3, 3, 8, 8]);
    expect(derived).toEqual(["abc", "abcdefgh", "abcdefgh"]);
  });
});

describe("recentSet", () => {
  it("holds at most its capacity, forgets the least recently seen first, and a look-up renews a member", () => {
    const set = recentSet({ entries: 2, chars: 1_000_000 });
    set.add("a");
    set.add("b");
    expect(set.has("a")).toBe(true); // "b" is now the least recent
    set.add("c");
    expect([set.has("a"), set.has("b"), set.has("c"), set.has("d")]).toEqual([true, false, true, false]);
  });
});

describe("the caches' character budget", () => {
  it("forgets the least recent keys once their characters pass the budget, and never keeps a key longer than it", () => {
    const made: string[] = [];
    const cache = recentlyUsed<number>({ entries: 100, chars: 10 });
    const get = (key: string) => cache(key, () => (made.push(key), key.length));
    get("aaaa");
    get("bbbb");
    expect(cache.keptChars).toBe(8);
    get("cccc"); // 12 characters: "aaaa" goes
    expect(cache.keptChars).toBe(8);
    get("bbbb");
    get("aaaa");
    expect(made).toEqual(["aaaa", "bbbb", "cccc", "aaaa"]);
    expect(get("x".repeat(11))).toBe(11);
    expect(get("x".repeat(11))).toBe(11);
    expect(made.filter((key) => key.length === 11)).toHaveLength(2);
    expect(cache.keptChars).toBeLessThanOrEqual(10);
  });

  it("bounds a set the same way", () => {
    const set = recentSet({ entries: 100, chars: 6 });
    set.add("abc");
    set.add("def");
    set.add("ghi");
    set.add("x".repeat(7));
    expect(["abc", "def", "ghi", "x".repeat(7)].map((key) => set.has(key))).toEqual([false, true, true, false]);
  });
});

describe("what the caches keep of a key", () => {
  it("is a copy of its own: a short cut of a long text does not keep the long text alive", () => {
    // V8 may make a substring a view of its parent; the caches copy keys, so only the cuts stay.
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const cache = recentlyUsed<number>({ entries: 100, chars: 1_000_000 });
    const set = recentSet({ entries: 100, chars: 1_000_000 });
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    for (let i = 0; i < 100; i += 1) {
      // Cutting a joined text flattens it into one new megabyte string, which the cut may point into.
      const cut = `${i}${"x".repeat(1_000_000)}`.slice(0, 500);
      cache(cut, () => i);
      set.add(cut);
    }
    gc();
    // 100 parents of a million characters would be about 100 MB; the copies are about 200 kB.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(20 * 2 ** 20);
    expect(cache(`${7}${"x".repeat(499)}`, () => -1)).toBe(7);
    expect(set.has(`${7}${"x".repeat(499)}`)).toBe(true);
  });

  it("finds again every key it kept, in any script and with lone surrogates", () => {
    const cache = recentlyUsed<number>({ entries: 10, chars: 1_000_000 });
    const set = recentSet({ entries: 10, chars: 1_000_000 });
    const keys = ["plain", "héllo wörld", "日本語のテキスト", "a\ud800b", "emoji \u{1F600}"];
    keys.forEach((key, i) => (cache(key, () => i), set.add(key)));
    expect(keys.map((key) => cache(key, () => -1))).toEqual([0, 1, 2, 3, 4]);
    expect(keys.map((key) => set.has(key))).toEqual([true, true, true, true, true]);
  });
});
