// Protections at the edge: per-tenant rate limits (shared through Redis), security headers and CORS.
import type { FastifyInstance } from "fastify";
import supertest from "supertest";
import { afterEach, describe, expect, it } from "vitest";
import type { Store } from "../../src/storage/port.js";
import { buildTestApp } from "../helpers/app.js";
import { uniqueId } from "../helpers/fixtures.js";
import { expectProblem } from "../helpers/http.js";
import { waitFor } from "../helpers/load.js";
import { countingSyncs, windowStartingNow } from "../helpers/rate-windows.js";
import { bothStores, keysWritten, memoryStoreFactory, rawRedis, redisStoreFactory, type StoreFactory } from "../helpers/stores.js";

const KEY_A = "alpha-key-0123456789abcdef";
const KEY_B = "bravo-key-0123456789abcdef";
const auth = (key: string) => ({ authorization: `Bearer ${key}` });

const LIMITED = { RATE_LIMIT_MAX: "5", RATE_LIMIT_UNAUTHENTICATED_MAX: "5", RATE_LIMIT_WINDOW_MS: "60000" };

const apps: FastifyInstance[] = [];
const stores: Store[] = [];

/**
 * A fresh app on a fresh store (or on the one given); every store has a key prefix of its own, rate counts included.
 * Its rate-limit window starts with the test (a minute of windows unless the env says otherwise).
 */
async function appOn(factory: StoreFactory, env: Record<string, string> = {}, shared?: Store, clock = windowStartingNow(Number(env.RATE_LIMIT_WINDOW_MS ?? 60_000))) {
  const opened = shared ?? (await factory());
  if (!shared) stores.push(opened);
  const app = await buildTestApp(opened, env, { clock });
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
    const clock = windowStartingNow(60_000);
    const [firstStore, secondStore] = [countingSyncs(store), countingSyncs(store)];
    const first = await appOn(redisStoreFactory(), env, firstStore.store, clock);
    const second = await appOn(redisStoreFactory(), env, secondStore.store, clock);
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
      // Once both have synced the tenant since its fifth request (an idle tenant is refreshed too), both refuse.
      await Promise.all([firstStore.nextSync(), secondStore.nextSync()]);
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

  it("admits exactly RATE_LIMIT_MAX writes of a tenant through the pair once each has synced, and keeps the other tenant's budget its own", async () => {
    const store = await redisStoreFactory()();
    stores.push(store);
    const env = { RATE_LIMIT_MAX: "10", RATE_LIMIT_WINDOW_MS: "60000", RATE_LIMIT_SYNC_MS: "10", API_KEYS: `${KEY_A}:tenant-a,${KEY_B}:tenant-b` };
    const clock = windowStartingNow(60_000);
    const pair = [countingSyncs(store), countingSyncs(store)];
    const [first, second] = [await appOn(redisStoreFactory(), env, pair[0]!.store, clock), await appOn(redisStoreFactory(), env, pair[1]!.store, clock)];
    const task = uniqueId("task");
    let attempt = 0;
    const capture = (http: typeof first) =>
      http.post(`/tasks/${task}/lessons`).set(auth(KEY_A)).send({ attempt_number: ++attempt, tier: 1, error_type: "E", error_message: `m${attempt}` });
    const bothSynced = () => Promise.all(pair.map((instance) => instance.nextSync()));

    expect((await Promise.all(Array.from({ length: 6 }, () => capture(first)))).map((reply) => reply.status)).toEqual(Array(6).fill(201));
    // (The second instance has met no subject yet, so it has nothing to sync.)
    await pair[0]!.nextSync();
    // The second instance meets tenant A for the first time: its first sync tells it the first one's 6.
    expect((await capture(second)).status).toBe(201);
    await bothSynced();
    const replies = await Promise.all(Array.from({ length: 5 }, () => capture(second)));
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(3);
    for (const limited of replies.filter((reply) => reply.status !== 201)) {
      expect(expectProblem(limited, 429).code).toBe("RATE_LIMITED");
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    }
    await bothSynced();
    for (const http of [first, second]) expectProblem(await http.get(`/tasks/${task}/lessons`).set(auth(KEY_A)), 429);
    // The refused writes were not performed: exactly 10 captures.
    expect((await store.lessonCounters({ tenant: "tenant-a", taskId: task })).total_captured).toBe(10);
    // Tenant B has its own budget of 10 on the same pair.
    const others = await Promise.all(Array.from({ length: 10 }, (_, i) => [first, second][i % 2]!.get(`/tasks/${task}/lessons`).set(auth(KEY_B))));
    expect(others.map((reply) => reply.status)).toEqual(Array(10).fill(200));
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
