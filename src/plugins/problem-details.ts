// Renders every error, unknown routes included, as RFC 9457 application/problem+json.
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, type ErrorCode, type FieldError } from "../errors.js";

// Seconds a client should wait before retrying while the store is unavailable.
const RETRY_AFTER_SECONDS = 1;

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "BODY_TOO_LARGE",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "MALFORMED_BODY",
  FST_ERR_CTP_EMPTY_JSON_BODY: "MALFORMED_BODY",
};

function problemType(code: string): string {
  return `urn:agent-lessons:problem:${code.toLowerCase().replaceAll("_", "-")}`;
}

function fieldErrorsOf(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  const where = error.validationContext ?? "request";
  return error.validation.flatMap((issue) => {
    const path = [where, ...issue.instancePath.split("/").filter(Boolean)];
    // An unknown key is reported on its parent object; name each key itself instead.
    const unknownKeys = issue.keyword === "unrecognized_keys" ? (issue.params as { keys?: string[] }).keys : undefined;
    if (unknownKeys?.length) {
      return unknownKeys.map((key) => ({ field: [...path, key].join("."), message: "is not a known field" }));
    }
    return [{ field: path.join("."), message: issue.message ?? "is invalid" }];
  });
}

/** Maps any thrown error to an AppError; unknown errors become a 500 that reveals nothing. */
export function toAppError(error: FastifyError | AppError | Error): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError;
  const fields = fieldErrorsOf(fastifyError);
  if (fields.length > 0) {
    const summary = fields.map((field) => `${field.field}: ${field.message}`).join("; ");
    return new AppError("VALIDATION_FAILED", summary, fields);
  }
  if (fastifyError.code === "FST_ERR_CTP_INVALID_JSON_BODY") {
    // The parser also refuses __proto__ and constructor.prototype keys, under the same code.
    return new AppError("MALFORMED_BODY", "The body is not valid JSON, or it holds a forbidden __proto__ or constructor.prototype key.");
  }
  const mapped = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (mapped) return new AppError(mapped, fastifyError.message);
  // Malformed JSON and __proto__ keys arrive as 400 SyntaxErrors from the body parser.
  if (fastifyError.statusCode === 400) return new AppError("MALFORMED_BODY", fastifyError.message);
  if (fastifyError.statusCode === 406) return new AppError("NOT_ACCEPTABLE", fastifyError.message);
  return new AppError("INTERNAL", "The server could not complete the request.", [], { cause: error });
}

/** A problem for a URL the router refused before any route ran. */
export function routerProblem(error: FastifyError): AppError {
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH_EXCEEDED" || error.statusCode === 414) {
    return new AppError("URI_TOO_LONG", "A path segment is longer than the service accepts.");
  }
  return new AppError("MALFORMED_URL", "The URL is not valid: check its percent-encoding.");
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: AppError): FastifyReply {
  if (problem.status === 503) reply.header("retry-after", RETRY_AFTER_SECONDS);
  reply.header("x-request-id", request.id);
  return reply
    .status(problem.status)
    .type("application/problem+json")
    .send({
      type: problemType(problem.code),
      title: problem.title,
      status: problem.status,
      detail: problem.message,
      instance: request.url.split("?")[0],
      code: problem.code,
      request_id: String(request.id),
      ...(problem.fieldErrors.length > 0 ? { errors: problem.fieldErrors } : {}),
    });
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const problem = toAppError(error);
      if (problem.status >= 500) request.log.error({ err: error }, "request failed");
      else request.log.info({ code: problem.code, detail: problem.message }, "request rejected");
      return sendProblem(request, reply, problem);
    });

    app.setNotFoundHandler((request, reply) =>
      sendProblem(request, reply, new AppError("ROUTE_NOT_FOUND", `No route ${request.method} ${request.url.split("?")[0]}.`)),
    );
  },
  { name: "problem-details" },
);
