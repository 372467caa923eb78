// Redis rate-limit counts: one hash per window for every subject, added to by one script per sync.
import type { RateCountStore } from "../port.js";
import { guarded } from "./errors.js";
import { scriptInput } from "./named-keys.js";
import { asArray } from "./pattern-state.js";
import type { Keys } from "./keys.js";
import type { ScriptedRedis } from "./script-commands.js";

export function createRedisRateCounts(redis: ScriptedRedis, keys: Keys): RateCountStore {
  return {
    async addRequestCounts(windowStartMs, forgetInMs, counts) {
      const subjects = [...counts.keys()];
      const input = { ttl_ms: Math.max(1, Math.ceil(forgetInMs)), counts: subjects.map((subject) => ({ subject, requests: counts.get(subject)! })) };
      const answer = JSON.parse(await guarded(() => redis.addRequestCounts(keys.rateWindow(windowStartMs), scriptInput(input)))) as { totals: number[] | Record<string, never> };
      const totals = asArray(answer.totals);
      return new Map(subjects.map((subject, i) => [subject, Number(totals[i])]));
    },
  };
}
