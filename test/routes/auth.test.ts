// API keys over HTTP: bearer authentication, open routes, API_KEYS and API_KEYS_FILE, boot-time validation, logs, and keyless mode.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import supertest from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { ConfigError } from "../../src/config.js";
import type { Store } from "../../src/storage/port.js";
import { buildTestApp, testConfig } from "../helpers/app.js";
import { expectProblem, useHttpApp } from "../helpers/http.js";
import { keysWritten, memoryStoreFactory, redisStoreFactory } from "../helpers/stores.js";

const KEY_A = "auth-test-key-alpha-0123456789";
const KEY_B = "auth-test-key-bravo-9876543210";
const KEY_C = "auth-test-key-charlie-from-file";
const KEY_D = "auth-test-key-delta-from-file!";
const API_KEYS = `${KEY_A}:tenantA,${KEY_B}:tenantB`;

const lesson = (message: string) => ({ attempt_number: 1, tier: 1, error_type: "TypeError", error_message: message });
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** A temporary key file; removed by the returned cleanup. */
function keyFile(text: string): { path: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "agent-lessons-keys-"));
  const path = join(dir, "api-keys.txt");
  writeFileSync(path, text);
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

describe("with API_KEYS set", () => {
  const ctx = useHttpApp(memoryStoreFactory, { API_KEYS });

  it("refuses a request without a key with a 401 problem and a Bearer challenge, storing nothing", async () => {
    const read = await ctx.http.get("/tasks/t/lessons");
    expect(expectProblem(read, 401).code).toBe("UNAUTHORIZED");
    expect(read.headers["www-authenticate"]).toMatch(/^Bearer realm="[^"]+"$/);

    const write = await ctx.http.post("/tasks/t/lessons").send(lesson("sent without a key"));
    expect(expectProblem(write, 401).code).toBe("UNAUTHORIZED");
    expect(write.headers["www-authenticate"]).toMatch(/^Bearer /);
    const stats = await ctx.http.get("/tasks/t/lessons/stats").set(bearer(KEY_A));
    expect(stats.body).toMatchObject({ total_lessons: 0, total_captured: 0 });
  });

  it.each([
    ["an unknown key", "Bearer auth-test-key-unknown-000000"],
    ["a known key with one more character", `Bearer ${KEY_A}x`],
    ["a known key missing its last character", `Bearer ${KEY_A.slice(0, -1)}`],
    ["a known key in upper case", `Bearer ${KEY_A.toUpperCase()}`],
    ["two keys", `Bearer ${KEY_A} ${KEY_B}`],
    ["the scheme without a key", "Bearer"],
    ["the key without a scheme", KEY_A],
    ["an empty header", ""],
  ])("refuses %s with a 401 problem and a Bearer challenge", async (_case, authorization) => {
    const response = await ctx.http.get("/sessions/s/stats").set("authorization", authorization);
    expect(expectProblem(response, 401).code).toBe("UNAUTHORIZED");
    expect(response.headers["www-authenticate"]).toMatch(/^Bearer /);
    expect(response.text).not.toContain(KEY_A);
  });

  it("refuses a valid key sent with the Basic scheme", async () => {
    for (const authorization of [`Basic ${Buffer.from(`${KEY_A}:`).toString("base64")}`, `Basic ${KEY_A}`]) {
      const response = await ctx.http.get("/tasks/t/lessons").set("authorization", authorization);
      expect(expectProblem(response, 401).code).toBe("UNAUTHORIZED");
    }
  });

  it("accepts the Bearer scheme in any letter case, with surrounding spaces", async () => {
    for (const authorization of [`bearer ${KEY_A}`, `BEARER ${KEY_A}`, `Bearer   ${KEY_A}  `]) {
      const response = await ctx.http.get("/tasks/t/lessons").set("authorization", authorization);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ task_id: "t", lessons: [] });
    }
  });

  it("gives each key its own tenant's data", async () => {
    expect((await ctx.http.post("/tasks/t/lessons").set(bearer(KEY_A)).send(lesson("written by A"))).status).toBe(201);
    const asA = await ctx.http.get("/tasks/t/lessons").set(`authorization`, `bearer ${KEY_A}`);
    const asB = await ctx.http.get("/tasks/t/lessons").set(bearer(KEY_B));
    expect(asA.body.lessons.map((l: { error_message: string }) => l.error_message)).toEqual(["written by A"]);
    expect(asB.body.lessons).toEqual([]);
  });

  it("keeps health, docs, the OpenAPI document and metrics open without a key", async () => {
    expect((await ctx.http.get("/health/live")).body).toEqual({ status: "ok" });
    expect((await ctx.http.get("/health/ready")).body).toEqual({ status: "ok", store: "memory", topology: "memory", role: null });
    const docs = await ctx.http.get("/docs");
    expect(docs.status).toBe(200);
    expect(docs.headers["content-type"]).toMatch(/^text\/html/);
    const openapi = await ctx.http.get("/openapi.json");
    expect(openapi.status).toBe(200);
    expect(openapi.body.openapi).toBe("3.1.0");
    const metrics = await ctx.http.get("/metrics");
    expect(metrics.status).toBe(200);
    expect(metrics.text).toContain("# TYPE");
  });
});

