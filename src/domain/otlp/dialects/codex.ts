// Codex's `codex.tool_result` log event: tool_name, call_id, arguments, duration_ms, success and output; the session is its conversation.id.
import type { Dialect, LogView } from "../types.js";
import { flagOf, millisOf, textOf } from "../values.js";

export const codexDialect: Dialect<LogView> = {
  name: "codex",
  claims: (record) => record.eventNames.has("codex.tool_result"),
  map(record) {
    const failed = flagOf(record.attributes, "success") === false;
    const output = textOf(record.attributes, "output");
    return {
      toolName: textOf(record.attributes, "tool_name") ?? "",
      arguments: record.attributes.get("arguments"),
      result: output,
      failed,
      // Codex says no more of a failure than its output.
      errorMessage: failed ? output : null,
      durationMs: millisOf(record.attributes, "duration_ms"),
      callId: textOf(record.attributes, "call_id"),
    };
  },
};
