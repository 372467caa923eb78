// Authenticates, rate-limits and checks scopes of API requests in one hook: sets request.tenant and request.scope, then answers 429, 401 or 403 before the body is read.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ApiKeyEntry } from "../auth/api-keys.js";
import type { KeyRing } from "../auth/key-ring.js";
import { SCOPE_MEMBER, allows, insufficientScope, isScope, type Scope } from "../auth/scopes.js";
import { AppError } from "../errors.js";
import { createRateLimiter, type RateLimitOptions } from "../rate-limit/limiter.js";

declare module "fastify" {
  interface FastifyRequest {
    /** Whose data the request may touch; every storage key carries it. */
    tenant: string;
    /** What the request's key may do; admin without keys (authentication off). */
    scope: Scope;
    /** The key the request came with, while keys are configured: what an open stream checks is still in force. */
    apiKey: ApiKeyEntry | null;
  }
}

export const DEFAULT_TENANT = "default";

const BEARER = /^Bearer\s+(\S+)\s*$/i;

function presentedKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return header ? (BEARER.exec(header)?.[1] ?? null) : null;
}

export interface AuthOptions {
  keys: KeyRing;
  /** Null: no limit at all. */
  rateLimit: RateLimitOptions | null;
}

/** Why a request cannot go on as a tenant: no key, or a key that is not valid (null: it can). */
function keyProblem(request: FastifyRequest, keys: KeyRing): AppError | null {
  if (!keys.enabled) return null;
  const key = presentedKey(request);
  const entry = key === null ? null : keys.find(key);
  if (entry !== null) {
    request.tenant = entry.tenant;
    request.scope = entry.scope;
    request.apiKey = entry;
    return null;
  }
  return new AppError("UNAUTHORIZED", key === null ? "An API key is required: Authorization: Bearer <key>." : "The API key is not valid.");
}

/** The scope a route declares next to its schema (`...requires("write")`); the boot checks every API route has one. */
function requiredScope(request: FastifyRequest): Scope | null {
  const declared = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[SCOPE_MEMBER];
  return isScope(declared) ? declared : null;
}

/**
 * Adds the tenant and scope to every request of the context it is registered in. With keys
 * configured, a missing or unknown key is a 401, and a key below the route's scope a 403; routes
 * outside that context (health, docs, metrics) stay open.
 *
 * A refused key is counted too, per client address, before its 401: guessing keys is as limited as
 * using them. One synchronous hook does all of it, since none of it needs to wait for anything.
 */
export default fp<AuthOptions>(
  async (app: FastifyInstance, { keys, rateLimit }) => {
    app.decorateRequest("tenant", DEFAULT_TENANT);
    app.decorateRequest("scope", "admin");
    app.decorateRequest("apiKey", null);
    // A route without a declared scope would be open to every key: the boot stops instead.
    app.addHook("onRoute", (route) => {
      if (!isScope((route.schema as Record<string, unknown> | undefined)?.[SCOPE_MEMBER])) {
        throw new Error(`${String(route.method)} ${route.url} declares no scope: add ...requires("read" | "write" | "admin") to its schema`);
      }
    });
    const limiter = rateLimit && (rateLimit.tenantMax > 0 || rateLimit.unauthenticatedMax > 0) ? createRateLimiter(app.store, rateLimit, app.log) : null;
    if (limiter) app.addHook("onClose", () => limiter.close());
    if (!keys.enabled && !limiter) return;

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
      const needed = requiredScope(request);
      // No route matched (a 404 or 405 to come): there is nothing to allow.
      if (needed && !allows(request.scope, needed)) {
        // RFC 6750: the scope the operation needs, for the client to ask for.
        reply.header("www-authenticate", `Bearer realm="agent-lessons", error="insufficient_scope", scope="${needed}"`);
        done(insufficientScope(needed, request.scope));
        return;
      }
      done();
    });
  },
  { name: "auth", dependencies: ["store"] },
);
