// Contract tests of IdempotencyStore: claims, completion, release, tenants and expiry; every adapter passes them.
import { describe, expect, it } from "vitest";
import type { StoredResponse } from "../../src/storage/port.js";
import { uniqueId } from "../helpers/fixtures.js";
import type { StoreFactory } from "../helpers/stores.js";
import { closingAfterEach } from "./open-stores.js";

// Long enough that nothing expires by accident during a test that does not let time pass.
const LOCK_MS = 30_000;
const TTL_SECONDS = 60;

const aResponse = (overrides: Partial<StoredResponse> = {}): StoredResponse => ({
  status: 201,
  headers: { "content-type": "application/json; charset=utf-8", location: `/tasks/t/lessons/${uniqueId("lsn")}` },
  // Non-ASCII, escapes and spacing must come back byte for byte.
  body: '{"lesson_id":"lsn_1","error_message":"caf\\u00e9 — ünïcode \\"quoted\\"\\n","tier":1}',
  ...overrides,
});

export function idempotencyStoreContract(factory: StoreFactory, elapse: (ms: number) => Promise<void>): void {
  describe("idempotency store", () => {
    const open = closingAfterEach(factory);

    const tenant = "default";

    it("claims a new key, then answers in-flight for the same request and mismatch for another", async () => {
      const store = await open();
      const key = uniqueId("key");
      expect(await store.claimIdempotencyKey(tenant, key, "fp-a", LOCK_MS)).toEqual({ state: "claimed" });
      expect(await store.claimIdempotencyKey(tenant, key, "fp-a", LOCK_MS)).toEqual({ state: "in-flight" });
      expect(await store.claimIdempotencyKey(tenant, key, "fp-b", LOCK_MS)).toEqual({ state: "mismatch" });
    });

    it("replays the exact stored response once completed, and still refuses another request", async () => {
      const store = await open();
      const key = uniqueId("key");
      const response = aResponse();
      await store.claimIdempotencyKey(tenant, key, "fp-a", LOCK_MS);
      await store.completeIdempotencyKey(tenant, key, "fp-a", response, TTL_SECONDS);

      const claim = await store.claimIdempotencyKey(tenant, key, "fp-a", LOCK_MS);
      expect(claim).toEqual({ state: "completed", response });
      if (claim.state !== "completed") throw new Error("unreachable");
      expect(claim.response.body).toBe(response.body);
      expect(await store.claimIdempotencyKey(tenant, key, "fp-a", LOCK_MS)).toEqual({ state: "completed", response });
      expect(await store.claimIdempotencyKey(tenant, key, "fp-b", LOCK_MS)).toEqual({ state: "mismatch" });
    });

    it("keeps an error response as faithfully as a success", async () => {
      const store = await open();
      const key = uniqueId("key");
      const response = aResponse({ status: 404, headers: { "content-type": "application/problem+json" }, body: "" });
      await store.claimIdempotencyKey(tenant, key, "fp", LOCK_MS);
      await store.completeIdempotencyKey(tenant, key, "fp", response, TTL_SECONDS);
      expect(await store.claimIdempotencyKey(tenant, key, "fp", LOCK_MS)).toEqual({ state: "completed", response });
    });

    it("ignores a completion by a request with another fingerprint", async () => {
      const store = await open();
      const key = uniqueId("key");
      await store.claimIdempotencyKey(tenant, key, "fp-a", LOCK_MS);
      await store.completeIdempotencyKey(tenant, key, "fp-b", aResponse(), TTL_SECONDS);
      expect(await store.claimIdempotencyKey(tenant, key, "fp-a", LOCK_MS)).toEqual({ state: "in-flight" });
      expect(await store.claimIdempotencyKey(tenant, key, "fp-b", LOCK_MS)).toEqual({ state: "mismatch" });
    });

    it("ignores a completion of a key that was never claimed", async () => {
      const store = await open();
      const key = uniqueId("key");
      await store.completeIdempotencyKey(tenant, key, "fp", aResponse(), TTL_SECONDS);
      expect(await store.claimIdempotencyKey(tenant, key, "fp", LOCK_MS)).toEqual({ state: "claimed" });
    });

    it("frees an in-flight claim on release, so that a retry claims it again", async () => {
      const store = await open();
      const key = uniqueId("key");
      await store.claimIdempotencyKey(tenant, key, "fp-a", LOCK_MS);
      await store.releaseIdempotencyKey(tenant, key, "fp-a");
      expect(await store.claimIdempotencyKey(tenant, key, "fp-a", LOCK_MS)).toEqual({ state: "claimed" });
      // Once freed, the key is anyone's: another request may take it.
      await store.releaseIdempotencyKey(tenant, key, "fp-a");
      expect(await store.claimIdempotencyKey(tenant, key, "fp-b", LOCK_MS)).toEqual({ state: "claimed" });
    });

    it("does not free a claim on release by another fingerprint", async () => {
      const store = await open();
      const key = uniqueId("key");
      await store.claimIdempotencyKey(tenant, key, "fp-a", LOCK_MS);
      await store.releaseIdempotencyKey(tenant, key, "fp-b");
      expect(await store.claimIdempotencyKey(tenant, key, "fp-a", LOCK_MS)).toEqual({ state: "in-flight" });
    });

    it("never frees a completed key on release", async () => {
      const store = await open();
      const key = uniqueId("key");
      const response = aResponse();
      await store.claimIdempotencyKey(tenant, key, "fp-a", LOCK_MS);
      await store.completeIdempotencyKey(tenant, key, "fp-a", response, TTL_SECONDS);
      await store.releaseIdempotencyKey(tenant, key, "fp-a");
      expect(await store.claimIdempotencyKey(tenant, key, "fp-a", LOCK_MS)).toEqual({ state: "completed", response });
    });

    it("keeps tenants apart: the same key is claimed and completed independently by each", async () => {
      const store = await open();
      const key = uniqueId("key");
      const mine = aResponse({ body: '{"tenant":"a"}' });
      expect(await store.claimIdempotencyKey("tenant-a", key, "fp-a", LOCK_MS)).toEqual({ state: "claimed" });
      expect(await store.claimIdempotencyKey("tenant-b", key, "fp-b", LOCK_MS)).toEqual({ state: "claimed" });
      await store.completeIdempotencyKey("tenant-a", key, "fp-a", mine, TTL_SECONDS);
      // A completion or a release under one tenant does not touch the other's claim.
      await store.completeIdempotencyKey("tenant-b", key, "fp-a", aResponse(), TTL_SECONDS);
      await store.releaseIdempotencyKey("tenant-a", key, "fp-b");
      expect(await store.claimIdempotencyKey("tenant-a", key, "fp-a", LOCK_MS)).toEqual({ state: "completed", response: mine });
      expect(await store.claimIdempotencyKey("tenant-b", key, "fp-b", LOCK_MS)).toEqual({ state: "in-flight" });
    });

    it("hands out copies: changing a replayed response changes nothing stored", async () => {
      const store = await open();
      const key = uniqueId("key");
      const response = aResponse();
      const expected = structuredClone(response);
      await store.claimIdempotencyKey(tenant, key, "fp", LOCK_MS);
      await store.completeIdempotencyKey(tenant, key, "fp", response, TTL_SECONDS);
      response.headers.location = "/changed-after-complete";
      const claim = await store.claimIdempotencyKey(tenant, key, "fp", LOCK_MS);
      if (claim.state !== "completed") throw new Error(`expected completed, got ${claim.state}`);
      claim.response.body = "changed after read";
      expect(await store.claimIdempotencyKey(tenant, key, "fp", LOCK_MS)).toEqual({ state: "completed", response: expected });
    });

    it("lets an unfinished claim lapse after lockMs, freeing the key for a retry", async () => {
      const store = await open();
      const key = uniqueId("key");
      await store.claimIdempotencyKey(tenant, key, "fp-a", 300);
      expect(await store.claimIdempotencyKey(tenant, key, "fp-a", 300)).toEqual({ state: "in-flight" });
      await elapse(500);
      expect(await store.claimIdempotencyKey(tenant, key, "fp-b", LOCK_MS)).toEqual({ state: "claimed" });
    });

    it("ignores a completion that arrives after its claim lapsed", async () => {
      const store = await open();
      const key = uniqueId("key");
      await store.claimIdempotencyKey(tenant, key, "fp", 300);
      await elapse(500);
      await store.completeIdempotencyKey(tenant, key, "fp", aResponse(), TTL_SECONDS);
      expect(await store.claimIdempotencyKey(tenant, key, "fp", LOCK_MS)).toEqual({ state: "claimed" });
    });

    it("keeps a completed response past the lock, for ttlSeconds, then forgets the key", async () => {
      const store = await open();
      const key = uniqueId("key");
      const response = aResponse();
      await store.claimIdempotencyKey(tenant, key, "fp-a", 300);
      await store.completeIdempotencyKey(tenant, key, "fp-a", response, 1);
      await elapse(500);
      expect(await store.claimIdempotencyKey(tenant, key, "fp-a", LOCK_MS)).toEqual({ state: "completed", response });
      await elapse(700);
      expect(await store.claimIdempotencyKey(tenant, key, "fp-b", LOCK_MS)).toEqual({ state: "claimed" });
    });
  });
}
