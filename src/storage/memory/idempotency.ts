// Embedded idempotency records, expiring like their Redis counterparts.
import type { IdempotencyClaim, IdempotencyStore, StoredResponse } from "../port.js";
import { ExpiringMap } from "./expiring-map.js";

interface IdempotencyRecord {
  fingerprint: string;
  response: StoredResponse | null;
}

export function createMemoryIdempotencyStore(now: () => number): IdempotencyStore & { sweep(): void } {
  // Each record carries its own lifetime (the lock, then the retention), so the map has no default.
  const records = new ExpiringMap<IdempotencyRecord>(0, now);
  const keyOf = (tenant: string, key: string) => `${tenant}\u0000${key}`;

  return {
    sweep: () => records.sweep(),

    async claimIdempotencyKey(tenant, key, fingerprint, lockMs): Promise<IdempotencyClaim> {
      const existing = records.get(keyOf(tenant, key));
      if (!existing) {
        records.set(keyOf(tenant, key), { fingerprint, response: null }, lockMs);
        return { state: "claimed" };
      }
      if (existing.fingerprint !== fingerprint) return { state: "mismatch" };
      if (!existing.response) return { state: "in-flight" };
      return { state: "completed", response: structuredClone(existing.response) };
    },

    async completeIdempotencyKey(tenant, key, fingerprint, response, ttlSeconds) {
      if (records.get(keyOf(tenant, key))?.fingerprint !== fingerprint) return;
      records.set(keyOf(tenant, key), { fingerprint, response: structuredClone(response) }, ttlSeconds * 1000);
    },

    async releaseIdempotencyKey(tenant, key, fingerprint) {
      const existing = records.get(keyOf(tenant, key));
      if (existing?.fingerprint === fingerprint && !existing.response) records.delete(keyOf(tenant, key));
    },
  };
}
