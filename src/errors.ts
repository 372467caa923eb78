// Domain errors in one place: a stable code, an HTTP status and a title; rendered as problem+json.

export const ERROR_CATALOGUE = {
  VALIDATION_FAILED: { status: 400, title: "Request validation failed" },
  MALFORMED_BODY: { status: 400, title: "Malformed request body" },
  MALFORMED_URL: { status: 400, title: "Malformed URL" },
  UNAUTHORIZED: { status: 401, title: "Unauthorized" },
  INSUFFICIENT_SCOPE: { status: 403, title: "Insufficient scope" },
  NOT_FOUND: { status: 404, title: "Not found" },
  ROUTE_NOT_FOUND: { status: 404, title: "Route not found" },
  METHOD_NOT_ALLOWED: { status: 405, title: "Method not allowed" },
  NOT_ACCEPTABLE: { status: 406, title: "Not acceptable" },
  BODY_TOO_LARGE: { status: 413, title: "Request body too large" },
  URI_TOO_LONG: { status: 414, title: "URI too long" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: "Unsupported media type" },
  IDEMPOTENCY_KEY_REUSED: { status: 422, title: "Idempotency key reused with another request" },
  RATE_LIMITED: { status: 429, title: "Too many requests" },
  INTERNAL: { status: 500, title: "Internal server error" },
  STORE_UNAVAILABLE: { status: 503, title: "Storage unavailable" },
  NOT_REPLICATED: { status: 503, title: "Write not confirmed by replicas" },
  SHUTTING_DOWN: { status: 503, title: "Shutting down" },
  TOO_MANY_STREAMS: { status: 503, title: "Too many event streams" },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** A field that failed validation, named by its path in the request (`body.tier`, `params.task_id`). */
export interface FieldError {
  field: string;
  message: string;
}

export class AppError extends Error {
  override name = "AppError";
  readonly status: number;
  readonly title: string;

  constructor(
    readonly code: ErrorCode,
    detail: string,
    readonly fieldErrors: readonly FieldError[] = [],
    options?: { cause?: unknown },
  ) {
    super(detail, options);
    this.status = ERROR_CATALOGUE[code].status;
    this.title = ERROR_CATALOGUE[code].title;
  }
}

export function notFound(detail: string): AppError {
  return new AppError("NOT_FOUND", detail);
}

/** An Idempotency-Key already used, in the same task or session, for a request with another method, path or body. */
export function keyReused(): AppError {
  return new AppError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was used for a different request.");
}

/** The store cannot serve the request now; clients may retry. */
export class StoreUnavailableError extends AppError {
  override name = "StoreUnavailableError";

  constructor(cause?: unknown) {
    super("STORE_UNAVAILABLE", "The data store is unavailable; retry shortly.", [], { cause });
  }
}

/**
 * Fewer replicas than REDIS_WAIT_REPLICAS confirmed a write in time. The primary may have applied
 * it: a retry with the same Idempotency-Key answers that write instead of applying it again.
 */
export class NotReplicatedError extends AppError {
  override name = "NotReplicatedError";

  constructor(acknowledged: number, wanted: number) {
    super(
      "NOT_REPLICATED",
      `The write reached the primary but ${acknowledged} of the ${wanted} replicas it must reach confirmed it in time; ` +
        "retry with the same Idempotency-Key.",
    );
  }
}
