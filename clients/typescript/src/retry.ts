// A fetch that retries what is safe to retry (429, 502, 503, 504 and network errors), with backoff that honours Retry-After.
import { ConnectionError } from "./errors.js";

export interface RetryPolicy {
  /** Retries after the first attempt (0: none). */
  maxRetries: number;
  /** The first backoff, doubled on each retry (with jitter) up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long a call may wait for an answer's headers, retries included; the body (an event stream) may take longer. */
  timeoutMs: number;
}

// The store or a proxy is briefly unavailable, or we were too fast. A POST's retry is safe: it
// carries the first attempt's Idempotency-Key, so the service applies it once in all.
const RETRIED_STATUSES = new Set([429, 502, 503, 504]);
// A Retry-After longer than this is not waited out: the answer goes back to the caller as it is.
const LONGEST_RETRY_AFTER_MS = 60_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/** Seconds in Retry-After (its date form too), as milliseconds; null when absent or unreadable. */
function retryAfterMs(response: Response): number | null {
  const value = response.headers.get("retry-after");
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

function backoffMs(policy: RetryPolicy, retry: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  // Full jitter: clients that failed together do not retry together.
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/**
 * Wraps fetch. Every attempt sends the same request, so a POST keeps its Idempotency-Key and the
 * service replays the first completed answer instead of writing twice.
 */
export function retryingFetch(policy: RetryPolicy, fetchImpl: typeof fetch = fetch): (request: Request) => Promise<Response> {
  return async (request) => {
    // The deadline covers waiting for headers and backoffs; it is lifted once an answer arrives.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new Error(`timed out after ${policy.timeoutMs} ms`)), policy.timeoutMs);
    const signal = AbortSignal.any([deadline.signal, ...(request.signal ? [request.signal] : [])]);
    const giveUp = (attempts: number, error: unknown) => {
      const reason = deadline.signal.aborted ? String((deadline.signal.reason as Error).message) : String((error as Error)?.message ?? error);
      return new ConnectionError(`${request.method} ${request.url} failed after ${attempts} attempt(s): ${reason}`, { cause: error });
    };
    try {
      for (let retry = 0; ; retry += 1) {
        const last = retry >= policy.maxRetries;
        let wait: number;
        try {
          const response = await fetchImpl(request.clone(), { signal });
          const after = retryAfterMs(response);
          if (last || !RETRIED_STATUSES.has(response.status) || (after !== null && after > LONGEST_RETRY_AFTER_MS)) return response;
          wait = after ?? backoffMs(policy, retry);
          // The body is not read; free the connection before waiting.
          await response.body?.cancel();
        } catch (error) {
          if (request.signal?.aborted) throw error;
          if (last || deadline.signal.aborted) throw giveUp(retry + 1, error);
          wait = backoffMs(policy, retry);
        }
        await sleep(wait, signal).catch((error: unknown) => {
          if (request.signal?.aborted) throw error;
          throw giveUp(retry + 1, error);
        });
      }
    } finally {
      clearTimeout(timer);
    }
  };
}
