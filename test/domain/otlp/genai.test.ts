// The GenAI conventions' execute_tool span, mapped to the tool call a POST would carry.
import { describe, expect, it } from "vitest";
import { mapSpan } from "../../../src/domain/otlp/dialects/index.js";
import { TRACE_ID, spanView } from "./items.js";

const executeTool = (attributes: Record<string, unknown>, rest: Parameters<typeof spanView>[0] = {}) =>
  spanView({ name: "execute_tool search", attributes: { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "search", ...attributes }, ...rest });

describe("the GenAI execute_tool mapper", () => {
  it("takes the tool, its JSON arguments and result, and the span's duration", () => {
    const mapped = mapSpan(executeTool({ "gen_ai.tool.call.arguments": '{"q":"cats","limit":10}', "gen_ai.tool.call.result": '{"hits":3}', "gen_ai.conversation.id": "chat-1" }, { durationMs: 42 }));
    expect(mapped).toMatchObject({
      kind: "call",
      dialect: "genai",
      sessionId: "chat-1",
      input: { tool_name: "search", arguments: { q: "cats", limit: 10 }, result: { hits: 3 }, outcome: "success", execution_time_ms: 42 },
    });
  });

  it("is a failure with error.type's type and the exception's message when the span failed", () => {
    const mapped = mapSpan(
      executeTool(
        { "error.type": "ValueError" },
        { status: { code: 2, message: "status text" }, events: [{ name: "exception", attributes: { "exception.type": "builtins.ValueError", "exception.message": "limit must be positive" } }] },
      ),
    );
    expect(mapped).toMatchObject({ kind: "call", input: { outcome: "failure", error_type: "ValueError", error_message: "limit must be positive" } });
  });

  it("is a timeout when the error says it timed out", () => {
    const mapped = mapSpan(executeTool({}, { status: { code: 2, message: "Request timed out after 30s" } }));
    expect(mapped).toMatchObject({ kind: "call", input: { outcome: "timeout", error_type: "tool_error", error_message: "Request timed out after 30s" } });
  });

  it("falls back to session.id, then conversation.id, then the resource's, then the trace id", () => {
    expect(mapSpan(executeTool({ "session.id": "s-1", "conversation.id": "c-1" }))).toMatchObject({ sessionId: "s-1" });
    expect(mapSpan(executeTool({ "conversation.id": "c-1" }))).toMatchObject({ sessionId: "c-1" });
    expect(mapSpan(executeTool({}, { resource: { "session.id": "r-1" } }))).toMatchObject({ sessionId: "r-1" });
    expect(mapSpan(executeTool({}))).toMatchObject({ sessionId: TRACE_ID });
  });

  it("names the tool from the span when gen_ai.tool.name is missing, and wraps arguments that are no object", () => {
    const mapped = mapSpan(spanView({ name: "execute_tool web search", attributes: { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.call.arguments": "cats" } }));
    expect(mapped).toMatchObject({ kind: "call", input: { tool_name: "web_search", arguments: { input: "cats" } } });
  });

  it("keys a call by its trace and span ids, so the same span is the same key", () => {
    const first = mapSpan(executeTool({}, { spanId: "1111111111111111" }));
    const again = mapSpan(executeTool({}, { spanId: "1111111111111111" }));
    const other = mapSpan(executeTool({}, { spanId: "2222222222222222" }));
    expect(first.kind === "call" && again.kind === "call" && other.kind === "call").toBe(true);
    if (first.kind !== "call" || again.kind !== "call" || other.kind !== "call") return;
    expect(first.idempotencyKey).toBe(again.idempotencyKey);
    expect(first.idempotencyKey).not.toBe(other.idempotencyKey);
    expect(first.idempotencyKey).toMatch(/^otlp:[0-9a-f]{32}$/);
  });

  it("ignores spans that are not tool executions", () => {
    expect(mapSpan(spanView({ name: "chat gpt-4o", attributes: { "gen_ai.operation.name": "chat" } }))).toEqual({ kind: "ignored", dialect: "none" });
  });
});
