// The OTLP receiver's answers that exporters act on: the status codes of OTLP/HTTP, partial success, retries, and hostile bodies that must not stall the service.
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import generated from "@opentelemetry/otlp-transformer/build/src/generated/root.js";
import type supertest from "supertest";
import { describe, expect, it } from "vitest";
import { uniqueId } from "../helpers/fixtures.js";
import { expectProblem, useHttpApp } from "../helpers/http.js";
import { useListeningApps } from "../helpers/listening-app.js";
import { bothStores, memoryStoreFactory } from "../helpers/stores.js";

interface MessageType {
  encode(message: object): { finish(): Uint8Array };
  decode(bytes: Uint8Array): Record<string, unknown>;
}
const collector = (generated as unknown as { opentelemetry: { proto: { collector: { trace: { v1: Record<string, MessageType> } } } } }).opentelemetry.proto.collector;
const { ExportTraceServiceRequest, ExportTraceServiceResponse } = collector.trace.v1 as { ExportTraceServiceRequest: MessageType; ExportTraceServiceResponse: MessageType };

const WRITE_KEY = "otlp-limits-write-key-00001";
const READ_KEY = "otlp-limits-read-key-000001";
const API_KEYS = `${WRITE_KEY}:acme:write,${READ_KEY}:acme:read`;
const auth = { authorization: `Bearer ${WRITE_KEY}` };

const text = (key: string, value: string) => ({ key, value: { stringValue: value } });

/** An execute_tool span in OTLP/JSON. */
function toolSpan(session: string, spanId: string, args: string, startMs = 0) {
  return {
    traceId: "5b8efff798038103d269b633813fc60c",
    spanId,
    name: "execute_tool lookup",
    startTimeUnixNano: `${1_796_000_000_000 + startMs}000000`,
    endTimeUnixNano: `${1_796_000_000_000 + startMs + 5}000000`,
    attributes: [text("gen_ai.operation.name", "execute_tool"), text("gen_ai.tool.name", "lookup"), text("gen_ai.conversation.id", session), text("gen_ai.tool.call.arguments", args)],
  };
}

const exportOf = (...spans: object[]) => ({ resourceSpans: [{ resource: { attributes: [text("service.name", "agent")] }, scopeSpans: [{ scope: { name: "agent" }, spans }] }] });

/** The same export in protobuf: ids as bytes, as an SDK encodes them. */
function protobufOf(request: ReturnType<typeof exportOf>): Buffer {
  const spans = request.resourceSpans[0]!.scopeSpans[0]!.spans.map((span) => {
    const { traceId, spanId, ...rest } = span as ReturnType<typeof toolSpan>;
    return { ...rest, traceId: Buffer.from(traceId, "hex"), spanId: Buffer.from(spanId, "hex") };
  });
  return Buffer.from(ExportTraceServiceRequest.encode({ resourceSpans: [{ ...request.resourceSpans[0], scopeSpans: [{ ...request.resourceSpans[0]!.scopeSpans[0], spans }] }] }).finish());
}

const deeplyNested = (levels: number) => `${"[".repeat(levels)}1${"]".repeat(levels)}`;

async function postProtobuf(http: ReturnType<typeof supertest>, body: Buffer, headers: Record<string, string> = {}) {
  return http
    .post("/v1/traces")
    .set({ ...auth, "content-type": "application/x-protobuf", ...headers })
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => done(null, Buffer.concat(chunks)));
    })
    .send(body);
}

