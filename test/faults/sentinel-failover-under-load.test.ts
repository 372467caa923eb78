// The primary behind Sentinel SIGKILLed under load, each write confirmed by a replica: the service follows the failover and no 201 is lost.
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { agentTraffic, checkLessonsKept, checkSharedToolCounts, checkToolCallsKept } from "../helpers/agent-traffic.js";
import { expectNone, listenOnRedis } from "../helpers/fault-app.js";
import { countByStatus, formatCounts, LoadClient, waitFor, type Outcome, type RequestSpec } from "../helpers/load.js";
import { SENTINEL_MASTER, startSentinelSet, type SentinelSet } from "../helpers/redis-sentinel.js";

const CLIENT_TIMEOUT_MS = 5000;
const WORKERS = 12;
const DOWN_AFTER_MS = 1000;
/** A keyed write is retried after each 503, with the same key, at most this many times. */
const MAX_RETRIES = 100;
/** Generous: the failover is about DOWN_AFTER_MS plus an election and a reconnect; the figure itself is logged. */
const FAILOVER_BOUND_MS = 20_000;
/**
 * 1 in every run. The experiment the README reports runs it with FAILOVER_WAIT_REPLICAS=0, to see what a
 * failover loses without the wait (the checks of lost writes then say what was lost).
 */
const WAIT_REPLICAS = process.env.FAILOVER_WAIT_REPLICAS ?? "1";

let set: SentinelSet | undefined;
let app: FastifyInstance | undefined;
let client: LoadClient | undefined;
let stopLoad = () => {};
let loadDone: Promise<unknown> = Promise.resolve();

afterEach(async () => {
  stopLoad();
  await loadDone; // bounded: each request has a client timeout, and retries are capped
  client?.close();
  await app?.close();
  await set?.stop();
  set = app = client = undefined;
});

/** The 503s that are not a STORE_UNAVAILABLE or NOT_REPLICATED problem+json with Retry-After. */
function malformed503s(outcomes: readonly Outcome[]): Outcome[] {
  return outcomes.filter(
    (o) =>
      o.complete &&
      o.status === 503 &&
      (!/^application\/problem\+json/.test(String(o.headers?.["content-type"])) ||
        o.headers?.["retry-after"] === undefined ||
        !["STORE_UNAVAILABLE", "NOT_REPLICATED"].includes(String((o.json as { code?: string } | undefined)?.code))),
  );
}

