// The bounded cache behind decoded knowledge and token counts: it keeps the entries used last.
import { describe, expect, it } from "vitest";
import { recentlyUsed } from "../src/recently-used.js";

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
