// Embedded rate-limit counts: the one process is every replica there is.
import type { RateCountStore } from "../port.js";

export function createMemoryRateCounts(now: () => number): RateCountStore {
  const windows = new Map<number, { endsAt: number; counts: Map<string, number> }>();

  return {
    async addRequestCounts(windowStartMs, forgetInMs, counts) {
      for (const [start, window] of windows) if (window.endsAt <= now()) windows.delete(start);
      let window = windows.get(windowStartMs);
      if (!window) windows.set(windowStartMs, (window = { endsAt: now() + forgetInMs, counts: new Map() }));
      const totals = new Map<string, number>();
      for (const [subject, count] of counts) {
        const total = (window.counts.get(subject) ?? 0) + count;
        window.counts.set(subject, total);
        totals.set(subject, total);
      }
      return totals;
    },
  };
}
