// Redis rate-limit counts: one hash per window for every subject, added to by one script per sync.
import type { RateCountStore } from "../port.js";
import { guarded } from "./errors.js";
import type { Keys } from "./keys.js";
import type { ScriptedRedis } from "./scripts.js";

// The hash outlives its window a little, for replicas whose clocks run behind.
const WINDOW_SLACK_MS = 5_000;

export function createRedisRateCounts(redis: ScriptedRedis, keys: Keys): RateCountStore {
  return {
    async addRequestCounts(windowStartMs, windowMs, counts) {
      const subjects = [...counts.keys()];
      const args: Array<string | number> = [];
      for (const subject of subjects) args.push(subject, counts.get(subject)!);
      const ttlMs = Math.max(1, windowStartMs + windowMs + WINDOW_SLACK_MS - Date.now());
      const totals = await guarded(() => redis.addRequestCounts(keys.rateWindow(windowStartMs), ttlMs, ...args));
      return new Map(subjects.map((subject, i) => [subject, Number(totals[i])]));
    },
  };
}
