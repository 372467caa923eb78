// Tool results as a model reads them: prompt text, the route's JSON, or a problem's code and detail as a tool error.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { AppError } from "../errors.js";

/** The route's JSON response: as text for the model, and as structured content for programs. */
export function jsonResult(document: object): CallToolResult {
  return {
    content: [{ type: "text", text: JSON.stringify(document) }],
    structuredContent: document as Record<string, unknown>,
  };
}

/**
 * A prompt block: the text itself, which is what the model should read; the route's JSON document
 * (counts, budget) rides along as structured content. An empty prompt says why in words, since an
 * empty text block reads to a model as a broken tool.
 */
export function promptResult(prompt: string, document: object, whenEmpty: string): CallToolResult {
  return {
    content: [{ type: "text", text: prompt.length > 0 ? prompt : whenEmpty }],
    structuredContent: document as Record<string, unknown>,
  };
}

/** Whatever a tool threw, as the problem an HTTP client would get; anything unexpected reveals nothing. */
export function problemOf(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError("INTERNAL", "The server could not complete the request.", [], { cause: error });
}

/** A tool error (isError) whose text leads with the problem's code, then its detail; fields for programs. */
export function errorResult(problem: AppError): CallToolResult {
  return {
    isError: true,
    content: [{ type: "text", text: `${problem.code}: ${problem.message}` }],
    structuredContent: {
      code: problem.code,
      title: problem.title,
      status: problem.status,
      detail: problem.message,
      ...(problem.fieldErrors.length > 0 ? { errors: problem.fieldErrors } : {}),
    },
  };
}
