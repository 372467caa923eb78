// OpenInference TOOL spans (LangChain, LlamaIndex and others through Arize's instrumentations): tool.name, input.value, output.value, exceptions.
import type { Dialect, SpanView } from "../types.js";
import { elapsedMillis, textOf } from "../values.js";
import { spanError } from "./span-errors.js";

export const openInferenceDialect: Dialect<SpanView> = {
  name: "openinference",
  claims: (span) => textOf(span.attributes, "openinference.span.kind")?.toUpperCase() === "TOOL",
  map(span) {
    const error = spanError(span);
    // tool.parameters is the tool's schema, not the call: the call's arguments are its input.
    return {
      toolName: textOf(span.attributes, "tool.name") ?? span.name,
      arguments: span.attributes.get("input.value"),
      result: span.attributes.get("output.value"),
      failed: error.failed,
      errorType: error.errorType,
      errorMessage: error.errorMessage,
      durationMs: elapsedMillis(span.startNs, span.endNs),
      callId: textOf(span.attributes, "tool_call.id"),
    };
  },
};
