// Turns a tool call's raw result into the short summary and type label stored in the tool log.
import { valueText } from "./arguments.js";
import { truncateText } from "../text/text-format.js";

const MAX_SUMMARY_LENGTH = 100;

export interface ResultSummary {
  summary: string;
  type: string;
}

function summaryOnly(result: unknown): string {
  return summariseResult(result).summary;
}

/** A value as text, cut like a string result: the log keeps a summary, never the value whole. */
const cutText = (value: unknown) => truncateText(valueText(value), MAX_SUMMARY_LENGTH, "...");

/**
 * Summarises a result for the tool log: scalars as text (strings cut to 100 characters),
 * arrays as `list[N]`, objects by their `status`, `error` or `result` key, else `object[N keys]`.
 * The type is `null`, `boolean`, `number`, `string`, `list`, `object`, or the `status` value
 * as text for objects that carry one. The tool memory cut only strings: a `status` or `error`
 * value is cut here to 100 characters too, in the summary and in the type, so that a result of
 * megabytes cannot be kept whole in the log, the events and the listings.
 */
export function summariseResult(result: unknown): ResultSummary {
  if (result === null || result === undefined) return { summary: "null", type: "null" };
  if (typeof result === "boolean") return { summary: result ? "true" : "false", type: "boolean" };
  if (typeof result === "number") return { summary: valueText(result), type: "number" };
  if (typeof result === "string") {
    return { summary: truncateText(result, MAX_SUMMARY_LENGTH, "..."), type: "string" };
  }
  if (Array.isArray(result)) return { summary: `list[${result.length}]`, type: "list" };
  if (typeof result === "object") {
    const record = result as Record<string, unknown>;
    if (Object.hasOwn(record, "status")) {
      const status = cutText(record.status);
      return { summary: `status=${status}`, type: status };
    }
    if (Object.hasOwn(record, "error")) return { summary: `error: ${cutText(record.error)}`, type: "object" };
    if (Object.hasOwn(record, "result")) return { summary: summaryOnly(record.result), type: "object" };
    return { summary: `object[${Object.keys(record).length} keys]`, type: "object" };
  }
  // Not reachable from JSON input (bigint, function, symbol): name the kind, like the Python does.
  return { summary: typeof result, type: "unknown" };
}