describe("the service behind Sentinel while the primary is SIGKILLed under load (REDIS_WAIT_REPLICAS=1)", () => {
  it("follows the failover by itself, answers only 2xx and 503, never hangs, and loses no acknowledged write", { timeout: 90_000 }, async () => {
    set = await startSentinelSet({ replicas: 2, downAfterMs: DOWN_AFTER_MS });
    const listening = await listenOnRedis(set.primary.url, {
      REDIS_SENTINELS: set.sentinels.join(","),
      REDIS_SENTINEL_NAME: SENTINEL_MASTER,
      REDIS_WAIT_REPLICAS: WAIT_REPLICAS,
      REDIS_WAIT_TIMEOUT_MS: "200",
    });
    app = listening.app;
    const { prefix } = listening;
    client = new LoadClient(listening.baseUrl, CLIENT_TIMEOUT_MS);
    const traffic = agentTraffic({ tasks: ["task-a", "task-b", "task-c"], sessions: ["session-a", "session-b", "session-c"] });

    const outcomes: Outcome[] = [];
    /** Per keyed write: its key and whether it ended in a 201. */
    const keyed: Array<{ spec: RequestSpec; acknowledged: boolean }> = [];
    let stopped = false;
    stopLoad = () => (stopped = true);
    const worker = async (index: number) => {
      for (let iteration = 0; !stopped && iteration < 3000; iteration += 1) {
        const spec = traffic(index, iteration);
        // Half the writes carry an Idempotency-Key and are retried with it after a 503, as the clients do.
        const withKey = spec.method === "POST" && iteration % 2 === 0;
        const sent = withKey ? { ...spec, headers: { "idempotency-key": `${prefix}-w${index}-${iteration}` } } : spec;
        const record = withKey ? { spec: sent, acknowledged: false } : null;
        if (record) keyed.push(record);
        for (let attempt = 0; attempt <= (withKey ? MAX_RETRIES : 0); attempt += 1) {
          const outcome = await client!.send(sent, `${prefix}-w${index}-${iteration}-${attempt}`);
          outcomes.push(outcome);
          if (outcome.status === 201 && record) record.acknowledged = true;
          if (outcome.status !== 503) break;
          await sleep(50);
          if (stopped && !withKey) break;
        }
      }
    };
    loadDone = Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));

    await waitFor(() => outcomes.filter((o) => o.status === 201).length >= 300, 15_000, "300 acknowledged writes before the kill");
    const killedAt = Date.now();
    await set.primary.stop("SIGKILL");
    const failedOverAfter = await waitFor(
      () => outcomes.some((o) => o.startedAt >= killedAt + 100 && o.status === 201),
      FAILOVER_BOUND_MS,
      "a 201 after the primary was killed",
    ).catch(async (error: Error) => {
      // What the sentinels and the service see, to tell a failover that did not happen from one not followed.
      const last = outcomes.slice(-3).map((o) => `${o.status} ${JSON.stringify(o.json)?.slice(0, 200)}`);
      const ready = await app!.inject({ method: "GET", url: "/health/ready" });
      throw new Error(`${error.message}; sentinels say the primary is ${await set!.primaryAddress()} (killed: ${set!.primary.port}); ` +
        `client ${app!.redisClient?.status}; ready ${ready.statusCode} ${ready.body.slice(0, 200)}; last answers ${last.join(" | ")}`);
    });
    // Some more load on the new primary, then every keyed write finishes its retries.
    await sleep(1500);
    stopLoad();
    await loadDone;

    const newPrimary = await set.primaryAddress();
    const ready = await app.inject({ method: "GET", url: "/health/ready" });
    const metrics = (await app.inject({ method: "GET", url: "/metrics" })).body;
    const lessons = await checkLessonsKept(app, outcomes);
    const calls = await checkToolCallsKept(app, outcomes);
    const shared = await checkSharedToolCounts(app, outcomes);
    // A keyed lesson is stored once however often it was retried: its message names its attempt.
    const keyedLessons = keyed.filter((k) => k.acknowledged && k.spec.kind === "lesson");
    const storedTwice: string[] = [];
    for (const task of new Set(keyedLessons.map((k) => k.spec.target))) {
      const stored = (await app.inject({ method: "GET", url: `/tasks/${task}/lessons?limit=10000` })).json().lessons as Array<{ error_message: string }>;
      for (const k of keyedLessons.filter((k) => k.spec.target === task)) {
        const message = (JSON.parse(k.spec.body!) as { error_message: string }).error_message;
        if (stored.filter((lesson) => lesson.error_message === message).length !== 1) storedTwice.push(`${task}: ${message}`);
      }
    }
    const unfinished = outcomes.filter((o) => !o.complete);
    const notReplicated = outcomes.filter((o) => (o.json as { code?: string } | undefined)?.code === "NOT_REPLICATED").length;
    console.log(
      `[sentinel-failover-under-load] requests=${outcomes.length} statuses={${formatCounts(countByStatus(outcomes))}} ` +
        `not_replicated=${notReplicated} hung=${unfinished.length} first201=${failedOverAfter}ms-after-kill ` +
        `primary ${set.primary.port} -> ${newPrimary} keyed acked=${keyed.filter((k) => k.acknowledged).length}/${keyed.length} ` +
        `lessons acked=${lessons.acknowledged} stored=${lessons.stored} missing=${lessons.missing.length} ` +
        `toolcalls acked=${calls.acknowledged} stored=${calls.stored} missing=${calls.missing.length}`,
    );

    expectNone(unfinished, "requests without a complete response (hung, timed out or reset)");
    expectNone(
      outcomes.filter((o) => o.complete && ![200, 201, 503].includes(o.status!)),
      "responses other than 200, 201 or 503 (no request here is invalid, so a 4xx or 500 is a bug)",
    );
    expectNone(malformed503s(outcomes), "503s that are not STORE_UNAVAILABLE or NOT_REPLICATED problem+json with Retry-After");
    expect(outcomes.some((o) => o.startedAt >= killedAt && o.status === 503), "a 503 while no primary was known").toBe(true);
    expect(newPrimary).not.toBe(`127.0.0.1:${set.primary.port}`);
    expect(ready.json()).toMatchObject({ status: "ok", topology: "sentinel", role: "master" });
    // At least once: a client that first reaches a node still being reconfigured moves again.
    expect(Number(/^redis_primary_changes_total (\d+)$/m.exec(metrics)?.[1] ?? 0)).toBeGreaterThanOrEqual(1);

    expect(lessons.acknowledged).toBeGreaterThan(0);
    expect(calls.acknowledged).toBeGreaterThan(0);
    expect(lessons.missing, "acknowledged lessons missing after the failover").toEqual([]);
    expect(calls.missing, "acknowledged tool calls missing after the failover").toEqual([]);
    expect(lessons.changed, "lessons stored differently from their 201").toEqual([]);
    expect(calls.changed, "tool calls stored differently from their 201").toEqual([]);
    expect([...lessons.duplicated, ...calls.duplicated], "ids stored twice").toEqual([]);
    expect(keyedLessons.length).toBeGreaterThan(0);
    expect(storedTwice, "keyed lessons stored other than once").toEqual([]);
    expect(keyed.filter((k) => !k.acknowledged).length, "keyed writes that never got a 201 within their retries").toBe(0);
    expect(shared.violations, "tools whose shared count is below the 201s or above what the sessions kept").toEqual([]);
  });
});
