// The template buckets this process last read or wrote, kept with the time they were read: a hint for the next decision, never trusted by a write (the script checks the version).
import type { TemplateBucketSnapshot } from "../../domain/failures/template-step.js";
import { weightedLru } from "../../recently-used.js";

/**
 * Templates kept in all, over every tenant's buckets, the least recently used bucket forgotten first. A template with
 * its recall entry is about 1 KB decoded at most (64 tokens, 32 terms, 16 uses), so the cache stays under about 20 MB.
 */
export const CACHED_TEMPLATES = 20_000;

export interface CachedBucket {
  snapshot: TemplateBucketSnapshot;
  /** When the bucket was read from Redis, or written by this process (ms). */
  readAt: number;
}

export function createBucketCache(maxTemplates = CACHED_TEMPLATES) {
  const buckets = weightedLru<CachedBucket>(maxTemplates, (held) => held.snapshot.templates.length);
  return {
    get: buckets.get,
    set: (key: string, snapshot: TemplateBucketSnapshot, readAt: number): void => buckets.set(key, { snapshot, readAt }),
    forget: buckets.forget,
    get size(): number {
      return buckets.size;
    },
  };
}
