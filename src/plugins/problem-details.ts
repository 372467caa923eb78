// Renders every error, unknown routes included, as RFC 9457 application/problem+json.
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, notFound, type ErrorCode, type FieldError } from "../errors.js";
import { createRouteTable } from "./route-table.js";

// Seconds a client should wait before retrying while the store is unavailable.
const RETRY_AFTER_SECONDS = 1;

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "MALFORMED_BODY",
  FST_ERR_CTP_EMPTY_JSON_BODY: "MALFORMED_BODY",
};

/** The static files' refusal of a path (`....//`, a NUL byte): answered like any file that is not there. */
const NO_SUCH_FILE = "FST_STATIC_FORBIDDEN_PATH";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The setting that gives this route its own body limit; BODY_LIMIT_BYTES, the service's, when left out. */
    bodyLimitSetting?: string;
  }
}

/** A 413 that says how large a body may be on this route, and which setting raises the limit. */
function bodyTooLarge(request: FastifyRequest): AppError {
  const setting = request.routeOptions.config.bodyLimitSetting ?? "BODY_LIMIT_BYTES";
  return new AppError(
    "BODY_TOO_LARGE",
    `The body is larger than the ${request.routeOptions.bodyLimit} bytes this route accepts; the service's ${setting} setting raises the limit.`,
  );
}

function problemType(code: string): string {
  return `urn:agent-lessons:problem:${code.toLowerCase().replaceAll("_", "-")}`;
}

interface Issue {
  path: readonly PropertyKey[];
  code: string;
  message: string;
  keys?: readonly string[] | undefined;
}

function fieldErrorsFrom(where: string, issues: readonly Issue[]): FieldError[] {
  return issues.flatMap((issue) => {
    const path = [where, ...issue.path.map(String)];
    // An unknown key is reported on its parent object; name each key itself instead.
    if (issue.code === "unrecognized_keys" && issue.keys?.length) {
      return issue.keys.map((key) => ({ field: [...path, key].join("."), message: "is not a known field" }));
    }
    return [{ field: path.join("."), message: issue.message }];
  });
}

function fieldErrorsOf(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  const issues = error.validation.map((issue) => ({
    path: issue.instancePath.split("/").filter(Boolean),
    code: issue.keyword,
    message: issue.message ?? "is invalid",
    keys: (issue.params as { keys?: string[] }).keys,
  }));
  return fieldErrorsFrom(error.validationContext ?? "request", issues);
}

// The order Fastify validates in; it stops at the first part that fails.
const VALIDATED_PARTS = [
  ["params", (request: FastifyRequest) => request.params],
  ["body", (request: FastifyRequest) => request.body],
  ["querystring", (request: FastifyRequest) => request.query],
  ["headers", (request: FastifyRequest) => request.headers],
] as const;

/**
 * Validates the parts Fastify skipped after the first failure, so that one 400 names every bad
 * field (a bad path id and a bad body together, say). Runs only on the error path.
 */
function skippedPartErrors(request: FastifyRequest, failed: string | undefined): FieldError[] {
  const start = VALIDATED_PARTS.findIndex(([part]) => part === failed);
  if (start < 0) return [];
  const schemas = (request.routeOptions.schema ?? {}) as Record<string, unknown>;
  return VALIDATED_PARTS.slice(start + 1).flatMap(([part, valueOf]) => {
    const schema = schemas[part];
    if (!(schema instanceof z.ZodType)) return [];
    const result = schema.safeParse(valueOf(request));
    return result.success ? [] : fieldErrorsFrom(part, result.error.issues as Issue[]);
  });
}

function validationProblem(fields: readonly FieldError[]): AppError {
  return new AppError("VALIDATION_FAILED", fields.map((field) => `${field.field}: ${field.message}`).join("; "), fields);
}

/** Maps any thrown error to an AppError; unknown errors become a 500 that reveals nothing. */
export function toAppError(error: FastifyError | AppError | Error, contentType?: string): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError;
  const fields = fieldErrorsOf(fastifyError);
  if (fields.length > 0) return validationProblem(fields);
  if (fastifyError.code === "FST_ERR_CTP_INVALID_JSON_BODY") {
    // The parser also refuses __proto__ and constructor.prototype keys, under the same code.
    return new AppError("MALFORMED_BODY", "The body is not valid JSON, or it holds a forbidden __proto__ or constructor.prototype key.");
  }
  if (fastifyError.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
    const given = contentType ? ` (not ${contentType.slice(0, 100)})` : "";
    return new AppError("UNSUPPORTED_MEDIA_TYPE", `The body must be JSON, sent with Content-Type: application/json${given}.`);
  }
  if (fastifyError.code === NO_SUCH_FILE) return notFound("There is no such file.");
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
  // The store comes back by itself; a second is a fair first wait.
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

export interface ProblemDetailsOptions {
  /** What a log line may say of a text a caller sent (a problem's detail can quote a query value): redacted like a body. */
  redact?: (text: string) => string;
}

export default fp<ProblemDetailsOptions>(
  async (app, { redact = (text) => text }) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      // Only the request knows its route's limit, so a 413 is built here rather than in toAppError.
      let problem = error.code === "FST_ERR_CTP_BODY_TOO_LARGE" ? bodyTooLarge(request) : toAppError(error, request.headers["content-type"]);
      if (problem.code === "VALIDATION_FAILED" && error.validationContext) {
        const more = skippedPartErrors(request, error.validationContext);
        if (more.length > 0) problem = validationProblem([...problem.fieldErrors, ...more]);
      }
      if (problem.status >= 500) request.log.error({ err: error }, "request failed");
      else request.log.info({ code: problem.code, detail: redact(problem.message) }, "request rejected");
      return sendProblem(request, reply, problem);
    });

    const routes = createRouteTable();
    app.addHook("onRoute", (route) => routes.add(route.method, route.url));

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split("?")[0]!;
      const allowed = routes.methodsFor(path);
      if (allowed.length === 0) return sendProblem(request, reply, new AppError("ROUTE_NOT_FOUND", `No route ${request.method} ${path}.`));
      // A route that answers this method sent it here: the route is right, what it serves is not there (a static file).
      if (allowed.includes(request.method)) return sendProblem(request, reply, notFound("There is no such file."));
      reply.header("allow", allowed.join(", "));
      return sendProblem(request, reply, new AppError("METHOD_NOT_ALLOWED", `${path} answers ${allowed.join(", ")}, not ${request.method}.`));
    });
  },
  { name: "problem-details" },
);
