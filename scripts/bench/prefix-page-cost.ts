// Redis's own time for one page of a listing by id prefix as the tenant grows, beside a page by activity: what the id index buys.
// Run: npx tsx scripts/bench/prefix-page-cost.ts (starts its own redis-server; prints µs per page script from INFO commandstats).
import { once } from "node:events";
import { Redis } from "ioredis";
import { createKeys } from "../../src/storage/redis/keys.js";
import { touchListing } from "../../src/storage/redis/listing-touch.js";
import { defineScripts } from "../../src/storage/redis/scripts.js";
import { startRedisServer } from "../../test/helpers/redis-server.js";

const SIZES = [1_000, 10_000, 100_000, 1_000_000];
const PAGES = 1000;
const PAGE = 50;
// Writes in flight at once while filling; auto-pipelining batches them.
const IN_FLIGHT = 512;

const server = await startRedisServer();
const admin = new Redis(server.url);
const redis = defineScripts(new Redis(server.url, { enableAutoPipelining: true }));
if (redis.status !== "ready") await once(redis, "ready");
const shared = createKeys("cost").shared("bench");

/** Lists `count` more tasks the way every write does (touchListing: both indexes in one script), ids spread over the alphabet. */
async function fill(from: number, to: number): Promise<void> {
  let next = from;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      for (let n = next++; n < to; n = next++) {
        await touchListing(redis, shared, { kind: "tasks", id: `task-${n.toString(36)}-${n % 97}`, at_ms: 1_700_000_000_000 + n, ttl: 0 });
      }
    }),
  );
}

/**
 * Redis's µs per call of the script `page` runs (EVALSHA in INFO commandstats), the least of three
 * rounds of PAGES calls (the machine is shared), and the commands it ran inside per call.
 */
async function scriptCost(page: () => Promise<unknown>): Promise<{ micros: number; inner: Record<string, number> }> {
  let micros = Infinity;
  let stats = "";
  for (let round = 0; round < 3; round += 1) {
    await admin.config("RESETSTAT");
    for (let i = 0; i < PAGES; i += 1) await page();
    stats = await admin.info("commandstats");
    micros = Math.min(micros, Number(/cmdstat_evalsha:.*usec_per_call=([\d.]+)/.exec(stats)![1]));
  }
  const calls = (name: string) => Number(new RegExp(`cmdstat_${name}:calls=(\\d+)`).exec(stats)?.[1] ?? 0);
  const inner = Object.fromEntries(["zrange", "zmscore", "zscore", "zrevrank"].map((name) => [name, calls(name) / PAGES]));
  return { micros, inner };
}

try {
  process.stdout.write(`tasks listed | µs per prefix page (${PAGE}) | its commands | µs per page by activity (${PAGE}, from a cursor)\n`);
  let filled = 0;
  for (const size of SIZES) {
    await fill(filled, size);
    filled = size;
    // A prefix that matches a page's worth and more, and a cursor in the middle of the listing by activity.
    const prefix = await scriptCost(() => redis.pageListingByPrefix(shared.taskIds, shared.taskListing, JSON.stringify({ prefix: "task-1", after: "", count: PAGE })));
    const middle = size >> 1;
    const byActivity = await scriptCost(() => redis.pageListing(shared.taskListing, JSON.stringify({ at: 1_700_000_000_000 + middle, after: `task-${middle.toString(36)}-${middle % 97}`, count: PAGE })));
    const inner = Object.entries(prefix.inner).filter(([, n]) => n > 0).map(([name, n]) => `${n} ${name}`).join(", ");
    process.stdout.write(`${String(size).padStart(12)} | ${prefix.micros.toFixed(1).padStart(24)} | ${inner.padEnd(20)} | ${byActivity.micros.toFixed(1)}\n`);
  }
} finally {
  redis.disconnect();
  admin.disconnect();
  await server.stop();
}
