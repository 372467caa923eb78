// Strands Agents' `execute_tool` spans: the outcome in gen_ai.tool.status, and (in its older form) the input and result as span events.
import type { Dialect, SpanView } from "../types.js";
import { textOf } from "../values.js";
import { executeToolDraft, isExecuteTool } from "./genai.js";

function eventText(span: SpanView, event: string, attribute: string): string | null {
  const found = span.events.find((candidate) => candidate.name === event);
  return found ? textOf(found.attributes, attribute) : null;
}

export const strandsDialect: Dialect<SpanView> = {
  name: "strands",
  claims: (span) => isExecuteTool(span) && (span.attributes.has("gen_ai.tool.status") || span.scopeName.startsWith("strands")),
  map(span) {
    const draft = executeToolDraft(span);
    const status = textOf(span.attributes, "gen_ai.tool.status")?.toLowerCase() ?? null;
    return {
      ...draft,
      arguments: draft.arguments ?? eventText(span, "gen_ai.tool.message", "content"),
      result: draft.result ?? eventText(span, "gen_ai.choice", "message"),
      failed: draft.failed || status === "error",
    };
  },
};
