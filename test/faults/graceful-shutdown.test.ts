// The real server process stopped by SIGTERM or SIGINT under load: in-flight requests complete, every 201 is kept, exit 0 within the grace period.
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { testConfig } from "../helpers/app.js";
import { acknowledgedLessonIds, agentTraffic, checkLessonsKept, checkToolCallsKept, lessonCapture, toolCall } from "../helpers/agent-traffic.js";
import { expectNone } from "../helpers/fault-app.js";
import { countByStatus, formatCounts, LoadClient, startLoad, waitFor, withStatus, type Load } from "../helpers/load.js";
import { startRedisServer, type RedisServerHandle } from "../helpers/redis-server.js";
import { getStatus, startServerProcess, type Exit, type ServerProcess } from "../helpers/server-process.js";
import { uniquePrefix } from "../helpers/stores.js";

const GRACE_MS = 10_000;
const CLIENT_TIMEOUT_MS = 8000;
const TASKS = ["task-a", "task-b"];
const SESSIONS = ["session-a", "session-b"];

let redis: RedisServerHandle | undefined;
let server: ServerProcess | undefined;
let client: LoadClient | undefined;
let slowClient: LoadClient | undefined;
let load: Load | undefined;
let reader: FastifyInstance | undefined;
let redisClient: Redis | undefined;

afterEach(async () => {
  load?.stop();
  await load?.finished; // bounded: each worker ends its current request, which has a client timeout
  client?.close();
  slowClient?.close();
  await server?.stop();
  await reader?.close();
  redisClient?.disconnect();
  await redis?.stop("SIGKILL");
  redis = server = client = slowClient = load = reader = redisClient = undefined;
});

type LogLine = Record<string, unknown>;
const logMessage = (line: LogLine) => String(line.msg ?? "");
/** True once the server has logged `message` (for the request `id`, if given). */
const loggedIn = (logs: readonly LogLine[], message: string, id?: string) =>
  logs.some((line) => logMessage(line) === message && (id === undefined || line.reqId === id));

/**
 * Runs agents' load against the real server, with a few slow uploads the server has accepted but cannot finish
 * yet, sends `signal`, checks that the server stops accepting connections, lets the slow uploads finish, then
 * checks the responses, the exit and what Redis kept.
 *
 * Which requests were in flight is read from the server's own log (LOG_LEVEL=debug, where the server logs
 * "incoming request" with our x-request-id as reqId): a request the client started before the signal may still
 * sit unread in a socket buffer when the server closes its idle keep-alive connections, and its reset is a
 * property of HTTP keep-alive, not of the service. So the strict check is on requests the server had accepted.
 */
