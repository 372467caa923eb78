// A fix in words that a person or an agent can act on: values whole up to 120 characters, long ones around what differs.
import { describe, expect, it } from "vitest";
import { fixText, WHOLE_VALUE_CHARS } from "../../../src/domain/tools/fix-text.js";

describe("fixText", () => {
  it("names each changed key with both of its values", () => {
    expect(fixText({ changed: { limit: { from: 0, to: 10 } } })).toBe("change limit: 0 → 10");
  });

  it("says what was added with its value, and what was removed", () => {
    const delta = { added: { verbose: true, depth: 2 }, removed: ["dry_run"], changed: { q: { from: "cats", to: "dogs" } } };
    expect(fixText(delta)).toBe("add verbose: true, depth: 2; remove dry_run; change q: cats → dogs");
  });

  it("shows a value of up to 120 characters whole, where the tool memory's wording cuts it to 20", () => {
    const from = "/tmp/newcomer/fsroot/README.txt";
    const to = "/tmp/newcomer/fsroot/docs/README.txt";
    expect(fixText({ changed: { path: { from, to } } })).toBe(`change path: ${from} → ${to}`);
    const longest = "x".repeat(WHOLE_VALUE_CHARS);
    expect(fixText({ added: { text: longest } })).toBe(`add text: ${longest}`);
    expect(fixText({ changed: { text: { from: longest, to: `${longest.slice(1)}y` } } })).toBe(`change text: ${longest} → ${longest.slice(1)}y`);
  });

  it("keeps what differs in a longer value, the common start and end elided", () => {
    const root = `/srv/${"deeply/nested/".repeat(10)}fsroot/`;
    const text = fixText({ changed: { path: { from: `${root}README.txt`, to: `${root}docs/README.txt` } } });
    expect(text).toBe("change path: …/deeply/nested/fsroot/README.txt → …/deeply/nested/fsroot/docs/README.txt");
  });

  it("keeps a little of what both long values share around the part that differs", () => {
    const start = "a".repeat(100);
    const end = "z".repeat(100);
    const text = fixText({ changed: { body: { from: `${start}-old-${end}`, to: `${start}-brand-new-${end}` } } });
    // The shared parts keep 24 characters at most, from a separator when there is one (here the `-` before the difference).
    expect(text).toBe(`change body: …-old-${"z".repeat(23)}… → …-brand-new-${"z".repeat(23)}…`);
  });

  it("cuts what differs to 120 characters when it is longer", () => {
    const text = fixText({ changed: { blob: { from: "a".repeat(500), to: "b".repeat(500) } } });
    expect(text).toBe(`change blob: ${"a".repeat(WHOLE_VALUE_CHARS - 1)}… → ${"b".repeat(WHOLE_VALUE_CHARS - 1)}…`);
  });

  it("shows values that are not strings as JSON, and quotes a string that would read as another value", () => {
    expect(fixText({ changed: { n: { from: "10", to: 10 }, o: { from: { a: 1 }, to: [1, 2] }, e: { from: "", to: null } } })).toBe(
      'change n: "10" → 10; o: {"a":1} → [1,2]; e: "" → null',
    );
  });

  it("never splits a character made of two code units", () => {
    const emoji = "🚀".repeat(200);
    const text = fixText({ added: { note: emoji } });
    expect(text).toBe(`add note: ${"🚀".repeat(WHOLE_VALUE_CHARS - 1)}…`);
    expect(text.isWellFormed()).toBe(true);
  });

  it("reads `unknown changes` for an empty delta, as the tool memory's wording does", () => {
    expect(fixText({})).toBe("unknown changes");
  });
});
