// Authenticates API requests by bearer key and sets request.tenant; open with tenant "default" when no key is set.
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { tenantForKey, type ApiKeyEntry } from "../auth/api-keys.js";
import { AppError } from "../errors.js";

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
}

/**
 * Adds the tenant to every request of the context it is registered in. With keys configured, a
 * missing or unknown key is a 401; routes outside that context (health, docs, metrics) stay open.
 */
export default fp<AuthOptions>(
  async (app: FastifyInstance, { keys }) => {
    app.decorateRequest("tenant", DEFAULT_TENANT);
    if (keys.length === 0) return;

    app.addHook("onRequest", async (request, reply) => {
      const key = presentedKey(request);
      const tenant = key === null ? null : tenantForKey(keys, key);
      if (tenant === null) {
        reply.header("www-authenticate", 'Bearer realm="agent-lessons"');
        throw new AppError("UNAUTHORIZED", key === null ? "An API key is required: Authorization: Bearer <key>." : "The API key is not valid.");
      }
      request.tenant = tenant;
    });
  },
  { name: "auth" },
);
