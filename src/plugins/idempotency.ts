// Idempotent POSTs: the first completed response to an Idempotency-Key is kept and replayed to retries.
import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { canonicalJson } from "../domain/tools/arguments.js";
import { AppError } from "../errors.js";

declare module "fastify" {
  interface FastifyRequest {
    /** Set while this request holds an idempotency claim it must complete or release. */
    idempotencyClaim: { key: string; fingerprint: string } | null;
  }
}

export const IDEMPOTENCY_HEADER = "idempotency-key";

export interface IdempotencyOptions {
  /** How long a completed response is replayed. */
  ttlSeconds: number;
  /** How long a claim blocks retries while its first request runs (a crash frees it after this). */
  lockMs: number;
}

// Headers worth replaying: what the client needs to read the body and find what was created.
const REPLAYED_HEADERS = ["content-type", "location"];

function fingerprintOf(request: FastifyRequest): string {
  return createHash("sha256")
    .update(`${request.method} ${request.url}\n${canonicalJson(request.body ?? null)}`)
    .digest("hex");
}

export default fp<IdempotencyOptions>(
  async (app, { ttlSeconds, lockMs }) => {
    app.decorateRequest("idempotencyClaim", null);

    app.addHook("preHandler", async (request: FastifyRequest, reply: FastifyReply) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      if (request.method !== "POST" || typeof key !== "string") return;
      const fingerprint = fingerprintOf(request);
      const claim = await app.store.claimIdempotencyKey(request.tenant, key, fingerprint, lockMs);
      switch (claim.state) {
        case "claimed":
          request.idempotencyClaim = { key, fingerprint };
          return;
        case "in-flight":
          throw new AppError("IDEMPOTENCY_KEY_IN_USE", "A request with this Idempotency-Key is still in progress; retry shortly.");
        case "mismatch":
          throw new AppError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was used for a different request.");
        case "completed": {
          const { status, headers, body } = claim.response;
          return reply.status(status).headers(headers).header("idempotent-replayed", "true").send(body);
        }
      }
    });

    app.addHook("onSend", async (request, reply, payload) => {
      const claim = request.idempotencyClaim;
      if (!claim) return payload;
      request.idempotencyClaim = null;
      try {
        if (reply.statusCode >= 500) {
          // Nothing was done (or we cannot tell): let a retry run the request again.
          await app.store.releaseIdempotencyKey(request.tenant, claim.key, claim.fingerprint);
        } else {
          const headers: Record<string, string> = {};
          for (const name of REPLAYED_HEADERS) {
            const value = reply.getHeader(name);
            if (value !== undefined) headers[name] = String(value);
          }
          const body = typeof payload === "string" ? payload : String(payload ?? "");
          await app.store.completeIdempotencyKey(request.tenant, claim.key, claim.fingerprint, { status: reply.statusCode, headers, body }, ttlSeconds);
        }
      } catch (error) {
        // The response itself is fine; a retry will meet the claim until its lock expires.
        request.log.warn({ err: error }, "could not record the idempotent response");
      }
      return payload;
    });
  },
  { name: "idempotency", dependencies: ["store", "auth"] },
);
