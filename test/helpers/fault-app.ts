// The app on a real port over a given Redis, with the limits raised so every acknowledged write stays readable, and shared fault assertions.
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { buildApp } from "../../src/app.js";
import { testConfig } from "./app.js";
import { describeOutcome, type Outcome } from "./load.js";
import { uniquePrefix } from "./stores.js";

export interface ListeningApp {
  app: FastifyInstance;
  baseUrl: string;
  prefix: string;
}

/**
 * The app in this process, listening on a free loopback port. The behaviour under Redis faults lives in the
 * ioredis client settings and the routes' error mapping, the same here as in the real server; the real
 * process (signals, exit) is covered by test/faults/graceful-shutdown.test.ts.
 */
export async function listenOnRedis(redisUrl: string, env: Record<string, string> = {}): Promise<ListeningApp> {
  const prefix = uniquePrefix();
  const app = await buildApp(
    testConfig({
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      REDIS_COMMAND_TIMEOUT_MS: "500",
      RATE_LIMIT_MAX: "0",
      // High enough that no acknowledged lesson or call is trimmed before the test reads it back.
      LESSONS_MAX_PER_TASK: "10000",
      TOOL_LOG_MAX_ENTRIES: "100000",
      ...env,
    }),
    { logger: false },
  );
  await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, prefix };
}

/** Fails listing the first offending requests, not just their count. */
export function expectNone(outcomes: readonly Outcome[], what: string): void {
  expect(outcomes.slice(0, 10).map(describeOutcome), `${outcomes.length} ${what}`).toEqual([]);
}

/** The 503s that are not a STORE_UNAVAILABLE problem+json with Retry-After: 1. */
export function malformedUnavailable(outcomes: readonly Outcome[]): Outcome[] {
  return outcomes.filter(
    (o) =>
      o.complete &&
      o.status === 503 &&
      (!/^application\/problem\+json/.test(String(o.headers?.["content-type"])) ||
        o.headers?.["retry-after"] !== "1" ||
        (o.json as { code?: string } | undefined)?.code !== "STORE_UNAVAILABLE"),
  );
}
