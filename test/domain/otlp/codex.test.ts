// Codex's codex.tool_result log event, mapped to a tool call in its conversation.
import { describe, expect, it } from "vitest";
import { mapLogRecord } from "../../../src/domain/otlp/dialects/index.js";
import { logView } from "./items.js";

const toolResult = (attributes: Record<string, unknown>) =>
  logView({ attributes: { "event.name": "codex.tool_result", "conversation.id": "codex-conv-1", tool_name: "shell", call_id: "call_9", duration_ms: 310, ...attributes } });

describe("the Codex tool_result mapper", () => {
  it("takes the tool, its arguments and output, in the conversation", () => {
    expect(mapLogRecord(toolResult({ arguments: '{"command":["ls"]}', success: "true", output: "README.md" }))).toMatchObject({
      kind: "call",
      dialect: "codex",
      sessionId: "codex-conv-1",
      input: { tool_name: "shell", arguments: { command: ["ls"] }, result: "README.md", outcome: "success", execution_time_ms: 310 },
    });
  });

  it("is a failure whose message is the output when success is false", () => {
    expect(mapLogRecord(toolResult({ arguments: "{}", success: "false", output: "PermissionError: /etc/shadow" }))).toMatchObject({
      kind: "call",
      input: { outcome: "failure", error_type: "PermissionError", error_message: "PermissionError: /etc/shadow" },
    });
  });
});
