// POST /mcp as an HTTP endpoint: the API's keys and tenants, its rate limit, headers and logs on hijacked replies, idempotency, docs and shutdown.
import type { AddressInfo } from "node:net";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import supertest from "supertest";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { StoreUnavailableError } from "../../src/errors.js";
import type { Store } from "../../src/storage/port.js";
import { testConfig } from "../helpers/app.js";
import { uniqueId } from "../helpers/fixtures.js";
import { expectProblem } from "../helpers/http.js";
import { windowStartingNow } from "../helpers/rate-windows.js";
import { memoryStoreFactory } from "../helpers/stores.js";
import { MCP_HEADERS, call, connectClient, rpc, textOf, useMcpService } from "./service.js";

const KEY_A = "mcp-test-key-alpha-0123456789ab";
const KEY_B = "mcp-test-key-bravo-9876543210ba";
const API_KEYS = `${KEY_A}:tenantA,${KEY_B}:tenantB`;
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

const failure = (task_id: string, message: string) => ({ task_id, attempt_number: 1, tier: 1, error_type: "TypeError", error_message: message });
const recordFailure = (task_id: string, message: string) => rpc("tools/call", { name: "record_failure", arguments: failure(task_id, message) });

describe("POST /mcp with API keys", () => {
  const service = useMcpService(memoryStoreFactory, { API_KEYS });
  const post = (body: unknown, headers: Record<string, string> = {}) => service.http.post("/mcp").set({ ...MCP_HEADERS, ...headers }).send(body as object);

  it("refuses a client without a key, or with a wrong one, with the API's 401 before any tool runs", async () => {
    for (const key of [undefined, "mcp-test-key-unknown-000000000"]) {
      const error = await connectClient(service.url, key).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(StreamableHTTPError);
      expect((error as StreamableHTTPError).code).toBe(401);
    }
    const task = uniqueId("task");
    const refused = await post(recordFailure(task, "sent without a key"));
    expect(expectProblem(refused, 401).code).toBe("UNAUTHORIZED");
    expect(refused.headers["www-authenticate"]).toMatch(/^Bearer /);
    const wrong = await post(recordFailure(task, "sent with a wrong key"), bearer(`${KEY_A}x`));
    expect(expectProblem(wrong, 401).code).toBe("UNAUTHORIZED");
    expect((await service.http.get(`/tasks/${task}/lessons/stats`).set(bearer(KEY_A))).body).toMatchObject({ total_captured: 0 });
    expect((await service.http.get(`/tasks/${task}/lessons/stats`).set(bearer(KEY_B))).body).toMatchObject({ total_captured: 0 });
  });

  it("keeps each key's tenant apart, over MCP and over HTTP alike", async () => {
    const [alpha, bravo] = [await service.connect(KEY_A), await service.connect(KEY_B)];
    const task = uniqueId("task");
    const session = uniqueId("session");
    await call(alpha, "record_failure", failure(task, "alpha's failure"));
    await call(alpha, "record_tool_call", { session_id: session, tool_name: "search", arguments: { q: 1 }, outcome: "failure", error_type: "Bad" });
    await call(alpha, "record_tool_call", { session_id: session, tool_name: "search", arguments: { q: 2 }, outcome: "success" });

    expect(textOf(await call(alpha, "get_lessons_prompt", { task_id: task }))).toContain("alpha's failure");
    expect((await call(bravo, "get_lessons_prompt", { task_id: task })).structuredContent).toEqual({ task_id: task, lesson_count: 0, prompt: "" });
    expect((await call(bravo, "get_procedural_memory", { session_id: session })).structuredContent).toEqual({ session_id: session, prompt: "" });
    expect((await call(alpha, "get_tool_fix", { tool_name: "search", error_type: "Bad" })).isError).toBeFalsy();
    expect(textOf(await call(bravo, "get_tool_fix", { tool_name: "search", error_type: "Bad" }))).toMatch(/^NOT_FOUND: /);

    // The same key reaches the same tenant over HTTP; the other key does not see it.
    expect((await service.http.get(`/tasks/${task}/lessons`).set(bearer(KEY_A))).body.lessons).toHaveLength(1);
    expect((await service.http.get(`/tasks/${task}/lessons`).set(bearer(KEY_B))).body.lessons).toHaveLength(0);
    // And what B records stays B's.
    await call(bravo, "record_failure", failure(task, "bravo's failure"));
    expect(textOf(await call(alpha, "get_lessons_prompt", { task_id: task }))).not.toContain("bravo's failure");
  });

  it("answers with the security headers, the request id and the rate-limit headers the other routes send", async () => {
    const response = await post(rpc("tools/list"), { ...bearer(KEY_A), "x-request-id": "agent-7.mcp-1" });
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.body.result.tools).toHaveLength(9);
    expect(response.headers["x-request-id"]).toBe("agent-7.mcp-1");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["strict-transport-security"]).toEqual(expect.any(String));
    expect(response.headers["x-ratelimit-limit"]).toEqual(expect.any(String));
    expect(response.headers["x-ratelimit-remaining"]).toEqual(expect.any(String));
    // Stateless: the server hands out no session.
    expect(response.headers["mcp-session-id"]).toBeUndefined();
  });

  it("runs every POST, Idempotency-Key or not: MCP requests are not replayed", async () => {
    const task = uniqueId("task");
    const headers = { ...bearer(KEY_A), "idempotency-key": "same-key-twice" };
    for (const _ of [1, 2]) {
      const response = await post(recordFailure(task, "recorded twice"), headers);
      expect(response.status).toBe(200);
      expect(response.headers["idempotent-replayed"]).toBeUndefined();
      expect(response.body.result.isError).toBeUndefined();
    }
    expect((await service.http.get(`/tasks/${task}/lessons/stats`).set(bearer(KEY_A))).body).toMatchObject({ total_captured: 2 });
  });

  it("leaves the transport's own refusals to the transport: a client that cannot take JSON and SSE gets 406", async () => {
    const response = await service.http.post("/mcp").set(bearer(KEY_A)).set("accept", "application/json").send(rpc("tools/list"));
    expect(response.status).toBe(406);
    expect(response.body).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 } });
    expect(response.headers["x-request-id"]).toEqual(expect.any(String));
  });

  it("is left out of the OpenAPI document", async () => {
    const document = await service.http.get("/openapi.json");
    expect(document.status).toBe(200);
    expect(Object.keys(document.body.paths)).not.toContain("/mcp");
  });
});

