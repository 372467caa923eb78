// The one way a write reaches both a task or session and its tenant: two slots, two scripts, one policy.
//
// A task's or session's keys share the hash tag {tenant:task:id} or {tenant:session:id}; what the
// tenant knows across them lives under {tenant:shared}. In a Redis Cluster these are different
// slots, so no single script may touch both. Every write that feeds tenant-level knowledge goes
// through writeLocalThenTenant:
//
//   1. the local script runs first, atomic as it always was (it decides ids, fixes, trimming);
//   2. the tenant script runs next, with what the local script decided. It is atomic on its own,
//      and it claims the request's write id (its idempotency key) in the same script, with
//      SET NX EX on `keys.shared(tenant).applied(writeId)`: a retry of the same request folds
//      nothing a second time. Each tenant-level script takes that marker as its last KEY, and each
//      kind of write prefixes the id with its own name, so that one key never marks two kinds.
//
// Why in sequence and not in one pipeline: the tenant learns from the local result (a session's
// detected fix), which does not exist before the local script has run.
//
// What a failure does:
//   - the local script fails: the tenant is not touched, and the request answers 503;
//   - the tenant script fails after the local one succeeded: the request answers 503, the local
//     write stands, and the tenant did not count it (or, on a timeout, may have counted it once,
//     once Redis caught up). A retry with the same Idempotency-Key folds it in at most once.
// So a 201 was counted exactly once by both, and a 503 at most once by the tenant.

/** Runs the local write, then the tenant write with its result; resolves only when both are applied. */
export async function writeLocalThenTenant<L, T>(
  local: () => Promise<L>,
  tenant: (localResult: L) => Promise<T>,
): Promise<{ local: L; tenant: T }> {
  const localResult = await local();
  return { local: localResult, tenant: await tenant(localResult) };
}

/** The marker arguments of a tenant-level script: no id means nothing to remember (TTL 0). */
export function writeMarker(markerKey: (writeId: string) => string, writeId: string | null, ttlSeconds: number): [key: string, ttl: number] {
  return writeId === null ? [markerKey("none"), 0] : [markerKey(writeId), ttlSeconds];
}
