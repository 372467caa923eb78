// Protections at the edge: per-tenant rate limits (shared through Redis), security headers and CORS.
import type { FastifyInstance } from "fastify";
import supertest from "supertest";
import { afterEach, describe, expect, it } from "vitest";
import type { Store } from "../../src/storage/port.js";
import { buildTestApp } from "../helpers/app.js";
import { uniqueId } from "../helpers/fixtures.js";
import { expectProblem } from "../helpers/http.js";
import { bothStores, memoryStoreFactory, rawRedis, redisStoreFactory, uniquePrefix, type StoreFactory } from "../helpers/stores.js";

const KEY_A = "alpha-key-0123456789abcdef";
const KEY_B = "bravo-key-0123456789abcdef";
const auth = (key: string) => ({ authorization: `Bearer ${key}` });

const LIMITED = { RATE_LIMIT_MAX: "5", RATE_LIMIT_WINDOW_MS: "60000" };

const apps: FastifyInstance[] = [];
const stores: Store[] = [];

/**
 * A fresh app on a fresh store. Each app gets its own REDIS_KEY_PREFIX unless told one, because the
 * rate-limit counters live under `${REDIS_KEY_PREFIX}:ratelimit:` and would otherwise be shared by tests.
 */
async function appOn(factory: StoreFactory, env: Record<string, string> = {}) {
  const opened = await factory();
  stores.push(opened);
  const app = await buildTestApp(opened, { REDIS_KEY_PREFIX: uniquePrefix(), ...env });
  apps.push(app);
  return Object.assign(supertest(app.server), { store: opened });
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

describe.each(bothStores())("rate limiting (%s store)", (_name, factory: StoreFactory) => {
  it("answers the 6th request of a tenant within the window with a 429 problem and Retry-After", async () => {
    const http = await appOn(factory, LIMITED);
    const task = uniqueId("task");
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await http.get(`/tasks/${task}/lessons`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);

    const limited = await http.post(`/tasks/${task}/lessons`).send({ attempt_number: 1, tier: 1, error_type: "E", error_message: "m" });
    expect(expectProblem(limited, 429).code).toBe("RATE_LIMITED");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // The refused write was not performed, and the tenant stays limited.
    expect((await http.store.lessonCounters({ tenant: "default", taskId: task })).total_captured).toBe(0);
    expectProblem(await http.get(`/tasks/${task}/lessons/stats`), 429);
  });

  it("limits requests without a valid key too, per address, without touching the tenants' budgets", async () => {
    const http = await appOn(factory, { ...LIMITED, API_KEYS: `${KEY_A}:tenant-a` });
    const task = uniqueId("task");
    const guesses: number[] = [];
    for (let i = 0; i < 5; i += 1) guesses.push((await http.get(`/tasks/${task}/lessons`).set(auth(`guess-${i}-0123456789abcdef`))).status);
    guesses.push((await http.get(`/tasks/${task}/lessons`)).status);
    expect(guesses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(expectProblem(await http.get(`/tasks/${task}/lessons`).set(auth("another-guess-0123456789")), 429).code).toBe("RATE_LIMITED");

    // The tenant with a real key still has its whole budget.
    for (let i = 0; i < 5; i += 1) expect((await http.get(`/tasks/${task}/lessons`).set(auth(KEY_A))).status).toBe(200);
    expectProblem(await http.get(`/tasks/${task}/lessons`).set(auth(KEY_A)), 429);
  });

  it("counts each tenant on its own budget", async () => {
    const http = await appOn(factory, { ...LIMITED, API_KEYS: `${KEY_A}:tenant-a,${KEY_B}:tenant-b` });
    const task = uniqueId("task");
    for (let i = 0; i < 5; i += 1) expect((await http.get(`/tasks/${task}/lessons`).set(auth(KEY_A))).status).toBe(200);
    expectProblem(await http.get(`/tasks/${task}/lessons`).set(auth(KEY_A)), 429);

    for (let i = 0; i < 5; i += 1) expect((await http.get(`/tasks/${task}/lessons`).set(auth(KEY_B))).status).toBe(200);
    expectProblem(await http.get(`/tasks/${task}/lessons`).set(auth(KEY_B)), 429);
  });

  it("never limits the health probes or the metrics", async () => {
    const http = await appOn(factory, LIMITED);
    const task = uniqueId("task");
    for (let i = 0; i < 5; i += 1) await http.get(`/tasks/${task}/lessons`);
    expectProblem(await http.get(`/tasks/${task}/lessons`), 429);

    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      for (const path of ["/health/live", "/health/ready", "/metrics"]) statuses.push((await http.get(path)).status);
    }
    expect(statuses).toEqual(Array(12).fill(200));
  });

  it("does not limit at all with RATE_LIMIT_MAX=0", async () => {
    const http = await appOn(factory, { RATE_LIMIT_MAX: "0", RATE_LIMIT_WINDOW_MS: "60000" });
    const task = uniqueId("task");
    const responses = [];
    for (let i = 0; i < 20; i += 1) responses.push(await http.get(`/tasks/${task}/lessons`));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(responses.some((response) => "x-ratelimit-limit" in response.headers)).toBe(false);
  });
});

describe("rate limiting across instances (redis store)", () => {
  it("shares one tenant budget between two app instances on one Redis and one key prefix", async () => {
    const factory = redisStoreFactory();
    const prefix = uniquePrefix();
    const env = { ...LIMITED, REDIS_KEY_PREFIX: prefix };
    const first = await appOn(factory, env);
    const second = await appOn(factory, env);
    const task = uniqueId("task");

    for (let i = 0; i < 3; i += 1) expect((await first.get(`/tasks/${task}/lessons`)).status).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await second.get(`/tasks/${task}/lessons`)).status).toBe(200);
    expect(expectProblem(await second.get(`/tasks/${task}/lessons`), 429).code).toBe("RATE_LIMITED");
    expectProblem(await first.get(`/tasks/${task}/lessons`), 429);

    // The counter is one Redis key per tenant under the configured prefix, and it expires with the window.
    const raw = rawRedis();
    try {
      const counter = `${prefix}:ratelimit:default`;
      expect(Number(await raw.get(counter))).toBeGreaterThanOrEqual(6);
      const ttl = await raw.pttl(counter);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      await raw.quit();
    }
  });
});

