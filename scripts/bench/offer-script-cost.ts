// Redis's own time per tool-call script with and without an offer: what offers add inside Redis, where the service's CPU does not see it.
// Run: npx tsx scripts/bench/offer-script-cost.ts (starts its own redis-server; prints µs per script call from INFO commandstats).
import { once } from "node:events";
import { Redis } from "ioredis";
import { createRedisStore } from "../../src/storage/redis/index.js";
import type { NewToolCall } from "../../src/domain/tools/store.js";
import type { SessionRef } from "../../src/domain/refs.js";
import { startRedisServer } from "../../test/helpers/redis-server.js";

const CALLS = 4000;
const limits = {
  maxLessonsPerTask: 40, maxToolLogEntries: 1000, fixDetectionWindow: 10, lessonsTtlSeconds: 2_592_000, sessionsTtlSeconds: 2_592_000,
  toolsTtlSeconds: 7_776_000, idempotencyTtlSeconds: 86_400, eventsMaxPerTenant: 10_000, eventsTtlSeconds: 86_400,
};
const call = (outcome: "failure" | "success", errorType: string, args: Record<string, unknown>): NewToolCall => ({
  timestamp: new Date().toISOString(), tool_name: "search", arguments: args, arguments_hash: "", context_goal: "find the failing test",
  preceding_call_id: null, outcome, result_summary: "", result_type: "none", execution_time_ms: 40, error_type: outcome === "failure" ? errorType : null, error_message: null,
});

const redis = await startRedisServer();
const admin = new Redis(redis.url);
const store = createRedisStore({ url: redis.url, keyPrefix: "cost", commandTimeoutMs: 5000, limits });
// The client queues nothing while offline: wait until it is connected.
if (store.client.status !== "ready") await once(store.client, "ready");
const session = (id: string): SessionRef => ({ tenant: "bench", sessionId: id });

async function scriptMicros(run: () => Promise<void>): Promise<number> {
  await admin.config("RESETSTAT");
  await run();
  const stats = await admin.info("commandstats");
  const line = stats.split("\n").find((row) => row.startsWith("cmdstat_evalsha:"))!;
  return Number(/usec_per_call=([\d.]+)/.exec(line)![1]);
}

try {
  // A known fix for timeouts of search, from a few sessions.
  for (let i = 0; i < 5; i += 1) {
    await store.recordSharedToolCall(session(`learner-${i}`), call("failure", "timeout", { q: "x", limit: 20 }), null);
    await store.recordSharedToolCall(session(`learner-${i}`), call("success", "", { q: "x", limit: 20, retry: true }), null);
  }
  const rows: Array<[string, number]> = [];
  rows.push(["failure, no fix known", await scriptMicros(async () => {
    for (let i = 0; i < CALLS; i += 1) await store.recordSharedToolCall(session(`plain-${i}`), call("failure", "never_fixed", { q: `q${i}`, limit: 20 }), null);
  })]);
  rows.push(["failure offered a fix", await scriptMicros(async () => {
    for (let i = 0; i < CALLS; i += 1) await store.recordSharedToolCall(session(`offered-${i}`), call("failure", "timeout", { q: `q${i}`, limit: 20 }), null);
  })]);
  rows.push(["next call decides it (worked)", await scriptMicros(async () => {
    for (let i = 0; i < CALLS; i += 1) await store.recordSharedToolCall(session(`offered-${i}`), call("success", "", { q: `q${i}`, limit: 20, retry: true }), null);
  })]);
  rows.push(["success, nothing pending", await scriptMicros(async () => {
    for (let i = 0; i < CALLS; i += 1) await store.recordSharedToolCall(session(`plain-${i}`), call("success", "", { q: `q${i}`, limit: 10 }), null);
  })]);
  for (const [name, micros] of rows) process.stdout.write(`${name.padEnd(32)} ${micros.toFixed(1)} µs per script call in Redis\n`);
} finally {
  await store.close();
  admin.disconnect();
  await redis.stop();
}
