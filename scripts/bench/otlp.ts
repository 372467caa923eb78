// The bench's OTLP exports: batches of 100 execute_tool spans, fresh ids each time, in protobuf or OTLP/JSON.
import { randomBytes } from "node:crypto";
import generated from "@opentelemetry/otlp-transformer/build/src/generated/root.js";

export const SPANS_PER_BATCH = 100;
const SESSIONS_PER_BATCH = 10;
const TOOLS = ["search", "read_file", "run_tests", "edit_file", "sql_query"];

interface MessageType {
  encode(message: object): { finish(): Uint8Array };
}
const { ExportTraceServiceRequest } = (generated as unknown as { opentelemetry: { proto: { collector: { trace: { v1: { ExportTraceServiceRequest: MessageType } } } } } }).opentelemetry.proto.collector.trace.v1;

const text = (key: string, value: string) => ({ key, value: { stringValue: value } });

let batches = 0;

/** One export of 100 spans over 10 sessions: in each, a tool fails and a retry with other arguments fixes it, among plain successes. */
function traceRequest(ids: "hex" | "bytes") {
  batches += 1;
  const traceId = randomBytes(16);
  const start = BigInt(Date.now()) * 1_000_000n;
  const spans = Array.from({ length: SPANS_PER_BATCH }, (_, i) => {
    const session = `otlp-${batches}-${i % SESSIONS_PER_BATCH}`;
    const step = Math.floor(i / SESSIONS_PER_BATCH);
    const failed = step % 2 === 0;
    const begins = start + BigInt(i) * 1_000_000n;
    const spanId = randomBytes(8);
    return {
      traceId: ids === "hex" ? traceId.toString("hex") : traceId,
      spanId: ids === "hex" ? spanId.toString("hex") : spanId,
      name: `execute_tool ${TOOLS[step % TOOLS.length]}`,
      kind: 1,
      startTimeUnixNano: String(begins),
      endTimeUnixNano: String(begins + 800_000n),
      attributes: [
        text("gen_ai.operation.name", "execute_tool"),
        text("gen_ai.tool.name", TOOLS[step % TOOLS.length]!),
        text("gen_ai.conversation.id", session),
        text("gen_ai.tool.call.id", `call_${i}`),
        text("gen_ai.tool.call.arguments", JSON.stringify({ query: `q${step}`, limit: failed ? 0 : 20 })),
        ...(failed ? [text("error.type", "ValueError")] : [text("gen_ai.tool.call.result", JSON.stringify({ status: "ok", rows: step }))]),
      ],
      status: failed ? { code: 2, message: "limit must be positive" } : { code: 1 },
    };
  });
  return { resourceSpans: [{ resource: { attributes: [text("service.name", "bench-agent")] }, scopeSpans: [{ scope: { name: "bench-agent" }, spans }] }] };
}

/** A fresh batch as protobuf bytes, as an SDK's http/protobuf exporter sends it. */
export const protobufTraceBatch = (): Buffer => Buffer.from(ExportTraceServiceRequest.encode(traceRequest("bytes")).finish());

/** A fresh batch as OTLP/JSON, as an SDK's http/json exporter sends it. */
export const jsonTraceBatch = (): string => JSON.stringify(traceRequest("hex"));
