// A real agent framework end to end: the Vercel AI SDK, driven by its own mock model, calls a tool that fails and then succeeds, with telemetry exported to the service.
import type { AddressInfo } from "node:net";
import { context } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { generateText, stepCountIs, tool } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { uniqueId } from "../helpers/fixtures.js";
import { useListeningApps } from "../helpers/listening-app.js";
import { useOtelPipelines } from "../helpers/otel.js";
import { bothStores } from "../helpers/stores.js";

const WRITE_KEY = "otlp-ai-sdk-write-key-00001";
const auth = { authorization: `Bearer ${WRITE_KEY}` };

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } };

/** A model that asks for the weather in a city that does not exist, then in one that does, then answers. */
function scriptedModel() {
  const call = (toolCallId: string, city: string) => ({
    content: [{ type: "tool-call" as const, toolCallId, toolName: "get_weather", input: JSON.stringify({ city, units: "metric" }) }],
    finishReason: { unified: "tool-calls" as const, raw: undefined },
    usage,
    warnings: [],
  });
  return new MockLanguageModelV3({
    doGenerate: [
      call("call_1", "Atlantis"),
      call("call_2", "Lisbon"),
      { content: [{ type: "text", text: "It is 21 °C in Lisbon." }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] },
    ],
  });
}

class UnknownCityError extends Error {
  override name = "UnknownCityError";
}

const getWeather = tool({
  description: "The weather in a city",
  inputSchema: z.object({ city: z.string(), units: z.enum(["metric", "imperial"]) }),
  execute: async ({ city }) => {
    if (city === "Atlantis") throw new UnknownCityError(`No weather station in ${city}`);
    return { city, temperature: 21 };
  },
});

describe.each(bothStores())("the Vercel AI SDK's telemetry (%s store)", (_name, factory) => {
  const start = useListeningApps(factory);
  const otel = useOtelPipelines();
  // The SDK's spans nest through the active context, as in an instrumented app.
  const contextManager = new AsyncLocalStorageContextManager();
  beforeAll(() => void context.setGlobalContextManager(contextManager.enable()));
  afterAll(() => {
    contextManager.disable();
    context.disable();
  });

  it("records the failed tool call and the retry that fixed it, in the session the app names", async () => {
    const { app, http } = await start({ API_KEYS: `${WRITE_KEY}:acme:write` });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const { tracer, provider } = otel.tracing({ url, encoding: "protobuf", headers: auth, serviceName: "weather-agent" });
    const session = uniqueId("weather");

    const result = await generateText({
      model: scriptedModel(),
      prompt: "What is the weather in Atlantis?",
      tools: { get_weather: getWeather },
      stopWhen: stepCountIs(5),
      experimental_telemetry: { isEnabled: true, tracer, functionId: "weather-agent", metadata: { sessionId: session } },
    });
    expect(result.text).toBe("It is 21 °C in Lisbon.");
    await provider.forceFlush();

    const calls = async () => ((await http.get(`/sessions/${session}/tool-calls`).set(auth)).body.calls ?? []) as Array<Record<string, unknown>>;
    await expect.poll(calls).toHaveLength(2);
    const [fixed, failed] = await calls();
    expect(failed).toMatchObject({
      tool_name: "get_weather",
      arguments: { city: "Atlantis", units: "metric" },
      outcome: "failure",
      error_type: "UnknownCityError",
      error_message: "No weather station in Atlantis",
    });
    expect(fixed).toMatchObject({
      tool_name: "get_weather",
      outcome: "success",
      fix_for: failed!.id,
      delta_args: { changed: { city: { from: "Atlantis", to: "Lisbon" } } },
    });
    // The tenant learned it: the fix is what it would offer the next session.
    const fix = await http.get("/tools/get_weather/fix").query({ error_type: "UnknownCityError" }).set(auth);
    expect(fix.status).toBe(200);
    expect(fix.body.fix_delta).toEqual({ changed: { city: { from: "Atlantis", to: "Lisbon" } } });
  });
});
