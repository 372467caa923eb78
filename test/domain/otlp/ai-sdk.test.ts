// The AI SDK's ai.toolCall spans (up to AI SDK 6): name, args and result attributes, status ERROR with the exception event.
import { describe, expect, it } from "vitest";
import { mapSpan } from "../../../src/domain/otlp/dialects/index.js";
import { spanView } from "./items.js";

const toolCall = (attributes: Record<string, unknown>, rest: Parameters<typeof spanView>[0] = {}) =>
  spanView({
    name: "ai.toolCall",
    attributes: { "operation.name": "ai.toolCall", "ai.operationId": "ai.toolCall", "ai.toolCall.name": "get_weather", "ai.toolCall.id": "call_1", ...attributes },
    ...rest,
  });

describe("the AI SDK ai.toolCall mapper", () => {
  it("takes the tool, its args and result", () => {
    expect(mapSpan(toolCall({ "ai.toolCall.args": '{"city":"Lisbon"}', "ai.toolCall.result": '{"temperature":21}' }))).toMatchObject({
      kind: "call",
      dialect: "ai-sdk",
      input: { tool_name: "get_weather", arguments: { city: "Lisbon" }, result: { temperature: 21 }, outcome: "success" },
    });
  });

  it("is a failure with the exception's type and message when the tool threw", () => {
    const failed = toolCall(
      { "ai.toolCall.args": '{"city":"Atlantis"}' },
      { status: { code: 2, message: "No weather station in Atlantis" }, events: [{ name: "exception", attributes: { "exception.type": "UnknownCityError", "exception.message": "No weather station in Atlantis" } }] },
    );
    expect(mapSpan(failed)).toMatchObject({ kind: "call", input: { outcome: "failure", error_type: "UnknownCityError", error_message: "No weather station in Atlantis" } });
  });

  it("takes the session from the telemetry metadata when the app sets one", () => {
    expect(mapSpan(toolCall({ "ai.telemetry.metadata.sessionId": "user-42-chat" }))).toMatchObject({ sessionId: "user-42-chat" });
  });
});
