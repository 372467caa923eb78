// Gemini CLI's gemini_cli.tool_call log event, mapped to a tool call.
import { describe, expect, it } from "vitest";
import { mapLogRecord } from "../../../src/domain/otlp/dialects/index.js";
import { logView } from "./items.js";

const toolCall = (attributes: Record<string, unknown>) =>
  logView({ attributes: { "event.name": "gemini_cli.tool_call", "session.id": "gem-1", function_name: "read_file", duration_ms: 12, ...attributes } });

describe("the Gemini CLI tool_call mapper", () => {
  it("takes the function, its arguments and time", () => {
    expect(mapLogRecord(toolCall({ function_args: '{"absolute_path":"/src/a.ts"}', success: true, decision: "auto_accept" }))).toMatchObject({
      kind: "call",
      dialect: "gemini-cli",
      sessionId: "gem-1",
      input: { tool_name: "read_file", arguments: { absolute_path: "/src/a.ts" }, outcome: "success", execution_time_ms: 12 },
    });
  });

  it("is a failure with its error_type and error", () => {
    expect(mapLogRecord(toolCall({ function_args: "{}", success: false, error: "File not found: /src/b.ts", error_type: "file_not_found" }))).toMatchObject({
      kind: "call",
      input: { outcome: "failure", error_type: "file_not_found", error_message: "File not found: /src/b.ts" },
    });
  });

  it("is cancelled when the person rejected the call", () => {
    expect(mapLogRecord(toolCall({ success: false, decision: "reject" }))).toMatchObject({ kind: "call", input: { outcome: "cancelled" } });
  });
});
