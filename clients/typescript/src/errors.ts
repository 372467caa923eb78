// The two ways a call fails: the service answered with a problem, or it could not be reached at all.

/** One field that failed validation, named by its place in the request (`body.tier`, `params.task_id`). */
export interface FieldError {
  field: string;
  message: string;
}

/** An RFC 9457 problem the service answered with (every 4xx and 5xx), after any retries. */
export class ProblemError extends Error {
  override name = "ProblemError";
  /** The HTTP status. */
  readonly status: number;
  /** The stable machine-readable code, e.g. VALIDATION_FAILED or STORE_UNAVAILABLE. */
  readonly code: string;
  readonly title: string;
  readonly detail: string;
  /** Every field that failed validation; empty for other problems. */
  readonly errors: FieldError[];
  /** The request's id, to find it in the service's log. */
  readonly request_id: string | null;
  /** The problem type URI. */
  readonly type: string;

  constructor(status: number, body: unknown, requestId: string | null) {
    const problem = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
    const text = (key: string, fallback: string) => (typeof problem[key] === "string" ? (problem[key] as string) : fallback);
    const detail = text("detail", typeof body === "string" && body ? body : `HTTP ${status}`);
    const code = text("code", "HTTP_ERROR");
    super(`${status} ${code}: ${detail}`);
    this.status = status;
    this.code = code;
    this.title = text("title", "");
    this.detail = detail;
    this.errors = Array.isArray(problem.errors) ? (problem.errors as FieldError[]) : [];
    this.request_id = text("request_id", requestId ?? "") || null;
    this.type = text("type", "about:blank");
  }
}

/** The service could not be reached (refused, reset, timed out) after every retry. */
export class ConnectionError extends Error {
  override name = "ConnectionError";
}
