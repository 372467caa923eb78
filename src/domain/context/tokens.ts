// Counts tokens with a real BPE tokenizer (gpt-tokenizer, o200k_base), loaded on first use.

/** The encoding every token count of the context block is made with. */
export const TOKEN_ENCODING = "o200k_base";

export type TokenCounter = (text: string) => number;

let loading: Promise<TokenCounter> | undefined;

/**
 * The counter, loaded once: the encoding's tables are several megabytes, which only a process that
 * builds context blocks should pay for. Special-token text such as `<|endoftext|>` in a message
 * counts as the plain text it is, never as a control token (and never throws).
 */
export function tokenCounter(): Promise<TokenCounter> {
  loading ??= import("gpt-tokenizer/encoding/o200k_base").then(
    ({ countTokens }) =>
      (text: string) =>
        countTokens(text, { disallowedSpecial: new Set() }),
  );
  return loading;
}
