// Counts tokens with a real BPE tokenizer (gpt-tokenizer, o200k_base), loaded on first use, remembering recent counts.

/** The encoding every token count of the context block is made with. */
export const TOKEN_ENCODING = "o200k_base";

export type TokenCounter = (text: string) => number;

// The tokenizer's own cache of merged chunks defaults to 100,000 entries, which under varied text
// grew the process by about 90 MB; a tenth of it keeps the words that recur in prompts.
const MERGE_CACHE_ENTRIES = 10_000;
// Prompts are built from the same lessons and tool sections again and again: a count is looked up
// before it is made. Texts past the size bound are rare and would crowd out the rest.
const COUNTS_KEPT = 4_000;
const COUNTED_TEXT_MAX_CHARS = 16_384;

let loading: Promise<TokenCounter> | undefined;

/** `count`, remembering the counts of the `COUNTS_KEPT` texts used last. */
function remembering(count: TokenCounter): TokenCounter {
  const counts = new Map<string, number>();
  return (text) => {
    if (text.length > COUNTED_TEXT_MAX_CHARS) return count(text);
    let tokens = counts.get(text);
    if (tokens === undefined) {
      tokens = count(text);
      if (counts.size >= COUNTS_KEPT) counts.delete(counts.keys().next().value!);
    } else {
      counts.delete(text);
    }
    counts.set(text, tokens);
    return tokens;
  };
}

/**
 * The counter, loaded once: the encoding's tables are several megabytes, which only a process that
 * builds context blocks should pay for. Special-token text such as `<|endoftext|>` in a message
 * counts as the plain text it is, never as a control token (and never throws).
 */
export function tokenCounter(): Promise<TokenCounter> {
  loading ??= import("gpt-tokenizer/encoding/o200k_base").then(({ countTokens, setMergeCacheSize }) => {
    setMergeCacheSize(MERGE_CACHE_ENTRIES);
    return remembering((text: string) => countTokens(text, { disallowedSpecial: new Set() }));
  });
  return loading;
}
