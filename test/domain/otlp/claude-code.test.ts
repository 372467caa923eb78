// Claude Code's claude_code.tool_result log event, mapped to a tool call.
import { describe, expect, it } from "vitest";
import { mapLogRecord } from "../../../src/domain/otlp/dialects/index.js";
import { logView } from "./items.js";

const toolResult = (attributes: Record<string, unknown>) =>
  logView({
    body: "claude_code.tool_result",
    scope: "com.anthropic.claude_code.events",
    resource: { "service.name": "claude-code" },
    attributes: { "event.name": "tool_result", "session.id": "cc-session-1", tool_name: "Bash", duration_ms: "840", ...attributes },
  });

describe("the Claude Code tool_result mapper", () => {
  it("takes the tool, its parameters and time, in Claude Code's session", () => {
    const mapped = mapLogRecord(toolResult({ success: "true", tool_parameters: '{"bash_command":"ls","full_command":"ls -la"}' }));
    expect(mapped).toMatchObject({ kind: "call", dialect: "claude-code", sessionId: "cc-session-1", input: { tool_name: "Bash", arguments: { bash_command: "ls", full_command: "ls -la" }, outcome: "success", execution_time_ms: 840 } });
  });

  it("is a failure with the error's exit code as its type when success is false", () => {
    expect(mapLogRecord(toolResult({ success: "false", error: "Exit code 127\ncommand not found: pnpm" }))).toMatchObject({
      kind: "call",
      input: { outcome: "failure", error_type: "exit_code_127", error_message: "Exit code 127\ncommand not found: pnpm" },
    });
  });

  it("is cancelled when the person rejected the tool", () => {
    expect(mapLogRecord(toolResult({ success: "false", decision: "reject" }))).toMatchObject({ kind: "call", input: { outcome: "cancelled" } });
  });

  it("names an MCP tool as the hooks do, mcp__server__tool", () => {
    expect(mapLogRecord(toolResult({ tool_name: "mcp_tool", success: "true", tool_parameters: '{"mcp_server_name":"github","mcp_tool_name":"create_issue"}' }))).toMatchObject({
      input: { tool_name: "mcp__github__create_issue" },
    });
  });

  it("keys a record by its tool_use_id when it has one, else by its content", () => {
    const keyOf = (attributes: Record<string, unknown>) => {
      const mapped = mapLogRecord(toolResult({ success: "true", ...attributes }));
      return mapped.kind === "call" ? mapped.idempotencyKey : null;
    };
    expect(keyOf({ tool_use_id: "toolu_1" })).toBe(keyOf({ tool_use_id: "toolu_1", duration_ms: "1" }));
    expect(keyOf({})).toBe(keyOf({}));
    expect(keyOf({})).not.toBe(keyOf({ duration_ms: "1" }));
  });

  it("ignores Claude Code's other events", () => {
    expect(mapLogRecord(logView({ body: "claude_code.api_request", attributes: { "event.name": "api_request" } }))).toEqual({ kind: "ignored", dialect: "none" });
  });
});