async function shutDownUnderLoad(signal: "SIGTERM" | "SIGINT", workers: number, acksBeforeSignal: number, slowUploads: number): Promise<void> {
  redis = await startRedisServer();
  const prefix = uniquePrefix();
  server = await startServerProcess({
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: prefix,
    LOG_LEVEL: "debug", // the "incoming request" lines tell which requests the server had accepted
    RATE_LIMIT_MAX: "0",
    SHUTDOWN_GRACE_MS: String(GRACE_MS),
    LESSONS_MAX_PER_TASK: "10000",
    TOOL_LOG_MAX_ENTRIES: "100000",
  });
  const { logs } = server;
  const exitedAt = server.exited.then(() => Date.now());
  const logged = (message: string, id?: string) => loggedIn(logs, message, id);
  client = new LoadClient(server.baseUrl, CLIENT_TIMEOUT_MS);
  const running = startLoad({
    client,
    workers,
    maxRequestsPerWorker: 2000,
    next: agentTraffic({ tasks: TASKS, sessions: SESSIONS, bigShare: 0.15 }),
    pauseAfterFailureMs: 20,
    idPrefix: prefix,
  });
  load = running;

  await waitFor(
    () => withStatus(running.outcomes, 201).length >= acksBeforeSignal && running.outcomes.some((o) => o.kind === "big-tool-call" && o.status === 201),
    15_000,
    `${acksBeforeSignal} acknowledged writes, a big one among them, before the signal`,
  );
  // Slow uploads from other agents (their own keep-alive pool, which they keep open, as HTTP/1.1 clients do):
  // ~100 KB of a ~480 KB tool call now, the rest after the signal.
  slowClient = new LoadClient(server.baseUrl, CLIENT_TIMEOUT_MS);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const slowIds = Array.from({ length: slowUploads }, (_, i) => `${prefix}-slow-${i}`);
  const slow = slowIds.map((id, i) =>
    slowClient!.send({ ...toolCall(SESSIONS[i % SESSIONS.length]!, 900_000 + i, true), kind: "slow-upload" }, id, { bytes: 100_000, until: released }),
  );
  await waitFor(() => slowIds.every((id) => logged("incoming request", id)), 10_000, "the server accepting every slow upload");

  const signalledAt = Date.now();
  const inFlightAtSignal = running.inFlight() + slowUploads;
  server.child.kill(signal);
  let refusingAfter: number;
  try {
    await waitFor(() => logged("shutting down"), 5000, `the server logging ${signal}`);
    // Closing: the listening socket is gone, so a new connection is refused.
    refusingAfter = await waitFor(async () => (await getStatus(`${server!.baseUrl}/health/live`, 1000)) === null, 5000, "new connections refused after the signal");
  } finally {
    release();
  }
  const slowOutcomes = await Promise.all(slow);
  await sleep(200);
  running.stop();
  await running.finished;
  const outcomes = [...running.outcomes, ...slowOutcomes];
  const exit = await server.exitWithin(GRACE_MS + 5000);
  const exitedAfter = (await exitedAt) - signalledAt;

  // What the server says it did, in log order.
  const signalLine = logs.findIndex((line) => logMessage(line) === "shutting down" && line.signal === signal);
  const acceptedAt = new Map<string, number>();
  const completedAt = new Map<string, number>();
  const refused = new Set<string>();
  logs.forEach((line, index) => {
    const id = String(line.reqId ?? "");
    if (logMessage(line) === "incoming request") acceptedAt.set(id, index);
    if (logMessage(line) === "request completed") completedAt.set(id, index);
    if (logMessage(line).startsWith("request aborted - refusing")) refused.add(id);
  });
  const inFlightAtSignalLine = [...acceptedAt].filter(([id, index]) => index < signalLine && !((completedAt.get(id) ?? Infinity) < signalLine));

  // The server is gone; read what Redis kept through the documented lesson key and through a fresh app.
  redisClient = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  const lessonIdsInRedis = new Map<string, Set<string>>();
  for (const task of TASKS) {
    const raw = await redisClient.lrange(`${prefix}:{default:task:${task}}:lessons`, 0, -1);
    lessonIdsInRedis.set(task, new Set(raw.map((json) => (JSON.parse(json) as { lesson_id: string }).lesson_id)));
  }
  const missingFromKey = [...acknowledgedLessonIds(outcomes)].flatMap(([task, ids]) =>
    ids.filter((id) => !lessonIdsInRedis.get(task)?.has(id)).map((id) => `${task}/${id}`),
  );
  reader = await buildApp(
    testConfig({ REDIS_URL: redis.url, REDIS_KEY_PREFIX: prefix, LESSONS_MAX_PER_TASK: "10000", TOOL_LOG_MAX_ENTRIES: "100000" }),
    { logger: false },
  );
  const lessons = await checkLessonsKept(reader, outcomes);
  const calls = await checkToolCallsKept(reader, outcomes);

  const ours = outcomes.filter((o) => o.requestId.startsWith(prefix));
  const accepted = ours.filter((o) => acceptedAt.has(o.requestId));
  const startedBeforeSignal = ours.filter((o) => o.startedAt < signalledAt);
  const closing503 = withStatus(ours, 503).filter((o) => !/problem\+json/.test(String(o.headers?.["content-type"])));
  console.log(
    `[graceful-shutdown ${signal}] exit=${JSON.stringify(exit)} exited=${exitedAfter}ms-after-signal refusing=${refusingAfter!}ms-after-log ` +
      `requests=${ours.length} slow-uploads={${formatCounts(countByStatus(slowOutcomes))}} ` +
      `statuses={${formatCounts(countByStatus(ours))}} client-in-flight-at-signal=${inFlightAtSignal} ` +
      `server-in-flight-at-signal=${inFlightAtSignalLine.length} accepted=${accepted.length} refused-while-closing=${refused.size} ` +
      `closing-503s(not problem+json)=${closing503.length} ` +
      `started-before-signal-without-response=${startedBeforeSignal.filter((o) => !o.complete).length} ` +
      `lessons acked=${lessons.acknowledged} missing=${lessons.missing.length} toolcalls acked=${calls.acknowledged} missing=${calls.missing.length}`,
  );

  expect(signalLine, "the server logged the signal").toBeGreaterThanOrEqual(0);
  expect(inFlightAtSignalLine.length, "requests the server was handling when the signal arrived").toBeGreaterThanOrEqual(slowUploads);
  expectNone(
    slowOutcomes.filter((o) => o.status !== 201 || !o.complete),
    "slow uploads, accepted before the signal, that did not get a complete 201",
  );
  expectNone(
    accepted.filter((o) => !o.complete || ![200, 201, 503].includes(o.status!)),
    "requests the server accepted that got no complete 200/201/503 (reset, aborted, timed out or other status)",
  );
  expectNone(
    ours.filter((o) => o.status !== undefined && (!o.complete || ![200, 201, 503].includes(o.status))),
    "responses that started but were cut off, or had a status other than 200/201/503",
  );
  expectNone(
    startedBeforeSignal.filter((o) => !o.complete && acceptedAt.has(o.requestId)),
    "requests in flight before the signal that ended in a socket error instead of a response",
  );
  expectNone(
    ours.filter((o) => o.error === "timeout"),
    "requests that hung until the client timeout",
  );

  expect(lessons.acknowledged).toBeGreaterThan(0);
  expect(calls.acknowledged).toBeGreaterThan(0);
  expect(missingFromKey, "acknowledged lessons missing from the documented Redis list key").toEqual([]);
  expect(lessons.missing, "acknowledged lessons missing after the shutdown").toEqual([]);
  expect(calls.missing, "acknowledged tool calls missing after the shutdown").toEqual([]);
  expect([...lessons.changed, ...calls.changed], "entries stored differently from their 201").toEqual([]);

  expectCleanExit(server, exit);
}

