// The service against a Redis that restarts, dies, hangs or was never there: durable data, 503s, recovery.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import supertest from "supertest";
import { afterEach, describe, expect, inject, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { testConfig } from "../helpers/app.js";
import { expectProblem } from "../helpers/http.js";
import { freePort, startRedisServer, type RedisServerHandle } from "../helpers/redis-server.js";

const failure = { attempt_number: 1, tier: 2, error_type: "TimeoutError", error_message: "slow" };

const apps: FastifyInstance[] = [];
const servers: RedisServerHandle[] = [];
const dirs: string[] = [];

async function appOn(url: string, prefix = `test-${randomUUID().slice(0, 8)}`) {
  const app = await buildApp(testConfig({ REDIS_URL: url, REDIS_KEY_PREFIX: prefix, REDIS_COMMAND_TIMEOUT_MS: "500" }), {
    logger: false,
  });
  await app.ready();
  apps.push(app);
  return supertest(app.server);
}

async function untilReady(http: ReturnType<typeof supertest>, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if ((await http.get("/health/ready")).status === 200) return Date.now() - started;
    await sleep(100);
  }
  throw new Error(`not ready within ${withinMs} ms`);
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await Promise.all(servers.splice(0).map((server) => server.stop("SIGKILL")));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the service and its Redis", () => {
  it("keeps every lesson across a restart of the service", async () => {
    const url = inject("redisUrl");
    const prefix = `test-${randomUUID().slice(0, 8)}`;
    const first = await appOn(url, prefix);
    const created = await Promise.all([1, 2, 3].map((n) => first.post("/tasks/durable/lessons").send({ ...failure, attempt_number: n })));
    await apps.pop()!.close();

    const second = await appOn(url, prefix);
    const lessons = (await second.get("/tasks/durable/lessons")).body.lessons;
    expect(lessons.map((lesson: { lesson_id: string }) => lesson.lesson_id).sort()).toEqual(
      created.map((response) => response.body.lesson_id).sort(),
    );
    expect((await second.get("/tasks/durable/lessons/stats")).body.total_captured).toBe(3);
  });

  it("answers 503 problems while Redis is down, never falls back to memory, and recovers by itself", async () => {
    const dir = mkdtempSync(join(tmpdir(), "agent-lessons-aof-"));
    dirs.push(dir);
    const redis = await startRedisServer({ dir, appendOnly: true });
    servers.push(redis);
    const http = await appOn(redis.url);
    expect((await http.post("/tasks/outage/lessons").send(failure)).status).toBe(201);

    await redis.stop("SIGKILL");
    const down = await http.post("/tasks/outage/lessons").send(failure).timeout(5000);
    expect(expectProblem(down, 503).code).toBe("STORE_UNAVAILABLE");
    expect(down.headers["retry-after"]).toBe("1");
    expectProblem(await http.get("/tasks/outage/lessons").timeout(5000), 503);
    expectProblem(await http.get("/health/ready").timeout(5000), 503);
    expect((await http.get("/health/live")).status).toBe(200);

    const back = await startRedisServer({ dir, appendOnly: true, port: redis.port });
    servers.push(back);
    await untilReady(http, 10_000);
    expect((await http.post("/tasks/outage/lessons").send(failure)).status).toBe(201);
    expect((await http.get("/tasks/outage/lessons/stats")).body).toMatchObject({ total_lessons: 2, total_captured: 2 });
  });

  it("answers 503 rather than hanging while Redis is frozen, and recovers when it thaws", async () => {
    const redis = await startRedisServer();
    servers.push(redis);
    const http = await appOn(redis.url);
    redis.process.kill("SIGSTOP");
    try {
      const frozen = await http.post("/tasks/frozen/lessons").send(failure).timeout(5000);
      expectProblem(frozen, 503);
      expectProblem(await http.get("/health/ready").timeout(5000), 503);
    } finally {
      redis.process.kill("SIGCONT");
    }
    await untilReady(http, 10_000);
    expect((await http.post("/tasks/frozen/lessons").send(failure)).status).toBe(201);
  });

  it("starts without a reachable Redis and serves 503 until one appears", async () => {
    const port = await freePort();
    const http = await appOn(`redis://127.0.0.1:${port}`);
    expectProblem(await http.get("/health/ready"), 503);
    expectProblem(await http.post("/tasks/late/lessons").send(failure), 503);

    servers.push(await startRedisServer({ port }));
    await untilReady(http, 10_000);
    expect((await http.post("/tasks/late/lessons").send(failure)).status).toBe(201);
  });
});
