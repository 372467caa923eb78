// One master of a 3-master Redis Cluster SIGKILLed under load: the other masters' tasks keep working, the dead master's get 503s, nothing hangs or is lost.
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { testConfig } from "../helpers/app.js";
import { checkLessonsKept, checkToolCallsKept, lessonCapture, toolCall } from "../helpers/agent-traffic.js";
import { masterOf, slotRanges } from "../helpers/cluster-slots.js";
import { malformedUnavailable } from "../helpers/fault-app.js";
import { countByStatus, describeOutcome, formatCounts, LoadClient, startLoad, waitFor, withStatus, type Load, type Outcome, type RequestSpec } from "../helpers/load.js";
import { startRedisCluster, type RedisClusterHandle } from "../helpers/redis-cluster.js";
import { uniquePrefix } from "../helpers/stores.js";

const CLIENT_TIMEOUT_MS = 5000;
/** How long the load keeps going after the master died. */
const OUTAGE_MS = 4000;
/** After the kill, how long requests for the surviving masters may still fail (with 503s) before they must succeed. */
const TRANSITION_MS = 1000;
const PER_MASTER = 2;
const SURVIVOR_WORKERS = 8;
const VICTIM_WORKERS = 4;

let cluster: RedisClusterHandle | undefined;
let app: FastifyInstance | undefined;
let client: LoadClient | undefined;
let load: Load | undefined;

/** Like expectNone, but soft: the test goes on to check the other properties. */
function softNone(outcomes: readonly Outcome[], what: string): void {
  expect.soft(outcomes.slice(0, 10).map(describeOutcome), `${outcomes.length} ${what}`).toEqual([]);
}

/** The distinct errors behind 500s in the app's error log (slot numbers and ports masked), with counts. */
function causesOf500s(lines: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const line of lines) {
    const entry = JSON.parse(line) as { err?: { type?: string; message?: string; status?: number } };
    if (!entry.err || entry.err.status === 503) continue;
    const cause = `${entry.err.type}: ${String(entry.err.message).replace(/\d+/g, "N")}`;
    counts.set(cause, (counts.get(cause) ?? 0) + 1);
  }
  return counts.size === 0 ? "none" : [...counts].map(([cause, count]) => `${count}x "${cause}"`).join(", ");
}

afterEach(async () => {
  load?.stop();
  await load?.finished; // bounded: each worker ends its current request, which has a client timeout
  client?.close();
  if (app) {
    const closing = app.close();
    // Quitting a cluster client with a master gone must not hold the test: disconnect after a while.
    if ((await Promise.race([closing.then(() => "closed"), sleep(5000)])) !== "closed") app.redisClient?.disconnect();
  }
  await cluster?.stop();
  cluster = app = client = load = undefined;
});