describe("POST /mcp under the rate limit", () => {
  // The window starts with the test, so its three requests never straddle two windows.
  const service = useMcpService(memoryStoreFactory, { API_KEYS, RATE_LIMIT_MAX: "2" }, { clock: windowStartingNow(60_000) });

  it("counts MCP requests against the tenant's budget like any other request", async () => {
    const post = () => service.http.post("/mcp").set({ ...MCP_HEADERS, ...bearer(KEY_A) }).send(rpc("tools/list"));
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    const limited = await post();
    expect(expectProblem(limited, 429).code).toBe("RATE_LIMITED");
    // The other tenant's budget is its own.
    expect((await service.http.post("/mcp").set({ ...MCP_HEADERS, ...bearer(KEY_B) }).send(rpc("tools/list"))).status).toBe(200);
  });
});

/** The service on a port over `store`, with its log lines kept. */
async function startOn(store: Store) {
  const lines: string[] = [];
  const app = await buildApp(testConfig(), { store, logger: { level: "info", stream: { write: (line) => lines.push(line) } } });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { app, url, lines };
}

/** The store, except that its task reads wait until released; `reading` settles when one waits. */
function holdingReads(store: Store) {
  let release = () => {};
  let reached = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const reading = new Promise<void>((resolve) => (reached = resolve));
  const holding: Store = {
    ...store,
    taskWithKnownFixes: async (...args: Parameters<Store["taskWithKnownFixes"]>) => {
      reached();
      await held;
      return store.taskWithKnownFixes(...args);
    },
  };
  return { holding, release, reading };
}

/** The store, except that its task reads fail with `error`. */
function failingReads(store: Store, error: Error): Store {
  return {
    ...store,
    taskWithKnownFixes: async () => {
      throw error;
    },
  };
}

describe("POST /mcp and the server's lifecycle", () => {
  it("logs one 'request completed' line per MCP request, with its status", async () => {
    const store = await memoryStoreFactory();
    const { app, url, lines } = await startOn(store);
    try {
      const client = await connectClient(url);
      await call(client, "get_lessons_prompt", { task_id: "logged-task" });
      await client.close();
      const completed = lines
        .map((line) => JSON.parse(line) as { msg: string; req?: { url: string; method: string }; res?: { statusCode: number } })
        .filter((record) => record.msg === "request completed" && record.req?.method === "POST" && record.req.url === "/mcp");
      // initialize (200), notifications/initialized (202), tools/call (200).
      expect(completed.map((record) => record.res?.statusCode)).toEqual([200, 202, 200]);
    } finally {
      await app.close();
      await store.close();
    }
  });

  it("closes the connection of an MCP request in flight when the server starts shutting down, and still answers it", async () => {
    const store = await memoryStoreFactory();
    const { holding, release, reading } = holdingReads(store);
    const { app, url } = await startOn(holding);
    let closing: Promise<void> | undefined;
    try {
      const pending = supertest(url)
        .post("/mcp")
        .set(MCP_HEADERS)
        .send(rpc("tools/call", { name: "get_lessons_prompt", arguments: { task_id: "in-flight" } }))
        .then((response) => response);
      await reading;
      closing = app.close();
      // The held read goes on once the preClose hooks have run: the server stops listening right after them.
      // (Node also marks responses "Connection: close" once the server itself closes.)
      await expect.poll(() => app.server.listening, { interval: 5 }).toBe(false);
      release();
      const response = await pending;
      expect(response.status).toBe(200);
      expect(response.headers.connection).toBe("close");
      expect(response.body.result.content[0].text).toBe("Task 'in-flight' has no recorded failures yet.");
    } finally {
      release();
      await (closing ?? app.close());
      await store.close();
    }
  });
});

describe("POST /mcp when the store fails", () => {
  it("turns an outage into a STORE_UNAVAILABLE tool error, and anything unexpected into INTERNAL without its details", async () => {
    for (const [error, expected] of [
      [new StoreUnavailableError(new Error("connect ECONNREFUSED 10.0.0.7:6379")), "STORE_UNAVAILABLE: The data store is unavailable; retry shortly."],
      [new Error("disk on fire under /var/lib/secret"), "INTERNAL: The server could not complete the request."],
    ] as const) {
      const store = await memoryStoreFactory();
      const { app, url, lines } = await startOn(failingReads(store, error));
      try {
        const client = await connectClient(url);
        const result = await call(client, "get_lessons_prompt", { task_id: "any-task" });
        await client.close();
        expect(result.isError).toBe(true);
        expect(textOf(result)).toBe(expected);
        expect(JSON.stringify(result)).not.toMatch(/ECONNREFUSED|secret|stack|\.[jt]s:\d+/);
        // The operator still finds the cause in the log.
        expect(lines.some((line) => line.includes("mcp tool failed") && line.includes(error.message))).toBe(true);
      } finally {
        await app.close();
        await store.close();
      }
    }
  });
});
