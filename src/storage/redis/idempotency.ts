// Redis idempotency records: one small hash per tenant and key, changed only by Lua scripts.
import type { IdempotencyClaim, IdempotencyStore, StoredResponse } from "../port.js";
import { guarded } from "./errors.js";
import type { Keys } from "./keys.js";
import type { ScriptedRedis } from "./scripts.js";

export function createRedisIdempotencyStore(redis: ScriptedRedis, keys: Keys): IdempotencyStore {
  return {
    async claimIdempotencyKey(tenant, key, fingerprint, lockMs): Promise<IdempotencyClaim> {
      const [state, response] = await guarded(() => redis.claimIdempotencyKey(keys.idempotency(tenant, key), fingerprint, lockMs));
      if (state === "completed") return { state, response: JSON.parse(response!) as StoredResponse };
      return { state: state as "claimed" | "mismatch" | "in-flight" };
    },

    async completeIdempotencyKey(tenant, key, fingerprint, response, ttlSeconds) {
      await guarded(() =>
        redis.completeIdempotencyKey(keys.idempotency(tenant, key), fingerprint, JSON.stringify(response), ttlSeconds),
      );
    },

    async releaseIdempotencyKey(tenant, key, fingerprint) {
      await guarded(() => redis.releaseIdempotencyKey(keys.idempotency(tenant, key), fingerprint));
    },
  };
}