describe("the service on a 3-master Redis Cluster while one master is SIGKILLed under load", () => {
  it(
    "keeps answering 200/201 for tasks and sessions on the surviving masters, 503 problems for the dead master's, never hangs, and keeps every acknowledged write",
    { timeout: 55_000 },
    async () => {
      cluster = await startRedisCluster();
      const ranges = await slotRanges("127.0.0.1", cluster.servers[0]!.port);
      expect(new Set(ranges.map((range) => range.master))).toEqual(new Set(cluster.nodes));

      const prefix = uniquePrefix();
      const errorLines: string[] = [];
      const fastify = await buildApp(
        testConfig({
          REDIS_CLUSTER_NODES: cluster.nodes.join(","),
          REDIS_KEY_PREFIX: prefix,
          REDIS_COMMAND_TIMEOUT_MS: "500",
          RATE_LIMIT_MAX: "0",
          // High enough that no acknowledged lesson or call is trimmed before it is read back.
          LESSONS_MAX_PER_TASK: "10000",
          TOOL_LOG_MAX_ENTRIES: "100000",
        }),
        // Only errors are logged, and kept, to name the cause of any 500 in the failure message.
        { logger: { level: "error", stream: { write: (line: string) => errorLines.push(line) } } },
      );
      app = fastify;
      await fastify.listen({ port: 0, host: "127.0.0.1" });
      const baseUrl = `http://127.0.0.1:${(fastify.server.address() as AddressInfo).port}`;

      // Tasks and sessions whose keys hash to each master, PER_MASTER of each.
      const tasksOn = new Map<string, string[]>(cluster.nodes.map((node) => [node, []]));
      const sessionsOn = new Map<string, string[]>(cluster.nodes.map((node) => [node, []]));
      for (let n = 0; [...tasksOn.values(), ...sessionsOn.values()].some((ids) => ids.length < PER_MASTER); n += 1) {
        const task = `task-${n}`;
        const session = `session-${n}`;
        const taskIds = tasksOn.get(masterOf(ranges, `${prefix}:{default:task:${task}}:lessons`))!;
        if (taskIds.length < PER_MASTER) taskIds.push(task);
        const sessionIds = sessionsOn.get(masterOf(ranges, `${prefix}:{default:session:${session}}:meta`))!;
        if (sessionIds.length < PER_MASTER) sessionIds.push(session);
      }
      // A tool call or a lesson capture writes its session's or task's slot and then its tenant's
      // shared slot, so it needs both masters. The victim is one that does not hold the tenant's
      // shared slot, so that the survivors' writes must keep working; while the shared master itself
      // is down, every such write of the tenant answers 503 (README: what happens when a master dies).
      const sharedMaster = masterOf(ranges, `${prefix}:{default:shared}:tools`);
      const victimIndex = cluster.nodes.findIndex((node, index) => index >= 1 && node !== sharedMaster);
      const victim = cluster.nodes[victimIndex]!;
      const onVictim = new Set([...tasksOn.get(victim)!, ...sessionsOn.get(victim)!]);
      const requestsOn = (nodes: readonly string[]): Array<(n: number) => RequestSpec> =>
        nodes.flatMap((node) => [
          ...tasksOn.get(node)!.map((task) => (n: number) => lessonCapture(task, n)),
          ...sessionsOn.get(node)!.map((session) => (n: number) => toolCall(session, n)),
        ]);
      const survivorTargets = requestsOn(cluster.nodes.filter((node) => node !== victim));
      const victimTargets = requestsOn([victim]);

      // Separate workers per group, so that slow failures on the dead master cannot starve the survivors' load.
      client = new LoadClient(baseUrl, CLIENT_TIMEOUT_MS);
      const running = startLoad({
        client,
        workers: SURVIVOR_WORKERS + VICTIM_WORKERS,
        maxRequestsPerWorker: 3000,
        next: (worker, iteration) => {
          const targets = worker < SURVIVOR_WORKERS ? survivorTargets : victimTargets;
          return targets[(worker + iteration) % targets.length]!(worker * 100_000 + iteration);
        },
        pauseAfterFailureMs: 20,
        idPrefix: prefix,
      });
      load = running;
      const { outcomes } = running;
      const survivors = (list: readonly Outcome[]) => list.filter((o) => !onVictim.has(o.target));
      const dead = (list: readonly Outcome[]) => list.filter((o) => onVictim.has(o.target));

      await waitFor(
        () => withStatus(survivors(outcomes), 201).length >= 200 && withStatus(dead(outcomes), 201).length >= 50,
        15_000,
        "acknowledged writes on every master before the kill",
      );
      const killedAt = Date.now();
      await cluster.servers[victimIndex]!.stop("SIGKILL");
      const downAt = Date.now();

      // Probe liveness and readiness through the outage, while the load goes on.
      const probes: Outcome[] = [];
      const readiness: Outcome[] = [];
      while (Date.now() - downAt < OUTAGE_MS) {
        const [live, ready] = await Promise.all([
          client.send({ kind: "probe", method: "GET", path: "/health/live", target: "" }, `${prefix}-live-${probes.length}`),
          client.send({ kind: "probe", method: "GET", path: "/health/ready", target: "" }, `${prefix}-ready-${readiness.length}`),
        ]);
        probes.push(live);
        readiness.push(ready);
        await sleep(200);
      }
      running.stop();
      await running.finished;

      const before = outcomes.filter((o) => o.startedAt < killedAt);
      const after = outcomes.filter((o) => o.startedAt >= downAt);
      const survivorsAfter = survivors(after);
      const survivorsSettled = survivorsAfter.filter((o) => o.startedAt >= downAt + TRANSITION_MS);
      const deadAfter = dead(after);
      const unfinished = outcomes.filter((o) => !o.complete);
      const lessons = await checkLessonsKept(fastify, survivors(outcomes));
      const calls = await checkToolCallsKept(fastify, survivors(outcomes));
      const firstSurvivorSuccess = Math.min(...survivorsAfter.filter((o) => o.complete && o.status! < 300).map((o) => o.endedAt));
      const lastSurvivorFailure = Math.max(downAt, ...survivorsAfter.filter((o) => !(o.complete && o.status! < 300)).map((o) => o.endedAt));
      const causes = causesOf500s(errorLines);
      const deadTimes = deadAfter.map((o) => o.endedAt - o.startedAt).sort((a, b) => a - b);
      console.log(
        `[cluster-master-down] requests=${outcomes.length} before-kill={${formatCounts(countByStatus(before))}} ` +
          `survivors-after-kill={${formatCounts(countByStatus(survivorsAfter))}} dead-master-after-kill={${formatCounts(countByStatus(deadAfter))}} ` +
          `dead-master-response-ms(median/max)=${deadTimes[deadTimes.length >> 1]}/${deadTimes.at(-1)} ` +
          `hung=${unfinished.filter((o) => o.error === "timeout").length} first-survivor-2xx=${firstSurvivorSuccess - downAt}ms ` +
          `last-survivor-failure=${lastSurvivorFailure - downAt}ms live={${formatCounts(countByStatus(probes))}} ` +
          `ready={${formatCounts(countByStatus(readiness))}} lessons acked=${lessons.acknowledged} missing=${lessons.missing.length} ` +
          `toolcalls acked=${calls.acknowledged} missing=${calls.missing.length} 500-causes=${causes}`,
      );

      // Each property is checked on its own (soft), so that a failure reports every broken one at once.
      // Nothing hangs or breaks: every request got a complete 200, 201 or 503.
      softNone(unfinished, "requests without a complete response (hung, timed out or reset)");
      softNone(
        outcomes.filter((o) => o.complete && ![200, 201, 503].includes(o.status!)),
        `responses other than 200, 201 or 503 (no request here is invalid, so a 4xx or 500 is a bug; logged causes: ${causes})`,
      );
      softNone(malformedUnavailable(outcomes), "503s that are not STORE_UNAVAILABLE problem+json with Retry-After: 1");

      // The surviving masters' tasks and sessions keep working through the outage, after at most a short transition.
      expect.soft(survivorsSettled.length, "requests for the surviving masters after the transition").toBeGreaterThan(50);
      softNone(
        survivorsSettled.filter((o) => !(o.complete && (o.status === 200 || o.status === 201))),
        `requests for the surviving masters started more than ${TRANSITION_MS} ms after the kill that did not succeed`,
      );
      softNone(
        survivorsAfter.filter((o) => !(o.complete && [200, 201, 503].includes(o.status!))),
        "requests for the surviving masters during the transition that were neither a success nor a 503",
      );

      // The dead master's tasks and sessions get 503 problems, every one of them.
      expect.soft(deadAfter.length, "requests for the dead master after the kill").toBeGreaterThanOrEqual(VICTIM_WORKERS);
      softNone(
        deadAfter.filter((o) => !(o.complete && o.status === 503)),
        `requests for the dead master's keys started after the kill that were not a 503 (logged causes: ${causes})`,
      );

      // The process stays alive to its probe throughout.
      expect.soft(probes.length).toBeGreaterThan(5);
      softNone(
        probes.filter((o) => !(o.complete && o.status === 200)),
        "/health/live probes during the outage that were not 200",
      );

      // Every write acknowledged for the surviving masters is there afterwards, as its 201 showed it.
      expect.soft(lessons.acknowledged).toBeGreaterThan(0);
      expect.soft(calls.acknowledged).toBeGreaterThan(0);
      expect.soft(lessons.missing, "acknowledged lessons missing").toEqual([]);
      expect.soft(calls.missing, "acknowledged tool calls missing").toEqual([]);
      expect.soft(lessons.changed, "lessons stored differently from their 201").toEqual([]);
      expect.soft(calls.changed, "tool calls stored differently from their 201").toEqual([]);
      expect.soft([...lessons.duplicated, ...calls.duplicated], "ids stored twice").toEqual([]);
    },
  );
});
