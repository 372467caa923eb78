// The rate limiter: budgets decided in this process without a round trip, synced with every replica in one background call.
import type { FastifyBaseLogger } from "fastify";
import { createSharedBudget, type BudgetDecision } from "./shared-budget.js";
import type { RateCountStore } from "../storage/port.js";

export interface RateLimitOptions {
  /** Requests per window for each tenant; 0 leaves tenants unlimited. */
  tenantMax: number;
  /** Requests per window for each client address without a valid key; 0 leaves them unlimited. */
  unauthenticatedMax: number;
  windowMs: number;
  /** How often the counts admitted here are added to the shared ones (and theirs learnt). */
  syncMs: number;
  /** The clock windows are cut from (the app's clock; tests give one whose window starts with the test). */
  now?: () => number;
}

// A window's shared counts outlive it a little, for replicas whose clocks run behind.
const WINDOW_SLACK_MS = 5_000;

/**
 * Every `syncMs`, what this replica admitted since the last sync goes to the store in one call per
 * window (normally one), which answers every replica's totals. While the store is unreachable, the
 * replica goes on counting its own requests, and sends them once it answers again.
 */
export function createRateLimiter(store: RateCountStore, options: RateLimitOptions, log: FastifyBaseLogger) {
  const now = options.now ?? Date.now;
  const budget = createSharedBudget(options.windowMs, now);
  let syncing: Promise<void> | null = null;
  let failing = false;

  async function sync(): Promise<void> {
    const batches = budget.drain();
    await Promise.all(
      batches.map(async (batch) => {
        try {
          const forgetInMs = batch.windowStartMs + options.windowMs + WINDOW_SLACK_MS - now();
          budget.settle(batch, await store.addRequestCounts(batch.windowStartMs, forgetInMs, batch.counts));
          if (failing) log.info("rate-limit counts are shared again");
          failing = false;
        } catch (error) {
          budget.settle(batch, null);
          // Once per outage, not once per sync interval.
          if (!failing) log.warn({ err: error instanceof Error ? error.message : String(error) }, "rate-limit counts could not be shared; counting on this replica alone");
          failing = true;
        }
      }),
    );
    budget.forgetEnded();
  }

  const tick = () => {
    syncing ??= sync().finally(() => {
      syncing = null;
    });
  };
  const timer = setInterval(tick, options.syncMs);
  timer.unref();

  return {
    /** Counts a request of a tenant, or of an address without a valid key; null when that kind is unlimited. */
    take(subject: string, authenticated: boolean): BudgetDecision | null {
      const max = authenticated ? options.tenantMax : options.unauthenticatedMax;
      // Addresses without a valid key can be many; they are not refreshed while idle.
      return max > 0 ? budget.take(authenticated ? subject : `unauthenticated:${subject}`, max, authenticated) : null;
    },

    /** Sends what is still unsent, so that the other replicas count it after this one stops. */
    async close(): Promise<void> {
      clearInterval(timer);
      await syncing;
      await sync();
    },
  };
}
