// Gemini CLI's `gemini_cli.tool_call` log event: function_name, function_args, duration_ms, success, decision, error and error_type.
import type { Dialect, LogView } from "../types.js";
import { flagOf, millisOf, textOf } from "../values.js";

export const geminiCliDialect: Dialect<LogView> = {
  name: "gemini-cli",
  claims: (record) => record.eventNames.has("gemini_cli.tool_call"),
  map(record) {
    const decision = textOf(record.attributes, "decision")?.toLowerCase() ?? null;
    return {
      toolName: textOf(record.attributes, "function_name") ?? "",
      arguments: record.attributes.get("function_args"),
      failed: flagOf(record.attributes, "success") === false,
      cancelled: decision === "reject",
      errorType: textOf(record.attributes, "error_type"),
      errorMessage: textOf(record.attributes, "error"),
      durationMs: millisOf(record.attributes, "duration_ms"),
      callId: textOf(record.attributes, "call_id"),
    };
  },
};
