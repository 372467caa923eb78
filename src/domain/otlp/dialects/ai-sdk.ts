// The Vercel AI SDK's `ai.toolCall` spans (up to AI SDK 6): ai.toolCall.name, .id, .args and .result; status ERROR with an exception event on failure.
import type { Dialect, SpanView } from "../types.js";
import { elapsedMillis, textOf } from "../values.js";
import { spanError } from "./span-errors.js";

const OPERATION = "ai.toolCall";
// experimental_telemetry.metadata reaches every span as ai.telemetry.metadata.<key>.
const METADATA = "ai.telemetry.metadata";

export const aiSdkDialect: Dialect<SpanView> = {
  name: "ai-sdk",
  claims: (span) => span.name === OPERATION || textOf(span.attributes, "ai.operationId") === OPERATION,
  map(span) {
    const error = spanError(span);
    return {
      toolName: textOf(span.attributes, "ai.toolCall.name") ?? "",
      arguments: span.attributes.get("ai.toolCall.args"),
      result: span.attributes.get("ai.toolCall.result"),
      failed: error.failed,
      errorType: error.errorType,
      errorMessage: error.errorMessage,
      durationMs: elapsedMillis(span.startNs, span.endNs),
      sessionAttributes: [`${METADATA}.sessionId`, `${METADATA}.session_id`, `${METADATA}.conversationId`],
      callId: textOf(span.attributes, "ai.toolCall.id"),
    };
  },
};
