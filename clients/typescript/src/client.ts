// One typed method per operation of the service, named after its operationId, on top of openapi-fetch.
import createFetchClient from "openapi-fetch";
import { ProblemError } from "./errors.js";
import { OPERATIONS, type OperationId } from "./generated/operations.js";
import type { operations, paths } from "./generated/schema.js";
import { retryingFetch, type RetryPolicy } from "./retry.js";

export interface ClientOptions extends Partial<RetryPolicy> {
  /** Where the service listens; AGENT_LESSONS_URL, else http://127.0.0.1:3000. */
  baseUrl?: string;
  /** A key from the service's API_KEYS; AGENT_LESSONS_API_KEY, else none (a service without keys). */
  apiKey?: string;
  /** Another fetch (a proxy agent, a test double); the global fetch by default. */
  fetch?: typeof fetch;
}

/** Per-call options, beside the operation's own parameters. */
export interface CallOptions {
  /** For a POST: the key that makes its retries safe; a new UUID per call by default. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

// Keys whose type is never (an operation without a query, say) are left out of its input.
/** No fields: what an operation without parameters or body adds to its input. */
type Nothing = Record<never, never>;
type Present<T> = { [K in keyof T as [Exclude<T[K], undefined>] extends [never] ? never : K]: T[K] };
type ParamsOf<O> = O extends { parameters: infer P } ? Present<Pick<P, "path" & keyof P> & Pick<P, "query" & keyof P>> : Nothing;
type BodyOf<O> = O extends { requestBody: { content: { "application/json": infer B } } }
  ? { body: B }
  : O extends { requestBody?: { content: { "application/json": infer B } } }
    ? { body?: B }
    : Nothing;

/** What an operation takes: `path` ids, `query` fields and `body`, as the document names them. */
export type Input<K extends OperationId> = ParamsOf<operations[K]> & BodyOf<operations[K]> & CallOptions;

type SuccessStatus = 200 | 201 | 202 | 204;
type ContentOf<R> = R extends { content: { "application/json": infer J } }
  ? J
  : R extends { content: { "text/plain": infer T } }
    ? T
    : R extends { content: { "text/event-stream": unknown } }
      ? ReadableStream<Uint8Array>
      : undefined;

/** What an operation returns on success: the parsed JSON, the text, a stream (events), or undefined (204). */
export type Output<K extends OperationId> = operations[K] extends { responses: infer R }
  ? { [S in keyof R & SuccessStatus]: ContentOf<R[S]> }[keyof R & SuccessStatus]
  : never;

type Method<K extends OperationId> = Nothing extends Input<K> ? (input?: Input<K>) => Promise<Output<K>> : (input: Input<K>) => Promise<Output<K>>;

export type AgentLessonsClient = { [K in OperationId]: Method<K> };

function environment(name: string): string | undefined {
  return (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env[name] || undefined;
}

function parseAsOf(operationId: OperationId): "json" | "text" | "stream" {
  const responses: readonly string[] = OPERATIONS[operationId].responses;
  return responses.includes("text/event-stream") ? "stream" : responses.includes("text/plain") ? "text" : "json";
}

/**
 * A client for every operation. Problems become ProblemError; 503, 429 and network errors are
 * retried with backoff (Retry-After honoured), and every POST carries an Idempotency-Key.
 */
export function createClient(options: ClientOptions = {}): AgentLessonsClient {
  const apiKey = options.apiKey ?? environment("AGENT_LESSONS_API_KEY");
  const policy: RetryPolicy = {
    maxRetries: options.maxRetries ?? 3,
    baseDelayMs: options.baseDelayMs ?? 250,
    maxDelayMs: options.maxDelayMs ?? 8000,
    timeoutMs: options.timeoutMs ?? 30_000,
  };
  const http = createFetchClient<paths>({
    baseUrl: (options.baseUrl ?? environment("AGENT_LESSONS_URL") ?? "http://127.0.0.1:3000").replace(/\/$/, ""),
    fetch: retryingFetch(policy, options.fetch),
    headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
  });

  const call = async (operationId: OperationId, input: Record<string, unknown> = {}) => {
    const { method, path } = OPERATIONS[operationId];
    const { idempotencyKey, signal, headers, body, path: pathParams, query } = input as CallOptions & Record<string, unknown>;
    const sent: Record<string, string> = { ...headers };
    if (method === "POST") sent["idempotency-key"] = idempotencyKey ?? crypto.randomUUID();
    // The table is typed loosely: each method's own signature (AgentLessonsClient) is what callers see.
    const { data, error, response } = await (http.request as (...args: unknown[]) => Promise<{ data?: unknown; error?: unknown; response: Response }>)(
      method,
      path,
      { params: { path: pathParams, query }, body, headers: sent, signal, parseAs: parseAsOf(operationId) },
    );
    if (!response.ok) throw new ProblemError(response.status, error, response.headers.get("x-request-id"));
    return response.status === 204 ? undefined : data;
  };

  return Object.fromEntries(
    (Object.keys(OPERATIONS) as OperationId[]).map((operationId) => [operationId, (input?: Record<string, unknown>) => call(operationId, input)]),
  ) as unknown as AgentLessonsClient;
}
