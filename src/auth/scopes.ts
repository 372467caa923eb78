// What a key may do: read, write (what agents send), or admin (what deletes or replaces data); each route declares the scope it needs.
import { AppError } from "../errors.js";

/** From least to most: each scope allows everything the ones before it allow. */
export const SCOPES = ["read", "write", "admin"] as const;
export type Scope = (typeof SCOPES)[number];

/** The route schema member that names the scope an operation needs; @fastify/swagger copies it into the OpenAPI operation. */
export const SCOPE_MEMBER = "x-required-scope";

/** A route's declaration, spread into its schema next to its operationId: `schema: { ...requires("write"), … }`. */
export function requires(scope: Scope): { [SCOPE_MEMBER]: Scope } {
  return { [SCOPE_MEMBER]: scope };
}

export function allows(granted: Scope, needed: Scope): boolean {
  return SCOPES.indexOf(granted) >= SCOPES.indexOf(needed);
}

export function isScope(value: unknown): value is Scope {
  return typeof value === "string" && (SCOPES as readonly string[]).includes(value);
}

/** The 403 for a key whose scope is below what the operation needs; nothing was done. */
export function insufficientScope(needed: Scope, granted: Scope): AppError {
  return new AppError("INSUFFICIENT_SCOPE", `This operation needs a key with the '${needed}' scope (or above); this key has '${granted}'.`);
}
