// Replicas that all learn and offer the same fix at once: how many scripts a write takes, and how many writes fail, when
// every call moves the one fix set they share. Run: npx tsx scripts/bench/fix-contention.ts [replicas...] (1 2 4 8 by
// default); it starts its own redis-server, and each replica is a store with caches of its own, as a service process is.
import { once } from "node:events";
import { pathToFileURL } from "node:url";
import { Redis } from "ioredis";
import { createRedisStore } from "../../src/storage/redis/index.js";
import type { NewToolCall } from "../../src/domain/tools/store.js";
import { aCall } from "../../test/helpers/fixtures.js";
import { startRedisServer } from "../../test/helpers/redis-server.js";
import { BENCH_LIMITS } from "./knowledge-cost.js";


/** Agents per replica, each running failure-then-fix pairs of its own sessions, and pairs per agent. */
const AGENTS = 25;
const PAIRS_PER_AGENT = 16;

const call = (outcome: "failure" | "success", wait: number): NewToolCall =>
  aCall("deploy", outcome, { wait }, { timestamp: new Date().toISOString(), error_type: outcome === "failure" ? "Timeout" : null });

export interface ContentionRow {
  replicas: number;
  writes: number;
  failed: number;
  scriptsPerWrite: number;
}

/** Every agent of every replica fails and fixes the same tool and error type, so every write changes the fix set they share. */
export async function measureFixContention(replicas: number): Promise<ContentionRow> {
  const redis = await startRedisServer();
  const admin = new Redis(redis.url);
  const stores = Array.from({ length: replicas }, () => createRedisStore({ url: redis.url, keyPrefix: "contention", commandTimeoutMs: 5000, limits: BENCH_LIMITS }));
  try {
    for (const store of stores) if (store.client.status !== "ready") await once(store.client, "ready");
    const seed = { tenant: "t", sessionId: "seed" };
    await stores[0]!.recordSharedToolCall(seed, call("failure", 0), null);
    await stores[0]!.recordSharedToolCall(seed, call("success", 1), null);
    await admin.config("RESETSTAT");
    let writes = 0;
    let failed = 0;
    await Promise.all(
      stores.flatMap((store, r) =>
        Array.from({ length: AGENTS }, async (_, agent) => {
          for (let pair = 0; pair < PAIRS_PER_AGENT; pair += 1) {
            const session = { tenant: "t", sessionId: `r${r}-a${agent}-${pair}` };
            for (const [outcome, wait] of [["failure", 0], ["success", 1]] as const) {
              writes += 1;
              await store.recordSharedToolCall(session, call(outcome, wait), null).catch(() => (failed += 1));
            }
          }
        }),
      ),
    );
    const stats = (await admin.info("commandstats")).split("\n").find((row) => row.startsWith("cmdstat_evalsha:"));
    const scripts = stats ? Number(/calls=(\d+)/.exec(stats)![1]) : 0;
    return { replicas, writes, failed, scriptsPerWrite: scripts / writes };
  } finally {
    await Promise.all(stores.map((store) => store.close()));
    admin.disconnect();
    await redis.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const counts = process.argv.slice(2).map(Number);
  process.stdout.write("replicas  writes  failed  scripts per write\n");
  for (const replicas of counts.length > 0 ? counts : [1, 2, 4, 8]) {
    const row = await measureFixContention(replicas);
    process.stdout.write(`${String(row.replicas).padStart(8)}  ${String(row.writes).padStart(6)}  ${String(row.failed).padStart(6)}  ${row.scriptsPerWrite.toFixed(2).padStart(17)}\n`);
  }
}
