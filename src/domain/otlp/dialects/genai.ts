// The GenAI semantic conventions' `execute_tool` span: gen_ai.tool.name, its call's arguments and result, error.type on failure.
import { elapsedMillis, firstText, textOf } from "../values.js";
import type { Dialect, SpanView, ToolCallDraft } from "../types.js";
import { spanError } from "./span-errors.js";

const SPAN_NAME_PREFIX = "execute_tool ";

/** Whether the span is a GenAI tool execution (`gen_ai.operation.name = execute_tool`). */
export function isExecuteTool(span: SpanView): boolean {
  return textOf(span.attributes, "gen_ai.operation.name") === "execute_tool";
}

/** The draft every `execute_tool` span gives; the MCP, ADK and Strands dialects start from it. */
export function executeToolDraft(span: SpanView): ToolCallDraft {
  const error = spanError(span);
  const named = textOf(span.attributes, "gen_ai.tool.name");
  return {
    toolName: named ?? (span.name.startsWith(SPAN_NAME_PREFIX) ? span.name.slice(SPAN_NAME_PREFIX.length) : ""),
    arguments: span.attributes.get("gen_ai.tool.call.arguments"),
    result: span.attributes.get("gen_ai.tool.call.result"),
    failed: error.failed,
    errorType: error.errorType,
    errorMessage: error.errorMessage,
    durationMs: elapsedMillis(span.startNs, span.endNs),
    callId: firstText(span.attributes, ["gen_ai.tool.call.id"]),
  };
}

export const genAiDialect: Dialect<SpanView> = {
  name: "genai",
  claims: isExecuteTool,
  map: executeToolDraft,
};
