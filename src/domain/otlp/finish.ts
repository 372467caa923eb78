// Turns a dialect's draft into the tool call a POST would carry, with its session, its start time and an idempotency key.
import { createHash } from "node:crypto";
import { canonicalJson } from "../tools/arguments.js";
import type { ToolCallInput } from "../tools/types.js";
import { CALL_LIMITS, fitArguments, fitText } from "./fit.js";
import type { ItemView, MappedItem, ToolCallDraft } from "./types.js";
import { decodedJson, errorTypeFromText, firstText, idOf, saysTimeout, textOf } from "./values.js";

/** Where a call's session comes from, in this order, before the dialect's own names and the trace id. */
export const SESSION_ATTRIBUTES = ["gen_ai.conversation.id", "session.id", "conversation.id"] as const;

/** The session: the item's own attributes, then the dialect's, then the resource's, then the trace id. */
function sessionOf(item: ItemView, extra: readonly string[]): string | null {
  const named =
    firstText(item.attributes, SESSION_ATTRIBUTES) ?? firstText(item.attributes, extra) ?? firstText(item.resource, SESSION_ATTRIBUTES);
  if (named !== null) return idOf(named);
  return item.traceId === "" ? null : item.traceId;
}

/**
 * The same item always gets the same key, so an exporter's retry is answered, never counted again: a
 * span by its trace and span ids; a log record by its `log.record.uid`, else the dialect's call id,
 * else its whole content.
 */
function idempotencyKeyOf(item: ItemView, draft: ToolCallDraft, isSpan: boolean): string {
  const uid = textOf(item.attributes, "log.record.uid");
  const identity =
    isSpan && item.spanId !== ""
      ? ["span", item.traceId, item.spanId]
      : uid !== null
        ? ["uid", uid]
        : draft.callId
          ? ["call", draft.toolName, draft.callId]
          : ["record", canonicalJson("fingerprintSource" in item ? item.fingerprintSource : null)];
  return `otlp:${createHash("sha256").update(identity.join("\n")).digest("hex").slice(0, 32)}`;
}

function outcomeOf(draft: ToolCallDraft, errorType: string | null, errorMessage: string | null): ToolCallInput["outcome"] {
  if (draft.cancelled) return "cancelled";
  if (draft.failed !== true) return "success";
  return saysTimeout(errorType, errorMessage) ? "timeout" : "failure";
}

/** The draft as a call to record, or the reason it cannot be recorded. */
export function finishCall(dialect: string, item: ItemView, draft: ToolCallDraft, isSpan: boolean): MappedItem {
  const toolName = idOf(draft.toolName);
  if (toolName === null) return { kind: "refused", dialect, reason: "the tool call names no tool" };
  const sessionId = sessionOf(item, draft.sessionAttributes ?? []);
  if (sessionId === null) return { kind: "refused", dialect, reason: `${toolName}: no session (no session.id, conversation id or trace id)` };
  const fitted = fitArguments(decodedJson(draft.arguments));
  if ("refused" in fitted) return { kind: "refused", dialect, reason: `${toolName}: ${fitted.refused}` };
  const sentType = fitText(draft.errorType, CALL_LIMITS.errorTypeChars);
  const errorMessage = fitText(draft.errorMessage, CALL_LIMITS.errorMessageChars);
  const outcome = outcomeOf(draft, sentType, errorMessage);
  const failed = outcome === "failure" || outcome === "timeout";
  const errorType = failed ? (sentType ?? fitText(errorTypeFromText(errorMessage), CALL_LIMITS.errorTypeChars) ?? "tool_error") : null;
  const input: ToolCallInput = {
    tool_name: toolName,
    arguments: fitted.arguments,
    outcome,
    ...(draft.result !== undefined && draft.result !== null ? { result: decodedJson(draft.result) } : {}),
    ...(errorType !== null ? { error_type: errorType } : {}),
    ...(failed && errorMessage !== null ? { error_message: errorMessage } : {}),
    ...(typeof draft.durationMs === "number" && Number.isFinite(draft.durationMs) && draft.durationMs >= 0 ? { execution_time_ms: Math.round(draft.durationMs) } : {}),
  };
  return { kind: "call", dialect, sessionId, startNs: item.startNs ?? 0n, input, idempotencyKey: idempotencyKeyOf(item, draft, isSpan) };
}
