// Counts tokens with a real BPE tokenizer (gpt-tokenizer, o200k_base), loaded on first use, line by line with the lines' counts remembered.
import { recentlyUsed } from "../../recently-used.js";

/** The encoding every token count of the context block is made with. */
export const TOKEN_ENCODING = "o200k_base";

export type TokenCounter = (text: string) => number;

// The tokenizer's own cache of merged chunks defaults to 100,000 entries, which under varied text
// grew the process by about 90 MB; a tenth of it keeps the words that recur in prompts.
const MERGE_CACHE_ENTRIES = 10_000;
// Prompts are rebuilt from the same lines again and again (a lesson, a tool's section, a header):
// each line's count is looked up before it is made. Lines past the size bound are rare and would
// crowd out the rest.
const COUNTS_KEPT = { entries: 20_000, chars: 4_000_000 };
const COUNTED_PIECE_MAX_CHARS = 4_096;

/**
 * Where a text may be cut so that its count is the sum of its pieces' counts, exactly: after a
 * newline that a character other than whitespace or "/" follows. The encoding's pre-tokenizer
 * (which BPE then works within, chunk by chunk) always ends a chunk there: a run of newlines, or a
 * run of punctuation with the newlines after it (and any "/"), cannot take that character in, no
 * chunk starts with a newline before a letter, and the one lookahead, \s+(?!\S), is never tried
 * on a run that holds a newline, because \s*[\r\n]+ is tried first. A property test holds the
 * tokenizer to this.
 */
export const EXACT_CUT = /(?<=\n)(?=[^\s/])/u;

// The tokenizer's merging costs the square of a word's length: a line of 100,000 characters without a
// space took 3.5 s and 400,000 over a minute. A run of more non-space characters than this is counted
// in pieces of this size, which costs a token or so per piece more than its exact count at most.
export const LONGEST_WORD_COUNTED_WHOLE = 256;

/** The text cut wherever a run of non-space characters reaches LONGEST_WORD_COUNTED_WHOLE; the text itself when none does. */
export function withLongWordsCut(text: string): string[] {
  if (text.length <= LONGEST_WORD_COUNTED_WHOLE) return [text];
  const pieces: string[] = [];
  let from = 0;
  let run = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    // Space, tab, line breaks: what ends a word for the tokenizer's pre-tokenizer in practice.
    run = code === 32 || (code >= 9 && code <= 13) ? 0 : run + 1;
    if (run > LONGEST_WORD_COUNTED_WHOLE) {
      pieces.push(text.slice(from, i));
      from = i;
      run = 1;
    }
  }
  pieces.push(text.slice(from));
  return pieces;
}

/** `count` summed over the text's pieces (EXACT_CUT), each piece counted once while it is among those used last (COUNTS_KEPT). */
function byRememberedPieces(count: TokenCounter): TokenCounter {
  const remembered = recentlyUsed<number>(COUNTS_KEPT);
  const countWhole = (piece: string) => withLongWordsCut(piece).reduce((tokens, part) => tokens + count(part), 0);
  const countPiece = (piece: string) => (piece.length > COUNTED_PIECE_MAX_CHARS ? countWhole(piece) : remembered(piece, () => countWhole(piece)));
  return (text) => {
    let tokens = 0;
    for (const piece of text.split(EXACT_CUT)) tokens += countPiece(piece);
    return tokens;
  };
}

let loading: Promise<TokenCounter> | undefined;

/**
 * The counter, loaded once: the encoding's tables are several megabytes, which only a process that
 * builds context blocks should pay for. Special-token text such as `<|endoftext|>` in a message
 * counts as the plain text it is, never as a control token (and never throws).
 */
export function tokenCounter(): Promise<TokenCounter> {
  loading ??= import("gpt-tokenizer/encoding/o200k_base").then(({ countTokens, setMergeCacheSize }) => {
    setMergeCacheSize(MERGE_CACHE_ENTRIES);
    return byRememberedPieces((text: string) => countTokens(text, { disallowedSpecial: new Set() }));
  });
  return loading;
}
