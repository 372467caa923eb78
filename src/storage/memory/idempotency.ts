// Embedded idempotency records: what a keyed write kept, per task or session and key, expiring like Redis's.
import type { KeyedWrite, IdempotencyKey } from "../../domain/idempotency.js";
import { ExpiringMap } from "./expiring-map.js";

export function createIdempotencyRecords<Kept>(ttlSeconds: number, now: () => number) {
  const records = new ExpiringMap<{ fingerprint: string; kept: Kept }>(ttlSeconds * 1000, now);

  return {
    sweep: () => records.sweep(),

    /**
     * Runs `write` unless the key was used before in this scope (a task or a session): then the
     * first write's kept facts are handed to `replay`, or the write is refused for another fingerprint.
     * The embedded store is one thread, so the check and the write cannot interleave with another's.
     */
    once<T>(scope: string, idempotencyKey: IdempotencyKey | null, write: () => { value: T; kept: Kept }, replay: (kept: Kept) => T): KeyedWrite<T> {
      if (idempotencyKey === null) return { outcome: "applied", value: write().value };
      const recordKey = `${scope}\u0000${idempotencyKey.key}`;
      const record = records.get(recordKey);
      if (record) {
        return record.fingerprint === idempotencyKey.fingerprint ? { outcome: "replayed", value: replay(record.kept) } : { outcome: "mismatch" };
      }
      const { value, kept } = write();
      records.set(recordKey, { fingerprint: idempotencyKey.fingerprint, kept });
      return { outcome: "applied", value };
    },
  };
}
