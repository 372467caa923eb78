// Redis rate-limit counts: one hash per window for every subject, added to by one script per sync.
import type { RateCountStore } from "../port.js";
import { guarded } from "./errors.js";
import type { Keys } from "./keys.js";
import type { ScriptedRedis } from "./script-commands.js";

export function createRedisRateCounts(redis: ScriptedRedis, keys: Keys): RateCountStore {
  return {
    async addRequestCounts(windowStartMs, forgetInMs, counts) {
      const subjects = [...counts.keys()];
      const args: Array<string | number> = [];
      for (const subject of subjects) args.push(subject, counts.get(subject)!);
      const totals = await guarded(() => redis.addRequestCounts(keys.rateWindow(windowStartMs), Math.max(1, Math.ceil(forgetInMs)), ...args));
      return new Map(subjects.map((subject, i) => [subject, Number(totals[i])]));
    },
  };
}
