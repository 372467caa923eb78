// A tool's arguments checked by the routes' own zod schemas, with failures named per field as the HTTP 400s name them.
import type { z } from "zod";
import { AppError, type FieldError } from "../errors.js";

type Arguments = Record<string, unknown>;

/**
 * Puts a query field's JSON value in the form the route's schema parses from a URL, so that the
 * schema itself can stay the route's: `true` becomes "true" (booleanQuery is a z.stringbool), an
 * array of names becomes the comma-separated list, and null means "not given" (a URL has no null).
 * Numbers stay numbers: the query schemas coerce them. Body fields are never touched.
 */
export function asQueryValues(args: Arguments, queryFields: readonly string[]): Arguments {
  const out: Arguments = { ...args };
  for (const field of queryFields) {
    const value = out[field];
    if (value === null) delete out[field];
    else if (typeof value === "boolean") out[field] = String(value);
    else if (Array.isArray(value) && value.every((item) => typeof item === "string")) out[field] = value.join(",");
  }
  return out;
}

/** Each issue named by its field: an unknown field by its own name, as the HTTP problems do. */
function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.flatMap((issue) => {
    const path = issue.path.map(String);
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({ field: [...path, key].join("."), message: "is not a known field" }));
    }
    return [{ field: path.length > 0 ? path.join(".") : "arguments", message: issue.message }];
  });
}

/** The parsed arguments, or a VALIDATION_FAILED AppError naming every offending field. */
export function parseArguments<S extends z.ZodType>(schema: S, args: unknown): z.output<S> {
  const result = schema.safeParse(args);
  if (result.success) return result.data;
  const fields = fieldErrorsOf(result.error.issues);
  throw new AppError("VALIDATION_FAILED", fields.map((field) => `${field.field}: ${field.message}`).join("; "), fields);
}
