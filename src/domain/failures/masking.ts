// The stateless first step of template mining: a failure message cut to size, its variable parts found, its constant words kept as tokens.

/** The placeholder of a variable part in a template's text. */
export const WILDCARD = "<*>";

/** Characters of a message read at most: the rest is never looked at, so every step after this is bounded. */
export const MAX_MESSAGE_CHARS = 2_000;
/** Constant tokens of a message kept at most: a longer message is told apart by its first ones. */
export const MAX_TOKENS = 64;

/** A message as the miner reads it: its constant tokens, and before which of them (or at the end, index `tokens.length`) a variable part stood. */
export interface MaskedMessage {
  tokens: string[];
  gaps: boolean[];
}

const TRACEBACK_HEADER = "Traceback (most recent call last):";

// Variables that span characters a token-by-token reading would keep (slashes, dots, quotes, a unit after a space),
// replaced in this order; each leaves a placeholder that the token step reads as a variable.
const SPANS: ReadonlyArray<RegExp> = [
  // scheme://anything up to whitespace or a quote or bracket that ends it
  /\b[a-z][a-z0-9+.-]{0,31}:\/\/[^\s'"<>()[\]{}]+/gi,
  // Windows paths; POSIX paths (a slash after no word character); relative paths (words joined by slashes)
  /\b[a-z]:\\[^\s'"<>|?*]*/gi,
  /(?<![\w.~\-/])\/[^\s'"<>()[\]{},;]*/g,
  /(?<![\w./-])(?:[\w.-]{1,255}\/){1,64}[\w.-]+/g,
  // a file name with a common extension (README.md, settings.json)
  /(?<![\w.-])[\w.-]{0,254}\.(?:txt|md|rst|json|jsonl|ya?ml|toml|ini|cfg|conf|env|lock|log|csv|tsv|xml|html?|css|[cm]?[jt]sx?|py|ipynb|rb|go|rs|java|kt|swift|c|h|cc|cpp|hpp|cs|php|sh|bash|zsh|ps1|sql|proto|pdf|png|jpe?g|gif|svg|zip|tar|gz|tgz|whl|so|dll|exe)\b(?![\w-])/gi,
  // host:port, and domain names of three or more labels whose last one is lower-case letters
  /(?<![\w.-])[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,16}:\d{1,5}\b/gi,
  /(?<![\w.-])[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,16}\.[a-z]{2,6}\b(?![\w.-])/g,
  // a number with a unit of size or time (`1.2 KB`, `30 seconds`)
  /\b\d+(?:\.\d+)? ?(?:[kmgt]i?b|b|bytes|ms|s|sec|secs|seconds|min|mins|minutes|h|hours)\b/gi,
  // single-quoted (not the apostrophe of `don't`) and backquoted values; double quotes often hold constant text (JSON, a request line)
  /(?<![\p{L}\p{N}])'[^'\n]{0,200}'/gu,
  /`[^`\n]{0,200}`/g,
];
const PLACEHOLDER = "\u0000";

// A name before `=` or `:` stays when its value is a variable (`uid=0` reads `uid=<*>`): it tells templates apart.
const KEY = /^\p{L}[\p{L}\p{N}_.-]{0,63}[=:](?=.)/u;
const DIGIT = /\d/;
// Brackets and quotes with nothing inside hold an empty variable.
const EMPTY = new Set(["()", "[]", "{}", "''", '""', "(),", "[],", "():", "[]:"]);

/**
 * A Python traceback names its failure on its last line: that line is read first, then the frames
 * (its header, the same in every traceback, is left out), so that two tracebacks through the same
 * frames with different errors are told apart by their first token.
 */
function failureFirst(message: string): string {
  const at = message.indexOf(TRACEBACK_HEADER);
  if (at < 0) return message;
  const lines = message.slice(at + TRACEBACK_HEADER.length).split("\n").filter((line) => line.trim() !== "");
  const last = lines.pop();
  return last === undefined ? message : [last, message.slice(0, at), ...lines].join("\n");
}

/** The token as kept (`uid=<*>`), or null when it is a variable as a whole: it holds a digit or a masked span, or is empty brackets. */
function constantOf(token: string): string | null {
  if (EMPTY.has(token)) return null;
  if (!DIGIT.test(token) && !token.includes(PLACEHOLDER)) return token;
  const key = KEY.exec(token);
  return key ? `${key[0]}${WILDCARD}` : null;
}

/**
 * The message as the miner reads it: cut to MAX_MESSAGE_CHARS, its variable parts masked, split on
 * whitespace, each token holding a digit or a masked part dropped (a gap is noted in its place), at
 * most MAX_TOKENS constant tokens. Messages that differ only in their variables read the same.
 */
export function maskMessage(message: string): MaskedMessage {
  // A cut through a character outside the BMP leaves half of it: that half reads as U+FFFD, so every
  // token is valid UTF-8, which a store that keeps tokens as JSON (Redis's cjson) requires.
  let text = failureFirst(message.slice(0, MAX_MESSAGE_CHARS).toWellFormed());
  for (const span of SPANS) text = text.replace(span, PLACEHOLDER);
  const tokens: string[] = [];
  const gaps: boolean[] = [false];
  for (const token of text.split(/\s+/)) {
    if (token === "") continue;
    const constant = constantOf(token);
    if (constant === null) {
      gaps[tokens.length] = true;
      continue;
    }
    if (tokens.length === MAX_TOKENS) break;
    tokens.push(constant);
    gaps.push(false);
  }
  return { tokens, gaps };
}

/** The text of a template: its tokens, with `<*>` where a variable part stands. */
export function templateText(tokens: readonly string[], gaps: readonly boolean[]): string {
  const parts: string[] = [];
  tokens.forEach((token, i) => {
    if (gaps[i]) parts.push(WILDCARD);
    parts.push(token);
  });
  if (gaps[tokens.length]) parts.push(WILDCARD);
  return parts.join(" ");
}
