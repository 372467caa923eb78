// The accumulator's categorisation (one of the originals), severity and fix texts, kept as data so they can be read and tested as a table.
import type { Severity } from "./types.js";

export interface CategoryRule {
  category: string;
  /** Matched at the start of a word of the normalised error text; a keyword may span words. */
  keywords: readonly string[];
}

/** First match wins, in the accumulator's order. */
export const CATEGORY_RULES: readonly CategoryRule[] = [
  { category: "syntax", keywords: ["syntax", "indent", "parse"] },
  { category: "timeout", keywords: ["timeout", "timed out"] },
  { category: "api", keywords: ["api", "rate limit", "quota"] },
  { category: "import", keywords: ["import", "module", "not found"] },
  { category: "type", keywords: ["type", "attribute"] },
  { category: "test", keywords: ["assertion", "test", "expect"] },
  { category: "resource", keywords: ["memory", "overflow", "context"] },
  { category: "permission", keywords: ["permission", "access", "denied"] },
];

export const FALLBACK_CATEGORY = "general";

/** Every category a lesson can have, in rule order, the fallback last. */
export const CATEGORIES: readonly string[] = [...CATEGORY_RULES.map((rule) => rule.category), FALLBACK_CATEGORY];

export const SEVERITY_BY_CATEGORY: Readonly<Record<string, Severity>> = {
  syntax: "low",
  import: "low",
  type: "medium",
  test: "medium",
  timeout: "high",
  resource: "high",
  api: "critical",
  permission: "critical",
  general: "medium",
};

export const FIX_BY_CATEGORY: Readonly<Record<string, string>> = {
  syntax: "Check indentation, brackets, and quotes. Verify Python syntax.",
  timeout: "Reduce task complexity. Consider breaking into smaller steps.",
  api: "Check API credentials and rate limits. Add retry with backoff.",
  import: "Verify module is installed. Check import path and spelling.",
  type: "Check variable types. Ensure correct attribute access.",
  test: "Review test assertions. Check expected vs actual values.",
  resource: "Reduce context size. Summarize or truncate inputs.",
  permission: "Check file/API permissions. Verify access credentials.",
  general: "Review the error message. Check related code sections.",
};

export interface FixHint {
  /** Raw, case-insensitive substrings of the error message, as the accumulator looks for them. */
  anyOf: readonly string[];
  hint: string;
}

/** Appended to the category's fix, in this order, when the message mentions them. */
export const FIX_HINTS: readonly FixHint[] = [
  { anyOf: ["undefined"], hint: " Check variable definitions before use." },
  { anyOf: ["null", "none"], hint: " Add null/None checks." },
];
