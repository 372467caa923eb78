// Builders of OTLP spans and log records for the mapper tests: attributes as plain values, written as OTLP/JSON KeyValues.
import { logRecordsOf, spansOf } from "../../../src/domain/otlp/views.js";
import type { LogView, OtlpAnyValue, OtlpKeyValue, OtlpLogRecord, OtlpSpan, SpanView } from "../../../src/domain/otlp/types.js";

export const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
export const START_NS = 1_796_000_000_000_000_000n;

/** A plain value as an OTLP AnyValue. */
export function anyValue(value: unknown): OtlpAnyValue {
  if (typeof value === "string") return { stringValue: value };
  if (typeof value === "boolean") return { boolValue: value };
  if (typeof value === "number") return Number.isInteger(value) ? { intValue: String(value) } : { doubleValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(anyValue) } };
  if (value !== null && typeof value === "object") return { kvlistValue: { values: keyValues(value as Record<string, unknown>) } };
  return {};
}

export function keyValues(attributes: Record<string, unknown>): OtlpKeyValue[] {
  return Object.entries(attributes).map(([key, value]) => ({ key, value: anyValue(value) }));
}

export interface SpanSpec {
  name?: string;
  attributes?: Record<string, unknown>;
  resource?: Record<string, unknown>;
  scope?: string;
  spanId?: string;
  parentSpanId?: string;
  kind?: number;
  /** Milliseconds after START_NS. */
  startMs?: number;
  durationMs?: number;
  status?: { code: number; message?: string };
  events?: Array<{ name: string; attributes?: Record<string, unknown> }>;
}

export function otlpSpan(spec: SpanSpec): OtlpSpan {
  const start = START_NS + BigInt(spec.startMs ?? 0) * 1_000_000n;
  return {
    traceId: TRACE_ID,
    spanId: spec.spanId ?? "00f067aa0ba902b7",
    ...(spec.parentSpanId ? { parentSpanId: spec.parentSpanId } : {}),
    name: spec.name ?? "span",
    kind: spec.kind ?? 1,
    startTimeUnixNano: String(start),
    endTimeUnixNano: String(start + BigInt(spec.durationMs ?? 10) * 1_000_000n),
    attributes: keyValues(spec.attributes ?? {}),
    events: (spec.events ?? []).map((event) => ({ name: event.name, attributes: keyValues(event.attributes ?? {}) })),
    ...(spec.status ? { status: spec.status } : {}),
  };
}

/** One span as the mappers see it. */
export function spanView(spec: SpanSpec): SpanView {
  const request = { resourceSpans: [{ resource: { attributes: keyValues(spec.resource ?? {}) }, scopeSpans: [{ scope: { name: spec.scope ?? "agent" }, spans: [otlpSpan(spec)] }] }] };
  return spansOf(request)[0]!;
}

export interface RecordSpec {
  eventName?: string;
  body?: unknown;
  attributes?: Record<string, unknown>;
  resource?: Record<string, unknown>;
  scope?: string;
  startMs?: number;
}

export function otlpLogRecord(spec: RecordSpec): OtlpLogRecord {
  return {
    timeUnixNano: String(START_NS + BigInt(spec.startMs ?? 0) * 1_000_000n),
    ...(spec.eventName ? { eventName: spec.eventName } : {}),
    ...(spec.body !== undefined ? { body: anyValue(spec.body) } : {}),
    attributes: keyValues(spec.attributes ?? {}),
  };
}

/** One log record as the mappers see it. */
export function logView(spec: RecordSpec): LogView {
  const request = { resourceLogs: [{ resource: { attributes: keyValues(spec.resource ?? {}) }, scopeLogs: [{ scope: { name: spec.scope ?? "agent" }, logRecords: [otlpLogRecord(spec)] }] }] };
  return logRecordsOf(request)[0]!;
}