describe("API_KEYS_FILE", () => {
  let store: Store;
  const cleanups: Array<() => void | Promise<void>> = [];

  beforeEach(async () => {
    store = await memoryStoreFactory();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await store.close();
  });

  async function appWith(env: Record<string, string>) {
    const app = await buildTestApp(store, env);
    cleanups.push(() => app.close());
    return supertest(app.server);
  }

  function fileWith(text: string): string {
    const file = keyFile(text);
    cleanups.push(file.remove);
    return file.path;
  }

  it("reads key:tenant lines, skipping # comments and blank lines, and authenticates like API_KEYS", async () => {
    const path = fileWith(
      ["# keys for the test", "", `  ${KEY_C}:tenantC  `, "# rotated out: not-a-key-at-all-00000:tenantX", "", `${KEY_D}:tenantD`, ""].join("\n"),
    );
    const http = await appWith({ API_KEYS_FILE: path });

    expect((await http.post("/tasks/t/lessons").set(bearer(KEY_C)).send(lesson("from C"))).status).toBe(201);
    expect((await http.get("/tasks/t/lessons/stats").set(bearer(KEY_C))).body.total_lessons).toBe(1);
    expect((await http.get("/tasks/t/lessons/stats").set(bearer(KEY_D))).body.total_lessons).toBe(0);

    const missing = await http.get("/tasks/t/lessons");
    expect(expectProblem(missing, 401).code).toBe("UNAUTHORIZED");
    expect(missing.headers["www-authenticate"]).toMatch(/^Bearer /);
    expectProblem(await http.get("/tasks/t/lessons").set(bearer("not-a-key-at-all-00000")), 401);
    expectProblem(await http.get("/tasks/t/lessons").set(bearer(KEY_A)), 401);
    expect((await http.get("/health/live")).status).toBe(200);
  });

  it("merges API_KEYS and API_KEYS_FILE: keys from both work, and two keys of one tenant see the same data", async () => {
    const path = fileWith(`${KEY_C}:tenantA\n${KEY_D}:tenantD\n`);
    const http = await appWith({ API_KEYS, API_KEYS_FILE: path });

    expect((await http.post("/tasks/shared/lessons").set(bearer(KEY_A)).send(lesson("A via API_KEYS"))).status).toBe(201);
    const viaFile = await http.get("/tasks/shared/lessons").set(bearer(KEY_C));
    expect(viaFile.status).toBe(200);
    expect(viaFile.body.lessons.map((l: { error_message: string }) => l.error_message)).toEqual(["A via API_KEYS"]);
    expect((await http.get("/tasks/shared/lessons").set(bearer(KEY_B))).body.lessons).toEqual([]);
    expect((await http.get("/tasks/shared/lessons").set(bearer(KEY_D))).body.lessons).toEqual([]);
  });

  it("refuses to boot when the file cannot be read, naming API_KEYS_FILE", async () => {
    const missing = join(tmpdir(), "agent-lessons-no-such-dir", "keys.txt");
    await expect(buildTestApp(store, { API_KEYS_FILE: missing })).rejects.toThrow(ConfigError);
    await expect(buildTestApp(store, { API_KEYS_FILE: missing })).rejects.toThrow(/API_KEYS_FILE/);
  });

  it("refuses to boot when the file holds only comments and blank lines", async () => {
    const path = fileWith("# nothing here yet\n\n   \n# still nothing\n");
    await expect(buildTestApp(store, { API_KEYS_FILE: path })).rejects.toThrow(/API_KEYS_FILE.*no key/);
  });

  it("refuses to boot when a line of the file is malformed, naming API_KEYS_FILE and not the key", async () => {
    const path = fileWith(`${KEY_C}:tenantC\n${KEY_D}:bad{tenant}\n`);
    const boot = buildTestApp(store, { API_KEYS_FILE: path });
    await expect(boot).rejects.toThrow(ConfigError);
    const error = (await boot.catch((caught: unknown) => caught)) as Error;
    expect(error.message).toMatch(/API_KEYS_FILE/);
    expect(error.message).not.toContain(KEY_D);
  });

  it("refuses to boot when the file repeats a key of API_KEYS for another tenant", async () => {
    // Otherwise one key would silently belong to whichever tenant happens to be listed first.
    const path = fileWith(`${KEY_A}:tenantB\n`);
    const outcome = await buildTestApp(store, { API_KEYS, API_KEYS_FILE: path }).then(
      (app) => {
        cleanups.push(() => app.close());
        return "booted";
      },
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(ConfigError);
    expect((outcome as Error).message).toMatch(/API_KEYS_FILE/);
  });
});

describe("malformed API_KEYS", () => {
  let store: Store;
  beforeEach(async () => {
    store = await memoryStoreFactory();
  });
  afterEach(async () => {
    await store.close();
  });

  const SECRET = "a-secret-looking-key-0123";
  it.each([
    ["a key of 15 characters", "fifteen-chars-k:tenantA"],
    ["a key of 257 characters", `${"k".repeat(257)}:tenantA`],
    ["a key with a space", "key with a space 0123:tenantA"],
    ["an entry without a colon", SECRET],
    ["an empty key", ":tenantA"],
    ["a tenant with a colon", `${SECRET}:tenant:A`],
    ["a tenant with a brace", `${SECRET}:tenant{A}`],
    ["a tenant with a slash", `${SECRET}:tenant/A`],
    ["an empty tenant", `${SECRET}:`],
    ["a tenant of 65 characters", `${SECRET}:${"t".repeat(65)}`],
    ["a repeated key", `${SECRET}:tenantA,${KEY_B}:tenantB,${SECRET}:tenantC`],
    ["a repeated key for the same tenant", `${SECRET}:tenantA,${SECRET}:tenantA`],
    ["an unknown scope", `${SECRET}:tenantA:owner`],
    ["a scope with more after it", `${SECRET}:tenantA:read:extra`],
    ["an empty scope", `${SECRET}:tenantA:`],
  ])("refuses to boot on %s with a ConfigError naming API_KEYS and not the key", async (_case, value) => {
    const boot = buildTestApp(store, { API_KEYS: value });
    await expect(boot).rejects.toThrow(ConfigError);
    const error = (await boot.catch((caught: unknown) => caught)) as Error;
    expect(error.message).toMatch(/^API_KEYS:/);
    expect(error.message).not.toContain(SECRET);
  });
});

describe("logs", () => {
  it("never contain a key, whether it was accepted, refused or sent with the wrong scheme", async () => {
    const lines: string[] = [];
    const store = await memoryStoreFactory();
    const app = await buildApp(testConfig({ API_KEYS }), {
      store,
      logger: { level: "trace", stream: { write: (line) => lines.push(line) } },
    });
    await app.ready();
    const nearMiss = `${KEY_B}-nearly`;
    try {
      const http = supertest(app.server);
      expect((await http.post("/tasks/t/lessons").set(bearer(KEY_A)).send(lesson("logged request"))).status).toBe(201);
      expect((await http.get("/tasks/t/lessons").set("authorization", `bearer ${KEY_B}`)).status).toBe(200);
      expect((await http.post("/tasks/t/lessons").set(bearer(KEY_A)).send({ tier: 9 })).status).toBe(400);
      expect((await http.get("/tasks/t/lessons").set(bearer(nearMiss))).status).toBe(401);
      expect((await http.get("/tasks/t/lessons").set("authorization", `Basic ${KEY_A}`)).status).toBe(401);
      expect((await http.get("/sessions/s/stats").set("authorization", `Bearer ${KEY_A} ${KEY_B}`)).status).toBe(401);
      expect((await http.get("/no/such/route").set(bearer(KEY_B))).status).toBe(404);
      expect((await http.get("/health/live").set(bearer(KEY_A))).status).toBe(200);

      const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(records.filter((record) => "req" in record).length).toBeGreaterThanOrEqual(8);
      expect(records.some((record) => record.code === "UNAUTHORIZED")).toBe(true);
      for (const secret of [KEY_A, KEY_B, nearMiss, Buffer.from(KEY_A).toString("base64")]) {
        expect(lines.filter((line) => line.includes(secret))).toEqual([]);
      }
    } finally {
      await app.close();
      await store.close();
    }
  });
});

describe("without API keys", () => {
  const ctx = useHttpApp(memoryStoreFactory);

  it("serves requests without Authorization, and data written without a key is read back without one", async () => {
    const created = await ctx.http.post("/tasks/open-task/lessons").send(lesson("written without a key"));
    expect(created.status).toBe(201);
    const read = await ctx.http.get(`/tasks/open-task/lessons/${created.body.lesson_id}`);
    expect(read.status).toBe(200);
    expect(read.body.error_message).toBe("written without a key");
    expect((await ctx.http.post("/sessions/open-session/tool-calls").send({ tool_name: "run", outcome: "success" })).status).toBe(201);
    expect((await ctx.http.get("/sessions/open-session/stats")).body).toMatchObject({ total_calls: 1 });
  });

  it("ignores an Authorization header: every request is the same tenant", async () => {
    expect((await ctx.http.post("/tasks/open-task/lessons").set(bearer(KEY_A)).send(lesson("sent with a key"))).status).toBe(201);
    for (const headers of [{}, bearer(KEY_B), { authorization: "Basic Zm9vOmJhcg==" }, { authorization: "nonsense" }]) {
      const list = await ctx.http.get("/tasks/open-task/lessons").set(headers);
      expect(list.status).toBe(200);
      expect(list.body.lessons.map((l: { error_message: string }) => l.error_message)).toEqual(["sent with a key"]);
    }
  });

  it("treats an empty API_KEYS as no keys", async () => {
    const store = await memoryStoreFactory();
    const app = await buildTestApp(store, { API_KEYS: "" });
    try {
      const response = await supertest(app.server).get("/tasks/t/lessons");
      expect(response.status).toBe(200);
      expect(response.headers["www-authenticate"]).toBeUndefined();
    } finally {
      await app.close();
      await store.close();
    }
  });
});

describe("Redis keys carry the tenant (redis store)", () => {
  const factory = redisStoreFactory();

  it("stores tenant A's task under {tenantA:task:…} and tenant B's session under {tenantB:session:…}", async () => {
    const store = await factory();
    const app = await buildTestApp(store, { API_KEYS });
    try {
      const http = supertest(app.server);
      expect((await http.post("/tasks/keyed-task/lessons").set(bearer(KEY_A)).send(lesson("keyed"))).status).toBe(201);
      expect((await http.post("/sessions/keyed-session/tool-calls").set(bearer(KEY_B)).send({ tool_name: "run", outcome: "failure" })).status).toBe(201);

      const keys = (await keysWritten(store)) ?? [];
      const taskKeys = keys.filter((key) => key.includes(":task:"));
      const sessionKeys = keys.filter((key) => key.includes(":session:"));
      expect(taskKeys.length).toBeGreaterThan(0);
      expect(sessionKeys.length).toBeGreaterThan(0);
      for (const key of taskKeys) expect(key).toContain("{tenantA:task:keyed-task}");
      for (const key of sessionKeys) expect(key).toContain("{tenantB:session:keyed-session}");
      expect(keys.filter((key) => key.includes("default"))).toEqual([]);
    } finally {
      await app.close();
      await store.close();
    }
  });

  it("stores data written without keys under the tenant default", async () => {
    const store = await factory();
    const app = await buildTestApp(store);
    try {
      expect((await supertest(app.server).post("/tasks/open-task/lessons").send(lesson("open"))).status).toBe(201);
      const keys = (await keysWritten(store)) ?? [];
      expect(keys.length).toBeGreaterThan(0);
      // The task's own keys, and the tenant's shared keys (its failure signatures).
      for (const key of keys) expect(key).toMatch(/\{default:task:open-task\}|\{default:shared\}/);
      expect(keys.some((key) => key.includes("{default:task:open-task}"))).toBe(true);
    } finally {
      await app.close();
      await store.close();
    }
  });
});