describe("the OTLP receiver's refusals", () => {
  const ctx = useHttpApp(memoryStoreFactory, { API_KEYS });

  it("refuses an exporter without a key (401) or with a read key (403), before reading the body", async () => {
    const body = exportOf(toolSpan(uniqueId("s"), "1111111111111111", "{}"));
    expectProblem(await ctx.http.post("/v1/traces").send(body), 401);
    const refused = expectProblem(await ctx.http.post("/v1/logs").set({ authorization: `Bearer ${READ_KEY}` }).send({}), 403);
    expect(refused.code).toBe("INSUFFICIENT_SCOPE");
  });

  it("answers /v1/metrics with a 404 that says this service takes traces and logs, not metrics", async () => {
    const problem = expectProblem(await ctx.http.post("/v1/metrics").set({ ...auth, "content-type": "application/x-protobuf" }).send(Buffer.alloc(10)), 404);
    expect(problem.detail).toMatch(/traces .* and logs .*not metrics/);
  });

  it("refuses a body that is neither protobuf nor JSON (415, naming both) and an encoding other than gzip (415)", async () => {
    const plain = expectProblem(await ctx.http.post("/v1/traces").set({ ...auth, "content-type": "text/plain" }).send("spans"), 415);
    expect(plain.detail).toContain("application/x-protobuf or application/json");
    const brotli = expectProblem(await ctx.http.post("/v1/traces").set({ ...auth, "content-type": "application/json", "content-encoding": "br" }).send("{}"), 415);
    expect(brotli.detail).toContain("gzip");
  });

  it("refuses a truncated protobuf export, JSON that does not parse and gzip that does not inflate with a 400", async () => {
    const whole = protobufOf(exportOf(toolSpan(uniqueId("s"), "2222222222222222", '{"id":7}')));
    const truncated = await postProtobuf(ctx.http, whole.subarray(0, whole.length - 9));
    expect(truncated.status).toBe(400);
    expect(JSON.parse(truncated.body.toString())).toMatchObject({ code: "MALFORMED_BODY" });
    expectProblem(await ctx.http.post("/v1/logs").set({ ...auth, "content-type": "application/json" }).send('{"resourceLogs": ['), 400);
    expectProblem(await ctx.http.post("/v1/logs").set({ ...auth, "content-type": "application/json", "content-encoding": "gzip" }).send("not gzip"), 400);
  });

  it("refuses a gzip bomb with a 413 once the inflated body passes OTLP_BODY_LIMIT_BYTES, without inflating the rest", async () => {
    // 64 MiB of zeros gzip to about 64 KiB: well within the limit as sent, three times past it inflated.
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(200_000);
    const response = await ctx.app.inject({ method: "POST", url: "/v1/traces", headers: { ...auth, "content-type": "application/json", "content-encoding": "gzip" }, payload: bomb });
    expect(response.statusCode).toBe(413);
    const problem = response.json<{ code: string; detail: string }>();
    expect(problem.code).toBe("BODY_TOO_LARGE");
    expect(problem.detail).toContain("OTLP_BODY_LIMIT_BYTES");
  });

  it("reads invalid UTF-8 in a protobuf string as U+FFFD: nothing stored holds invalid text", async () => {
    const session = uniqueId("s");
    const bytes = protobufOf(exportOf(toolSpan(session, "3333333333333333", '{"path":"caf\u00e9"}')));
    // é is C3 A9 in UTF-8; a lone C3 followed by 0x28 is not UTF-8.
    const at = bytes.indexOf(Buffer.from([0xc3, 0xa9]));
    bytes[at + 1] = 0x28;
    expect((await postProtobuf(ctx.http, bytes)).status).toBe(200);
    const calls = (await ctx.http.get(`/sessions/${session}/tool-calls`).set(auth)).body.calls as Array<{ arguments: { path: string } }>;
    expect(calls[0]!.arguments.path).toBe("caf\ufffd(");
  });
});

/** The 413s the service answered on /v1/traces, by its own metrics. */
async function refusals(http: ReturnType<typeof supertest>): Promise<number> {
  const text = (await http.get("/metrics")).text;
  const line = text.split("\n").find((row) => row.startsWith("http_request_duration_seconds_count{") && row.includes('route="/v1/traces"') && row.includes('status_code="413"'));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
}

