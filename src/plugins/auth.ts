// Authenticates API requests by bearer key and sets request.tenant; open with tenant "default" when no key is set.
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { tenantForKey, type ApiKeyEntry } from "../auth/api-keys.js";
import { AppError } from "../errors.js";

declare module "fastify" {
  interface FastifyRequest {
    /** Whose data the request may touch; every storage key carries it. */
    tenant: string;
    /** Set when the request's key is missing or wrong; it is answered with this 401 before its body is read. */
    authProblem: AppError | null;
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
}

/**
 * Adds the tenant to every request of the context it is registered in. With keys configured, a
 * missing or unknown key is a 401; routes outside that context (health, docs, metrics) stay open.
 *
 * The key is checked at onRequest but refused at preParsing, so that the rate limiter (an onRequest
 * hook registered after this one) counts refused requests too, per client address: guessing keys
 * is as limited as using them. The body of a refused request is never read.
 */
export default fp<AuthOptions>(
  async (app: FastifyInstance, { keys }) => {
    app.decorateRequest("tenant", DEFAULT_TENANT);
    app.decorateRequest("authProblem", null);
    if (keys.length === 0) return;

    app.addHook("onRequest", async (request) => {
      const key = presentedKey(request);
      const tenant = key === null ? null : tenantForKey(keys, key);
      if (tenant === null) {
        request.authProblem = new AppError(
          "UNAUTHORIZED",
          key === null ? "An API key is required: Authorization: Bearer <key>." : "The API key is not valid.",
        );
      } else {
        request.tenant = tenant;
      }
    });

    app.addHook("preParsing", async (request, reply) => {
      if (!request.authProblem) return;
      reply.header("www-authenticate", 'Bearer realm="agent-lessons"');
      throw request.authProblem;
    });
  },
  { name: "auth" },
);

/** Whom the rate limiter counts a request against: its tenant, or its address when it has no valid key. */
export function rateLimitSubject(request: FastifyRequest): string {
  return request.authProblem ? `unauthenticated:${request.ip}` : request.tenant;
}
