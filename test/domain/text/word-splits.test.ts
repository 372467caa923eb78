// The one-pass word splitter gives exactly the words the backtracking regex rules gave, on any text.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normaliseErrorText } from "../../../src/domain/lessons/categorise.js";
import { nameWords } from "../../../src/domain/redaction/secret-keys.js";

// The rules as they were written before: the specification the scanner must keep (and quadratic on long capitals).
const byRegexName = (name: string) =>
  name
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, "")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
const byRegexError = (text: string) =>
  text
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/([A-Za-z])(\d)/g, "$1 $2")
    .replace(/(\d)([A-Za-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0)
    .join(" ");

// Capitals, lower case, digits, separators, and characters whose lower case is ASCII or longer (Kelvin sign, dotted I).
const alphabet = fc.constantFrom(..."AABBZaabz0919_- .\u212a\u0130\u00e9\u200bX".split(""));
const texts = fc.array(alphabet, { maxLength: 40 }).map((chars) => chars.join(""));

describe("splitting words in one pass", () => {
  it("gives a name the words the regex rules gave it", () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(nameWords(text)).toEqual(byRegexName(text));
      }),
      { numRuns: 5000 },
    );
  });

  it("gives an error text the words the regex rules gave it", () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(normaliseErrorText(text)).toBe(byRegexError(text));
      }),
      { numRuns: 5000 },
    );
  });

  it("splits the texts that made the regexes backtrack, a million characters at a time", () => {
    const capitals = "A".repeat(1_000_000);
    expect(nameWords(`${capitals}!`)).toEqual(["a".repeat(1_000_000)]);
    expect(normaliseErrorText(`${capitals}1`)).toBe(`${"a".repeat(1_000_000)} 1`);
    expect(nameWords(`${"AB".repeat(3)}Cd`)).toEqual(["ababab", "cd"]);
  });
});
