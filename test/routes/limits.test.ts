// Protections at the edge: per-tenant rate limits (shared through Redis), security headers and CORS.
import type { FastifyInstance } from "fastify";
import supertest from "supertest";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import type { Store } from "../../src/storage/port.js";
import { buildTestApp } from "../helpers/app.js";
import { uniqueId } from "../helpers/fixtures.js";
import { expectProblem } from "../helpers/http.js";
import { waitFor } from "../helpers/load.js";
import { bothStores, keysWritten, memoryStoreFactory, rawRedis, redisStoreFactory, type StoreFactory } from "../helpers/stores.js";

const KEY_A = "alpha-key-0123456789abcdef";
const KEY_B = "bravo-key-0123456789abcdef";
const auth = (key: string) => ({ authorization: `Bearer ${key}` });

const LIMITED = { RATE_LIMIT_MAX: "5", RATE_LIMIT_UNAUTHENTICATED_MAX: "5", RATE_LIMIT_WINDOW_MS: "60000" };

const apps: FastifyInstance[] = [];
const stores: Store[] = [];

/** A fresh app on a fresh store (or on the one given); every store has a key prefix of its own, rate counts included. */
async function appOn(factory: StoreFactory, env: Record<string, string> = {}, shared?: Store) {
  const opened = shared ?? (await factory());
  if (!shared) stores.push(opened);
  const app = await buildTestApp(opened, env);
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

  it("by default limits each tenant to 100,000 a minute with API keys, and does not limit the one tenant without them", async () => {
    const keyed = await appOn(factory, { API_KEYS: `${KEY_A}:tenant-a` });
    const answer = await keyed.get(`/tasks/${uniqueId("task")}/lessons`).set(auth(KEY_A));
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({ "x-ratelimit-limit": "100000", "x-ratelimit-remaining": "99999" });
    expect(Number(answer.headers["x-ratelimit-reset"])).toBeGreaterThanOrEqual(1);
    expect(Number(answer.headers["x-ratelimit-reset"])).toBeLessThanOrEqual(60);
    // Refused keys are counted against the address's own, smaller budget.
    const refused = await keyed.get(`/tasks/${uniqueId("task")}/lessons`).set(auth("no-such-key-0123456789"));
    expect(expectProblem(refused, 401).code).toBe("UNAUTHORIZED");
    expect(refused.headers["x-ratelimit-limit"]).toBe("600");

    const open = await appOn(factory);
    const responses = await Promise.all(Array.from({ length: 20 }, () => open.get(`/tasks/${uniqueId("task")}/lessons`)));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(responses.some((response) => "x-ratelimit-limit" in response.headers)).toBe(false);
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
  it("shares one tenant budget between two app instances on one Redis, each refusing once its sync has told it the other's count", async () => {
    const store = await redisStoreFactory()();
    stores.push(store);
    const env = { ...LIMITED, RATE_LIMIT_SYNC_MS: "10" };
    const first = await appOn(redisStoreFactory(), env, store);
    const second = await appOn(redisStoreFactory(), env, store);
    const task = uniqueId("task");
    const raw = rawRedis();
    const window = async () => {
      const key = (await keysWritten(store, { withRateCounts: true }))!.find((name) => name.includes(":{ratelimit}:"));
      return key ? { key, counts: await raw.hgetall(key) } : null;
    };
    try {
      for (let i = 0; i < 3; i += 1) expect((await first.get(`/tasks/${task}/lessons`)).status).toBe(200);
      await waitFor(async () => (await window())?.counts.default === "3", 5000, "the first instance's sync");
      for (let i = 0; i < 2; i += 1) expect((await second.get(`/tasks/${task}/lessons`)).status).toBe(200);
      await waitFor(async () => (await window())?.counts.default === "5", 5000, "the second instance's sync");
      // Both have synced the tenant since its fifth request (an idle tenant is refreshed too), so both refuse.
      await sleep(100);
      expect(expectProblem(await second.get(`/tasks/${task}/lessons`), 429).code).toBe("RATE_LIMITED");
      expectProblem(await first.get(`/tasks/${task}/lessons`), 429);

      // One hash per window holds every subject's count, and it expires a little after the window.
      const { key } = (await window())!;
      const ttl = await raw.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(65_000);
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
