// POST /mcp's JSON-RPC exchange as Streamable HTTP defines it: batches, notifications, refusals, and concurrent clients that reuse ids.
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { uniqueId } from "../helpers/fixtures.js";
import { expectProblem } from "../helpers/http.js";
import { memoryStoreFactory } from "../helpers/stores.js";
import { MCP_HEADERS, rpc, useMcpService } from "./service.js";

const KEY_A = "mcp-exchange-key-alpha-0123456789";
const KEY_B = "mcp-exchange-key-bravo-9876543210";
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const failure = (task_id: string, message: string) => ({ task_id, attempt_number: 1, tier: 1, error_type: "TypeError", error_message: message });
const initialize = (id = 1) =>
  rpc("initialize", { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "exchange-test", version: "1" } }, id);

describe("POST /mcp as a JSON-RPC exchange", () => {
  const service = useMcpService(memoryStoreFactory, { API_KEYS: `${KEY_A}:tenantA,${KEY_B}:tenantB` });
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    service.http.post("/mcp").set({ ...MCP_HEADERS, ...bearer(KEY_A), ...headers }).send(body as object);
  const lessonsOf = async (key: string, task: string) => (await service.http.get(`/tasks/${task}/lessons`).set(bearer(key))).body.lessons;

  it("negotiates initialize, and answers a ping", async () => {
    const response = await post(initialize(7));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ jsonrpc: "2.0", id: 7, result: { protocolVersion: LATEST_PROTOCOL_VERSION, serverInfo: { name: "agent-lessons" } } });
    expect(response.body.result.instructions).toContain("record_failure");
    expect((await post(rpc("ping", {}, "p-1"))).body).toEqual({ jsonrpc: "2.0", id: "p-1", result: {} });
  });

  it("answers a batch in the order of its requests, with each client id, and skips its notifications", async () => {
    const task = uniqueId("task");
    const response = await post([
      rpc("tools/call", { name: "record_failure", arguments: failure(task, "first of the batch") }, "b"),
      { jsonrpc: "2.0", method: "notifications/initialized" },
      rpc("tools/call", { name: "get_lessons_prompt", arguments: { task_id: task } }, "a"),
    ]);
    expect(response.status).toBe(200);
    expect(response.body.map((reply: { id: string }) => reply.id)).toEqual(["b", "a"]);
    expect(response.body[0].result.structuredContent).toMatchObject({ task_id: task });
    expect(await lessonsOf(KEY_A, task)).toHaveLength(1);
  });

  it("answers notifications alone with an empty 202", async () => {
    const response = await post([{ jsonrpc: "2.0", method: "notifications/initialized" }, { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 3 } }]);
    expect(response.status).toBe(202);
    expect(response.text).toBe("");
    expect(response.headers["x-request-id"]).toEqual(expect.any(String));
  });

  it("keeps the replies of concurrent clients apart when they use the same ids, each in its own tenant", async () => {
    const tasks = Array.from({ length: 20 }, () => uniqueId("task"));
    const responses = await Promise.all(
      tasks.map((task, i) => post(rpc("tools/call", { name: "record_failure", arguments: failure(task, `failure ${i}`) }, 1), bearer(i % 2 === 0 ? KEY_A : KEY_B))),
    );
    responses.forEach((response, i) => {
      expect(response.body.id).toBe(1);
      expect(response.body.result.structuredContent).toMatchObject({ task_id: tasks[i] });
    });
    for (const [i, task] of tasks.entries()) {
      const [owner, other] = i % 2 === 0 ? [KEY_A, KEY_B] : [KEY_B, KEY_A];
      expect((await lessonsOf(owner, task)).map((lesson: { error_message: string }) => lesson.error_message)).toEqual([`failure ${i}`]);
      expect(await lessonsOf(other, task)).toEqual([]);
    }
  });

  it("refuses what is no JSON-RPC, a second message beside initialize, an unknown protocol version, an oversized batch and a text body, running nothing", async () => {
    const task = uniqueId("task");
    const call = rpc("tools/call", { name: "record_failure", arguments: failure(task, "must not be stored") });
    const refusals: Array<[Promise<{ status: number; body: unknown; headers: Record<string, string> }>, number, number, RegExp]> = [
      [post({ jsonrpc: "1.0", id: 1, method: "tools/call" }), 400, -32700, /^Parse error: Invalid JSON-RPC message$/],
      [post([call, { hello: "world" }]), 400, -32700, /^Parse error: Invalid JSON-RPC message$/],
      [post([initialize(), call]), 400, -32600, /^Invalid Request: Only one initialization request is allowed$/],
      [post(call, { "mcp-protocol-version": "1999-01-01" }), 400, -32000, /^Bad Request: Unsupported protocol version: 1999-01-01 \(supported versions: /],
      [post(Array.from({ length: 101 }, (_, i) => rpc("ping", {}, i))), 400, -32600, /^Invalid Request: Batch must not exceed 100 messages$/],
    ];
    for (const [pending, status, code, message] of refusals) {
      const response = await pending;
      expect(response.status).toBe(status);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code, message: expect.stringMatching(message) } });
    }
    // A body that is not JSON never reaches the exchange: the API refuses it as it does on every route.
    const text = await service.http.post("/mcp").set({ ...bearer(KEY_A), accept: MCP_HEADERS.accept, "content-type": "text/plain" }).send(JSON.stringify(call));
    expect(expectProblem(text, 415).code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect(await lessonsOf(KEY_A, task)).toEqual([]);
  });

  it("answers an unknown method with the protocol's Method not found, under the client's id", async () => {
    const response = await post(rpc("resources/list", {}, 42));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ jsonrpc: "2.0", id: 42, error: { code: -32601 } });
  });
});
