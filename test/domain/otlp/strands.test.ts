// Strands Agents' execute_tool spans: gen_ai.tool.status says the outcome; the input and result may come as span events.
import { describe, expect, it } from "vitest";
import { mapSpan } from "../../../src/domain/otlp/dialects/index.js";
import { spanView } from "./items.js";

const strandsSpan = (status: string, events: Parameters<typeof spanView>[0]["events"] = []) =>
  spanView({ name: "execute_tool calculator", scope: "strands.telemetry.tracer", attributes: { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "calculator", "gen_ai.tool.status": status }, events });

describe("the Strands mapper", () => {
  it("is a failure when gen_ai.tool.status says error, even with the span's status unset", () => {
    expect(mapSpan(strandsSpan("error"))).toMatchObject({ kind: "call", dialect: "strands", input: { outcome: "failure", error_type: "tool_error" } });
    expect(mapSpan(strandsSpan("success"))).toMatchObject({ kind: "call", input: { outcome: "success" } });
  });

  it("reads the input and result from the tool message and choice events", () => {
    const span = strandsSpan("success", [
      { name: "gen_ai.tool.message", attributes: { role: "tool", content: '{"expression":"2+2"}', id: "tooluse_1" } },
      { name: "gen_ai.choice", attributes: { message: '[{"text":"4"}]', id: "tooluse_1" } },
    ]);
    expect(mapSpan(span)).toMatchObject({ kind: "call", input: { arguments: { expression: "2+2" }, result: [{ text: "4" }] } });
  });
});
