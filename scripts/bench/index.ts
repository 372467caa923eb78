// npm run bench: the service against a bare Fastify hello world in the same run, on its own redis-server.
// Flags: --quick (a short smoke run, for CI), --scale (fill Redis first: 100k tasks, 2,000 tools, 1M lessons, 1M tool calls),
// --only=<scenario>,<scenario> (just those, against the hello world of the same run; mcp-proxy names the proxy's
// latency, redaction what redacting a write costs, hostile the requests built to stall it, knowledge Redis's own
// time per write on a fresh and a crowded tool).
// BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each service process there when it stops.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, startRedisServer, type RedisServerHandle } from "../../test/helpers/redis-server.js";
import type { Request } from "autocannon";
import { captureRequestCommands } from "./command-capture.js";
import { runLoad, type LoadResult } from "./load.js";
import { startServer, type ServerProcess } from "./processes.js";
import { countCommands, countReads } from "./redis-accounting.js";
import { printTable, writeJson, type Row } from "./report.js";
import { measureProxyLatency, printProxyLatency, type ProxyLatency } from "./mcp-proxy.js";
import { measureHostile, printHostile, type HostileRow } from "./hostile.js";
import { measureKnowledgeCost, printKnowledgeCost, type KnowledgeCost } from "./knowledge-cost.js";
import { measureRedaction, printRedactionCost, type RedactionCost } from "./redaction.js";
import { fillForScale, redisMemoryReport, scaleScenarios } from "./scale.js";
import { recallScenarios, RECALL_FILL } from "./recall-fill.js";
import { BENCH_KEY, LESSONS_KEPT_PER_TASK, scenarios, type Scenario } from "./scenarios.js";

const flags = new Set(process.argv.slice(2));
const quick = flags.has("--quick");
const scale = flags.has("--scale");
/** The share of a row's requests that may fail before the run does (see the check at the end). */
const MOSTLY_FAILED = 0.1;
const only = process.argv.find((flag) => flag.startsWith("--only="))?.slice("--only=".length).split(",");
// The scale run adds reads over the fill's 2,000 tools.
if (scale) Object.assign(scenarios, scaleScenarios);
Object.assign(scenarios, recallScenarios);
const chosen = Object.entries(scenarios).filter(([name]) => !only || only.includes(name));
const PROXY = "mcp-proxy";
const REDACTION = "redaction";
const HOSTILE = "hostile";
const KNOWLEDGE = "knowledge";
const measureProxy = !only || only.includes(PROXY);
const measureRedactionCost = !only || only.includes(REDACTION);
const measureHostileGroup = !only || only.includes(HOSTILE);
const measureKnowledge = !only || only.includes(KNOWLEDGE);
if (chosen.length === 0 && !measureProxy && !measureRedactionCost && !measureHostileGroup && !measureKnowledge) {
  throw new Error(`--only names no scenario; they are: ${[...Object.keys(scenarios), PROXY, REDACTION, HOSTILE, KNOWLEDGE].join(", ")}`);
}
const CONNECTIONS = 50;
const timing = quick ? { warmupSeconds: 1, measureSeconds: 2, rounds: 1 } : { warmupSeconds: 3, measureSeconds: 10, rounds: 2 };

const NOT_COUNTED = { redisCommandsPerRequest: null, redisCommands: null, redisRoundTripsPerRequest: null, floorCpuUsPerRequest: null };
// Requests captured per floor: each floor request sends the commands of one of them, in turn.
const FLOOR_SAMPLE = quick ? 200 : 500;

interface Measured extends LoadResult {
  cpuUsPerRequest: number;
  /** The process's largest resident set, sampled while the scenario ran (warm-up included). */
  rssMb: number;
}

