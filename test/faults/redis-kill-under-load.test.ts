// Redis SIGKILLed and restarted (AOF, fsync always) while agents write concurrently: 503s, no hangs, recovery, no lost 201.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { agentTraffic, checkLessonsKept, checkToolCallsKept, checkSharedToolCounts } from "../helpers/agent-traffic.js";
import { expectNone, listenOnRedis, malformedUnavailable } from "../helpers/fault-app.js";
import { countByStatus, formatCounts, LoadClient, startLoad, waitFor, withStatus, type Load } from "../helpers/load.js";
import { startRedisServer, type RedisServerHandle } from "../helpers/redis-server.js";

const CLIENT_TIMEOUT_MS = 5000;
const DOWN_FOR_MS = 1500;

let app: FastifyInstance | undefined;
let client: LoadClient | undefined;
let load: Load | undefined;
const servers: RedisServerHandle[] = [];
const dirs: string[] = [];

afterEach(async () => {
  load?.stop();
  await load?.finished; // bounded: each worker ends its current request, which has a client timeout
  client?.close();
  await app?.close();
  for (const server of servers.splice(0)) await server.stop("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  app = client = load = undefined;
});

describe("the service under load while Redis is killed and restarted", () => {
  it("answers 503 problems (never 500, never hanging), recovers by itself, and keeps every acknowledged write", { timeout: 30_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "agent-lessons-kill-"));
    dirs.push(dir);
    const first = await startRedisServer({ dir, appendOnly: true });
    servers.push(first);
    const listening = await listenOnRedis(first.url);
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

    await waitFor(() => withStatus(outcomes, 201).length >= 300, 10_000, "300 acknowledged writes before the kill");
    const killedAt = Date.now();
    await first.stop("SIGKILL");
    await waitFor(() => outcomes.some((o) => o.startedAt >= killedAt && o.status === 503), 5000, "a 503 after Redis was killed");
    const readyWhileDown = await probe("ready-down");
    await sleep(Math.max(0, killedAt + DOWN_FOR_MS - Date.now()));

    const second = await startRedisServer({ dir, appendOnly: true, port: first.port });
    servers.push(second);
    const restartedAt = Date.now();
    const recoveredAfter = await waitFor(
      () => outcomes.some((o) => o.startedAt >= restartedAt && o.complete && o.status === 201),
      10_000,
      "a 201 after Redis came back",
    );
    await sleep(1000);
    running.stop();
    await running.finished;
    const readyAfter = await probe("ready-after");

    const lessons = await checkLessonsKept(app, outcomes);
    const calls = await checkToolCallsKept(app, outcomes);
    const shared = await checkSharedToolCounts(app, outcomes);
    const first503 = Math.min(...outcomes.filter((o) => o.startedAt >= killedAt && o.status === 503).map((o) => o.endedAt));
    const unfinished = outcomes.filter((o) => !o.complete);
    console.log(
      `[redis-kill-under-load] requests=${outcomes.length} statuses={${formatCounts(countByStatus(outcomes))}} ` +
        `hung=${unfinished.filter((o) => o.error === "timeout").length} first503=${first503 - killedAt}ms-after-kill ` +
        `down=${restartedAt - killedAt}ms recovery=${recoveredAfter}ms-after-restart ` +
        `lessons acked=${lessons.acknowledged} stored=${lessons.stored} missing=${lessons.missing.length} ` +
        `toolcalls acked=${calls.acknowledged} stored=${calls.stored} missing=${calls.missing.length}`,
    );

    expectNone(unfinished, "requests without a complete response (hung, timed out or reset)");
    expectNone(
      outcomes.filter((o) => o.complete && ![200, 201, 503].includes(o.status!)),
      "responses other than 200, 201 or 503 (no request here is invalid, so a 4xx or 500 is a bug)",
    );
    expect(withStatus(outcomes, 503).filter((o) => o.startedAt >= killedAt && o.startedAt < restartedAt).length).toBeGreaterThan(0);
    expectNone(malformedUnavailable(outcomes), "503s that are not STORE_UNAVAILABLE problem+json with Retry-After: 1");
    expect(readyWhileDown.status, "/health/ready while Redis is down").toBe(503);
    expect(readyAfter.status, "/health/ready after the restart").toBe(200);

    expect(lessons.acknowledged).toBeGreaterThan(0);
    expect(calls.acknowledged).toBeGreaterThan(0);
    expect(lessons.missing, "acknowledged lessons missing after the restart").toEqual([]);
    expect(calls.missing, "acknowledged tool calls missing after the restart").toEqual([]);
    expect(lessons.changed, "lessons stored differently from their 201").toEqual([]);
    expect(calls.changed, "tool calls stored differently from their 201").toEqual([]);
    expect([...lessons.duplicated, ...calls.duplicated], "ids stored twice").toEqual([]);
    expect(shared.counts.length).toBeGreaterThan(0);
    expect(shared.violations, "tools whose shared count is below the 201s or above what the sessions kept").toEqual([]);
  });
});
