// A fetch that retries what is safe to retry: 503, 429, 409 and network errors, with backoff that honours Retry-After.
import { ConnectionError } from "./errors.js";

export interface RetryPolicy {
  /** Retries after the first attempt (0: none). */
  maxRetries: number;
  /** The first backoff, doubled on each retry (with jitter) up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A whole request, retries included, fails after this long. */
  timeoutMs: number;
}

// 409 is IDEMPOTENCY_KEY_IN_USE: an earlier attempt of this very call still holds its key (it timed
// out here but may still finish there); waiting lets it finish, or its lock lapse.
const RETRIED_STATUSES = new Set([409, 429, 502, 503, 504]);

const sleep = (ms: number, signal?: AbortSignal | null) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
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
    const deadline = AbortSignal.timeout(policy.timeoutMs);
    const signal = AbortSignal.any([deadline, ...(request.signal ? [request.signal] : [])]);
    for (let retry = 0; ; retry += 1) {
      const attempt = request.clone();
      const last = retry >= policy.maxRetries;
      try {
        const response = await fetchImpl(attempt, { signal });
        if (last || !RETRIED_STATUSES.has(response.status)) return response;
        const wait = retryAfterMs(response) ?? backoffMs(policy, retry);
        // The body is not read; free the connection before waiting.
        await response.body?.cancel();
        await sleep(Math.min(wait, policy.maxDelayMs), signal);
      } catch (error) {
        if (request.signal?.aborted) throw error;
        if (last || deadline.aborted) {
          const reason = deadline.aborted ? `timed out after ${policy.timeoutMs} ms` : String((error as Error).message ?? error);
          throw new ConnectionError(`${request.method} ${request.url} failed after ${retry + 1} attempt(s): ${reason}`, { cause: error });
        }
        await sleep(backoffMs(policy, retry), signal).catch(() => undefined);
      }
    }
  };
}
