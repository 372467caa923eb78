// Declares the response headers the service sends, and marks each operation open or protected by the bearer key.
import type { OpenApiDocument } from "./json.js";

type JsonObject = { [key: string]: unknown };

const integer = { type: "integer", minimum: 0 };

const HEADERS = {
  "X-Request-Id": { description: "The request's id: the caller's own X-Request-Id when it is safe to log, else a new UUID", schema: { type: "string" } },
  Location: { description: "The path of the record just created", schema: { type: "string" } },
  "Idempotent-Replayed": {
    description: "true when this answers again the write of an earlier request with the same Idempotency-Key (nothing was written now)",
    schema: { type: "string", enum: ["true"] },
  },
  "X-RateLimit-Limit": { description: "Requests the tenant may make per window (when the limit is on)", schema: integer },
  "X-RateLimit-Remaining": { description: "Requests left in the current window", schema: integer },
  "X-RateLimit-Reset": { description: "Seconds until the window resets", schema: integer },
  "Retry-After": { description: "Seconds to wait before retrying", schema: integer },
} as const;

type HeaderName = keyof typeof HEADERS;

const ref = (name: HeaderName) => ({ $ref: `#/components/headers/${name}` });

/** The headers of one response of an operation. */
function headersOf(status: string, operation: JsonObject, isProtected: boolean, method: string): HeaderName[] {
  const names: HeaderName[] = ["X-Request-Id"];
  if (isProtected) names.push("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset");
  if (status === "429" || status === "503") names.push("Retry-After");
  const replayable = method === "post" && ((operation.parameters ?? []) as JsonObject[]).some((p) => p.name === "idempotency-key");
  if (replayable && status.startsWith("2")) names.push("Idempotent-Replayed");
  if (status === "201" && method === "post") names.push("Location");
  return names;
}

export function describeHeaders(doc: OpenApiDocument): void {
  doc.components.headers = HEADERS as unknown as OpenApiDocument["components"];
  for (const item of Object.values(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      // An operation with its own empty security list is open; the others need the bearer key.
      const isProtected = !(Array.isArray(operation.security) && operation.security.length === 0);
      if (isProtected) operation.security = [{ bearer: [] }];
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, JsonObject>)) {
        response.headers = Object.fromEntries(headersOf(status, operation, isProtected, method).map((name) => [name, ref(name)]));
      }
    }
  }
}
