// Schemas shared by every route: ids in paths, the problem+json body, text-or-JSON prompt responses.
import { z } from "zod";

// Ids go into Redis hash tags and URLs, so they are kept to a safe alphabet (no braces, no slashes).
const ID_ALPHABET = /^[A-Za-z0-9._:-]{1,128}$/;
const ID_RULE = "1-128 letters, digits, '.', '_', ':' or '-'";

export const idSchema = (description: string) =>
  z.string().regex(ID_ALPHABET, `must be ${ID_RULE}`).describe(`${description} (${ID_RULE})`);

export const taskIdSchema = idSchema("Task id");
export const sessionIdSchema = idSchema("Session id");
export const toolNameSchema = idSchema("Tool name");

export const problemSchema = z
  .object({
    type: z.string().describe("A URI naming the kind of problem"),
    title: z.string(),
    status: z.int(),
    detail: z.string(),
    instance: z.string().describe("The path of the request"),
    code: z.string().describe("Stable machine-readable error code"),
    request_id: z.string(),
    errors: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .describe("Every field that failed validation"),
  })
  .meta({ id: "Problem", description: "RFC 9457 problem details" });

const PROBLEM_DESCRIPTIONS: Record<number, string> = {
  400: "Invalid request: the problem names every offending field",
  404: "Not found",
  413: "Request body too large",
  415: "Unsupported media type",
  500: "Unexpected error; the body reveals no internals",
  503: "Store unavailable; retry after the Retry-After seconds",
};

/** Error responses as problem+json bodies; 500 is on every route. */
export function problemResponses<const S extends readonly number[]>(...statuses: S) {
  const content = { "application/problem+json": { schema: problemSchema } };
  return Object.fromEntries(
    [...statuses, 500].map((status) => [status, { description: PROBLEM_DESCRIPTIONS[status] ?? "Problem", content }]),
  ) as { [K in S[number] | 500]: { description: string; content: typeof content } };
}

/** A prompt as JSON, or as the text itself when the client asks for text/plain. */
export function promptResponse<T extends z.ZodType>(json: T) {
  return {
    description: "The prompt block, as JSON or (Accept: text/plain) as text",
    content: {
      "application/json": { schema: json },
      "text/plain": { schema: z.string() },
    },
  };
}

export const booleanQuery = z.stringbool();
