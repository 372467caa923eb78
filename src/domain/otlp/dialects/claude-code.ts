// Claude Code's `claude_code.tool_result` log event: tool_name, success, duration_ms, error, decision, and the parameters when OTEL_LOG_TOOL_DETAILS=1.
import type { Dialect, LogView } from "../types.js";
import { decodedJson, flagOf, millisOf, textOf } from "../values.js";

const EVENT = "claude_code.tool_result";

function isClaudeCode(record: LogView): boolean {
  if (record.eventNames.has(EVENT)) return true;
  // Its event.name attribute says "tool_result" alone; the scope or the service names Claude Code.
  return record.eventNames.has("tool_result") && (record.scopeName.includes("claude_code") || textOf(record.resource, "service.name") === "claude-code");
}

/** An MCP tool under the name Claude Code's hooks give it (`mcp__server__tool`), so that the hooks, the proxy and this share one tool. */
function toolNameOf(record: LogView, parameters: unknown): string {
  const name = textOf(record.attributes, "tool_name") ?? "";
  if (typeof parameters !== "object" || parameters === null) return name;
  const { mcp_server_name: server, mcp_tool_name: tool } = parameters as Record<string, unknown>;
  return name === "mcp_tool" && typeof server === "string" && typeof tool === "string" ? `mcp__${server}__${tool}` : name;
}

export const claudeCodeDialect: Dialect<LogView> = {
  name: "claude-code",
  claims: isClaudeCode,
  map(record) {
    const parameters = decodedJson(record.attributes.get("tool_parameters"));
    const input = record.attributes.get("tool_input");
    const decision = textOf(record.attributes, "decision")?.toLowerCase() ?? null;
    const success = flagOf(record.attributes, "success");
    return {
      toolName: toolNameOf(record, parameters),
      arguments: input ?? parameters,
      failed: success === false,
      cancelled: decision === "reject",
      errorMessage: textOf(record.attributes, "error"),
      durationMs: millisOf(record.attributes, "duration_ms"),
      callId: textOf(record.attributes, "tool_use_id"),
    };
  },
};
