// The words recall indexes a failure by and looks a query up by: the template's constant words first, then the message's own (codes, names, path parts).
import { maskMessage, MAX_MESSAGE_CHARS } from "../failures/masking.js";

/** Terms a template is indexed by at most: its constant words first, then words its messages held in their variable parts. */
export const MAX_TERMS_PER_TEMPLATE = 32;
/** Terms of a query looked up at most, in the same order of preference. */
export const MAX_QUERY_TERMS = 32;
/** Characters of a term kept at most: a longer word is an id or a blob, not something a person searches by. */
const MAX_TERM_CHARS = 40;

// A word: letters, digits and underscores, with a dash-joined number kept on it (`ORA-00942`, `utf-8`).
const WORD = /[\p{L}\p{N}_]+(?:-\d+)?/gu;
const LETTER = /\p{L}/u;
const DIGIT = /\d/;
// Runs of hex with a digit in them are hashes and addresses; numbers of three digits are status codes (404, 503).
const HEX_RUN = /^[0-9a-f]{8,}$/;
const STATUS_CODE = /^\d{3}$/;

// Words too common in any error message to tell one failure from another.
const STOP_WORDS = new Set(
  (
    "a an and are as at be been but by can cannot could did do does for from had has have if in into is it its " +
    "may might must no not of on or our shall should so such than that the their then there these this those to " +
    "too was we were what when where which while who will with would you your"
  ).split(" "),
);

/** Whether a word is worth indexing: a letter in it (or a status code), not a stop word, not a hash, not an id-sized blob. */
function isTerm(word: string): boolean {
  if (word.length < 2 || word.length > MAX_TERM_CHARS || STOP_WORDS.has(word)) return false;
  if (!LETTER.test(word)) return STATUS_CODE.test(word);
  // A word of letters and digits past 12 characters is an id (`blk_38865049064139660`), and hex with a digit a hash.
  if (DIGIT.test(word) && (word.length > 12 || HEX_RUN.test(word))) return false;
  return true;
}

/** The word without the underscores around it (`__init__` reads `init`), by index: a regex for the end would be quadratic on a run of them. */
function trimUnderscores(word: string): string {
  let start = 0;
  let end = word.length;
  while (start < end && word[start] === "_") start += 1;
  while (end > start && word[end - 1] === "_") end -= 1;
  return word.slice(start, end);
}

// A number joined to another by a dot or a colon is part of an address, a version or a time (`10.0.0.1`, `1.2.3`, `12:30`), not a code.
const JOINERS = new Set([".", ":"]);
const partOfNumber = (text: string, at: number, end: number) =>
  (JOINERS.has(text[at - 1] ?? "") && DIGIT.test(text[at - 2] ?? "")) || (JOINERS.has(text[end] ?? "") && DIGIT.test(text[end + 1] ?? ""));

function addWords(text: string, into: Set<string>, max: number): void {
  for (const match of text.matchAll(WORD)) {
    if (into.size >= max) return;
    const word = trimUnderscores(match[0].toLowerCase());
    if (!isTerm(word)) continue;
    if (!LETTER.test(word) && partOfNumber(text, match.index, match.index + match[0].length)) continue;
    into.add(word);
  }
}

/**
 * The terms of a failure message or a query, distinct, at most `max`: the words of its constant tokens (what
 * its template keeps) first, then the other words of its first MAX_MESSAGE_CHARS characters (error codes,
 * identifiers and path parts, which a template masks but a person searches by). Linear in the text read.
 * `maskedTokens`, when the caller masked the message already (maskMessage's tokens of the same message), saves
 * masking it again.
 */
export function termsOf(message: string, max: number = MAX_TERMS_PER_TEMPLATE, maskedTokens?: readonly string[]): string[] {
  const text = message.slice(0, MAX_MESSAGE_CHARS).toWellFormed();
  const terms = new Set<string>();
  for (const token of maskedTokens ?? maskMessage(text).tokens) addWords(token, terms, max);
  addWords(text, terms, max);
  return [...terms];
}
