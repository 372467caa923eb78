// The one way a write reaches both a task or session and its tenant: two slots, two scripts, one policy.
//
// A task's or session's keys share the hash tag {tenant:task:id} or {tenant:session:id}; what the
// tenant knows across them lives under {tenant:shared}. In a Redis Cluster these are different
// slots, so no single script may touch both. Every write that feeds tenant-level knowledge goes
// through this module, with one of two timings:
//
//   - together (writeLocalAndTenant): when the tenant's script needs nothing the local one decides
//     (a lesson's signature is known before it is stored), both are sent at once: one round trip,
//     or one pipeline to each cluster node;
//   - in sequence (writeLocalThenTenant): when the tenant learns from the local result (a session's
//     detected fix, a resolution's version), the local script runs first. On a single Redis server
//     (no slots to respect) a tool call instead runs both as one script, recordAndLearnToolCall,
//     which fills in what the session decided: one round trip, and atomic as a whole.
//
// Either way each script is atomic on its own. The local one keeps the request's idempotency
// record (its Idempotency-Key, with a fingerprint of the request) beside the data it protects, in
// the same script: a retry of an applied write changes nothing and is answered from that record.
// The tenant's script claims the same key with SET NX EX on `keys.shared(tenant).applied(writeId)`:
// a retry folds nothing a second time. Each tenant-level script takes that idempotency record as its last KEY,
// and each kind of write prefixes the id with its own name and scope, so one key never marks two writes.
// A failure's template step, which runs before both, keeps its own record under the tenant
// (`templateRecord`: the fingerprint and the answer, template-buckets.ts), so a retry learns nothing again.
// On a single Redis server it runs inside the write's one script instead (captureSignedLesson,
// recordSignedToolCall), with the signature made from the step before it was sent: one round trip for the whole capture.
//
// What a failure does:
//   - either script fails or times out: the request answers 503. The other may have been applied,
//     and a timed-out one may still be applied once Redis catches up.
//   - the client retries with the same Idempotency-Key: the local script applies the write if it
//     never was, or answers the first one's result if it was; the tenant's idempotency record does the same for
//     the tenant. So a key's write is stored once and counted once, whatever failed in between. (The dashboard's counts of
//     a write are added by the replica once it has the answer, activity-batches.ts: a lost answer leaves them out.)
// Without a key, a retried 503 may be applied twice (the README says so).

import { NO_WRITE_ID } from "./keys.js";

/** Runs the local write, then the tenant write with its result; resolves only when both are applied. */
export async function writeLocalThenTenant<L, T>(
  local: () => Promise<L>,
  tenant: (localResult: L) => Promise<T>,
): Promise<{ local: L; tenant: T }> {
  const localResult = await local();
  return { local: localResult, tenant: await tenant(localResult) };
}

/** Sends both writes at once; resolves when both are applied, rejects when either fails. */
export async function writeLocalAndTenant<L, T>(local: () => Promise<L>, tenant: () => Promise<T>): Promise<{ local: L; tenant: T }> {
  const [localResult, tenantResult] = await Promise.all([local(), tenant()]);
  return { local: localResult, tenant: tenantResult };
}

/**
 * The write id of a keyed write in its scope (`lesson:<task>`, `tool-call:<session>`, a template step's scope). The scope's
 * length goes first: ids and keys may both hold `:`, and session `a` with key `b:c` is another write than session `a:b`
 * with key `c`.
 */
export const scopedWriteId = (scope: string, key: string) => `${scope.length}:${scope}:${key}`;

/** The idempotency record arguments of a tenant-level script: no id means nothing to remember (TTL 0). */
export function tenantIdempotencyRecord(recordKey: (writeId: string) => string, writeId: string | null, ttlSeconds: number): [key: string, ttl: number] {
  return writeId === null ? [recordKey(NO_WRITE_ID), 0] : [recordKey(writeId), ttlSeconds];
}
