// The token budget of the context block: property-tested with the real tokenizer over random contents and budgets.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { fitToBudget, SECTION_NAMES, type SectionDraft } from "../../../src/domain/context/budget.js";
import { LONGEST_WORD_COUNTED_WHOLE, tokenCounter, withLongWordsCut, type TokenCounter } from "../../../src/domain/context/tokens.js";

let count: TokenCounter;
beforeAll(async () => {
  count = await tokenCounter();
});

const HEADERS = ["## WHAT WORKED", "## LEARNINGS FROM PREVIOUS ATTEMPTS", "<procedural_memory>", ""];

/** Drafts like the service's: headers, a wrapper, items of one or several lines, a drop order. */
function draftsFrom(contents: string[][][], orders: number[][]): SectionDraft[] {
  return SECTION_NAMES.map((name, s) => {
    const items = contents[s]!.map((lines) => lines.join("\n"));
    return {
      name,
      items,
      dropOrder: orders[s]!.slice(0, items.length),
      render: (kept: string[]) =>
        s === 2 ? `<procedural_memory>\n${kept.join("\n\n")}\n</procedural_memory>` : [HEADERS[s]!, ...kept].filter(Boolean).join("\n\n"),
    };
  });
}

const line = fc.oneof(fc.string({ minLength: 1, maxLength: 60 }), fc.constantFrom("Error: timed out after 30s", "<|endoftext|>", "ünïcödé 🚀 text", "  - ValueError (x2) -> fix"));
const item = fc.array(line.map((text) => text.replace(/\n/g, " ")), { minLength: 1, maxLength: 4 });
const section = fc.array(item, { maxLength: 6 });

describe("fitting the context block into a token budget", () => {
  it("never exceeds the budget, keeps items whole, and drops the lowest section first, oldest first", () => {
    fc.assert(
      fc.property(fc.tuple(section, section, section, section), fc.integer({ min: 50, max: 600 }), (contents, budget) => {
        // Drop orders: each section's items, oldest first, in a shuffled but fixed order.
        const orders = contents.map((items) => [...items.keys()].sort((a, b) => ((a * 7 + 3) % 5) - ((b * 7 + 3) % 5) || a - b));
        const drafts = draftsFrom(contents, orders);
        const fitted = fitToBudget(drafts, budget, count);

        expect(fitted.tokens).toBe(count(fitted.prompt));
        expect(fitted.tokens).toBeLessThanOrEqual(budget);
        expect(fitted.sections.map((s) => s.name)).toEqual([...SECTION_NAMES]);

        const everyItem = drafts.flatMap((draft, s) => draft.items.map((text, i) => ({ s, i, text })));
        const keptBySection = fitted.sections.map((s) => s.items);
        for (const [s, draft] of drafts.entries()) {
          expect(keptBySection[s]! + fitted.sections[s]!.omitted).toBe(draft.items.length);
          // The kept items are the last ones of the drop order: whatever goes, goes oldest first.
          const dropped = draft.dropOrder.slice(0, fitted.sections[s]!.omitted);
          const kept = draft.items.filter((_, i) => !dropped.includes(i));
          const rendered = kept.length > 0 ? draft.render(kept) : null;
          if (rendered !== null) expect(fitted.prompt).toContain(rendered);
          // A section with no items left sends no header.
          if (kept.length === 0 && HEADERS[s]) expect(fitted.prompt.includes(HEADERS[s]!)).toBe(everyItem.some((x) => x.text.includes(HEADERS[s]!)));
          // A section loses items only once every later section lost all of its own.
          if (fitted.sections[s]!.omitted > 0) for (const later of fitted.sections.slice(s + 1)) expect(later.items).toBe(0);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("runs the tokenizer once when everything fits", () => {
    let calls = 0;
    const counting: TokenCounter = (text) => {
      calls += 1;
      return count(text);
    };
    const drafts = draftsFrom([[["a"]], [["b"]], [], [["c"]]], [[0], [0], [], [0]]);
    const fitted = fitToBudget(drafts, 1000, counting);
    expect(calls).toBe(1);
    expect(fitted.sections.map((s) => [s.items, s.omitted])).toEqual([[1, 0], [1, 0], [0, 0], [1, 0]]);
  });

  it("counts a text by its lines exactly as the tokenizer counts it whole", async () => {
    const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
    const whole = (text: string) => countTokens(text, { disallowedSpecial: new Set() });
    // Texts made of what prompts hold, and of what is hardest at a cut: runs of newlines, spaces
    // and punctuation, slashes, digits, marks, and any unicode.
    const piece = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom("\n", "\n\n", " \n", "\r\n", ".\n", "/", "//", "  ", "\t", "- ", "#", "## WHAT WORKED", "x2", "123456", "é", "\u0301", "🚀", "<|endoftext|>", "\u00a0", "'s", "):\n/"),
      fc.string({ unit: "grapheme", maxLength: 6 }),
    );
    const text = fc.array(piece, { maxLength: 30 }).map((pieces) => pieces.join(""));
    fc.assert(
      fc.property(text, text, (a, b) => {
        // Every cut the counter makes is exact...
        const cut = `${a}\n`;
        if (b.length > 0 && !/^[\s/]/u.test(b)) expect(whole(cut + b)).toBe(whole(cut) + whole(b));
        // ...so the counter agrees with the tokenizer on any text, cut or not (that has no word it counts in pieces).
        if (withLongWordsCut(a + b).length === 1) expect(count(a + b)).toBe(whole(a + b));
      }),
      { numRuns: 3000 },
    );
  });

  it("counts a word too long to merge whole in pieces, within a token a piece of the exact count, and a million characters at once", async () => {
    const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
    const whole = (text: string) => countTokens(text, { disallowedSpecial: new Set() });
    for (const word of ["a".repeat(2_000), "x9/".repeat(700), "ABCdef_".repeat(300)]) {
      const text = `before ${word} after`;
      const pieces = withLongWordsCut(text);
      expect(pieces.join("")).toBe(text);
      expect(pieces.length).toBe(Math.ceil(word.length / LONGEST_WORD_COUNTED_WHOLE));
      expect(Math.abs(count(text) - whole(text))).toBeLessThanOrEqual(pieces.length);
    }
    // Merging a million characters whole would not end within the test's time; in pieces it is a pass over them.
    expect(count("z".repeat(1_000_000))).toBeGreaterThan(1_000_000 / LONGEST_WORD_COUNTED_WHOLE);
  });

  it("counts special-token text as plain text", () => {
    expect(count("<|endoftext|>")).toBeGreaterThan(1);
  });
});
