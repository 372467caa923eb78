// Reading OTLP values: attributes as plain values, nanosecond times, JSON held in strings, ids made to fit the service's id alphabet.
import { createHash } from "node:crypto";
import { setOwnProperty } from "../tools/arguments.js";
import type { Attributes, OtlpAnyValue, OtlpKeyValue, OtlpNanos } from "./types.js";

// AnyValues nest; deeper than this is cut (the edge already refuses bodies deeper than 64 levels).
const MAX_VALUE_DEPTH = 32;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** An AnyValue as a plain value: kvlists become objects, 64-bit integers numbers (strings past 2^53). */
export function plainValue(value: OtlpAnyValue | undefined, depth = 0): unknown {
  if (!isObject(value) || depth > MAX_VALUE_DEPTH) return null;
  if (typeof value.stringValue === "string") return value.stringValue;
  if (typeof value.boolValue === "boolean") return value.boolValue;
  if (value.intValue !== undefined) {
    const number = Number(value.intValue);
    return Number.isSafeInteger(number) ? number : String(value.intValue);
  }
  if (value.doubleValue !== undefined) return Number(value.doubleValue);
  if (isObject(value.arrayValue)) {
    const values = Array.isArray(value.arrayValue.values) ? value.arrayValue.values : [];
    return values.map((item) => plainValue(item, depth + 1));
  }
  if (isObject(value.kvlistValue)) return objectOf(value.kvlistValue.values as OtlpKeyValue[] | undefined, depth + 1);
  if (typeof value.bytesValue === "string") return value.bytesValue;
  return null;
}

function objectOf(list: OtlpKeyValue[] | undefined, depth: number): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  if (!Array.isArray(list)) return object;
  for (const entry of list) {
    if (isObject(entry) && typeof entry.key === "string") setOwnProperty(object, entry.key, plainValue(entry.value, depth));
  }
  return object;
}

/** A list of KeyValues as a map of plain values; the last of a repeated key wins. */
export function attributesOf(list: OtlpKeyValue[] | undefined): Attributes {
  const attributes = new Map<string, unknown>();
  if (!Array.isArray(list)) return attributes;
  for (const entry of list) {
    if (isObject(entry) && typeof entry.key === "string") attributes.set(entry.key, plainValue(entry.value));
  }
  return attributes;
}

/** The attribute as a non-empty string (numbers too), or null. */
export function textOf(attributes: Attributes, name: string): string | null {
  const value = attributes.get(name);
  if (typeof value === "string") return value.length > 0 ? value : null;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

/** The first of the names that holds a non-empty string. */
export function firstText(attributes: Attributes, names: readonly string[]): string | null {
  for (const name of names) {
    const text = textOf(attributes, name);
    if (text !== null) return text;
  }
  return null;
}

/** true/false from a boolean or the strings "true"/"false" (as several CLIs send them); null otherwise. */
export function flagOf(attributes: Attributes, name: string): boolean | null {
  const value = attributes.get(name);
  if (typeof value === "boolean") return value;
  if (typeof value === "string") {
    const lower = value.trim().toLowerCase();
    if (lower === "true") return true;
    if (lower === "false") return false;
  }
  return null;
}

/** A non-negative number of milliseconds from a number or a numeric string; null otherwise. */
export function millisOf(attributes: Attributes, name: string): number | null {
  const value = attributes.get(name);
  const number = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  return Number.isFinite(number) && number >= 0 ? Math.round(number) : null;
}

const DIGITS = /^\d{1,20}$/;

/** Nanoseconds since the epoch from OTLP's decimal string or number; null for 0 (unset) or anything else. */
export function nanosOf(value: OtlpNanos | undefined): bigint | null {
  if (typeof value === "number" && Number.isFinite(value) && value > 0) return BigInt(Math.trunc(value));
  if (typeof value === "string" && DIGITS.test(value)) {
    const nanos = BigInt(value);
    return nanos > 0n ? nanos : null;
  }
  return null;
}

/** Nanoseconds from an ISO 8601 time (the CLIs' `event.timestamp`); null when it does not parse. */
export function nanosOfIso(text: string | null): bigint | null {
  if (text === null) return null;
  const millis = Date.parse(text);
  return Number.isFinite(millis) && millis > 0 ? BigInt(millis) * 1_000_000n : null;
}

/** Whole milliseconds between two times, or null when either is missing or they run backwards. */
export function elapsedMillis(start: bigint | null, end: bigint | null): number | null {
  if (start === null || end === null || end < start) return null;
  return Number((end - start + 500_000n) / 1_000_000n);
}

/** A string holding JSON (as most dialects send arguments and results) decoded; any other value, or text that is no JSON, as it is. */
export function decodedJson(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  if (!(trimmed.startsWith("{") || trimmed.startsWith("["))) return value;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return value;
  }
}

const HEX_ID = /^[0-9a-fA-F]+$/;

/** An id in lower-case hex ("" when missing, all zeros, or not hex). */
export function hexId(value: unknown): string {
  if (typeof value !== "string" || !HEX_ID.test(value) || /^0+$/.test(value)) return "";
  return value.toLowerCase();
}

const ID_CHARACTER = /[A-Za-z0-9._:-]/;
const MAX_ID_CHARS = 128;

/**
 * A value made to fit the id alphabet (`A-Z a-z 0-9 . _ : -`, 1-128), the same way every time: every other
 * character becomes `_`, and a value past 128 characters keeps its first 111 and a hash of the whole.
 * Null for a value with nothing left, or one the API refuses as an id (`.`, `..`, `__proto__`).
 */
export function idOf(value: string | null): string | null {
  if (value === null) return null;
  let cleaned = "";
  for (const character of value.trim()) cleaned += ID_CHARACTER.test(character) ? character : "_";
  if (cleaned.length > MAX_ID_CHARS) {
    cleaned = `${cleaned.slice(0, 111)}-${createHash("sha256").update(value).digest("hex").slice(0, 16)}`;
  }
  if (cleaned === "" || cleaned === "." || cleaned === ".." || cleaned === "__proto__" || /^_+$/.test(cleaned)) return null;
  return cleaned;
}

// "Exit code 2" (a shell tool), else the identifier before the first colon ("ValueError: …").
const EXIT_CODE = /^exit code (-?\d{1,6})\b/i;
const LEADING_IDENTIFIER = /^([A-Za-z_][A-Za-z0-9_.]{0,99}):/;

/** An error type read from an error's text, as the Claude Code hook reads it; null when the text names none. */
export function errorTypeFromText(text: string | null): string | null {
  if (text === null) return null;
  const firstLine = text.trimStart().split("\n", 1)[0] ?? "";
  const exit = EXIT_CODE.exec(firstLine);
  if (exit) return `exit_code_${exit[1]}`;
  return LEADING_IDENTIFIER.exec(firstLine)?.[1] ?? null;
}

const TIMEOUT_WORDS = /timed?[\s_-]?out|deadline[\s_-]?exceeded/i;

/** Whether an error's type or text says it timed out ("TimeoutError", "timed out", "ETIMEDOUT", "deadline exceeded"). */
export function saysTimeout(...texts: Array<string | null | undefined>): boolean {
  return texts.some((text) => typeof text === "string" && TIMEOUT_WORDS.test(text));
}
