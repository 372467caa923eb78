// Concurrent HTTP load over keep-alive connections for fault tests: every request's outcome is recorded, none can hang.
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";

export interface RequestSpec {
  /** A label for summaries: "lesson", "tool-call", "read", ... */
  kind: string;
  method: "GET" | "POST";
  path: string;
  /** The task or session the request addresses. */
  target: string;
  /** JSON text of the body, serialised once by the caller (big bodies are reused). */
  body?: string;
  /** More request headers, e.g. an Idempotency-Key. */
  headers?: Record<string, string>;
}

export interface Outcome {
  kind: string;
  method: string;
  path: string;
  target: string;
  /** Sent as x-request-id; the service keeps it as the request id (and logs it as reqId). */
  requestId: string;
  startedAt: number;
  endedAt: number;
  /** Set once the response head arrived. */
  status?: number;
  headers?: http.IncomingHttpHeaders;
  /** True when the whole body arrived and, for JSON, parsed. */
  complete: boolean;
  /** The parsed body of POSTs and of any non-200 response (successful reads are dropped to save memory). */
  json?: unknown;
  /** Why no complete response arrived: "timeout", or the socket error's code. */
  error?: string;
}

/** Sends requests to one base URL over its own keep-alive agent, each bounded by a client timeout. */
export class LoadClient {
  readonly agent = new http.Agent({ keepAlive: true });

  constructor(
    readonly baseUrl: string,
    readonly timeoutMs: number,
  ) {}

  /**
   * Sends one request. With `hold`, only the first `bytes` of the body go out at once and the rest once `until`
   * resolves: a slow upload, which the server has accepted (headers read) but cannot finish meanwhile.
   */
  send(spec: RequestSpec, requestId: string, hold?: { bytes: number; until: Promise<void> }): Promise<Outcome> {
    return new Promise((resolve) => {
      const outcome: Outcome = {
        kind: spec.kind,
        method: spec.method,
        path: spec.path,
        target: spec.target,
        requestId,
        startedAt: Date.now(),
        endedAt: 0,
        complete: false,
      };
      const signal = AbortSignal.timeout(this.timeoutMs);
      let settled = false;
      const finish = (error?: string) => {
        if (settled) return;
        settled = true;
        outcome.endedAt = Date.now();
        if (!outcome.complete) outcome.error = signal.aborted ? "timeout" : (error ?? "incomplete");
        resolve(outcome);
      };
      const headers: http.OutgoingHttpHeaders = { ...spec.headers, "x-request-id": requestId, accept: "application/json" };
      if (spec.body !== undefined) {
        headers["content-type"] = "application/json";
        headers["content-length"] = Buffer.byteLength(spec.body);
      }
      const request = http.request(`${this.baseUrl}${spec.path}`, { method: spec.method, agent: this.agent, headers, signal }, (response) => {
        outcome.status = response.statusCode;
        outcome.headers = response.headers;
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          if (/json/.test(String(response.headers["content-type"] ?? ""))) {
            try {
              const parsed: unknown = JSON.parse(text);
              if (spec.method !== "GET" || response.statusCode !== 200) outcome.json = parsed;
            } catch {
              return finish("truncated-json");
            }
          }
          outcome.complete = true;
          finish();
        });
        response.on("error", (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
        response.on("close", () => finish("response-closed"));
      });
      request.on("error", (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
      if (hold && spec.body !== undefined) {
        request.write(spec.body.slice(0, hold.bytes)); // the bodies are ASCII JSON: characters are bytes
        void hold.until.then(() => request.end(spec.body!.slice(hold.bytes)));
      } else {
        request.end(spec.body);
      }
    });
  }

  /** Closes the agent's pooled connections. */
  close(): void {
    this.agent.destroy();
  }
}

export interface LoadOptions {
  client: LoadClient;
  workers: number;
  /** Each worker stops after this many requests, even if never told to stop. */
  maxRequestsPerWorker: number;
  /** The request a worker sends next, by worker and iteration. */
  next: (worker: number, iteration: number) => RequestSpec;
  /** A worker waits this long after a request that did not succeed, so an outage is no busy loop. */
  pauseAfterFailureMs?: number;
  /** Prefix of the x-request-id of every request. */
  idPrefix: string;
}

export interface Load {
  /** Every finished request, in order of completion. */
  readonly outcomes: Outcome[];
  /** Requests sent and not yet finished. */
  inFlight(): number;
  /** Asks every worker to stop after its current request. */
  stop(): void;
  /** Resolves when every worker has stopped. */
  readonly finished: Promise<void>;
}

export function startLoad(options: LoadOptions): Load {
  const outcomes: Outcome[] = [];
  let stopped = false;
  let inFlight = 0;
  const worker = async (index: number) => {
    for (let iteration = 0; !stopped && iteration < options.maxRequestsPerWorker; iteration += 1) {
      inFlight += 1;
      const outcome = await options.client.send(options.next(index, iteration), `${options.idPrefix}-w${index}-${iteration}`);
      inFlight -= 1;
      outcomes.push(outcome);
      const succeeded = outcome.complete && outcome.status !== undefined && outcome.status < 300;
      if (!succeeded && options.pauseAfterFailureMs) await sleep(options.pauseAfterFailureMs);
    }
  };
  const finished = Promise.all(Array.from({ length: options.workers }, (_, index) => worker(index))).then(() => undefined);
  return {
    outcomes,
    inFlight: () => inFlight,
    stop: () => {
      stopped = true;
    },
    finished,
  };
}

/** Polls until the condition holds, or throws naming what did not happen. */
export async function waitFor(condition: () => boolean | Promise<boolean>, withinMs: number, what: string, everyMs = 50): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if (await condition()) return Date.now() - started;
    await sleep(everyMs);
  }
  throw new Error(`${what} did not happen within ${withinMs} ms`);
}

/** Counts of outcomes by status (or by error when no complete response arrived), e.g. {"201": 812, "503": 95}. */
export function countByStatus(outcomes: readonly Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) {
    const key = outcome.complete ? String(outcome.status) : `error:${outcome.error}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

export function formatCounts(counts: Record<string, number>): string {
  return Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, count]) => `${key}:${count}`)
    .join(" ");
}

/** The outcomes with a complete response of this status. */
export function withStatus(outcomes: readonly Outcome[], status: number): Outcome[] {
  return outcomes.filter((outcome) => outcome.complete && outcome.status === status);
}

/** A short description of an outcome, for failure messages. */
export function describeOutcome(outcome: Outcome): string {
  const result = outcome.complete ? `${outcome.status}` : `error ${outcome.error}${outcome.status ? ` after head ${outcome.status}` : ""}`;
  return `${outcome.requestId} ${outcome.method} ${outcome.path} -> ${result}`;
}
