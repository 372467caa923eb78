// OTLP's protobuf messages through the OpenTelemetry project's own generated code (protobufjs, from opentelemetry-proto), read into the OTLP/JSON shape.
import generated from "@opentelemetry/otlp-transformer/build/src/generated/root.js";
import type { ExportLogsRequest, ExportTraceRequest } from "../domain/otlp/types.js";

interface MessageType {
  decode(bytes: Uint8Array): object;
  encode(message: object): { finish(): Uint8Array };
}

interface CollectorNamespace {
  trace: { v1: { ExportTraceServiceRequest: MessageType; ExportTraceServiceResponse: MessageType } };
  logs: { v1: { ExportLogsServiceRequest: MessageType; ExportLogsServiceResponse: MessageType } };
}

// The module is the generated static code of @opentelemetry/otlp-transformer 0.214.0 (its last release that
// ships it): the package.json pins that version, since the path is not part of the package's public API.
const collector = (generated as unknown as { opentelemetry: { proto: { collector: CollectorNamespace } } }).opentelemetry.proto.collector;

/** Ids are hex in OTLP/JSON; every other bytes field is base64. */
const HEX_FIELDS = new Set(["traceId", "spanId", "parentSpanId"]);

// Protobuf lets messages nest without end; the edge refuses more than 64 levels of the JSON this makes anyway.
const MAX_DEPTH = 128;

/** A message too deep, or otherwise not OTLP, that a 400 answers. */
export class UndecodableError extends Error {
  override name = "UndecodableError";
}

function isLong(value: object): value is { low: number; high: number; unsigned: boolean; toString(): string } {
  return "low" in value && "high" in value && "unsigned" in value;
}

/**
 * A decoded message as OTLP/JSON writes it: own fields only (protobufjs keeps defaults on prototypes),
 * ids in hex, other bytes in base64, 64-bit integers as decimal strings, text as valid Unicode.
 */
function asJsonShape(value: unknown, field: string, depth: number): unknown {
  if (depth > MAX_DEPTH) throw new UndecodableError(`The message nests deeper than ${MAX_DEPTH} levels.`);
  if (typeof value === "string") return value.toWellFormed();
  if (value === null || typeof value !== "object") return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString(HEX_FIELDS.has(field) ? "hex" : "base64");
  if (Array.isArray(value)) return value.map((item) => asJsonShape(item, field, depth + 1));
  if (isLong(value)) return value.toString();
  const shaped: Record<string, unknown> = {};
  for (const key of Object.keys(value)) shaped[key] = asJsonShape((value as Record<string, unknown>)[key], key, depth + 1);
  return shaped;
}

function decode(type: MessageType, bytes: Buffer): unknown {
  let message: object;
  try {
    // A Buffer makes protobufjs read strings with Node's decoder, which puts U+FFFD for invalid UTF-8.
    message = type.decode(bytes);
  } catch (error) {
    throw new UndecodableError(`The body is not a protobuf-encoded OTLP message: ${error instanceof Error ? error.message : String(error)}.`);
  }
  return asJsonShape(message, "", 0);
}

export const decodeTraceRequest = (bytes: Buffer) => decode(collector.trace.v1.ExportTraceServiceRequest, bytes) as ExportTraceRequest;
export const decodeLogsRequest = (bytes: Buffer) => decode(collector.logs.v1.ExportLogsServiceRequest, bytes) as ExportLogsRequest;

/** An export response: empty on full success, else `partial_success` with the rejected count and why. */
export interface ExportResponse {
  rejected: number;
  errorMessage: string;
}

function partialSuccessOf(signal: "traces" | "logs", response: ExportResponse): object | undefined {
  if (response.rejected === 0 && response.errorMessage === "") return undefined;
  return signal === "traces"
    ? { rejectedSpans: response.rejected, errorMessage: response.errorMessage }
    : { rejectedLogRecords: response.rejected, errorMessage: response.errorMessage };
}

/** The response as protobuf bytes. */
export function encodeResponse(signal: "traces" | "logs", response: ExportResponse): Buffer {
  const type = signal === "traces" ? collector.trace.v1.ExportTraceServiceResponse : collector.logs.v1.ExportLogsServiceResponse;
  const partialSuccess = partialSuccessOf(signal, response);
  const bytes = type.encode(partialSuccess ? { partialSuccess } : {}).finish();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The response as OTLP/JSON writes it (64-bit counts as decimal strings). */
export function jsonResponse(signal: "traces" | "logs", response: ExportResponse): Record<string, unknown> {
  const partialSuccess = partialSuccessOf(signal, response) as Record<string, unknown> | undefined;
  if (!partialSuccess) return {};
  const counted = signal === "traces" ? "rejectedSpans" : "rejectedLogRecords";
  return { partialSuccess: { ...partialSuccess, [counted]: String(response.rejected) } };
}
