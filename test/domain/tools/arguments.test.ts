// Arguments as the memory compares them: canonical JSON, the hash of a call's arguments, and the delta from a failure to its fix.
import { createHash } from "node:crypto";
import { describe, it, expect } from "vitest";
import { argumentDelta, canonicalJson, differsOnlyInRedactions, hashArguments, valueText } from "../../../src/domain/tools/arguments.js";

describe("canonicalJson", () => {
  it("sorts object keys recursively and writes compact JSON", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
  });

  it("keeps array order", () => {
    expect(canonicalJson([3, 1, 2])).toBe("[3,1,2]");
  });

  it("writes scalars as JSON", () => {
    expect(canonicalJson("x")).toBe('"x"');
    expect(canonicalJson(null)).toBe("null");
    expect(canonicalJson(undefined)).toBe("null");
  });

  it("keeps a __proto__ key as data", () => {
    const args = JSON.parse('{"__proto__": {"a": 1}, "b": 2}') as unknown;
    expect(canonicalJson(args)).toBe('{"__proto__":{"a":1},"b":2}');
  });
});

describe("hashArguments", () => {
  it("is the first 12 hex characters of the sha256 of the canonical JSON", () => {
    const expected = createHash("sha256").update('{"a":1,"b":[2,3]}').digest("hex").slice(0, 12);
    expect(hashArguments({ b: [2, 3], a: 1 })).toBe(expected);
    expect(hashArguments({ b: [2, 3], a: 1 })).toMatch(/^[0-9a-f]{12}$/);
  });

  it("does not depend on key order", () => {
    expect(hashArguments({ a: 1, b: 2 })).toBe(hashArguments({ b: 2, a: 1 }));
    expect(hashArguments({ a: 1 })).not.toBe(hashArguments({ a: 2 }));
  });
});

describe("argumentDelta", () => {
  it("reports an added key", () => {
    expect(argumentDelta({ a: 1 }, { a: 1, b: 2 })).toEqual({ added: { b: 2 } });
  });

  it("gives null for identical arguments, including deeply equal ones in another key order", () => {
    expect(argumentDelta({ a: 1 }, { a: 1 })).toBeNull();
    expect(argumentDelta({}, {})).toBeNull();
    expect(argumentDelta({ a: { x: 1, y: [1, 2] } }, { a: { y: [1, 2], x: 1 } })).toBeNull();
  });

  it("reports removed keys", () => {
    expect(argumentDelta({ a: 1, b: 2 }, { a: 1 })).toEqual({ removed: ["b"] });
  });

  it("reports changed values with from and to", () => {
    expect(argumentDelta({ x: 1 }, { x: 2 })).toEqual({ changed: { x: { from: 1, to: 2 } } });
  });

  it("compares values deeply, so a nested difference is a change", () => {
    expect(argumentDelta({ a: [1, 2] }, { a: [2, 1] })).toEqual({ changed: { a: { from: [1, 2], to: [2, 1] } } });
    expect(argumentDelta({ a: 1 }, { a: "1" })).toEqual({ changed: { a: { from: 1, to: "1" } } });
  });

  it("orders added and changed by the succeeded call's keys and removed by the failed call's", () => {
    const delta = argumentDelta({ r2: 0, c2: 1, r1: 0, c1: 1 }, { a2: 0, c1: 2, a1: 0, c2: 2 });
    expect(Object.keys(delta?.added ?? {})).toEqual(["a2", "a1"]);
    expect(Object.keys(delta?.changed ?? {})).toEqual(["c1", "c2"]);
    expect(delta?.removed).toEqual(["r2", "r1"]);
    expect(Object.keys(delta ?? {})).toEqual(["added", "removed", "changed"]);
  });

  it("treats a __proto__ argument as an ordinary key", () => {
    const failed = JSON.parse("{}") as Record<string, unknown>;
    const succeeded = JSON.parse('{"__proto__": 1}') as Record<string, unknown>;
    const delta = argumentDelta(failed, succeeded);
    expect(Object.keys(delta?.added ?? {})).toEqual(["__proto__"]);
  });
});

describe("a change inside redacted secrets", () => {
  it("is no change: one hidden token for another teaches nothing", () => {
    expect(differsOnlyInRedactions("run --token [REDACTED:github_token]", "run --token [REDACTED:gitlab_token]")).toBe(true);
    expect(differsOnlyInRedactions({ auth: "[REDACTED]", n: 1 }, { auth: "[REDACTED:bearer_token]", n: 1 })).toBe(true);
    expect(argumentDelta({ cmd: "a [REDACTED:jwt]", n: 1 }, { cmd: "a [REDACTED:npm_token]", n: 2 })).toEqual({ changed: { n: { from: 1, to: 2 } } });
    expect(argumentDelta({ cmd: "a [REDACTED:jwt]" }, { cmd: "a [REDACTED:npm_token]" })).toBeNull();
  });

  it("is a change when anything outside the markers changed, or only one side was redacted", () => {
    expect(differsOnlyInRedactions("a [REDACTED] b", "a [REDACTED] c")).toBe(false);
    expect(differsOnlyInRedactions("[REDACTED]", "plain")).toBe(false);
    expect(argumentDelta({ cmd: "x [REDACTED]" }, { cmd: "y [REDACTED]" })).toEqual({ changed: { cmd: { from: "x [REDACTED]", to: "y [REDACTED]" } } });
  });
});

describe("valueText", () => {
  it("keeps strings as they are and writes everything else as compact JSON", () => {
    expect(valueText("plain")).toBe("plain");
    expect(valueText(1)).toBe("1");
    expect(valueText(true)).toBe("true");
    expect(valueText(null)).toBe("null");
    expect(valueText({ a: [1, "b"] })).toBe('{"a":[1,"b"]}');
    expect(valueText(undefined)).toBe("null");
  });
});
