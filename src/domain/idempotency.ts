// A write's idempotency key as the store keeps it: the key, and a fingerprint of the request as it will be stored.
import { createHash } from "node:crypto";
import { canonicalJson } from "./tools/arguments.js";

/**
 * A POST's Idempotency-Key, scoped to the task or session it writes, and the fingerprint of what
 * the request asked (method, path and body), so that a key reused for something else is noticed.
 */
export interface IdempotencyKey {
  key: string;
  fingerprint: string;
}

/** What a write with a key did: applied now, replayed (the key's first write, answered again), or refused. */
export type KeyedWrite<T> = { outcome: "applied" | "replayed"; value: T } | { outcome: "mismatch" };

/** What a route knows of a request's Idempotency-Key: the key, and the method and path it came with. */
export interface IdempotencyRequest {
  key: string;
  /** `POST /tasks/t1/lessons`. */
  request: string;
}

/**
 * The key with a fingerprint of method, path and body, the body in canonical form so that key
 * order does not matter. The body is the one stored, after redaction: the fingerprint is kept in
 * the store, and a hash of a secret is no place for one (a weak password could be guessed from it).
 * Two requests that differ only in their secrets store the same thing, and count as the same.
 * 128 bits of SHA-256 tell requests apart and keep the record small.
 */
export function idempotencyKeyOf(idempotency: IdempotencyRequest | null, body: unknown): IdempotencyKey | null {
  if (!idempotency) return null;
  const asked = `${idempotency.request}\n${canonicalJson(body ?? null)}`;
  return { key: idempotency.key, fingerprint: createHash("sha256").update(asked).digest().subarray(0, 16).toString("base64url") };
}
