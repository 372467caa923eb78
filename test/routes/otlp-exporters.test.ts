// OTLP capture as a fleet gets it: the OpenTelemetry JS SDK's own exporters, protobuf and JSON, send tool calls to a running service.
import type { AddressInfo } from "node:net";
import { SpanStatusCode, type Attributes } from "@opentelemetry/api";
import { describe, expect, it } from "vitest";
import { uniqueId } from "../helpers/fixtures.js";
import { useListeningApps } from "../helpers/listening-app.js";
import { useOtelPipelines, type OtlpEncoding } from "../helpers/otel.js";
import { bothStores } from "../helpers/stores.js";

const WRITE_KEY = "otlp-exporter-write-key-0001";
const API_KEYS = `${WRITE_KEY}:acme:write`;
const auth = { authorization: `Bearer ${WRITE_KEY}` };

describe.each(bothStores())("OTLP from the OpenTelemetry SDK's exporters (%s store)", (_name, factory) => {
  const start = useListeningApps(factory);
  const otel = useOtelPipelines();

  async function service() {
    const running = await start({ API_KEYS });
    return { ...running, url: `http://127.0.0.1:${(running.app.server.address() as AddressInfo).port}` };
  }

  const callsOf = async (http: Awaited<ReturnType<typeof service>>["http"], session: string) =>
    ((await http.get(`/sessions/${session}/tool-calls`).set(auth)).body.calls ?? []) as Array<Record<string, unknown>>;

  describe.each<[OtlpEncoding, boolean]>([
    ["protobuf", false],
    ["json", false],
    ["protobuf", true],
  ])("%s (gzip: %s)", (encoding, gzip) => {
    it("records execute_tool spans as tool calls in start-time order, detects the fix, and offers it to another session's failure over REST", async () => {
      const { http, url } = await service();
      const { tracer, provider } = otel.tracing({ url, encoding, gzip, headers: auth });
      const conversation = uniqueId("chat");
      const toolSpan = (limit: number, startMs: number): Attributes => ({
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "search",
        "gen_ai.tool.call.id": `call_${startMs}`,
        "gen_ai.conversation.id": conversation,
        "gen_ai.tool.call.arguments": JSON.stringify({ q: "cats", limit }),
      });
      const t0 = Date.now();
      // The success ends (and so is queued) first: the service orders the calls by their start times.
      const fixed = tracer.startSpan("execute_tool search", { startTime: t0 + 100, attributes: toolSpan(10, 100) });
      fixed.setAttribute("gen_ai.tool.call.result", JSON.stringify({ hits: 3 }));
      fixed.end(t0 + 140);
      const failed = tracer.startSpan("execute_tool search", { startTime: t0, attributes: { ...toolSpan(0, 0), "error.type": "ValueError" } });
      failed.setStatus({ code: SpanStatusCode.ERROR, message: "limit must be positive" });
      failed.end(t0 + 25);
      tracer.startSpan("chat gpt-4o", { startTime: t0 - 10 }).end(t0 + 200);
      await provider.forceFlush();

      await expect.poll(() => callsOf(http, conversation)).toHaveLength(2);
      const [success, failure] = await callsOf(http, conversation);
      expect(failure).toMatchObject({
        id: "call-0001",
        tool_name: "search",
        arguments: { q: "cats", limit: 0 },
        outcome: "failure",
        error_type: "ValueError",
        error_message: "limit must be positive",
        execution_time_ms: 25,
        fixed_by: "call-0002",
        // Its failure template, as any failed call with a message gets, and the signature a lesson of it would have.
        template: "limit must be positive",
        signature: expect.stringMatching(/^[0-9a-f]{16}$/),
      });
      expect(success).toMatchObject({ id: "call-0002", outcome: "success", fix_for: "call-0001", delta_args: { changed: { limit: { from: 0, to: 10 } } } });
      expect(success).not.toHaveProperty("signature");

      const next = await http
        .post(`/sessions/${uniqueId("other")}/tool-calls`)
        .set(auth)
        .send({ tool_name: "search", arguments: { q: "dogs", limit: 0 }, outcome: "failure", error_type: "ValueError" });
      expect(next.status).toBe(201);
      expect(next.body.known_fix).toMatchObject({ fix_delta: { changed: { limit: { from: 0, to: 10 } } }, offer_id: expect.any(String) });
    });

    it("records Claude Code's tool_result log events, and the fix between them", async () => {
      const { http, url } = await service();
      const { logger, provider } = otel.logging({ url, encoding, gzip, headers: auth, serviceName: "claude-code" }, "com.anthropic.claude_code.events");
      const session = uniqueId("claude");
      const toolResult = (command: string, success: boolean, at: number) =>
        logger.emit({
          body: "claude_code.tool_result",
          timestamp: at,
          attributes: {
            "event.name": "tool_result",
            "session.id": session,
            tool_name: "Bash",
            success: String(success),
            duration_ms: "1200",
            ...(success ? {} : { error: "Exit code 1\nnpm ERR! Missing script: \"tset\"" }),
            tool_parameters: JSON.stringify({ bash_command: "npm", full_command: command, description: "Run the tests" }),
          },
        });
      const t0 = Date.now();
      toolResult("npm run tset", false, t0);
      toolResult("npm run test", true, t0 + 5000);
      await provider.forceFlush();

      await expect.poll(() => callsOf(http, session)).toHaveLength(2);
      const [success, failure] = await callsOf(http, session);
      expect(failure).toMatchObject({ tool_name: "Bash", outcome: "failure", error_type: "exit_code_1", execution_time_ms: 1200 });
      expect(success).toMatchObject({ tool_name: "Bash", outcome: "success", fix_for: failure!.id, delta_args: { changed: { full_command: { from: "npm run tset", to: "npm run test" } } } });
    });
  });

  it("counts what it received by signal, dialect and verdict in /metrics", async () => {
    const { http, url } = await service();
    const { tracer, provider } = otel.tracing({ url, encoding: "protobuf", headers: auth });
    tracer.startSpan("execute_tool read_file", { attributes: { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "read_file" } }).end();
    tracer.startSpan("GET /health").end();
    await provider.forceFlush();
    await expect.poll(async () => (await http.get("/metrics")).text).toMatch(/otlp_items_total\{signal="traces",dialect="genai",verdict="accepted"\} 1/);
    expect((await http.get("/metrics")).text).toMatch(/otlp_items_total\{signal="traces",dialect="none",verdict="ignored"\} 1/);
  });
});
