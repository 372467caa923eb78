// The template buckets this process last read or wrote, kept with the time they were read: a hint for the next decision, never trusted by a write (the script checks the version).
import type { TemplateBucketSnapshot } from "../../domain/failures/template-step.js";
import { touched } from "../../recently-used.js";

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
  const buckets = new Map<string, CachedBucket>();
  let templates = 0;

  function forget(key: string): void {
    const held = buckets.get(key);
    if (!held) return;
    buckets.delete(key);
    templates -= held.snapshot.templates.length;
  }

  return {
    get: (key: string): CachedBucket | undefined => touched(buckets, key),

    set(key: string, snapshot: TemplateBucketSnapshot, readAt: number): void {
      forget(key);
      buckets.set(key, { snapshot, readAt });
      templates += snapshot.templates.length;
      while (templates > maxTemplates && buckets.size > 1) forget(buckets.keys().next().value!);
    },

    forget,

    get size(): number {
      return buckets.size;
    },
  };
}
