// MCP's `tools/call` spans (the GenAI conventions for MCP): the tool, its arguments, `error.type = tool_error` for an isError result, the MCP session.
import type { Dialect, SpanView } from "../types.js";
import { textOf } from "../values.js";
import { executeToolDraft } from "./genai.js";

const SPAN_NAME_PREFIX = "tools/call ";
const SPAN_KIND_SERVER = 2;

export const mcpDialect: Dialect<SpanView> = {
  name: "mcp",
  claims: (span) => textOf(span.attributes, "mcp.method.name") === "tools/call",
  map(span) {
    // A server's span whose parent came over the wire has a client that traces the same call: that client's span is recorded.
    if (span.kind === SPAN_KIND_SERVER && span.parentSpanId !== "") return null;
    const draft = executeToolDraft(span);
    return {
      ...draft,
      toolName: draft.toolName !== "" ? draft.toolName : span.name.startsWith(SPAN_NAME_PREFIX) ? span.name.slice(SPAN_NAME_PREFIX.length) : "",
      sessionAttributes: ["mcp.session.id"],
      callId: textOf(span.attributes, "jsonrpc.request.id") ?? draft.callId ?? null,
    };
  },
};