async function measure(server: ServerProcess, path: string, requests: Parameters<typeof runLoad>[0]["requests"], connections = CONNECTIONS): Promise<Measured> {
  let rssMb = server.rssMb();
  const sampler = setInterval(() => (rssMb = Math.max(rssMb, server.rssMb())), 250);
  try {
    await runLoad({ url: server.url + path, connections, seconds: timing.warmupSeconds, requests });
    const cpuBefore = server.cpuSeconds();
    const result = await runLoad({ url: server.url + path, connections, seconds: timing.measureSeconds, requests });
    const cpuUsPerRequest = ((server.cpuSeconds() - cpuBefore) * 1e6) / Math.max(1, result.requests);
    return { ...result, cpuUsPerRequest, rssMb: Math.max(rssMb, server.rssMb()) };
  } finally {
    clearInterval(sampler);
  }
}

/** Opens `count` event streams as dashboards would, reading and dropping what arrives; answers a function that closes them. */
async function openStreams(server: ServerProcess, count: number): Promise<() => void> {
  const requests = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<http.ClientRequest>((resolve, reject) => {
          const request = http.get(`${server.url}/events`, { headers: { authorization: `Bearer ${BENCH_KEY}` } }, (response) => {
            response.resume();
            resolve(request);
          });
          request.on("error", reject);
        }),
    ),
  );
  return () => requests.forEach((request) => request.destroy());
}

/** Runs a scenario's load with its streams open, if it has any. */
async function withStreams<T>(server: ServerProcess, scenario: Scenario, run: () => Promise<T>): Promise<T> {
  const close = scenario.openStreams ? await openStreams(server, scenario.openStreams) : () => {};
  try {
    return await run();
  } finally {
    close();
  }
}

/** The scenario's requests, sent to the floor's route instead: the same methods, headers and bodies. */
function floorRequests(scenario: Scenario, index: number): Scenario["requests"] {
  type Setup = (request: Request, context: object) => Request;
  return scenario.requests.map((request) => {
    const setup = request.setupRequest as Setup | undefined;
    return { ...request, path: `/floor/${index}`, setupRequest: (req: Request, context: object) => ({ ...(setup ? setup(req, context) : req), path: `/floor/${index}` }) };
  });
}

