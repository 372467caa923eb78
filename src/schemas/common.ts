// Schemas shared by every route: ids in paths, the problem+json body, text-or-JSON prompt responses.
import { z } from "zod";
import "./messages.js";

// Ids go into Redis hash tags and URLs, so they are kept to a safe alphabet (no braces, no slashes).
const ID_ALPHABET = /^[A-Za-z0-9._:-]{1,128}$/;
const ID_RULE = "1-128 letters, digits, '.', '_', ':' or '-'";

export const idSchema = (description: string) =>
  z
    .string()
    .regex(ID_ALPHABET, `must be ${ID_RULE}`)
    // "." and ".." are dot segments in a URL: a Location header holding them would point elsewhere.
    .refine((id) => id !== "." && id !== "..", "must not be '.' or '..'")
    .describe(`${description} (${ID_RULE})`);

/** The start of an id (or tool name) that a listing matches: the same alphabet. */
export const idPrefixSchema = (description: string) =>
  z.string().regex(ID_ALPHABET, `must be ${ID_RULE}`).describe(`${description} (${ID_RULE})`);

/** A listing's page size and the cursor of its previous page. */
export const listingLimit = z.coerce.number().int().min(1).max(1000).default(50).describe("Items per page, 1 to 1000");
export const listingCursor = z.string().min(1).max(1400).optional().describe("The next_cursor of the previous page (of the same listing: with the same prefix, or without one)");

export const taskIdSchema = idSchema("Task id");
export const sessionIdSchema = idSchema("Session id");
// Patterns are keyed by tool name in JSON objects, where "__proto__" cannot be an ordinary key.
export const toolNameSchema = idSchema("Tool name").refine((name) => name !== "__proto__", "must not be __proto__");

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
  401: "Missing or unknown API key (when API keys are configured)",
  404: "Not found",
  413: "Request body too large",
  415: "Unsupported media type",
  422: "The Idempotency-Key was used, in this task or session, for a different request",
  429: "The tenant's rate limit is exceeded; retry after the Retry-After seconds",
  500: "Unexpected error; the body reveals no internals",
  503: "Store unavailable; retry after the Retry-After seconds",
};

/** In the 201 of a write: how many values redaction replaced before anything was stored. */
export const redactionsField = z
  .int()
  .min(0)
  .describe("How many values were replaced by redaction ([REDACTED], [REDACTED:<kind>]) before anything was stored; 0 when none");

// Like every other route's, a query without parameters takes no unknown ones: a typo is a 400, not silence.
export const noQuery = z.strictObject({});

/** Error responses as problem+json bodies; 500 is on every route. */
export function problemResponses<const S extends readonly number[]>(...statuses: S) {
  const content = { "application/problem+json": { schema: problemSchema } };
  return Object.fromEntries(
    [...statuses, 500].map((status) => [status, { description: PROBLEM_DESCRIPTIONS[status] ?? "Problem", content }]),
  ) as { [K in S[number] | 500]: { description: string; content: typeof content } };
}

/** Error responses of an API route: also 401 (authentication) and 429 (rate limit). */
export function apiProblems<const S extends readonly number[]>(...statuses: S) {
  return problemResponses(...statuses, 401, 429);
}

/** Error responses of an API POST: also a key reused for another request (422). */
export function postProblems<const S extends readonly number[]>(...statuses: S) {
  return apiProblems(...statuses, 422);
}

export const idempotencyHeaders = z.object({
  "idempotency-key": z
    .string()
    .regex(/^[\x20-\x7e]{1,255}$/, "must be 1-255 printable ASCII characters")
    .optional()
    .describe(
      "Makes a retried POST safe: scoped to the task or session written, the key's first write is answered " +
        "again (with Idempotent-Replayed: true) for the same request, never applied twice; another body gives 422.",
    ),
});

/**
 * A prompt route's reply as documented: JSON, whose `prompt` field holds the text. The text alone
 * (Accept: text/plain) is left out of the document so that generated clients get one type.
 */
export function promptResponse<T extends z.ZodType>(json: T) {
  return {
    description: "The prompt block as JSON; with Accept: text/plain, the prompt text alone, its last line ended with a newline",
    content: { "application/json": { schema: json } },
  };
}

// Documented as a boolean, which is how generated clients send it ("true"/"false"); the parse also
// takes 1/0, yes/no and on/off.
export const booleanQuery = z.stringbool().meta({ type: "boolean" });
