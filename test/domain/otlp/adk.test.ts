// Google ADK's execute_tool spans: arguments and response under gcp.vertex.agent.*, and its session id.
import { describe, expect, it } from "vitest";
import { mapSpan } from "../../../src/domain/otlp/dialects/index.js";
import { spanView } from "./items.js";

describe("the ADK mapper", () => {
  it("reads the arguments and response ADK keeps under gcp.vertex.agent, in ADK's session", () => {
    const span = spanView({
      name: "execute_tool get_weather",
      scope: "gcp.vertex.agent",
      attributes: {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "get_weather",
        "gen_ai.tool.call.id": "adk-1f2e",
        "gcp.vertex.agent.tool_call_args": '{"city":"Lisbon"}',
        "gcp.vertex.agent.tool_response": '{"status":"success","report":"sunny"}',
        "gcp.vertex.agent.session_id": "adk-session-3",
      },
    });
    expect(mapSpan(span)).toMatchObject({
      kind: "call",
      dialect: "adk",
      sessionId: "adk-session-3",
      input: { tool_name: "get_weather", arguments: { city: "Lisbon" }, result: { status: "success", report: "sunny" }, outcome: "success" },
    });
  });
});
