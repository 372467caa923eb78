// Failure signatures: made from the error type and the message's template; the fixed normalisation of the signatures before templates, still shown as normalized_message.
import { createHash } from "node:crypto";
import { recentlyUsed, rememberedByText } from "../../recently-used.js";
import type { FailureSignature } from "./types.js";

// The texts whose normalised form and signature are kept: the distinct failures a fleet reports at
// once are far fewer. A lesson keeps at most 500 characters of its message, which is what is hashed.
// 1M characters of keys per cache: at most 2 MB each, whatever the texts.
const TEXTS_KEPT = { entries: 5_000, chars: 1_000_000 };
const TEXT_KEPT_MAX_CHARS = 1_000;

// Applied in this order: each placeholder must survive the rules after it (none of them holds a
// digit, a quote or a run of hex characters), and a URL must go before its path and its numbers.
const RULES: ReadonlyArray<readonly [RegExp, string]> = [
  // scheme://anything up to whitespace or a quote or bracket that ends it (a scheme of at most 32
  // characters: an unbounded one would read a long word again from each of its starts)
  [/\b[a-z][a-z0-9+.-]{0,31}:\/\/[^\s'"<>()[\]{}]+/gi, "<url>"],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, "<uuid>"],
  // Windows: C:\dir\file; POSIX: /dir/file, not preceded by a word character (so `and/or`, `3/4`
  // stay). Punctuation that ends a sentence or a clause (`:`, `.`, `,`) is not part of the path.
  [/\b[a-z]:\\(?:[^\s'"<>|?*]*[^\s'"<>|?*:.,;!])?/gi, "<path>"],
  [/(?<![\w.~\-/])\/(?:[^\s'"<>()[\]{},;]*[^\s'"<>()[\]{},;:.!?])/g, "<path>"],
  // A single quote opens a quoted string only when no letter or digit stands before it (not `don't`).
  [/(?<![\p{L}\p{N}])'[^'\n]*'/gu, "<str>"],
  [/"[^"\n]*"/g, "<str>"],
  // Maximal runs of 8 or more hex characters with at least one digit (ids, hashes, addresses)
  [/(?<![0-9a-f])(?=[0-9a-f]*\d)[0-9a-f]{8,}(?![0-9a-f])/gi, "<hex>"],
  [/\d+(?:\.\d+)?/g, "<n>"],
];

/**
 * The message with URLs, UUIDs, absolute paths, quoted strings, long hex runs and numbers replaced
 * by placeholders (in that order), whitespace collapsed, trimmed and lower-cased.
 */
export const normaliseMessage = rememberedByText(TEXTS_KEPT, TEXT_KEPT_MAX_CHARS, (message) => {
  let text = message;
  for (const [pattern, placeholder] of RULES) text = text.replace(pattern, placeholder);
  return text.replace(/\s+/g, " ").trim().toLowerCase();
});

const signatures = recentlyUsed<string>(TEXTS_KEPT);

/** 16 hex characters of SHA-256 over the error type and the normalised message. */
export function failureSignature(errorType: string, message: string): string {
  const hash = () => createHash("sha256").update(`${errorType}\n${normaliseMessage(message)}`, "utf8").digest("hex").slice(0, 16);
  if (message.length > TEXT_KEPT_MAX_CHARS) return hash();
  // The type's length first, so that no two (type, message) pairs share a key.
  return signatures(`${errorType.length}:${errorType}${message}`, hash);
}

/**
 * A failure's signature from its template (templates.ts): 16 hex characters of SHA-256 over the error type
 * and the template's id. The id never moves while the template is kept, so neither does the signature;
 * the error type keeps two types' failures apart even where their messages share a template.
 */
export function templateSignature(errorType: string, templateId: string): string {
  return createHash("sha256").update(`${errorType}\n${templateId}`, "utf8").digest("hex").slice(0, 16);
}

/** Most recurring first, then the most recently seen, then by signature: how a task's signatures are listed, and a resolution keeps them. */
export function bySignatureRank(a: FailureSignature, b: FailureSignature): number {
  if (a.occurrences !== b.occurrences) return b.occurrences - a.occurrences;
  if (a.last_seen_at !== b.last_seen_at) return a.last_seen_at < b.last_seen_at ? 1 : -1;
  return a.signature < b.signature ? -1 : a.signature > b.signature ? 1 : 0;
}