async function main(): Promise<void> {
  // SKIP_BUILD=1 is for a caller that has just built (.ci/run builds once, under npm test).
  if (process.env.SKIP_BUILD !== "1") {
    const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (build.status !== 0) throw new Error("the build failed");
  }

  const redis = await startRedisServer();
  // Where the floors' captured commands are written for floor.mjs to read.
  const floorDir = mkdtempSync(join(tmpdir(), "bench-floor-"));
  let replica: RedisServerHandle | null = null;
  const started: ServerProcess[] = [];
  try {
    // The service as production runs it; `extra` is what one scenario group changes.
    const startService = async (name: string, extra: Record<string, string> = {}) => {
      const server = await startServer(
        name,
        [...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []), "dist/server.js"],
        {
          PORT: String(await freePort()),
          HOST: "127.0.0.1",
          REDIS_URL: redis.url,
          LOG_LEVEL: "info",
          API_KEYS: `${BENCH_KEY}:bench`,
          // The limiter runs (its cost is part of the measure) but never rejects the benchmark's load.
          RATE_LIMIT_MAX: "1000000000",
          // Every lesson and call is kept, as in production.
          LESSONS_MAX_PER_TASK: String(LESSONS_KEPT_PER_TASK),
          // Room for the recall scenario's tenant of 5,000 templates.
          TEMPLATES_MAX_PER_TENANT: String(RECALL_FILL.templates),
          BENCH_KEY,
          ...extra,
        },
        "/health/ready",
      );
      started.push(server);
      return server;
    };
    const service = await startService("service");
    // Writes confirmed by a replica: a second service, waiting for one, on the same Redis with a local replica.
    let waiting: ServerProcess | null = null;
    if (chosen.some(([, scenario]) => scenario.replicaWait)) {
      replica = await startRedisServer({ extraArgs: ["--replicaof", "127.0.0.1", String(redis.port)] });
      waiting = await startService("service (REDIS_WAIT_REPLICAS=1)", { REDIS_WAIT_REPLICAS: "1" });
    }
    const serviceOf = (scenario: Scenario) => (scenario.replicaWait ? waiting! : service);
    const hello = await startServer("hello", ["scripts/bench/hello.mjs"], { PORT: String(await freePort()) }, "/");
    started.push(hello);

    if (scale) await fillForScale(redis.url, "lm", "bench");
    for (const [name, scenario] of chosen) {
      if (!scenario.prepare) continue;
      const begun = performance.now();
      await scenario.prepare(redis.url, "lm", quick);
      process.stdout.write(`${name}: data written in ${((performance.now() - begun) / 1000).toFixed(1)} s\n`);
    }

    // The floors: what each floored scenario's requests sent to Redis, captured one request at a
    // time, then sent again by a bare route (floor.mjs) as the service sent them.
    const floorNames = [...new Set(chosen.flatMap(([, scenario]) => (scenario.floor ? [scenario.floor] : [])))];
    const captured = [];
    for (const name of floorNames) {
      const scenario = scenarios[name]!;
      const groups = await captureRequestCommands(redis.url, async () => {
        await runLoad({ url: serviceOf(scenario).url, connections: 1, amount: FLOOR_SAMPLE, requests: scenario.requests });
      });
      const names = [...new Set(groups.flat().map((command) => command[0]!.toString().toUpperCase()))].join(", ");
      process.stdout.write(`floor of ${name}: ${groups.length} requests captured, ${(groups.flat().length / Math.max(1, groups.length)).toFixed(2)} commands each (${names})\n`);
      captured.push(groups.map((group) => group.map((command) => command.map((arg) => arg.toString("base64")))));
    }
    let floor: ServerProcess | null = null;
    if (floorNames.length > 0) {
      const commandsFile = join(floorDir, "commands.json");
      writeFileSync(commandsFile, JSON.stringify(captured));
      floor = await startServer("floor", ["scripts/bench/floor.mjs"], { PORT: String(await freePort()), REDIS_URL: redis.url, FLOOR_COMMANDS: commandsFile }, "/");
      started.push(floor);
    }

    const rounds: Row[][] = [];
    let peakRssMb = 0;
    const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, service.rssMb())), 250);
    for (let round = 1; round <= timing.rounds; round += 1) {
      const baseline = await measure(hello, "/", [{ method: "GET" }]);
      const rows: Row[] = [{ scenario: "hello world (GET /)", ...baseline, ratio: 1, ...NOT_COUNTED }];
      const floorCpu = new Map<string, number>();
      for (const [index, name] of floorNames.entries()) {
        const result = await measure(floor!, "", floorRequests(scenarios[name]!, index));
        floorCpu.set(name, result.cpuUsPerRequest);
        rows.push({ scenario: `floor: ${name}`, ...result, ratio: result.rps / baseline.rps, ...NOT_COUNTED });
      }
      for (const [name, scenario] of chosen) {
        const result = await withStreams(serviceOf(scenario), scenario, () => measure(serviceOf(scenario), "", scenario.requests, scenario.connections));
        const floorCpuUsPerRequest = scenario.floor ? floorCpu.get(scenario.floor)! : null;
        rows.push({ scenario: name, ...result, ratio: result.rps / baseline.rps, ...NOT_COUNTED, floorCpuUsPerRequest });
      }
      printTable(rows, `\nround ${round}: ${CONNECTIONS} connections, ${timing.measureSeconds}s measured after ${timing.warmupSeconds}s warm-up`);
      rounds.push(rows);
    }
    clearInterval(sampler);

    let redactionCost: RedactionCost | null = null;
    if (measureRedactionCost) {
      redactionCost = measureRedaction(quick ? 20_000 : 200_000);
      printRedactionCost(redactionCost);
    }

    let hostile: HostileRow[] | null = null;
    if (measureHostileGroup) {
      hostile = await measureHostile(service, BENCH_KEY, quick ? 1 : 10);
      printHostile(hostile);
    }

    // On a redis-server of its own: nothing else runs there while INFO commandstats counts.
    let knowledgeCost: KnowledgeCost | null = null;
    if (measureKnowledge) {
      knowledgeCost = await measureKnowledgeCost(quick ? 200 : 1000);
      printKnowledgeCost(knowledgeCost);
    }

    let proxyLatency: ProxyLatency | null = null;
    if (measureProxy) {
      proxyLatency = await measureProxyLatency(service.url, BENCH_KEY, quick ? 300 : 2000);
      printProxyLatency(proxyLatency);
    }

    // Round trips per request, counted apart from the timed runs because MONITOR slows Redis down.
    const last = rounds.at(-1)!;
    for (const row of last.slice(1)) {
      let ok = 0;
      const scenario = scenarios[row.scenario];
      // A floor's commands are the captured ones; its row is counted by the scenario it floors.
      if (!scenario) continue;
      // Requests of the run before (a heavy read's backlog) must not be counted for this one.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const count = await countCommands(redis.url, () =>
        withStreams(serviceOf(scenario), scenario, async () => {
          const result = await runLoad({ url: serviceOf(scenario).url, connections: 10, amount: 500, requests: scenario.requests });
          ok = result.requests - result.non2xx;
        }),
      );
      row.redisCommandsPerRequest = count.total / Math.max(1, ok);
      row.redisCommands = Object.fromEntries(Object.entries(count.byName).map(([name, n]) => [name, n / Math.max(1, ok)]));
      // One request at a time, so that no two requests share a pipeline: each socket read is one round trip.
      let sequentialOk = 0;
      const reads = await countReads(redis.url, () =>
        withStreams(serviceOf(scenario), scenario, async () => {
          const result = await runLoad({ url: serviceOf(scenario).url, connections: 1, amount: 300, requests: scenario.requests });
          sequentialOk = result.requests - result.non2xx;
        }),
      );
      row.redisRoundTripsPerRequest = reads / Math.max(1, sequentialOk);
    }
    printTable(last, "\nwith Redis commands per request (a separate run with MONITOR) and round trips per request (one request at a time)");
    process.stdout.write(`service peak RSS under load: ${peakRssMb.toFixed(0)} MB\n`);

    const memory = await redisMemoryReport(redis.url);
    process.stdout.write(`${memory.summary}\n`);
    const path = writeJson(scale ? "bench-scale" : quick ? "bench-quick" : "bench", {
      date: new Date().toISOString(),
      node: process.version,
      connections: CONNECTIONS,
      timing,
      rounds,
      proxyLatency,
      redactionCost,
      hostile,
      knowledgeCost,
      peakRssMb,
      memory,
    });
    process.stdout.write(`results written to ${path}\n`);
    // Every scenario is meant to succeed. A few failures under a short overload (a 503 past the command timeout on two cores) are
    // said; a row that mostly failed (a route that no longer works) measures a failure's cost, not the route's, and fails the run.
    // Not with --only: some rows read what an earlier scenario wrote (GET /tools/{tool} answers 404 before POST tool-calls ran).
    const failing = (row: Row) => (row.non2xx + row.errors) / Math.max(1, row.requests);
    const some = [...new Set(rounds.flat().filter((row) => failing(row) > 0).map((row) => row.scenario))];
    const most = [...new Set(rounds.flat().filter((row) => failing(row) > MOSTLY_FAILED).map((row) => row.scenario))];
    if (some.length > 0) process.stderr.write(`requests answered other than 2xx in: ${some.join(", ")}\n`);
    if (most.length > 0 && !only) {
      process.stderr.write(`benchmark failed: more than ${MOSTLY_FAILED * 100}% of the requests of ${most.join(", ")} answered other than 2xx\n`);
      process.exitCode = 1;
    }
  } finally {
    await Promise.all(started.map((server) => server.stop()));
    await replica?.stop();
    await redis.stop();
    rmSync(floorDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
