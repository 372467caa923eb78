// Authenticates and rate-limits API requests in one hook: sets request.tenant, then answers 429 or 401 before the body is read.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { tenantForKey, type ApiKeyEntry } from "../auth/api-keys.js";
import { AppError } from "../errors.js";
import { createRateLimiter, type RateLimitOptions } from "./rate-limit.js";

declare module "fastify" {
  interface FastifyRequest {
    /** Whose data the request may touch; every storage key carries it. */
    tenant: string;
  }
}

export const DEFAULT_TENANT = "default";

const BEARER = /^Bearer\s+(\S+)\s*$/i;

function presentedKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return header ? (BEARER.exec(header)?.[1] ?? null) : null;
}

export interface AuthOptions {
  keys: readonly ApiKeyEntry[];
  /** Null: no limit at all. */
  rateLimit: RateLimitOptions | null;
}

/** Why a request cannot go on as a tenant: no key, or a key that is not valid (null: it can). */
function keyProblem(request: FastifyRequest, keys: readonly ApiKeyEntry[]): AppError | null {
  if (keys.length === 0) return null;
  const key = presentedKey(request);
  const tenant = key === null ? null : tenantForKey(keys, key);
  if (tenant !== null) {
    request.tenant = tenant;
    return null;
  }
  return new AppError("UNAUTHORIZED", key === null ? "An API key is required: Authorization: Bearer <key>." : "The API key is not valid.");
}

/**
 * Adds the tenant to every request of the context it is registered in. With keys configured, a
 * missing or unknown key is a 401; routes outside that context (health, docs, metrics) stay open.
 *
 * A refused key is counted too, per client address, before its 401: guessing keys is as limited as
 * using them. One synchronous hook does both, since neither needs to wait for anything.
 */
export default fp<AuthOptions>(
  async (app: FastifyInstance, { keys, rateLimit }) => {
    app.decorateRequest("tenant", DEFAULT_TENANT);
    const limiter = rateLimit && (rateLimit.tenantMax > 0 || rateLimit.unauthenticatedMax > 0) ? createRateLimiter(app.store, rateLimit, app.log) : null;
    if (limiter) app.addHook("onClose", () => limiter.close());
    if (keys.length === 0 && !limiter) return;

    const windowSeconds = rateLimit ? Math.round(rateLimit.windowMs / 1000) : 0;
    app.addHook("onRequest", (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
      const problem = keyProblem(request, keys);
      const decision = limiter?.take(problem ? request.ip : request.tenant, problem === null);
      if (decision) {
        reply.headers({ "x-ratelimit-limit": decision.limit, "x-ratelimit-remaining": decision.remaining, "x-ratelimit-reset": decision.resetSeconds });
        if (!decision.allowed) {
          reply.header("retry-after", decision.resetSeconds);
          done(new AppError("RATE_LIMITED", `Rate limit of ${decision.limit} requests per ${windowSeconds} s exceeded; retry in ${decision.resetSeconds} s.`));
          return;
        }
      }
      if (problem) {
        reply.header("www-authenticate", 'Bearer realm="agent-lessons"');
        done(problem);
        return;
      }
      done();
    });
  },
  { name: "auth", dependencies: ["store"] },
);
