// The service as the commands reach it: the TypeScript client, told how patient to be, and errors in one line.
import { ConnectionError, ProblemError, createClient, type AgentLessonsClient } from "@agent-lessons/client";
import type { ServiceSettings } from "./settings.js";

export interface Patience {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** How long one call may take, retries included. */
  timeoutMs: number;
  /** Told of every attempt: whether the service answered at all (any status) or could not be reached. */
  onReachable?: (reachable: boolean) => void;
}

/** A client of the service with the given patience; each attempt is reported to `onReachable`. */
export function serviceClient(settings: ServiceSettings, patience: Patience): AgentLessonsClient {
  const observed: typeof fetch = async (input, init) => {
    try {
      const response = await fetch(input, init);
      patience.onReachable?.(true);
      return response;
    } catch (error) {
      // An abort is the caller giving up, not the service being away.
      if (!(init?.signal?.aborted ?? false)) patience.onReachable?.(false);
      throw error;
    }
  };
  return createClient({
    baseUrl: settings.url,
    apiKey: settings.apiKey,
    maxRetries: patience.maxRetries,
    timeoutMs: patience.timeoutMs,
    baseDelayMs: 100,
    maxDelayMs: 1000,
    fetch: observed,
  });
}

/** Whether a failed call is worth sending again later: the service was away, overloaded or limiting us. */
export function isTransient(error: unknown): boolean {
  if (error instanceof ConnectionError) return true;
  return error instanceof ProblemError && [408, 429, 502, 503, 504].includes(error.status);
}

/** A failed call in one line: `401 UNAUTHORIZED: …`, or why the service could not be reached. */
export function describeFailure(error: unknown): string {
  if (error instanceof ProblemError) return `the service answered ${error.status} ${error.code}: ${error.detail}`;
  if (error instanceof ConnectionError) return `the service could not be reached (${error.message})`;
  return `unexpected error: ${String((error as Error)?.message ?? error)}`;
}
