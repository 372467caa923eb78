// OpenInference TOOL spans: tool.name, the call's input.value (not tool.parameters, the schema), output.value and exceptions.
import { describe, expect, it } from "vitest";
import { mapSpan } from "../../../src/domain/otlp/dialects/index.js";
import { spanView } from "./items.js";

const toolSpan = (attributes: Record<string, unknown>, rest: Parameters<typeof spanView>[0] = {}) =>
  spanView({ name: "search_docs", attributes: { "openinference.span.kind": "TOOL", "tool.name": "search_docs", ...attributes }, ...rest });

describe("the OpenInference TOOL mapper", () => {
  it("takes the arguments from input.value, never from tool.parameters", () => {
    const mapped = mapSpan(
      toolSpan({ "input.value": '{"query":"refunds"}', "input.mime_type": "application/json", "tool.parameters": '{"type":"object"}', "output.value": "3 documents", "session.id": "conv-7" }),
    );
    expect(mapped).toMatchObject({ kind: "call", dialect: "openinference", sessionId: "conv-7", input: { tool_name: "search_docs", arguments: { query: "refunds" }, result: "3 documents", outcome: "success" } });
  });

  it("wraps a plain-text input, and is a failure with the exception's type", () => {
    const failed = toolSpan(
      { "input.value": "refunds" },
      { status: { code: 2 }, events: [{ name: "exception", attributes: { "exception.type": "KeyError", "exception.message": "'index'" } }] },
    );
    expect(mapSpan(failed)).toMatchObject({ kind: "call", input: { arguments: { input: "refunds" }, outcome: "failure", error_type: "KeyError", error_message: "'index'" } });
  });

  it("ignores its other span kinds", () => {
    expect(mapSpan(spanView({ name: "RetrievalQA", attributes: { "openinference.span.kind": "CHAIN" } }))).toEqual({ kind: "ignored", dialect: "none" });
  });
});
