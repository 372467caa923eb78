// The buckets a process keeps between template steps, and the turns its steps on one bucket take.
import { describe, expect, it } from "vitest";
import { createBucketCache } from "../../src/storage/redis/template-cache.js";
import { createTurns } from "../../src/storage/redis/turns.js";

const bucketOf = (name: string, templates: number) => ({
  bucket: name,
  version: 1,
  templates: Array.from({ length: templates }, (_, i) => ({ id: `${name}-${i}`, tokens: [], gaps: [false], terms: [], uses: [] })),
});

describe("the template bucket cache", () => {
  it("keeps at most its templates in all, forgetting the bucket used least recently", () => {
    const cache = createBucketCache(10);
    cache.set("a", bucketOf("a", 4), 1);
    cache.set("b", bucketOf("b", 4), 2);
    expect(cache.get("a")?.readAt).toBe(1);
    cache.set("c", bucketOf("c", 4), 3);
    expect([cache.get("a")?.readAt, cache.get("b"), cache.get("c")?.readAt]).toEqual([1, undefined, 3]);
    // A bucket bigger than the whole budget is kept alone rather than not at all.
    cache.set("d", bucketOf("d", 30), 4);
    expect([cache.size, cache.get("d")?.snapshot.templates.length]).toEqual([1, 30]);
  });
});

describe("turns on one key", () => {
  it("runs tasks of one key one after another, in the order given, even after one fails, and tasks of other keys at once", async () => {
    const inTurn = createTurns();
    const events: string[] = [];
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const first = inTurn("k", async () => {
      events.push("first starts");
      await gate;
      events.push("first ends");
      throw new Error("first failed");
    });
    const second = inTurn("k", async () => {
      events.push("second runs");
      return 2;
    });
    const other = inTurn("other", async () => {
      events.push("other runs");
      return 3;
    });
    expect(await other).toBe(3);
    expect(events).toEqual(["first starts", "other runs"]);
    open();
    await expect(first).rejects.toThrow("first failed");
    expect(await second).toBe(2);
    expect(events).toEqual(["first starts", "other runs", "first ends", "second runs"]);
  });
});
