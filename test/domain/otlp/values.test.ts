// Reading OTLP values: ids made to fit the service's alphabet, times, error types from text, and arguments brought within a POST's limits.
import { describe, expect, it } from "vitest";
import { fitArguments } from "../../../src/domain/otlp/fit.js";
import { attributesOf, elapsedMillis, errorTypeFromText, idOf, nanosOf, saysTimeout } from "../../../src/domain/otlp/values.js";

describe("ids from OTLP values", () => {
  it("keeps an id that fits, and replaces every other character with _ the same way each time", () => {
    expect(idOf("chat-1.a_b:c")).toBe("chat-1.a_b:c");
    expect(idOf("user 42/chat #7")).toBe("user_42_chat__7");
    expect(idOf("ünïcode")).toBe("_n_code");
  });

  it("keeps a long value's start and a hash of the whole, within 128 characters", () => {
    const long = "x".repeat(300);
    expect(idOf(long)).toHaveLength(128);
    expect(idOf(long)).toBe(idOf(long));
    expect(idOf(long)).not.toBe(idOf(`${long}y`));
  });

  it("gives none for values the API refuses as ids", () => {
    for (const refused of ["", "  ", ".", "..", "__proto__", "///"]) expect(idOf(refused)).toBeNull();
  });
});

describe("values", () => {
  it("reads AnyValues as plain values, 64-bit integers past 2^53 as strings", () => {
    const attributes = attributesOf([
      { key: "n", value: { intValue: "42" } },
      { key: "big", value: { intValue: "9007199254740993" } },
      { key: "list", value: { arrayValue: { values: [{ stringValue: "a" }, { boolValue: true }] } } },
      { key: "map", value: { kvlistValue: { values: [{ key: "__proto__", value: { doubleValue: 1.5 } }] } } },
    ]);
    expect(attributes.get("n")).toBe(42);
    expect(attributes.get("big")).toBe("9007199254740993");
    expect(attributes.get("list")).toEqual(["a", true]);
    expect(Object.getOwnPropertyDescriptor(attributes.get("map"), "__proto__")?.value).toBe(1.5);
  });

  it("reads nanosecond times and rounds durations to whole milliseconds", () => {
    expect(nanosOf("1796000000123456789")).toBe(1_796_000_000_123_456_789n);
    expect(nanosOf("0")).toBeNull();
    expect(nanosOf("12e3")).toBeNull();
    expect(elapsedMillis(1_000_000_000n, 1_012_600_000n)).toBe(13);
    expect(elapsedMillis(2n, 1n)).toBeNull();
  });

  it("reads an error type from an exit code or a leading identifier", () => {
    expect(errorTypeFromText("Exit code 2\nmake: *** [all] Error 2")).toBe("exit_code_2");
    expect(errorTypeFromText("FileNotFoundError: [Errno 2] No such file")).toBe("FileNotFoundError");
    expect(errorTypeFromText("something broke")).toBeNull();
  });

  it("says a timeout when the words say so", () => {
    for (const text of ["TimeoutError", "Request timed out", "connect ETIMEDOUT", "context deadline exceeded"]) expect(saysTimeout(text)).toBe(true);
    expect(saysTimeout("ValueError", null)).toBe(false);
  });
});

describe("arguments within a POST's limits", () => {
  it("keeps the first 100 keys", () => {
    const many = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`k${i}`, i]));
    const fitted = fitArguments(many);
    expect("arguments" in fitted && Object.keys(fitted.arguments)).toHaveLength(100);
  });

  it("cuts long strings until the arguments hold at most 64 KiB of JSON", () => {
    const fitted = fitArguments({ content: "a".repeat(200_000), path: "/src/a.ts" });
    expect("arguments" in fitted).toBe(true);
    if (!("arguments" in fitted)) return;
    expect(JSON.stringify(fitted.arguments).length).toBeLessThanOrEqual(65_536);
    expect(fitted.arguments.path).toBe("/src/a.ts");
    expect(String(fitted.arguments.content).endsWith("…")).toBe(true);
  });

  it("refuses arguments the edge would refuse: too deep, or not valid Unicode", () => {
    expect(fitArguments(JSON.parse(`${"[".repeat(70)}1${"]".repeat(70)}`))).toEqual({ refused: expect.stringContaining("nests deeper than 64 levels") });
    expect(fitArguments({ text: "\ud800" })).toEqual({ refused: expect.stringContaining("not valid Unicode") });
  });
});
