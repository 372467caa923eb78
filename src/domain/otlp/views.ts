// Walks an export request into one view per span or log record, each with its resource's and scope's attributes read once.
import { attributesOf, hexId, nanosOf, textOf } from "./values.js";
import type { ExportLogsRequest, ExportTraceRequest, LogView, OtlpLogRecord, OtlpSpan, SpanView } from "./types.js";

const arrayOf = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);

function spanView(span: OtlpSpan, resource: SpanView["resource"], scopeName: string): SpanView {
  const status = typeof span.status === "object" && span.status !== null ? span.status : {};
  return {
    attributes: attributesOf(span.attributes),
    resource,
    scopeName,
    traceId: hexId(span.traceId),
    spanId: hexId(span.spanId),
    parentSpanId: hexId(span.parentSpanId),
    name: typeof span.name === "string" ? span.name : "",
    kind: typeof span.kind === "number" ? span.kind : 0,
    startNs: nanosOf(span.startTimeUnixNano),
    endNs: nanosOf(span.endTimeUnixNano),
    status: { code: typeof status.code === "number" ? status.code : 0, message: typeof status.message === "string" ? status.message : "" },
    events: arrayOf(span.events).map((event) => ({
      name: typeof event?.name === "string" ? event.name : "",
      attributes: attributesOf(event?.attributes),
    })),
  };
}

/** Every span of the request, in the order it holds them. */
export function spansOf(request: ExportTraceRequest): SpanView[] {
  const views: SpanView[] = [];
  for (const resourceSpans of arrayOf(request.resourceSpans)) {
    const resource = attributesOf(resourceSpans?.resource?.attributes);
    for (const scopeSpans of arrayOf(resourceSpans?.scopeSpans)) {
      const scopeName = typeof scopeSpans?.scope?.name === "string" ? scopeSpans.scope.name : "";
      for (const span of arrayOf(scopeSpans?.spans)) {
        if (typeof span === "object" && span !== null) views.push(spanView(span, resource, scopeName));
      }
    }
  }
  return views;
}

function logView(record: OtlpLogRecord, resource: LogView["resource"], scopeName: string): LogView {
  const attributes = attributesOf(record.attributes);
  const body = typeof record.body === "object" && record.body !== null && typeof record.body.stringValue === "string" ? record.body.stringValue : null;
  const names = [typeof record.eventName === "string" ? record.eventName : null, textOf(attributes, "event.name"), body];
  return {
    attributes,
    resource,
    scopeName,
    traceId: hexId(record.traceId),
    spanId: hexId(record.spanId),
    startNs: nanosOf(record.timeUnixNano) ?? nanosOf(record.observedTimeUnixNano),
    eventNames: new Set(names.filter((name): name is string => name !== null && name !== "")),
    body: record.body,
    fingerprintSource: record,
  };
}

/** Every log record of the request, in the order it holds them. */
export function logRecordsOf(request: ExportLogsRequest): LogView[] {
  const views: LogView[] = [];
  for (const resourceLogs of arrayOf(request.resourceLogs)) {
    const resource = attributesOf(resourceLogs?.resource?.attributes);
    for (const scopeLogs of arrayOf(resourceLogs?.scopeLogs)) {
      const scopeName = typeof scopeLogs?.scope?.name === "string" ? scopeLogs.scope.name : "";
      for (const record of arrayOf(scopeLogs?.logRecords)) {
        if (typeof record === "object" && record !== null) views.push(logView(record, resource, scopeName));
      }
    }
  }
  return views;
}