describe("security headers", () => {
  it("sends helmet's headers on successes and on problems", async () => {
    const http = await appOn(memoryStoreFactory);
    for (const response of [await http.get("/health/live"), await http.get(`/tasks/${uniqueId("task")}/lessons`), await http.get("/no/such/route")]) {
      expect(response.headers).toMatchObject({
        "x-content-type-options": "nosniff",
        "x-frame-options": "SAMEORIGIN",
        "x-dns-prefetch-control": "off",
        "referrer-policy": "no-referrer",
        "strict-transport-security": expect.stringMatching(/max-age=\d+/),
      });
      // The app turns helmet's Content-Security-Policy off (the API serves JSON; /docs needs inline scripts).
      expect(response.headers["content-security-policy"]).toBeUndefined();
    }
  });
});

describe("CORS", () => {
  const preflight = (http: ReturnType<typeof supertest>, origin: string) =>
    http
      .options("/tasks/some-task/lessons")
      .set("origin", origin)
      .set("access-control-request-method", "POST")
      .set("access-control-request-headers", "content-type");

  it("sends no CORS headers by default", async () => {
    const http = await appOn(memoryStoreFactory);
    const answer = await preflight(http, "https://a.example");
    expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
    expect(answer.headers["access-control-allow-methods"]).toBeUndefined();
    const simple = await http.get(`/tasks/${uniqueId("task")}/lessons`).set("origin", "https://a.example");
    expect(simple.status).toBe(200);
    expect(simple.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("allows only the configured origins when CORS_ORIGINS is set", async () => {
    const http = await appOn(memoryStoreFactory, { CORS_ORIGINS: "https://a.example" });
    const allowed = await preflight(http, "https://a.example");
    expect(allowed.status).toBe(204);
    expect(allowed.headers["access-control-allow-origin"]).toBe("https://a.example");
    expect(allowed.headers["access-control-allow-methods"]).toMatch(/POST/);

    const refused = await preflight(http, "https://b.example");
    expect(refused.headers["access-control-allow-origin"]).toBeUndefined();

    const simple = await http.get(`/tasks/${uniqueId("task")}/lessons`).set("origin", "https://a.example");
    expect(simple.headers["access-control-allow-origin"]).toBe("https://a.example");
    const other = await http.get(`/tasks/${uniqueId("task")}/lessons`).set("origin", "https://b.example");
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
  });
});
