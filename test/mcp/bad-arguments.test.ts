// Bad MCP tool arguments: a tool error naming each offending field, with VALIDATION_FAILED as in the HTTP 400s, and nothing stored.
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { uniqueId } from "../helpers/fixtures.js";
import { memoryStoreFactory } from "../helpers/stores.js";
import { call, textOf, useMcpService } from "./service.js";

const failure = { attempt_number: 1, tier: 1, error_type: "TypeError", error_message: "boom" };

describe("MCP tool arguments", () => {
  const service = useMcpService(memoryStoreFactory);

  const nothingCaptured = async (task: string) =>
    expect((await service.http.get(`/tasks/${task}/lessons/stats`)).body).toMatchObject({ total_lessons: 0, total_captured: 0 });
  const noCalls = async (session: string) => expect((await service.http.get(`/sessions/${session}/stats`)).body).toMatchObject({ total_calls: 0 });

  it("names a missing required field, and stores nothing", async () => {
    const client = await service.connect();
    const task = uniqueId("task");
    const { error_type: _left, ...withoutType } = failure;
    const result = await call(client, "record_failure", { task_id: task, ...withoutType });
    expect(result.isError).toBe(true);
    // The wording is the routes' (src/schemas/messages.ts); the field and the code are this endpoint's promise.
    expect(textOf(result)).toMatch(/^VALIDATION_FAILED: error_type: \S/);
    expect(result.structuredContent).toEqual({
      code: "VALIDATION_FAILED",
      title: "Request validation failed",
      status: 400,
      detail: expect.stringMatching(/^error_type: /),
      errors: [{ field: "error_type", message: expect.any(String) }],
    });
    await nothingCaptured(task);
  });

  it("names a bad id, a bad value and an unknown field together", async () => {
    const client = await service.connect();
    const result = await call(client, "record_failure", { ...failure, task_id: "no spaces/or slashes", tier: 7, severity: "high" });
    expect(result.isError).toBe(true);
    const fields = (result.structuredContent as { errors: Array<{ field: string }> }).errors.map((error) => error.field);
    expect(fields.sort()).toEqual(["severity", "task_id", "tier"]);
    expect(textOf(result)).toMatch(/^VALIDATION_FAILED: /);
    expect(textOf(result)).toContain("task_id: must be 1-128 letters, digits, '.', '_', ':' or '-'");
    expect(textOf(result)).toContain("severity: is not a known field");
    expect((await service.http.get("/tasks")).body.tasks).toEqual([]);
  });

  it("refuses a tool call with an unknown outcome or a missing session id, recording nothing", async () => {
    const client = await service.connect();
    const session = uniqueId("session");
    const badOutcome = await call(client, "record_tool_call", { session_id: session, tool_name: "t", outcome: "exploded" });
    expect(badOutcome.isError).toBe(true);
    expect(textOf(badOutcome)).toMatch(/^VALIDATION_FAILED: outcome: /);
    const noSession = await call(client, "record_tool_call", { tool_name: "t", outcome: "success" });
    expect(textOf(noSession)).toMatch(/^VALIDATION_FAILED: session_id: \S/);
    await noCalls(session);
  });

  it("checks query options by the route's bounds, whatever JSON type they come as", async () => {
    const client = await service.connect();
    const session = uniqueId("session");
    const tooMany = await call(client, "get_procedural_memory", { session_id: session, max_recent_calls: 999 });
    expect(tooMany.isError).toBe(true);
    expect(textOf(tooMany)).toMatch(/^VALIDATION_FAILED: max_recent_calls: /);
    const notBoolean = await call(client, "get_procedural_memory", { session_id: session, include_args: "maybe" });
    expect(textOf(notBoolean)).toMatch(/^VALIDATION_FAILED: include_args: /);
    const badTool = await call(client, "get_context", { session_id: session, tools: ["ok", "not ok"] });
    expect(textOf(badTool)).toMatch(/^VALIDATION_FAILED: tools\.1: /);
  });

  it("asks get_context for a task or a session, as GET /context does", async () => {
    const client = await service.connect();
    const result = await call(client, "get_context", { max_tokens: 500 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe("VALIDATION_FAILED: task_id: give task_id, session_id or both");
  });

  it("refuses a resolution without an approach, leaving the task unresolved", async () => {
    const client = await service.connect();
    const task = uniqueId("task");
    const result = await call(client, "resolve_task", { task_id: task, attempt_number: 0, approach: "" });
    expect(result.isError).toBe(true);
    const fields = (result.structuredContent as { errors: Array<{ field: string }> }).errors.map((error) => error.field);
    expect(fields.sort()).toEqual(["approach", "attempt_number"]);
    expect((await service.http.get(`/tasks/${task}/resolution`)).status).toBe(404);
  });

  it("answers a tool it does not list with a protocol error, not a tool result", async () => {
    const client = await service.connect();
    const error = await call(client, "drop_database", {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).message).toContain("Tool drop_database not found");
  });
});
