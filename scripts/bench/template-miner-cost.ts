// Redis's own time per template step (learnTemplate-9.lua applying a step decided in TypeScript, with its recall index) on an empty tenant and on one that holds 1,000 failure templates:
// a message its template takes as it is, and one that makes a template (forgetting one past the cap). Decisions run in the service, so Redis's time should not follow the bucket.
// Run: npx tsx scripts/bench/template-miner-cost.ts (starts its own redis-server; prints µs per script call from INFO commandstats).
import { Redis } from "ioredis";
import { MAX_TEMPLATES } from "../../src/domain/failures/templates.js";
import { createKeys } from "../../src/storage/redis/keys.js";
import { defineScripts } from "../../src/storage/redis/scripts.js";
import { createRedisTemplateBuckets } from "../../src/storage/redis/template-buckets.js";
import { letterWord as word } from "../../test/helpers/failure-messages.js";
import { startRedisServer } from "../../test/helpers/redis-server.js";

const CALLS = 2000;
const TTL_SECONDS = 2_592_000;

/**
 * How the 1,000 templates fall into buckets (a token count and a first token): one each, ten buckets of a hundred, or
 * one of all. Each template's three last words are its own, so no template takes another's messages.
 */
const layouts: Array<{ name: string; message: (i: number) => string; fill?: number }> = [
  { name: "empty tenant", message: (i) => `failed ${word(3 * i)} ${word(3 * i + 1)} ${word(3 * i + 2)}`, fill: 0 },
  { name: "1,000 buckets of 1", message: (i) => `${word(i)}failed ${word(3 * i)} ${word(3 * i + 1)} ${word(3 * i + 2)}` },
  { name: "10 buckets of 100", message: (i) => `${word(i % 10)}failed ${word(3 * i)} ${word(3 * i + 1)} ${word(3 * i + 2)}` },
  { name: "1 bucket of 1,000", message: (i) => `failed ${word(3 * i)} ${word(3 * i + 1)} ${word(3 * i + 2)}` },
];

const server = await startRedisServer();
const admin = new Redis(server.url);
const redis = defineScripts(new Redis(server.url, { enableAutoPipelining: true }));
const keys = createKeys("cost");

/** Redis's µs per EVALSHA while `run` goes (commandstats counts the commands inside a script apart, the script's time includes them). */
async function scriptMicros(run: () => Promise<void>): Promise<number> {
  await admin.config("RESETSTAT");
  await run();
  const line = (await admin.info("commandstats")).split("\n").find((row) => row.startsWith("cmdstat_evalsha:"))!;
  return Number(/usec_per_call=([\d.]+)/.exec(line)![1]);
}

try {
  for (const [n, layout] of layouts.entries()) {
    const tenant = `bench-${n}`;
    // A lesson's use, as a capture counts it: recall's index is written in the same step.
    const use = { kind: "lesson" as const, tool: "", error_type: "Error", ref: "bench-task", at: 1_796_000_000_000 };
    const templates = createRedisTemplateBuckets(redis, keys, { ttlSeconds: TTL_SECONDS, recordTtlSeconds: 0 });
    const learn = (message: string) => templates.learn(tenant, message, null, use);
    const fill = layout.fill ?? MAX_TEMPLATES;
    for (let i = 0; i < fill; i += 1) await learn(layout.message(i));
    // Every template in turn, so that the hits read from the oldest of a bucket to the youngest.
    const hit = await scriptMicros(async () => {
      for (let i = 0; i < CALLS; i += 1) await learn(layout.message(fill === 0 ? 0 : i % fill));
    });
    // New messages: each makes a template and forgets the one seen least recently.
    const create = await scriptMicros(async () => {
      for (let i = 0; i < CALLS; i += 1) await learn(layout.message(MAX_TEMPLATES + i));
    });
    const largest = await admin.call("MEMORY", "USAGE", keys.shared(tenant).templateRecords, "SAMPLES", "0");
    const index = Number(await admin.call("MEMORY", "USAGE", keys.shared(tenant).recallDocuments, "SAMPLES", "0")) + Number(await admin.call("MEMORY", "USAGE", keys.shared(tenant).recallPostings, "SAMPLES", "0"));
    process.stdout.write(
      `${layout.name.padEnd(20)} hit ${hit.toFixed(1)} µs, create ${create.toFixed(1)} µs per call in Redis; tmpl:records ${largest} bytes, recall index ${index} bytes\n`,
    );
  }
} finally {
  redis.disconnect();
  admin.disconnect();
  await server.stop();
}
