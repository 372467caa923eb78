// Runs the three fleets (no memory, ranked by times applied, ranked by the Wilson bound), each against a fresh built service, on each store.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { startServerProcess } from "../../test/helpers/server-process.js";
import type { Policy } from "./agent.js";
import { createClient, type Client } from "./http.js";
import { simulate, type Tally } from "./simulate.js";
import { planFleet } from "./world.js";

export type StoreKind = "memory" | "redis";

export interface RunSpec {
  name: string;
  /** Whether the agents read known_fix. */
  useMemory: boolean;
  /** The service's FIX_RANKING. */
  ranking: "wilson" | "applied";
}

export const RUNS: readonly RunSpec[] = [
  // The service still offers fixes here (ranked as by default); the agents just never look.
  { name: "no memory", useMemory: false, ranking: "wilson" },
  { name: "times applied", useMemory: true, ranking: "applied" },
  { name: "Wilson", useMemory: true, ranking: "wilson" },
];

export interface EvalOptions {
  seed: number;
  sessions: number;
  goalsPerSession: number;
  stores: readonly StoreKind[];
  /** The Redis the redis runs use, each under a key prefix of its own. */
  redisUrl?: string;
  lessons: boolean;
  policy: Omit<Policy, "useMemory">;
}

export const DEFAULTS: Omit<EvalOptions, "stores" | "redisUrl"> = {
  seed: 7,
  sessions: 300,
  goalsPerSession: 4,
  lessons: true,
  policy: { adoptRate: 0.8, maxAttempts: 6 },
};

/** GET /efficacy's tenant totals for tool fixes, when the service has the route. */
export type EfficacyTotals = Record<string, number>;

export interface RunResult {
  store: StoreKind;
  run: RunSpec;
  tally: Tally;
  efficacy: EfficacyTotals | null;
}

/** Every run on every store, one after the other, each on a fresh tenant's data. */
export async function runEval(options: EvalOptions): Promise<RunResult[]> {
  const plan = planFleet(options.seed, options.sessions, options.goalsPerSession);
  const results: RunResult[] = [];
  for (const store of options.stores) {
    for (const run of RUNS) {
      const prefix = `eval-${options.seed}-${RUNS.indexOf(run)}-${randomUUID().slice(0, 8)}`;
      const env: Record<string, string> = { LOG_LEVEL: "warn", FIX_RANKING: run.ranking };
      if (store === "redis") {
        if (!options.redisUrl) throw new Error("the redis runs need a Redis URL");
        Object.assign(env, { REDIS_URL: options.redisUrl, REDIS_KEY_PREFIX: prefix });
      }
      // A fresh process per run: FIX_RANKING is read at boot, and the embedded store starts empty.
      const service = await startServerProcess(env, 20_000, "dist/server.js");
      const client = createClient(service.baseUrl);
      try {
        const policy: Policy = { ...options.policy, useMemory: run.useMemory };
        const tally = await simulate(plan, { client, seed: options.seed, policy, lessons: options.lessons });
        results.push({ store, run, tally, efficacy: await efficacyTotals(client) });
      } finally {
        client.close();
        await service.stop();
        if (store === "redis") await dropPrefix(options.redisUrl!, prefix);
      }
    }
  }
  return results;
}

async function efficacyTotals(client: Client): Promise<EfficacyTotals | null> {
  const { status, body } = await client.get("/efficacy");
  // A 404 until the service has the route: the report then shows only what the agents saw.
  if (status !== 200) return null;
  return (body as { tools?: EfficacyTotals }).tools ?? null;
}

/** Leaves the Redis as the run found it: the run's keys all sit under its own prefix. */
async function dropPrefix(url: string, prefix: string): Promise<void> {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = "0";
    do {
      const [next, keys] = await client.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 1000);
      if (keys.length > 0) await client.unlink(...keys);
      cursor = next;
    } while (cursor !== "0");
  } finally {
    client.disconnect();
  }
}
