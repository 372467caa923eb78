// Where camelCase, acronyms and digits split a text into words, found in one pass over its characters.
//
// The rules were regex replacements such as /([A-Z]+)([A-Z][a-z])/g, which backtrack: a run of n capitals
// not followed by a lower-case letter costs n² steps, and 100,000 capitals blocked the service for seconds.
// Each rule here looks at a character and its neighbours only, so the cost is linear in the text.

const isUpper = (code: number) => code >= 65 && code <= 90;
const isLower = (code: number) => code >= 97 && code <= 122;
const isDigit = (code: number) => code >= 48 && code <= 57;
const isLetter = (code: number) => isUpper(code) || isLower(code);

/** Which boundaries a text is split at, besides every character that is not an ASCII letter or digit. */
export interface SplitRules {
  /** `githubToken` → github|Token: a lower-case letter (or a digit, with `digitToUpper`) before a capital. */
  digitToUpper: boolean;
  /** `node20` → node|20 and `20px` → 20|px. */
  letterDigit: boolean;
}

/**
 * The text with `separator` put at every boundary of `rules`, and always before the last capital of an
 * acronym that starts a capitalised word (`APIToken` → API|Token). Other characters are kept as they are.
 */
export function markWordBoundaries(text: string, separator: string, rules: SplitRules): string {
  let out = "";
  let from = 0;
  for (let i = 1; i < text.length; i += 1) {
    const before = text.charCodeAt(i - 1);
    const at = text.charCodeAt(i);
    const boundary =
      (isUpper(at) && (isLower(before) || (rules.digitToUpper && isDigit(before)))) ||
      (isUpper(before) && isUpper(at) && isLower(text.charCodeAt(i + 1))) ||
      (rules.letterDigit && ((isLetter(before) && isDigit(at)) || (isDigit(before) && isLetter(at))));
    if (boundary) {
      out += text.slice(from, i) + separator;
      from = i;
    }
  }
  return out + text.slice(from);
}

/** The lower-case ASCII words of a text once its boundaries are marked: every other character separates. */
export function asciiWords(marked: string): string[] {
  return marked
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}
