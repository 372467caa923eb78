// The buckets a process keeps between template steps.
import { describe, expect, it } from "vitest";
import { createBucketCache } from "../../src/storage/redis/template-cache.js";

const bucketOf = (name: string, templates: number) => ({
  bucket: name,
  version: "v1",
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
