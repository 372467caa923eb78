// Google ADK's `execute_tool` spans: the GenAI attributes, with the call's arguments and response under gcp.vertex.agent.* and its session id.
import type { Dialect, SpanView } from "../types.js";
import { executeToolDraft, isExecuteTool } from "./genai.js";

const ADK_PREFIX = "gcp.vertex.agent";

function isAdk(span: SpanView): boolean {
  if (span.scopeName.startsWith(ADK_PREFIX)) return true;
  for (const key of span.attributes.keys()) if (key.startsWith(`${ADK_PREFIX}.`)) return true;
  return false;
}

export const adkDialect: Dialect<SpanView> = {
  name: "adk",
  claims: (span) => isExecuteTool(span) && isAdk(span),
  map(span) {
    const draft = executeToolDraft(span);
    return {
      ...draft,
      arguments: draft.arguments ?? span.attributes.get(`${ADK_PREFIX}.tool_call_args`),
      result: draft.result ?? span.attributes.get(`${ADK_PREFIX}.tool_response`),
      sessionAttributes: [`${ADK_PREFIX}.session_id`],
    };
  },
};
