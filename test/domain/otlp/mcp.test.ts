// MCP tools/call spans: the tool, an isError result as a failure, the MCP session, and a server span left to its traced client.
import { describe, expect, it } from "vitest";
import { mapSpan } from "../../../src/domain/otlp/dialects/index.js";
import { spanView } from "./items.js";

const toolsCall = (rest: Parameters<typeof spanView>[0] = {}, attributes: Record<string, unknown> = {}) =>
  spanView({
    name: "tools/call get_weather",
    kind: 3,
    attributes: { "mcp.method.name": "tools/call", "gen_ai.operation.name": "execute_tool", "mcp.session.id": "mcp-abc", "jsonrpc.request.id": "7", "gen_ai.tool.call.arguments": '{"city":"Lisbon"}', ...attributes },
    ...rest,
  });

describe("the MCP tools/call mapper", () => {
  it("names the tool from the span name when gen_ai.tool.name is missing, in the MCP session", () => {
    expect(mapSpan(toolsCall())).toMatchObject({ kind: "call", dialect: "mcp", sessionId: "mcp-abc", input: { tool_name: "get_weather", arguments: { city: "Lisbon" }, outcome: "success" } });
  });

  it("is a tool_error failure for a result with isError", () => {
    expect(mapSpan(toolsCall({ status: { code: 2, message: "city not found" } }, { "error.type": "tool_error" }))).toMatchObject({
      kind: "call",
      input: { outcome: "failure", error_type: "tool_error", error_message: "city not found" },
    });
  });

  it("prefers the conversation id to the MCP session", () => {
    expect(mapSpan(toolsCall({}, { "gen_ai.conversation.id": "chat-9" }))).toMatchObject({ sessionId: "chat-9" });
  });

  it("leaves a server's span whose parent came over the wire to the client's span, and records a server's root span", () => {
    expect(mapSpan(toolsCall({ kind: 2, parentSpanId: "aaaaaaaaaaaaaaaa" }))).toEqual({ kind: "ignored", dialect: "mcp" });
    expect(mapSpan(toolsCall({ kind: 2 }))).toMatchObject({ kind: "call", dialect: "mcp" });
  });
});
