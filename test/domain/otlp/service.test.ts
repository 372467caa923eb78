// The capture service: calls of a session recorded one by one in start-time order, sessions side by side, and what it tells the exporter.
import { describe, expect, it } from "vitest";
import { createOtlpCaptureService, type OtlpCaptureDeps } from "../../../src/domain/otlp/service.js";
import { AppError, StoreUnavailableError } from "../../../src/errors.js";
import type { SessionRef } from "../../../src/domain/refs.js";
import type { ToolCallInput } from "../../../src/domain/tools/types.js";
import { keyValues, otlpSpan } from "./items.js";

const toolSpan = (session: string, spanId: string, startMs: number, args: object) =>
  otlpSpan({ spanId, startMs, attributes: { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "lookup", "gen_ai.conversation.id": session, "gen_ai.tool.call.arguments": JSON.stringify(args) } });

const exportOf = (...spans: ReturnType<typeof otlpSpan>[]) => ({ resourceSpans: [{ resource: { attributes: keyValues({}) }, scopeSpans: [{ spans }] }] });

function recorder(fail: (input: ToolCallInput) => Error | null = () => null) {
  const recorded: Array<{ session: string; args: unknown }> = [];
  const counted: string[] = [];
  const deps: OtlpCaptureDeps = {
    tools: {
      record: async (session: SessionRef, input: ToolCallInput) => {
        await new Promise((resolve) => setImmediate(resolve));
        const error = fail(input);
        if (error) throw error;
        recorded.push({ session: session.sessionId, args: input.arguments });
        return { call: {} as never, replayed: false, redactions: 0 };
      },
    },
    validate: (input) => (input.tool_name === "lookup" ? null : "tool_name: not allowed here"),
    count: (signal, dialect, verdict, items) => counted.push(`${signal} ${dialect} ${verdict} ${items}`),
  };
  return { recorded, counted, capture: createOtlpCaptureService(deps) };
}

describe("the OTLP capture service", () => {
  it("records each session's calls in the order they started, whatever order the request holds them in", async () => {
    const { recorded, capture } = recorder();
    const result = await capture.traces("t", exportOf(toolSpan("a", "0000000000000003", 30, { n: 3 }), toolSpan("b", "0000000000000004", 5, { n: 4 }), toolSpan("a", "0000000000000001", 10, { n: 1 }), toolSpan("a", "0000000000000002", 20, { n: 2 })));
    expect(result).toEqual({ accepted: 4, ignored: 0, refused: 0, reasons: [] });
    expect(recorded.filter((call) => call.session === "a").map((call) => call.args)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it("counts ignored and refused items by dialect, with the reasons of the refused", async () => {
    const { counted, capture } = recorder();
    const result = await capture.traces("t", exportOf(toolSpan("a", "0000000000000001", 0, { ok: true }), otlpSpan({ name: "GET /" }), otlpSpan({ attributes: { "gen_ai.operation.name": "execute_tool" } })));
    expect(result).toMatchObject({ accepted: 1, ignored: 1, refused: 1, reasons: ["the tool call names no tool"] });
    expect(counted.sort()).toEqual(["traces genai accepted 1", "traces genai refused 1", "traces none ignored 1"]);
  });

  it("refuses a call whose id was recorded with other content, and goes on with the rest", async () => {
    const { recorded, capture } = recorder((input) => ((input.arguments as { n: number }).n === 1 ? new AppError("IDEMPOTENCY_KEY_REUSED", "reused") : null));
    const result = await capture.traces("t", exportOf(toolSpan("a", "0000000000000001", 0, { n: 1 }), toolSpan("a", "0000000000000002", 10, { n: 2 })));
    expect(result).toMatchObject({ accepted: 1, refused: 1, reasons: [expect.stringContaining("recorded before with other content")] });
    expect(recorded.map((call) => call.args)).toEqual([{ n: 2 }]);
  });

  it("fails the request when the store fails, recording nothing of that session after the failed call", async () => {
    const { recorded, capture } = recorder((input) => ((input.arguments as { n: number }).n === 2 ? new StoreUnavailableError() : null));
    await expect(capture.traces("t", exportOf(toolSpan("a", "0000000000000001", 0, { n: 1 }), toolSpan("a", "0000000000000002", 10, { n: 2 }), toolSpan("a", "0000000000000003", 20, { n: 3 }), toolSpan("b", "0000000000000004", 0, { n: 4 })))).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
    expect(recorded.filter((call) => call.session === "a").map((call) => call.args)).toEqual([{ n: 1 }]);
    // Another session is not held back by it.
    expect(recorded.filter((call) => call.session === "b")).toHaveLength(1);
  });
});
