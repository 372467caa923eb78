// npm run eval: a seeded fleet of simulated agents against the built service, with and without the memory; prints a markdown table.
// Flags: --sessions N, --seed S, --goals G (per session), --stores memory,redis, --no-lessons (tool calls only),
// --no-build (use dist/ as it is), --write (also rewrite the results section of docs/efficacy.md).
// The redis runs use REDIS_URL when it is set, else a throwaway redis-server of their own.
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { startRedisServer, type RedisServerHandle } from "../../test/helpers/redis-server.js";
import { describeRun, markdownTable, writeDocTable, DOC_PATH } from "./report.js";
import { DEFAULTS, runEval, type EvalOptions, type StoreKind } from "./runner.js";

const { values } = parseArgs({
  options: {
    sessions: { type: "string" },
    seed: { type: "string" },
    goals: { type: "string" },
    stores: { type: "string", default: "memory,redis" },
    "no-lessons": { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
    write: { type: "boolean", default: false },
  },
});

function positiveInt(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number of at least 1, not ${text}`);
  return value;
}

function storesOf(text: string): StoreKind[] {
  const stores = text.split(",").map((name) => name.trim());
  for (const store of stores) if (store !== "memory" && store !== "redis") throw new Error(`--stores takes memory and redis, not ${store}`);
  return stores as StoreKind[];
}

async function main(): Promise<void> {
  const stores = storesOf(values.stores);
  if (!values["no-build"]) {
    const build = spawnSync("npm", ["run", "build:service"], { stdio: ["ignore", "ignore", "inherit"] });
    if (build.status !== 0) throw new Error("the build failed");
  }
  let redis: RedisServerHandle | undefined;
  let redisUrl = process.env.REDIS_URL || undefined;
  if (stores.includes("redis") && !redisUrl) {
    redis = await startRedisServer();
    redisUrl = redis.url;
  }
  const options: EvalOptions = {
    ...DEFAULTS,
    seed: positiveInt("seed", values.seed, DEFAULTS.seed),
    sessions: positiveInt("sessions", values.sessions, DEFAULTS.sessions),
    goalsPerSession: positiveInt("goals", values.goals, DEFAULTS.goalsPerSession),
    lessons: !values["no-lessons"],
    stores,
    ...(redisUrl ? { redisUrl } : {}),
  };
  try {
    const results = await runEval(options);
    const table = markdownTable(results);
    const heading = `${describeRun(options)}; ${new Date().toISOString().slice(0, 10)}, Node ${process.version}.`;
    process.stdout.write(`${heading}\n\n${table}\n`);
    if (values.write) {
      writeDocTable(table, heading);
      process.stdout.write(`\nwrote the table into ${DOC_PATH}\n`);
    }
  } finally {
    await redis?.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`eval failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