/** Exit 0 means app.close() finished (connections drained, Redis quit) before the grace timer fired. */
function expectCleanExit(process: ServerProcess, exit: Exit): void {
  const logs = process.logs;
  expect(
    logs.filter((line) => logMessage(line) === "shutdown grace period passed; exiting").length,
    "the grace period ran out before app.close() finished; last log lines:\n" +
      `${logs.slice(-5).map((line) => JSON.stringify(line)).join("\n")}\nstderr:\n${process.stderr()}`,
  ).toBe(0);
  expect(exit, "the exit of the server process").toEqual({ code: 0, signal: null });
}

describe("graceful shutdown of the real server under load", () => {
  it("on SIGTERM, completes every request it accepted, keeps every acknowledged write, and exits 0 within the grace period", { timeout: 30_000 }, async () => {
    await shutDownUnderLoad("SIGTERM", 10, 200, 3);
  });

  it("on SIGINT, does the same", { timeout: 30_000 }, async () => {
    await shutDownUnderLoad("SIGINT", 6, 60, 1);
  });
});

describe("graceful shutdown of the real server with a keep-alive client", () => {
  it("exits 0 within the grace period when a client keeps its keep-alive connection after a request that was in flight at SIGTERM", { timeout: 30_000 }, async () => {
    const graceMs = 3000;
    redis = await startRedisServer();
    server = await startServerProcess({
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: uniquePrefix(),
      LOG_LEVEL: "debug",
      RATE_LIMIT_MAX: "0",
      SHUTDOWN_GRACE_MS: String(graceMs),
    });
    const { logs } = server;
    const logged = (message: string, id?: string) => loggedIn(logs, message, id);

    // One agent, one pooled connection (as any HTTP/1.1 client keeps it), one capture whose body is still arriving.
    slowClient = new LoadClient(server.baseUrl, CLIENT_TIMEOUT_MS);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const pending = slowClient.send(lessonCapture("task-a", 1), "keep-alive-capture", { bytes: 20, until: released });
    await waitFor(() => logged("incoming request", "keep-alive-capture"), 10_000, "the server accepting the capture");
    server.child.kill("SIGTERM");
    try {
      await waitFor(() => logged("shutting down"), 5000, "the server logging SIGTERM");
    } finally {
      release();
    }
    const capture = await pending;
    expect(capture.complete && capture.status, "the capture in flight at SIGTERM").toBe(201);

    // The client neither sends more nor closes its idle connection, as a pooling client (or a proxy) would not.
    expectCleanExit(server, await server.exitWithin(graceMs + 5000));
  });
});
