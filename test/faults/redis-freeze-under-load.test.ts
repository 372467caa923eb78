// Redis frozen (SIGSTOP) and thawed (SIGCONT) while agents write concurrently: 503s after the command timeout, no hangs, recovery, no lost 201.
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { agentTraffic, checkLessonsKept, checkToolCallsKept, checkSharedToolCounts } from "../helpers/agent-traffic.js";
import { expectNone, listenOnRedis, malformedUnavailable } from "../helpers/fault-app.js";
import { countByStatus, formatCounts, LoadClient, startLoad, waitFor, withStatus, type Load, type Outcome } from "../helpers/load.js";
import { startRedisServer, type RedisServerHandle } from "../helpers/redis-server.js";

const CLIENT_TIMEOUT_MS = 5000;
const FROZEN_FOR_MS = 1500;

let app: FastifyInstance | undefined;
let client: LoadClient | undefined;
let load: Load | undefined;
let redis: RedisServerHandle | undefined;

afterEach(async () => {
  redis?.process.kill("SIGCONT"); // harmless if it already runs; a stopped server must not outlive the test
  load?.stop();
  await load?.finished; // bounded: each worker ends its current request, which has a client timeout
  client?.close();
  await app?.close();
  await redis?.stop("SIGKILL");
  app = client = load = redis = undefined;
});

describe("the service under load while Redis hangs", () => {
  it("answers 503 problems instead of hanging while Redis is frozen, recovers when it thaws, and keeps every acknowledged write", { timeout: 30_000 }, async () => {
    const server = await startRedisServer();
    redis = server;
    const listening = await listenOnRedis(server.url);
    app = listening.app;
    const { prefix } = listening;
    client = new LoadClient(listening.baseUrl, CLIENT_TIMEOUT_MS);
    const probe = (name: string) => client!.send({ kind: "probe", method: "GET", path: "/health/ready", target: "" }, `${prefix}-${name}`);

    const running = startLoad({
      client,
      workers: 12,
      maxRequestsPerWorker: 2500,
      next: agentTraffic({ tasks: ["task-a", "task-b", "task-c"], sessions: ["session-a", "session-b", "session-c"] }),
      pauseAfterFailureMs: 20,
      idPrefix: prefix,
    });
    load = running;
    const { outcomes } = running;

    await waitFor(() => withStatus(outcomes, 201).length >= 300, 10_000, "300 acknowledged writes before the freeze");
    const frozenAt = Date.now();
    server.process.kill("SIGSTOP");
    let readyWhileFrozen: Outcome;
    let thawedAt: number;
    try {
      await waitFor(() => outcomes.some((o) => o.startedAt >= frozenAt && o.status === 503), 5000, "a 503 after Redis froze");
      readyWhileFrozen = await probe("ready-frozen");
      await sleep(Math.max(0, frozenAt + FROZEN_FOR_MS - Date.now()));
    } finally {
      server.process.kill("SIGCONT");
      thawedAt = Date.now();
    }

    const readyAgainAfter = await waitFor(async () => (await probe(`ready-${Date.now()}`)).status === 200, 10_000, "/health/ready 200 after the thaw", 100);
    const recoveredAfter = await waitFor(
      () => outcomes.some((o) => o.startedAt >= thawedAt && o.complete && o.status === 201),
      10_000,
      "a 201 after Redis thawed",
    );
    await sleep(1000);
    running.stop();
    await running.finished;

    const lessons = await checkLessonsKept(app, outcomes);
    const calls = await checkToolCallsKept(app, outcomes);
    const shared = await checkSharedToolCounts(app, outcomes);
    const during = outcomes.filter((o) => o.startedAt >= frozenAt && o.startedAt < thawedAt);
    const first503 = Math.min(...during.filter((o) => o.status === 503).map((o) => o.endedAt));
    const unfinished = outcomes.filter((o) => !o.complete);
    console.log(
      `[redis-freeze-under-load] requests=${outcomes.length} statuses={${formatCounts(countByStatus(outcomes))}} ` +
        `while-frozen={${formatCounts(countByStatus(during))}} hung=${unfinished.filter((o) => o.error === "timeout").length} ` +
        `first503=${first503 - frozenAt}ms-after-SIGSTOP frozen=${thawedAt - frozenAt}ms ready=${readyAgainAfter}ms-after-SIGCONT ` +
        `recovery=${recoveredAfter}ms-after-SIGCONT lessons acked=${lessons.acknowledged} stored=${lessons.stored} ` +
        `missing=${lessons.missing.length} toolcalls acked=${calls.acknowledged} stored=${calls.stored} missing=${calls.missing.length}`,
    );

    expectNone(unfinished, "requests without a complete response (hung, timed out or reset)");
    expectNone(
      outcomes.filter((o) => o.complete && ![200, 201, 503].includes(o.status!)),
      "responses other than 200, 201 or 503 (no request here is invalid, so a 4xx or 500 is a bug)",
    );
    expect(withStatus(during, 503).length, "503s to requests sent while Redis was frozen").toBeGreaterThan(0);
    expectNone(malformedUnavailable(outcomes), "503s that are not STORE_UNAVAILABLE problem+json with Retry-After: 1");
    expect(readyWhileFrozen!.status, "/health/ready while Redis is frozen").toBe(503);

    expect(lessons.acknowledged).toBeGreaterThan(0);
    expect(calls.acknowledged).toBeGreaterThan(0);
    expect(lessons.missing, "acknowledged lessons missing after the thaw").toEqual([]);
    expect(calls.missing, "acknowledged tool calls missing after the thaw").toEqual([]);
    expect(lessons.changed, "lessons stored differently from their 201").toEqual([]);
    expect(calls.changed, "tool calls stored differently from their 201").toEqual([]);
    expect([...lessons.duplicated, ...calls.duplicated], "ids stored twice").toEqual([]);
    expect(shared.counts.length).toBeGreaterThan(0);
    expect(shared.violations, "tools whose shared count is below the 201s or above what the sessions kept").toEqual([]);
  });
});
