// Brings what a span or record says within what a POSTed tool call may hold, cutting rather than refusing where a cut keeps the call useful.
import { inputProblem } from "../../input-limits.js";
import { setOwnProperty } from "../tools/arguments.js";
import type { ToolArguments } from "../tools/types.js";

// The POST's own limits (src/schemas/tools.ts); the capture service checks the result against that schema too.
export const CALL_LIMITS = { argumentKeys: 100, argumentsJsonChars: 65_536, errorTypeChars: 200, errorMessageChars: 10_000 } as const;

// Strings are cut to these lengths in turn until the arguments fit.
const STRING_CUTS = [4096, 1024, 256, 64];
const CUT_MARK = "…";

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Text cut to `max` characters, never inside a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = max - CUT_MARK.length;
  const code = text.charCodeAt(end - 1);
  return `${text.slice(0, code >= 0xd800 && code <= 0xdbff ? end - 1 : end)}${CUT_MARK}`;
}

function withStringsCut(value: unknown, max: number): unknown {
  if (typeof value === "string") return cutText(value, max);
  if (Array.isArray(value)) return value.map((item) => withStringsCut(item, max));
  if (!isPlainObject(value)) return value;
  const copy = {};
  for (const [key, item] of Object.entries(value)) setOwnProperty(copy, key, withStringsCut(item, max));
  return copy;
}

const jsonLength = (value: unknown) => JSON.stringify(value)?.length ?? 0;

/**
 * The call's arguments as a POST must hold them: an object (anything else is wrapped as `{ input: … }`),
 * of at most 100 keys (the first ones kept) and 64 KiB of JSON (long strings cut). A reason instead
 * when they cannot be made to fit, or pass the edge's limits (nesting, member names, invalid text).
 */
export function fitArguments(sent: unknown): { arguments: ToolArguments } | { refused: string } {
  const wrapped = sent === undefined || sent === null ? {} : isPlainObject(sent) ? sent : { input: sent };
  const problem = inputProblem("arguments", wrapped);
  if (problem) return { refused: `${problem.field} ${problem.message}` };
  let fitted: Record<string, unknown> = wrapped;
  const keys = Object.keys(fitted);
  if (keys.length > CALL_LIMITS.argumentKeys) {
    const kept = {};
    for (const key of keys.slice(0, CALL_LIMITS.argumentKeys)) setOwnProperty(kept, key, fitted[key]);
    fitted = kept;
  }
  for (const max of STRING_CUTS) {
    if (jsonLength(fitted) <= CALL_LIMITS.argumentsJsonChars) return { arguments: fitted };
    fitted = withStringsCut(fitted, max) as Record<string, unknown>;
  }
  if (jsonLength(fitted) <= CALL_LIMITS.argumentsJsonChars) return { arguments: fitted };
  return { refused: `arguments hold more than ${CALL_LIMITS.argumentsJsonChars} characters of JSON even with every string cut` };
}

/** Text within a limit, with lone surrogates replaced; null for an empty or missing text. */
export function fitText(text: string | null | undefined, max: number): string | null {
  if (typeof text !== "string" || text.trim() === "") return null;
  return cutText(text.toWellFormed(), max);
}
