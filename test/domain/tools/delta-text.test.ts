// How an argument delta reads in prompts and hints: the tool memory's long form and the short form.
import { describe, it, expect } from "vitest";
import { describeDelta, shortDelta } from "../../../src/domain/tools/delta-text.js";

describe("describeDelta", () => {
  it("describes a single change as change k: old -> new", () => {
    expect(describeDelta({ changed: { x: { from: 1, to: 2 } } })).toBe("change x: 1 -> 2");
  });

  it("joins added, removed and changed parts with a semicolon", () => {
    const delta = {
      added: { a: 1, b: 2 },
      removed: ["c", "d"],
      changed: { x: { from: "old", to: "new" }, y: { from: [1], to: { z: true } } },
    };
    expect(describeDelta(delta)).toBe('add a, b; remove c, d; change x: old -> new; y: [1] -> {"z":true}');
  });

  it("lists every key however many there are", () => {
    expect(describeDelta({ added: { a: 1, b: 2, c: 3, d: 4 } })).toBe("add a, b, c, d");
  });

  it("cuts values longer than 20 characters to 17 plus an ellipsis", () => {
    const twenty = "a".repeat(20);
    const long = "b".repeat(21);
    expect(describeDelta({ changed: { k: { from: twenty, to: long } } })).toBe(
      `change k: ${twenty} -> ${"b".repeat(17)}...`,
    );
  });

  it("says unknown changes for an empty delta", () => {
    expect(describeDelta({})).toBe("unknown changes");
    expect(describeDelta({ added: {}, removed: [], changed: {} })).toBe("unknown changes");
  });
});

describe("shortDelta", () => {
  it("writes a change as k:old->new", () => {
    expect(shortDelta({ changed: { x: { from: 1, to: 2 } } })).toBe("x:1->2");
  });

  it("lists up to two keys per part and joins parts with a semicolon", () => {
    const delta = {
      added: { a: 1, b: 2 },
      removed: ["c"],
      changed: { x: { from: 1, to: 2 }, y: { from: "p", to: "q" } },
    };
    expect(shortDelta(delta)).toBe("+a, b; -c; x:1->2, y:p->q");
  });

  it("gives +N args, -N args and ~N args from three keys on", () => {
    const delta = {
      added: { a: 1, b: 2, c: 3 },
      removed: ["d", "e", "f", "g"],
      changed: { x: { from: 1, to: 2 }, y: { from: 1, to: 2 }, z: { from: 1, to: 2 } },
    };
    expect(shortDelta(delta)).toBe("+3 args; -4 args; ~3 args");
  });

  it("cuts values longer than 15 characters to 13 plus two dots", () => {
    const fifteen = "a".repeat(15);
    expect(shortDelta({ changed: { k: { from: fifteen, to: "b".repeat(16) } } })).toBe(
      `k:${fifteen}->${"b".repeat(13)}..`,
    );
  });

  it("says changes for an empty or null delta", () => {
    expect(shortDelta(null)).toBe("changes");
    expect(shortDelta({})).toBe("changes");
  });
});
