// Turns an error into a category, a severity and a hypothesised fix, by the rule table in rules.ts.
import {
  CATEGORY_RULES,
  FALLBACK_CATEGORY,
  FIX_BY_CATEGORY,
  FIX_HINTS,
  SEVERITY_BY_CATEGORY,
  type CategoryRule,
} from "./rules.js";
import { rememberedByText } from "../../recently-used.js";
import { asciiWords, markWordBoundaries } from "../text/word-splits.js";
import type { Severity } from "./types.js";

/**
 * Splits CamelCase, digits and punctuation into lower-case words joined by single spaces,
 * so "ModuleNotFoundError: no module" becomes "module not found error no module".
 */
export function normaliseErrorText(text: string): string {
  return asciiWords(markWordBoundaries(text, " ", { digitToUpper: false, letterDigit: true })).join(" ");
}

// The accumulator (one of the originals) matched raw substrings, so "rapid" counted as api and "latest" as test.
// Here a keyword must begin at the start of a word.
function matchesRule(words: string, rule: CategoryRule): boolean {
  return rule.keywords.some((keyword) => {
    for (let at = words.indexOf(keyword); at !== -1; at = words.indexOf(keyword, at + 1)) {
      if (at === 0 || words[at - 1] === " ") return true;
    }
    return false;
  });
}

// The category depends on the type and message joined by a space, so that text is the key: the
// categories of the 5,000 texts used last are kept (a text over 2,000 characters is read each time).
const CATEGORIES_KEPT = { entries: 5_000, chars: 1_000_000 };
const CATEGORISED_TEXT_KEPT_MAX_CHARS = 2_000;
const categoryOf = rememberedByText(CATEGORIES_KEPT, CATEGORISED_TEXT_KEPT_MAX_CHARS, (text) => {
  const words = normaliseErrorText(text);
  return CATEGORY_RULES.find((rule) => matchesRule(words, rule))?.category ?? FALLBACK_CATEGORY;
});

/** The first category whose keywords appear in the error type and message, else "general". */
export function categoriseError(errorType: string, errorMessage: string): string {
  return categoryOf(`${errorType} ${errorMessage}`);
}

export function assessSeverity(category: string): Severity {
  return SEVERITY_BY_CATEGORY[category] ?? "medium";
}

/** The category's fix text, plus the accumulator's hints for undefined and null values found in the message. */
export function hypothesiseFix(errorMessage: string, category: string): string {
  const message = errorMessage.toLowerCase();
  const base = FIX_BY_CATEGORY[category] ?? FIX_BY_CATEGORY[FALLBACK_CATEGORY]!;
  const hints = FIX_HINTS.filter((rule) => rule.anyOf.some((needle) => message.includes(needle)));
  return base + hints.map((rule) => rule.hint).join("");
}
