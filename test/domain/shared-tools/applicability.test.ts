// When a learned fix applies to a failing call, and the facts the Redis scripts compare.
import { describe, expect, it } from "vitest";
import { applicabilityText, fixApplies, isHeld } from "../../../src/domain/shared-tools/applicability.js";

describe("a fix applies to a failing call", () => {
  it("when the call holds the value each changed key changed from, compared as canonical JSON", () => {
    const fix = { changed: { path: { from: "/srv/README.txt", to: "/srv/docs/README.txt" } } };
    expect(fixApplies(fix, { path: "/srv/README.txt" })).toBe(true);
    expect(fixApplies(fix, { path: "/srv/CHANGELOG.md" })).toBe(false);
    expect(fixApplies(fix, {})).toBe(false);
    const object = { changed: { opts: { from: { a: 1, b: 2 }, to: { a: 1 } } } };
    expect(fixApplies(object, { opts: { b: 2, a: 1 } })).toBe(true);
    expect(fixApplies(object, { opts: { a: 1, b: 3 } })).toBe(false);
  });

  it("when the call lacks every key the fix adds, and holds every key it removes", () => {
    expect(fixApplies({ added: { timeout: 30 } }, { url: "x" })).toBe(true);
    expect(fixApplies({ added: { timeout: 30 } }, { url: "x", timeout: 5 })).toBe(false);
    expect(fixApplies({ removed: ["cache"] }, { cache: true })).toBe(true);
    expect(fixApplies({ removed: ["cache"] }, {})).toBe(false);
    // Every part must hold: a fix that adds one key and changes another needs both.
    const both = { added: { retries: 3 }, changed: { n: { from: 0, to: 1 } } };
    expect(fixApplies(both, { n: 0 })).toBe(true);
    expect(fixApplies(both, { n: 0, retries: 1 })).toBe(false);
    expect(fixApplies(both, { n: 2 })).toBe(false);
  });

  it("never for a fix with no parts, and never through a name the prototype holds", () => {
    expect(fixApplies({}, { a: 1 })).toBe(false);
    expect(fixApplies({ removed: ["toString"] }, {})).toBe(false);
    expect(fixApplies({ added: { constructor: 1 } }, {})).toBe(true);
  });

  it("is told to the scripts as the canonical values to find, the keys to miss and the keys to find", () => {
    expect(JSON.parse(applicabilityText({ added: { t: 1 }, changed: { opts: { from: { b: 2, a: 1 }, to: 3 } }, removed: ["c"] }))).toEqual({
      equal: [["opts", '{"a":1,"b":2}']],
      absent: ["t"],
      present: ["c"],
    });
  });
});

describe("a failing call already holds a fix", () => {
  it("when it has every value the fix sets, as canonical JSON, and none of the keys it removes", () => {
    const fix = { changed: { path: { from: "a.txt", to: "docs/a.txt" } }, added: { opts: { b: 2, a: 1 } }, removed: ["cache"] };
    expect(isHeld(fix, { path: "docs/a.txt", opts: { a: 1, b: 2 } })).toBe(true);
    expect(isHeld(fix, { path: "docs/a.txt", opts: { a: 1, b: 2 }, cache: true })).toBe(false);
    expect(isHeld(fix, { path: "a.txt", opts: { a: 1, b: 2 } })).toBe(false);
    expect(isHeld(fix, { path: "docs/a.txt" })).toBe(false);
    // A fix never both applies to a call and is held by it.
    expect(fixApplies(fix, { path: "docs/a.txt", opts: { a: 1, b: 2 } })).toBe(false);
  });

  it("never for a fix with no parts", () => {
    expect(isHeld({}, {})).toBe(false);
    expect(isHeld({ added: {}, removed: [] }, { a: 1 })).toBe(false);
  });
});
