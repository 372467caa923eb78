// What a span says of its failure: status ERROR, error.type, and the exception event's type and message.
import type { SpanView } from "../types.js";
import { textOf } from "../values.js";

/** OTLP's status code for ERROR. */
export const STATUS_ERROR = 2;

/** The span's first exception event, read for its type and message. */
function exceptionOf(span: SpanView): { type: string | null; message: string | null } {
  const event = span.events.find((candidate) => candidate.name === "exception");
  if (!event) return { type: null, message: null };
  return { type: textOf(event.attributes, "exception.type"), message: textOf(event.attributes, "exception.message") };
}

/**
 * Whether the span failed (status ERROR, or an `error.type`), and its error: the type from `error.type`,
 * else the exception's; the message from the exception, else the status message.
 */
export function spanError(span: SpanView): { failed: boolean; errorType: string | null; errorMessage: string | null } {
  const declared = textOf(span.attributes, "error.type");
  const exception = exceptionOf(span);
  return {
    failed: span.status.code === STATUS_ERROR || declared !== null,
    errorType: declared ?? exception.type,
    errorMessage: exception.message ?? (span.status.message === "" ? null : span.status.message),
  };
}
