// Writers through a Redis failover, half of them keyed and retrying 503s as the clients do, and the checks that no acknowledged write was lost.
import { setTimeout as sleep } from "node:timers/promises";
import { expect } from "vitest";
import { checkLessonsKept, checkSharedToolCounts, checkToolCallsKept, getJson, type ApiReader } from "./agent-traffic.js";
import { expectNone } from "./fault-app.js";
import { countByStatus, formatCounts, LoadClient, waitFor, type Outcome, type RequestSpec } from "./load.js";

const CLIENT_TIMEOUT_MS = 5000;
/** A keyed write is retried after each 503, with the same key, at most this many times. */
const MAX_RETRIES = 100;
/** Generous: a failover is a down-detection, an election and a reconnect; the figure itself is logged. */
const FAILOVER_BOUND_MS = 20_000;

export interface FailoverLoadOptions {
  /** The services written through; worker i writes through baseUrls[i % length]. */
  baseUrls: readonly string[];
  /** Unique per run: starts every request id and Idempotency-Key. */
  prefix: string;
  next: (worker: number, iteration: number) => RequestSpec;
  workers: number;
  /** Acknowledged writes before the kill, so the failover happens under load. */
  acknowledgedBeforeKill: number;
  /** Kills the Redis node; resolves once it is gone. */
  kill: () => Promise<void>;
  /** Requests whose first 201 after the kill times the failover (all of them when absent). */
  affected?: (outcome: Outcome) => boolean;
  /** Said when no 201 came after the kill: what the topology and the services look like. */
  describeState?: () => Promise<string>;
}

export interface KeyedWrite {
  spec: RequestSpec;
  acknowledged: boolean;
}

export interface FailoverLoad {
  outcomes: Outcome[];
  keyed: KeyedWrite[];
  killedAt: number;
  /** Per service: ms from the kill to the first 201 of an affected request started after it. */
  firstAcknowledgedAfterKillMs: number[];
}

/**
 * Runs the writers, kills the node once enough writes are acknowledged, waits until every service
 * answers an affected write 201 again, adds some load on the new topology, and lets every keyed write
 * finish its retries. Every request has a client timeout, so nothing here can hang.
 */
export async function writeThroughFailover(options: FailoverLoadOptions): Promise<FailoverLoad> {
  const clients = options.baseUrls.map((baseUrl) => new LoadClient(baseUrl, CLIENT_TIMEOUT_MS));
  const outcomes: Outcome[] = [];
  const byService = options.baseUrls.map((): Outcome[] => []);
  const keyed: KeyedWrite[] = [];
  let stopped = false;
  const worker = async (index: number) => {
    const service = index % clients.length;
    for (let iteration = 0; !stopped && iteration < 3000; iteration += 1) {
      const spec = options.next(index, iteration);
      // Half the writes carry an Idempotency-Key and are retried with it after a 503, as the clients do.
      const withKey = spec.method === "POST" && iteration % 2 === 0;
      const sent = withKey ? { ...spec, headers: { "idempotency-key": `${options.prefix}-w${index}-${iteration}` } } : spec;
      const record = withKey ? { spec: sent, acknowledged: false } : null;
      if (record) keyed.push(record);
      for (let attempt = 0; attempt <= (withKey ? MAX_RETRIES : 0); attempt += 1) {
        const outcome = await clients[service]!.send(sent, `${options.prefix}-w${index}-${iteration}-${attempt}`);
        outcomes.push(outcome);
        byService[service]!.push(outcome);
        if (outcome.status === 201 && record) record.acknowledged = true;
        if (outcome.status !== 503) break;
        await sleep(50);
        if (stopped && !withKey) break;
      }
    }
  };
  const loadDone = Promise.all(Array.from({ length: options.workers }, (_, index) => worker(index)));
  try {
    await waitFor(
      () => outcomes.filter((o) => o.status === 201).length >= options.acknowledgedBeforeKill,
      15_000,
      `${options.acknowledgedBeforeKill} acknowledged writes before the kill`,
    );
    const killedAt = Date.now();
    await options.kill();
    const affected = options.affected ?? (() => true);
    const firstAcknowledgedAfterKillMs = await Promise.all(
      byService.map((own, service) =>
        waitFor(
          () => own.some((o) => o.startedAt >= killedAt + 100 && o.status === 201 && affected(o)),
          FAILOVER_BOUND_MS,
          `a 201 from service ${service + 1} of ${byService.length} after the kill`,
        ).catch(async (error: Error) => {
          const last = own.slice(-3).map((o) => `${o.status} ${JSON.stringify(o.json)?.slice(0, 200)}`);
          throw new Error(`${error.message}; ${(await options.describeState?.()) ?? ""}; last answers ${last.join(" | ")}`);
        }),
      ),
    );
    // Some more load on the new topology, then every keyed write finishes its retries.
    await sleep(1500);
    return { outcomes, keyed, killedAt, firstAcknowledgedAfterKillMs };
  } finally {
    stopped = true;
    await loadDone;
    for (const client of clients) client.close();
  }
}

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

