// OTLP/HTTP receiver: POST /v1/traces and /v1/logs record the tool calls among spans and log records; /v1/metrics is a clear 404.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requires } from "../auth/scopes.js";
import type { CaptureResult, OtlpCaptureService, OtlpSignal } from "../domain/otlp/service.js";
import { AppError } from "../errors.js";
import { encodeResponse, jsonResponse } from "../otlp/protobuf.js";
import { apiProblems } from "../schemas/common.js";
import { exportLogsRequestSchema, exportTraceRequestSchema, otlpRequestBody, otlpResponse } from "../schemas/otlp.js";

const tags = ["otlp"];
const ITEM_WORDS = { traces: "spans", logs: "log records" } as const;

/** The export response in the request's encoding; partial success names what was refused and why. */
function sendExportResponse(request: FastifyRequest, reply: FastifyReply, signal: OtlpSignal, result: CaptureResult) {
  const errorMessage =
    result.refused === 0 ? "" : `${result.refused} tool-call ${ITEM_WORDS[signal]} could not be recorded: ${result.reasons.join("; ")}`;
  const response = { rejected: result.refused, errorMessage };
  if (String(request.headers["content-type"]).toLowerCase().startsWith("application/x-protobuf")) {
    return reply.status(200).type("application/x-protobuf").send(encodeResponse(signal, response));
  }
  return reply.status(200).type("application/json").send(jsonResponse(signal, response));
}

const DESCRIPTION =
  "OTLP/HTTP as its specification defines it: protobuf or JSON, gzip or not; the answer in the request's encoding. " +
  "Each item that is a tool call (see the capture guide for the dialects) is recorded as POST /sessions/{session_id}/tool-calls records one, " +
  "idempotently by its span or record id; every other item is accepted and ignored. Tool calls that cannot be recorded are counted in partialSuccess.";

const otlpRoutes: FastifyPluginAsyncZod<{ capture: OtlpCaptureService; bodyLimit: number }> = async (app, { capture, bodyLimit }) => {
  const config = (signal: OtlpSignal) => ({ bodyLimitSetting: "OTLP_BODY_LIMIT_BYTES", otlpSignal: signal });

  app.post(
    "/v1/traces",
    {
      bodyLimit,
      config: config("traces"),
      schema: {
        ...requires("write"),
        operationId: "exportTraces",
        tags,
        summary: "Receive OTLP traces: record the tool calls among the spans",
        description: DESCRIPTION,
        ...otlpRequestBody(exportTraceRequestSchema),
        response: { 200: otlpResponse("traces"), ...apiProblems(400, 413, 415, 503) },
      },
    },
    async (request, reply) => sendExportResponse(request, reply, "traces", await capture.traces(request.tenant, request.body)),
  );

  app.post(
    "/v1/logs",
    {
      bodyLimit,
      config: config("logs"),
      schema: {
        ...requires("write"),
        operationId: "exportLogs",
        tags,
        summary: "Receive OTLP logs: record the tool calls among the log records",
        description: DESCRIPTION,
        ...otlpRequestBody(exportLogsRequestSchema),
        response: { 200: otlpResponse("logs"), ...apiProblems(400, 413, 415, 503) },
      },
    },
    async (request, reply) => sendExportResponse(request, reply, "logs", await capture.logs(request.tenant, request.body)),
  );

  // A collector pointed here with metrics on gets a 404, which OTLP exporters do not retry, before its body is read.
  app.post(
    "/v1/metrics",
    {
      schema: { hide: true, ...requires("write") },
      onRequest: async () => {
        throw new AppError("ROUTE_NOT_FOUND", "This service receives OTLP traces (POST /v1/traces) and logs (POST /v1/logs), not metrics: send metrics elsewhere.");
      },
    },
    async () => undefined,
  );
};

export default otlpRoutes;
