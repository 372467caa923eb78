// Schemas of the OTLP/HTTP receiver: export requests in their JSON shape (protobuf bodies are decoded into it) and the export responses.
import { z } from "zod";
import { toolCallInputSchema } from "./tools.js";

// Loose on purpose: OTLP receivers must ignore fields they do not know, and a sender's odd attribute must
// not cost the whole batch. Each level is checked for its shape only; the mappers read values defensively.
const nanos = z.union([z.string(), z.number()]).describe("Nanoseconds since the Unix epoch (a decimal string, as OTLP/JSON writes 64-bit integers)");
const keyValues = z
  .array(z.looseObject({ key: z.string(), value: z.looseObject({}).optional().describe("An AnyValue: stringValue, boolValue, intValue, doubleValue, arrayValue, kvlistValue or bytesValue") }))
  .describe("Attributes (KeyValue)");
const resource = z.looseObject({ attributes: keyValues.optional() }).describe("The resource: service.name and the like");
const scope = z.looseObject({ name: z.string().optional(), version: z.string().optional() }).describe("The instrumentation scope");

const span = z
  .looseObject({
    traceId: z.string().optional().describe("32 hex characters"),
    spanId: z.string().optional().describe("16 hex characters"),
    parentSpanId: z.string().optional(),
    name: z.string().optional(),
    kind: z.number().optional(),
    startTimeUnixNano: nanos.optional(),
    endTimeUnixNano: nanos.optional(),
    attributes: keyValues.optional(),
    events: z.array(z.looseObject({ name: z.string().optional(), timeUnixNano: nanos.optional(), attributes: keyValues.optional() })).optional(),
    status: z.looseObject({ code: z.number().optional().describe("2 is ERROR"), message: z.string().optional() }).optional(),
  })
  .meta({ id: "OtlpSpan", description: "A span; execute_tool, ai.toolCall, OpenInference TOOL and MCP tools/call spans are tool calls" });

export const exportTraceRequestSchema = z
  .looseObject({
    resourceSpans: z
      .array(z.looseObject({ resource: resource.optional(), scopeSpans: z.array(z.looseObject({ scope: scope.optional(), spans: z.array(span).optional() })).optional() }))
      .optional(),
  })
  .meta({ id: "ExportTraceServiceRequest", description: "An OTLP trace export, in OTLP/JSON (or the same message in protobuf)" });

const logRecord = z
  .looseObject({
    timeUnixNano: nanos.optional(),
    observedTimeUnixNano: nanos.optional(),
    eventName: z.string().optional(),
    body: z.looseObject({}).optional().describe("An AnyValue; some senders put the event name here"),
    attributes: keyValues.optional(),
    traceId: z.string().optional(),
    spanId: z.string().optional(),
  })
  .meta({ id: "OtlpLogRecord", description: "A log record; Claude Code's claude_code.tool_result, Codex's codex.tool_result and Gemini CLI's gemini_cli.tool_call are tool calls" });

export const exportLogsRequestSchema = z
  .looseObject({
    resourceLogs: z
      .array(z.looseObject({ resource: resource.optional(), scopeLogs: z.array(z.looseObject({ scope: scope.optional(), logRecords: z.array(logRecord).optional() })).optional() }))
      .optional(),
  })
  .meta({ id: "ExportLogsServiceRequest", description: "An OTLP logs export, in OTLP/JSON (or the same message in protobuf)" });

const protobufBody = z.string().meta({ format: "binary" });
/**
 * The request body of an OTLP route: the message's JSON shape, validated for both encodings (a protobuf
 * body is decoded into the same shape first, by plugins/otlp-bodies), and documented under both media types.
 */
export function otlpRequestBody<T extends z.ZodType>(json: T) {
  return { body: json, consumes: ["application/json", "application/x-protobuf"] };
}

/** A 200 in the request's encoding, with partial success when some tool calls were refused. */
export function otlpResponse(signal: "traces" | "logs") {
  const counted = signal === "traces" ? "rejectedSpans" : "rejectedLogRecords";
  const message = signal === "traces" ? "ExportTraceServiceResponse" : "ExportLogsServiceResponse";
  const json = z
    .object({
      partialSuccess: z
        .object({
          [counted]: z.string().describe("How many tool calls were refused (a decimal string, as OTLP/JSON writes 64-bit integers)"),
          errorMessage: z.string().describe("Why, for the first few"),
        })
        .optional()
        .describe("Only when some tool calls were refused; items that are not tool calls are accepted and ignored"),
    })
    .meta({ id: message, description: `The OTLP ${signal} export response: empty on full success` });
  return {
    description: `Accepted: an ${message}, in the request's encoding`,
    content: { "application/json": { schema: json }, "application/x-protobuf": { schema: protobufBody.describe(`A protobuf-encoded ${message}`) } },
  };
}

/** The POST's own check of a call made from a span or a log record: why it fails it, or null. */
export function toolCallProblem(input: unknown): string | null {
  const checked = toolCallInputSchema.safeParse(input);
  if (checked.success) return null;
  return checked.error.issues.map((issue) => `${issue.path.join(".") || "call"}: ${issue.message}`).join("; ");
}
