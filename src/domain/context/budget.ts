// Fits a context block's sections into a token budget by dropping whole items, lowest priority and oldest first.
import type { TokenCounter } from "./tokens.js";

export const SECTION_NAMES = ["what_worked", "lessons", "procedural_memory", "shared_tool_knowledge"] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

/** One section's items, in the order they are shown, with how each is dropped. */
export interface SectionDraft {
  name: SectionName;
  items: string[];
  /** Item indexes, the first to drop first (the oldest). */
  dropOrder: number[];
  /** Renders the kept items (never called with none): a header, a wrapper, separators. */
  render: (items: string[]) => string;
}

export interface FittedContext {
  prompt: string;
  tokens: number;
  sections: Array<{ name: SectionName; items: number; omitted: number }>;
}

function renderAll(drafts: readonly SectionDraft[], kept: ReadonlyArray<ReadonlySet<number>>): string {
  const parts: string[] = [];
  drafts.forEach((draft, s) => {
    const items = draft.items.filter((_, i) => kept[s]!.has(i));
    // A section without items is left out whole: no header stands alone.
    if (items.length > 0) parts.push(draft.render(items));
  });
  return parts.join("\n\n");
}

/**
 * The block within `maxTokens`. When everything fits, the tokenizer runs once. Otherwise each
 * item is counted once, items are dropped (the last section first, each section oldest first)
 * until the estimate fits; the result is counted again, dropping more while it does not fit and
 * taking back the last dropped while they do.
 */
export function fitToBudget(drafts: readonly SectionDraft[], maxTokens: number, count: TokenCounter): FittedContext {
  const kept = drafts.map((draft) => new Set(draft.items.keys()));
  let prompt = renderAll(drafts, kept);
  let tokens = count(prompt);

  if (tokens > maxTokens) {
    // The last section's items first, each section's in its drop order (oldest first).
    const queue = drafts
      .map((draft, s) => draft.dropOrder.map((i) => ({ s, i })))
      .reverse()
      .flat();
    const costs = drafts.map((draft) => draft.items.map((item) => count(item)));
    let estimate = tokens;
    let next = 0;
    while (estimate > maxTokens && next < queue.length) {
      const { s, i } = queue[next++]!;
      kept[s]!.delete(i);
      estimate -= costs[s]![i]!;
    }
    prompt = renderAll(drafts, kept);
    tokens = count(prompt);
    // Separators and headers make the estimate a little off; the exact count decides.
    while (tokens > maxTokens && next < queue.length) {
      const { s, i } = queue[next++]!;
      kept[s]!.delete(i);
      prompt = renderAll(drafts, kept);
      tokens = count(prompt);
    }
    // The estimate may have dropped too much (a section's header goes with its last item): take
    // back the last dropped items while they fit, newest drop first, so the order stays the same.
    while (next > 0) {
      const { s, i } = queue[next - 1]!;
      kept[s]!.add(i);
      const candidate = renderAll(drafts, kept);
      const candidateTokens = count(candidate);
      if (candidateTokens > maxTokens) {
        kept[s]!.delete(i);
        break;
      }
      [prompt, tokens, next] = [candidate, candidateTokens, next - 1];
    }
  }

  return {
    prompt,
    tokens,
    sections: drafts.map((draft, s) => ({ name: draft.name, items: kept[s]!.size, omitted: draft.items.length - kept[s]!.size })),
  };
}
