// The template buckets this process last read or wrote, kept with the time they were read: a hint for the next decision, never trusted by a write (the script checks the version);
// and the turns this process's steps on one bucket take.
import type { TemplateBucketSnapshot } from "../../domain/failures/template-step.js";

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
    get(key: string): CachedBucket | undefined {
      const held = buckets.get(key);
      if (!held) return undefined;
      // Set again: a Map iterates in insertion order, so the first key is the least recently used.
      buckets.delete(key);
      buckets.set(key, held);
      return held;
    },

    set(key: string, snapshot: TemplateBucketSnapshot, readAt: number): void {
      forget(key);
      buckets.set(key, { snapshot, readAt });
      templates += snapshot.templates.length;
      while (templates > maxTemplates && buckets.size > 1) forget(buckets.keys().next().value!);
    },

    get size(): number {
      return buckets.size;
    },
  };
}

/**
 * Runs tasks of one key one after another, tasks of different keys at once: `inTurn(key, task)` starts `task` once every
 * task given before under `key` has settled. A key with nothing waiting holds no memory.
 */
export function createTurns() {
  const tails = new Map<string, Promise<unknown>>();
  return function inTurn<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = tails.get(key);
    const run = before ? before.then(task, task) : task();
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}