/** Keyed lessons that the store holds other than once: each one's message names its worker and iteration. */
async function keyedLessonsNotStoredOnce(reader: ApiReader, keyed: readonly KeyedWrite[]): Promise<{ checked: number; wrong: string[] }> {
  const acknowledged = keyed.filter((k) => k.acknowledged && k.spec.kind === "lesson");
  const wrong: string[] = [];
  for (const task of new Set(acknowledged.map((k) => k.spec.target))) {
    const stored = (await getJson(reader, `/tasks/${task}/lessons?limit=10000`)).lessons as Array<{ error_message: string }>;
    for (const k of acknowledged.filter((k) => k.spec.target === task)) {
      const message = (JSON.parse(k.spec.body!) as { error_message: string }).error_message;
      if (stored.filter((lesson) => lesson.error_message === message).length !== 1) wrong.push(`${task}: ${message}`);
    }
  }
  return { checked: acknowledged.length, wrong };
}

/**
 * Reads everything back through `reader` and requires: no request hung; nothing but 200, 201 and
 * well-formed 503s; every 201 stored as answered, once; every keyed write acknowledged in the end and
 * stored once; the tenant's shared counts within their bounds. Logs the run's figures under `label`.
 */
export async function expectNoAcknowledgedWriteLost(label: string, reader: ApiReader, run: FailoverLoad, more = ""): Promise<void> {
  const { outcomes, keyed } = run;
  const lessons = await checkLessonsKept(reader, outcomes);
  const calls = await checkToolCallsKept(reader, outcomes);
  const shared = await checkSharedToolCounts(reader, outcomes);
  const keyedLessons = await keyedLessonsNotStoredOnce(reader, keyed);
  const unfinished = outcomes.filter((o) => !o.complete);
  const notReplicated = outcomes.filter((o) => (o.json as { code?: string } | undefined)?.code === "NOT_REPLICATED").length;
  console.log(
    `[${label}] requests=${outcomes.length} statuses={${formatCounts(countByStatus(outcomes))}} ` +
      `not_replicated=${notReplicated} hung=${unfinished.length} first201=${run.firstAcknowledgedAfterKillMs.join("/")}ms-after-kill ` +
      `keyed acked=${keyed.filter((k) => k.acknowledged).length}/${keyed.length} ` +
      `lessons acked=${lessons.acknowledged} stored=${lessons.stored} missing=${lessons.missing.length} ` +
      `toolcalls acked=${calls.acknowledged} stored=${calls.stored} missing=${calls.missing.length} ${more}`,
  );

  expectNone(unfinished, "requests without a complete response (hung, timed out or reset)");
  expectNone(
    outcomes.filter((o) => o.complete && ![200, 201, 503].includes(o.status!)),
    "responses other than 200, 201 or 503 (no request here is invalid, so a 4xx or 500 is a bug)",
  );
  expectNone(malformed503s(outcomes), "503s that are not STORE_UNAVAILABLE or NOT_REPLICATED problem+json with Retry-After");
  // What the service promises during a failover is a 503 or a success, never a lost or doubled write; whether a
  // request happened to meet the gap depends on timing, so it is not asserted. Writes after the kill were
  // acknowledged (firstAcknowledgedAfterKillMs, waited for by writeThroughFailover), so the failover happened under load.

  expect(lessons.acknowledged).toBeGreaterThan(0);
  expect(calls.acknowledged).toBeGreaterThan(0);
  expect(lessons.missing, "acknowledged lessons missing after the failover").toEqual([]);
  expect(calls.missing, "acknowledged tool calls missing after the failover").toEqual([]);
  expect(lessons.changed, "lessons stored differently from their 201").toEqual([]);
  expect(calls.changed, "tool calls stored differently from their 201").toEqual([]);
  expect([...lessons.duplicated, ...calls.duplicated], "ids stored twice").toEqual([]);
  expect(keyedLessons.checked).toBeGreaterThan(0);
  expect(keyedLessons.wrong, "keyed lessons stored other than once").toEqual([]);
  expect(keyed.filter((k) => !k.acknowledged).length, "keyed writes that never got a 201 within their retries").toBe(0);
  expect(shared.violations, "tools whose shared count is below the 201s or above what the sessions kept").toEqual([]);
}
