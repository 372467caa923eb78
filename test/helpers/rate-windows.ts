// Time in rate-limit tests: a clock whose window starts with the test, and a wait for an instance's next sync.
import { expect } from "vitest";
import type { Store } from "../../src/storage/port.js";

/**
 * A clock that runs with real time, shifted so that fixed windows of `windowMs` start at this call:
 * a test given it never straddles the end of a window, whatever the wall clock's minute.
 */
export function windowStartingNow(windowMs: number): () => Date {
  const shift = Date.now() % windowMs;
  return () => new Date(Date.now() - shift);
}

/** The store as one app instance sees it, counting the rate-count syncs that completed through it. */
export function countingSyncs(store: Store): { store: Store; nextSync(): Promise<void> } {
  let completed = 0;
  const counted: Store = {
    ...store,
    addRequestCounts: async (...args) => {
      const totals = await store.addRequestCounts(...args);
      completed += 1;
      return totals;
    },
  };
  return {
    store: counted,
    /**
     * Resolves once a sync that started after this call has completed and been taken in. The one in
     * flight may have started before: two completions make sure. (The limiter settles the totals as
     * soon as the store answers, before a poll's timer can fire.)
     */
    async nextSync() {
      const mark = completed;
      await expect.poll(() => completed, { interval: 5, timeout: 5000 }).toBeGreaterThanOrEqual(mark + 2);
    },
  };
}