describe("a body too large to read", () => {
  const start = useListeningApps(memoryStoreFactory);

  it("is refused with a 413 as it streams in, 100 MB of it, while the service keeps answering others", async () => {
    const { app, http } = await start({ API_KEYS });
    const { port } = app.server.address() as AddressInfo;
    const refusedBefore = await refusals(http);
    // The service answers 413 and closes the connection while the body still streams in, so a client still writing may see
    // the connection reset before it reads the answer (the kernel drops what it had not read). It did, now and then, on
    // a busy machine; the service's own count says what it answered.
    const status = new Promise<number | "reset">((resolve, reject) => {
      const request = httpRequest({ port, host: "127.0.0.1", method: "POST", path: "/v1/traces", headers: { ...auth, "content-type": "application/x-protobuf" } }, (response) => {
        resolve(response.statusCode ?? 0);
        response.resume();
        request.destroy();
      });
      request.on("error", (error) => (error.message.includes("EPIPE") || error.message.includes("ECONNRESET") ? resolve("reset") : reject(error)));
      const chunk = Buffer.alloc(1024 * 1024, 0x0a);
      let sent = 0;
      const pump = () => {
        while (sent < 100 && !request.destroyed) {
          sent += 1;
          if (!request.write(chunk)) return void request.once("drain", pump);
        }
        if (!request.destroyed) request.end();
      };
      pump();
    });
    await expect.poll(async () => (await http.get("/health/live")).status).toBe(200);
    const answered = await status;
    if (answered !== "reset") expect(answered).toBe(413);
    await expect.poll(() => refusals(http)).toBe(refusedBefore + 1);
    // With its size declared up front, it is refused before the body is read: one chunk of it is sent.
    const declared = await new Promise<number>((resolve, reject) => {
      const headers = { ...auth, "content-type": "application/x-protobuf", "content-length": String(100 * 1024 * 1024) };
      const request = httpRequest({ port, host: "127.0.0.1", method: "POST", path: "/v1/traces", headers }, (response) => {
        resolve(response.statusCode ?? 0);
        response.resume();
        request.destroy();
      });
      request.on("error", (error) => (error.message.includes("EPIPE") || error.message.includes("ECONNRESET") ? undefined : reject(error)));
      request.write(Buffer.alloc(1024));
    });
    expect(declared).toBe(413);
  });
});

describe.each(bothStores())("the OTLP receiver's answers (%s store)", (_name, factory) => {
  const ctx = useHttpApp(factory, { API_KEYS });

  it("answers a full success with an empty response in the request's encoding, ignoring spans that are not tool calls", async () => {
    const request = exportOf(toolSpan(uniqueId("s"), "4444444444444444", '{"a":1}'), { traceId: "5b8efff798038103d269b633813fc60c", spanId: "4444444444444445", name: "GET /" });
    const json = await ctx.http.post("/v1/traces").set(auth).send(request);
    expect(json.status).toBe(200);
    expect(json.headers["content-type"]).toMatch(/^application\/json/);
    expect(json.body).toEqual({});
    const protobuf = await postProtobuf(ctx.http, protobufOf(exportOf(toolSpan(uniqueId("s"), "5555555555555555", '{"a":1}'))));
    expect(protobuf.status).toBe(200);
    expect(protobuf.headers["content-type"]).toMatch(/^application\/x-protobuf/);
    expect(ExportTraceServiceResponse.decode(protobuf.body).partialSuccess).toBeFalsy();
  });

  it("reports the tool calls it cannot record as a partial success, and records the rest", async () => {
    const session = uniqueId("s");
    const request = exportOf(toolSpan(session, "6666666666666666", deeplyNested(70)), toolSpan(session, "7777777777777777", '{"id":1}', 10));
    const json = await ctx.http.post("/v1/traces").set(auth).send(request);
    expect(json.status).toBe(200);
    expect(json.body).toEqual({ partialSuccess: { rejectedSpans: "1", errorMessage: expect.stringContaining("nests deeper than 64 levels") } });
    const calls = (await ctx.http.get(`/sessions/${session}/tool-calls`).set(auth)).body.calls as unknown[];
    expect(calls).toHaveLength(1);

    const protobuf = await postProtobuf(ctx.http, protobufOf(exportOf(toolSpan(uniqueId("s"), "8888888888888888", deeplyNested(70)))));
    const partial = ExportTraceServiceResponse.decode(protobuf.body).partialSuccess as { rejectedSpans: { toString(): string }; errorMessage: string };
    expect(partial.rejectedSpans.toString()).toBe("1");
    expect(partial.errorMessage).toContain("lookup");
  });

  it("answers an exporter's retry of the same export without recording its calls twice", async () => {
    const session = uniqueId("s");
    const request = exportOf(toolSpan(session, "9999999999999999", '{"id":1}'), toolSpan(session, "aaaaaaaaaaaaaaaa", '{"id":2}', 10));
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await ctx.http.post("/v1/traces").set(auth).send(request)).status).toBe(200);
    const calls = (await ctx.http.get(`/sessions/${session}/tool-calls`).set(auth)).body.calls as Array<{ arguments: unknown }>;
    expect(calls.map((call) => call.arguments)).toEqual([{ id: 2 }, { id: 1 }]);
  });
});
