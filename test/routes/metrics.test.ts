// GET /metrics: Prometheus text with request timings by route pattern, store timings, domain counters and store_up.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import supertest from "supertest";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { testConfig } from "../helpers/app.js";
import { uniqueId } from "../helpers/fixtures.js";
import { expectProblem, useHttpApp } from "../helpers/http.js";
import { startRedisServer, type RedisServerHandle } from "../helpers/redis-server.js";
import { bothStores, type StoreFactory } from "../helpers/stores.js";

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses the Prometheus text exposition format into samples (comments skipped). */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of match[2]?.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g) ?? []) labels[name!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The samples of one metric whose labels include the given ones. */
function find(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample[] {
  return samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
}

/** The single sample of a metric with exactly these labels (le aside), or undefined. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = find(samples, name, labels);
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

const KEY = "metrics-key-0123456789abcdef";
const failure = { attempt_number: 1, tier: 1, error_type: "SyntaxError", error_message: "invalid syntax" };
const call = (outcome: string, args: Record<string, unknown>) => ({ tool_name: "search", arguments: args, outcome, error_type: outcome === "success" ? null : "bad" });

describe.each(bothStores())("metrics (%s store)", (_name, factory: StoreFactory) => {
  const ctx = useHttpApp(factory, { API_KEYS: `${KEY}:metrics-tenant` });
  const api = () => ({ authorization: `Bearer ${KEY}` });

  async function scrape(): Promise<Sample[]> {
    const response = await ctx.http.get("/metrics");
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseMetrics(response.text);
  }

  it("serves Prometheus text without an API key", async () => {
    expect((await ctx.http.get(`/tasks/${uniqueId("task")}/lessons`)).status).toBe(401);
    const samples = await scrape();
    expect(valueOf(samples, "store_up")).toBe(1);
    expect(find(samples, "process_cpu_user_seconds_total")).toHaveLength(1);
  });

  it("reports the event loop's delay, p99 and max since the last scrape, for an alert on a stalled loop", async () => {
    const samples = await scrape();
    for (const name of ["nodejs_eventloop_lag_p99_seconds", "nodejs_eventloop_lag_max_seconds"]) {
      expect(find(samples, name)).toHaveLength(1);
      expect(valueOf(samples, name)).toBeGreaterThanOrEqual(0);
    }
  });

  it("times requests by route pattern, method and status, never by raw path", async () => {
    const task = uniqueId("task");
    for (let i = 0; i < 3; i += 1) expect((await ctx.http.post(`/tasks/${task}/lessons`).set(api()).send(failure)).status).toBe(201);
    const [lesson] = (await ctx.http.get(`/tasks/${task}/lessons`).set(api())).body.lessons;
    expect((await ctx.http.get(`/tasks/${task}/lessons/${lesson.lesson_id}`).set(api())).status).toBe(200);
    expect((await ctx.http.get(`/tasks/${task}/lessons/nope`).set(api())).status).toBe(404);
    expect((await ctx.http.get(`/no/such/${task}`).set(api())).status).toBe(404);

    const samples = await scrape();
    const posts = { method: "POST", route: "/tasks/:task_id/lessons", status_code: "201" };
    expect(valueOf(samples, "http_request_duration_seconds_count", posts)).toBe(3);
    expect(valueOf(samples, "http_request_duration_seconds_bucket", { ...posts, le: "+Inf" })).toBe(3);
    expect(find(samples, "http_request_duration_seconds_bucket", posts).length).toBeGreaterThan(1);
    expect(valueOf(samples, "http_request_duration_seconds_count", { method: "GET", route: "/tasks/:task_id/lessons/:lesson_id", status_code: "200" })).toBe(1);
    expect(valueOf(samples, "http_request_duration_seconds_count", { method: "GET", route: "/tasks/:task_id/lessons/:lesson_id", status_code: "404" })).toBe(1);
    expect(valueOf(samples, "http_request_duration_seconds_count", { method: "GET", route: "unmatched", status_code: "404" })).toBe(1);

    const routes = new Set(find(samples, "http_request_duration_seconds_count").map((sample) => sample.labels.route));
    for (const route of routes) expect(route).not.toContain(task);
    expect(routes).not.toContain(`/tasks/${task}/lessons`);
  });

  it("times store operations by operation and result, and counts captured lessons", async () => {
    const task = uniqueId("task");
    for (let i = 0; i < 4; i += 1) await ctx.http.post(`/tasks/${task}/lessons`).set(api()).send({ ...failure, attempt_number: i + 1 });
    await ctx.http.get(`/tasks/${task}/lessons/stats`).set(api());

    const samples = await scrape();
    // A capture is one store operation, captureSignedLesson, which makes the lesson's signature as it stores it.
    expect(valueOf(samples, "store_operation_duration_seconds_count", { operation: "captureSignedLesson", result: "ok" })).toBe(4);
    expect(valueOf(samples, "store_operation_duration_seconds_bucket", { operation: "captureSignedLesson", result: "ok", le: "+Inf" })).toBe(4);
    expect(valueOf(samples, "store_operation_duration_seconds_count", { operation: "lessonCounters", result: "ok" })).toBe(1);
    expect(find(samples, "store_operation_duration_seconds_count", { result: "unavailable" })).toEqual([]);
    expect(valueOf(samples, "lessons_captured_total")).toBe(4);
  });

  it("counts tool calls by outcome, the fixes detected and the shared fixes offered", async () => {
    const session = uniqueId("session");
    const outcomes = [
      call("failure", { q: 1 }),
      call("success", { q: 2 }), // fixes the first
      // The failure and the timeout hold q: 1, the value the fix changes, so it applies to them and is offered.
      call("failure", { q: 1 }),
      call("timeout", { q: 1, n: 4 }),
      call("success", { q: 5 }), // fixes the timeout
      call("partial", { q: 6 }),
    ];
    const entries = [];
    for (const body of outcomes) entries.push((await ctx.http.post(`/sessions/${session}/tool-calls`).set(api()).send(body)).body);
    const fixes = entries.filter((entry) => entry.fix_for !== null).length;
    expect(fixes).toBe(2);

    const samples = await scrape();
    expect(valueOf(samples, "tool_calls_recorded_total", { outcome: "failure" })).toBe(2);
    expect(valueOf(samples, "tool_calls_recorded_total", { outcome: "success" })).toBe(2);
    expect(valueOf(samples, "tool_calls_recorded_total", { outcome: "timeout" })).toBe(1);
    expect(valueOf(samples, "tool_calls_recorded_total", { outcome: "partial" })).toBe(1);
    expect(valueOf(samples, "tool_calls_recorded_total", { outcome: "cancelled" })).toBeUndefined();
    expect(valueOf(samples, "fixes_detected_total")).toBe(fixes);
    // The failure and the timeout after the first fix are answered with it.
    expect(entries.filter((entry) => entry.known_fix !== null)).toHaveLength(2);
    expect(valueOf(samples, "known_fixes_offered_total")).toBe(2);
    expect(valueOf(samples, "store_operation_duration_seconds_count", { operation: "recordSharedToolCall", result: "ok" })).toBe(6);
    expect(valueOf(samples, "lessons_captured_total")).toBe(0);
  });

  it("does not count a replayed idempotent request again", async () => {
    const task = uniqueId("task");
    const key = uniqueId("idem");
    for (let i = 0; i < 3; i += 1) {
      expect((await ctx.http.post(`/tasks/${task}/lessons`).set(api()).set("idempotency-key", key).send(failure)).status).toBe(201);
    }
    expect(valueOf(await scrape(), "lessons_captured_total")).toBe(1);
  });
});

describe("metrics while Redis is down", () => {
  const servers: RedisServerHandle[] = [];
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    await Promise.all(servers.splice(0).map((server) => server.stop("SIGKILL")));
  });

  it("reports store_up 0 and store operations that were unavailable", async () => {
    const redis = await startRedisServer();
    servers.push(redis);
    const config = testConfig({ REDIS_URL: redis.url, REDIS_KEY_PREFIX: `test-${randomUUID().slice(0, 8)}`, REDIS_COMMAND_TIMEOUT_MS: "500" });
    const app = await buildApp(config, { logger: false });
    apps.push(app);
    await app.ready();
    const http = supertest(app.server);
    const task = uniqueId("task");

    expect((await http.post(`/tasks/${task}/lessons`).send(failure)).status).toBe(201);
    const up = parseMetrics((await http.get("/metrics")).text);
    expect(valueOf(up, "store_up")).toBe(1);
    expect(valueOf(up, "store_operation_duration_seconds_count", { operation: "captureSignedLesson", result: "ok" })).toBe(1);

    await redis.stop("SIGKILL");
    await expect.poll(async () => (await http.get("/health/ready").timeout(5000)).status, { timeout: 10_000 }).toBe(503);
    expect(expectProblem(await http.post(`/tasks/${task}/lessons`).send(failure).timeout(5000), 503).code).toBe("STORE_UNAVAILABLE");
    expectProblem(await http.get(`/tasks/${task}/lessons/stats`).timeout(5000), 503);

    const down = await http.get("/metrics");
    expect(down.status).toBe(200);
    const samples = parseMetrics(down.text);
    expect(valueOf(samples, "store_up")).toBe(0);
    // On one Redis server a capture is one operation, its template step included.
    expect(valueOf(samples, "store_operation_duration_seconds_count", { operation: "captureSignedLesson", result: "unavailable" })).toBe(1);
    expect(valueOf(samples, "store_operation_duration_seconds_count", { operation: "lessonCounters", result: "unavailable" })).toBe(1);
    expect(valueOf(samples, "lessons_captured_total")).toBe(1);
    expect(valueOf(samples, "http_request_duration_seconds_count", { method: "POST", route: "/tasks/:task_id/lessons", status_code: "503" })).toBe(1);
  });
});
