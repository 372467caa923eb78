// OTLP export requests in their JSON shape (protobuf bodies are decoded into the same shape), and what a dialect's mapper makes of one span or log record.
import type { ToolCallInput } from "../tools/types.js";

/** One attribute value (`AnyValue`): exactly one member is set; 64-bit integers may come as strings. */
export interface OtlpAnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: number | string;
  arrayValue?: { values?: OtlpAnyValue[] };
  kvlistValue?: { values?: OtlpKeyValue[] };
  /** Base64, as OTLP/JSON writes bytes. */
  bytesValue?: string;
}

export interface OtlpKeyValue {
  key: string;
  value?: OtlpAnyValue;
}

/** Times are nanoseconds since the epoch, as a decimal string or a number. */
export type OtlpNanos = string | number;

export interface OtlpSpanEvent {
  name?: string;
  timeUnixNano?: OtlpNanos;
  attributes?: OtlpKeyValue[];
}

export interface OtlpSpan {
  /** 32 hex characters (OTLP/JSON writes ids in hex, not base64). */
  traceId?: string;
  /** 16 hex characters. */
  spanId?: string;
  parentSpanId?: string;
  name?: string;
  /** 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind?: number;
  startTimeUnixNano?: OtlpNanos;
  endTimeUnixNano?: OtlpNanos;
  attributes?: OtlpKeyValue[];
  events?: OtlpSpanEvent[];
  /** Code 2 is ERROR. */
  status?: { code?: number; message?: string };
}

export interface OtlpLogRecord {
  timeUnixNano?: OtlpNanos;
  observedTimeUnixNano?: OtlpNanos;
  severityText?: string;
  body?: OtlpAnyValue;
  attributes?: OtlpKeyValue[];
  traceId?: string;
  spanId?: string;
  /** The record's event name, where the sender sets the field rather than an `event.name` attribute. */
  eventName?: string;
}

export interface OtlpScope {
  name?: string;
  version?: string;
  attributes?: OtlpKeyValue[];
}

export interface OtlpResource {
  attributes?: OtlpKeyValue[];
}

export interface ExportTraceRequest {
  resourceSpans?: Array<{ resource?: OtlpResource; scopeSpans?: Array<{ scope?: OtlpScope; spans?: OtlpSpan[] }> }>;
}

export interface ExportLogsRequest {
  resourceLogs?: Array<{ resource?: OtlpResource; scopeLogs?: Array<{ scope?: OtlpScope; logRecords?: OtlpLogRecord[] }> }>;
}

/** Attributes as plain values: strings, booleans, numbers, arrays and objects (kvlists). */
export type Attributes = ReadonlyMap<string, unknown>;

/** What every mapper reads of a span or a log record, whichever it is. */
export interface ItemView {
  attributes: Attributes;
  resource: Attributes;
  scopeName: string;
  /** Lower-case hex, or "" when the item has none. */
  traceId: string;
  spanId: string;
  /** Nanoseconds since the epoch; null when the item does not say. */
  startNs: bigint | null;
}

export interface SpanView extends ItemView {
  name: string;
  kind: number;
  parentSpanId: string;
  endNs: bigint | null;
  status: { code: number; message: string };
  events: ReadonlyArray<{ name: string; attributes: Attributes }>;
}

export interface LogView extends ItemView {
  /** The event name from the record's field, its `event.name` attribute, or a string body. */
  eventNames: ReadonlySet<string>;
  body: unknown;
  /** The record's content, for an idempotency key when it carries no id of its own. */
  fingerprintSource: unknown;
}

/** What a mapper found in one item that is a tool call, before it is made into the input a POST carries. */
export interface ToolCallDraft {
  toolName: string;
  /** A JSON string is decoded; an object is taken as it is; anything else is wrapped as `{ input: … }`. */
  arguments: unknown;
  result?: unknown;
  /** True: failed; false: succeeded; null: the item does not say (a success unless an error shows). */
  failed: boolean | null;
  /** The call never ran: the person or a policy refused it. */
  cancelled?: boolean;
  errorType?: string | null;
  errorMessage?: string | null;
  durationMs?: number | null;
  /** Session candidates of this dialect, tried after the common ones and before the trace id. */
  sessionAttributes?: readonly string[];
  /** The item's own id, when the dialect knows a steadier one than the span id or the record's content. */
  callId?: string | null;
}

/** A dialect: which items are its own, and the draft of one that is a tool call (null: its own, but no call to record). */
export interface Dialect<V extends ItemView> {
  name: string;
  claims(item: V): boolean;
  map(item: V): ToolCallDraft | null;
}

/** One item, mapped: a call to record, an item that is no tool call, or a tool call that cannot be recorded. */
export type MappedItem =
  | { kind: "ignored"; dialect: string }
  | { kind: "refused"; dialect: string; reason: string }
  | { kind: "call"; dialect: string; sessionId: string; startNs: bigint; input: ToolCallInput; idempotencyKey: string };
