// The one-line summary of a call's result, kept in the log instead of the result itself.
import { describe, it, expect } from "vitest";
import { summariseResult } from "../../../src/domain/tools/result-summary.js";

describe("summariseResult", () => {
  it("summarises null and undefined as null of type null", () => {
    expect(summariseResult(null)).toEqual({ summary: "null", type: "null" });
    expect(summariseResult(undefined)).toEqual({ summary: "null", type: "null" });
  });

  it("summarises booleans as true or false of type boolean", () => {
    expect(summariseResult(true)).toEqual({ summary: "true", type: "boolean" });
    expect(summariseResult(false)).toEqual({ summary: "false", type: "boolean" });
  });

  it("summarises numbers as their JSON text of type number", () => {
    expect(summariseResult(42)).toEqual({ summary: "42", type: "number" });
    expect(summariseResult(-1.5)).toEqual({ summary: "-1.5", type: "number" });
    expect(summariseResult(0)).toEqual({ summary: "0", type: "number" });
  });

  it("keeps a string of exactly 100 characters whole", () => {
    const text = "a".repeat(100);
    expect(summariseResult(text)).toEqual({ summary: text, type: "string" });
  });

  it("a string over 100 characters is cut to 97 plus an ellipsis", () => {
    const { summary, type } = summariseResult("b".repeat(101));
    expect(summary).toBe("b".repeat(97) + "...");
    expect(summary).toHaveLength(100);
    expect(type).toBe("string");
  });

  it("counts characters by code point, so an emoji is never split", () => {
    const text = "😀".repeat(101);
    expect(summariseResult(text).summary).toBe("😀".repeat(97) + "...");
    expect(summariseResult("😀".repeat(100)).summary).toBe("😀".repeat(100));
  });

  it("summarises arrays as list[N] of type list", () => {
    expect(summariseResult([1, 2, 3])).toEqual({ summary: "list[3]", type: "list" });
    expect(summariseResult([])).toEqual({ summary: "list[0]", type: "list" });
  });

  it("summarises an object with a status by that status, which is also its type", () => {
    expect(summariseResult({ status: "sat", model: {} })).toEqual({ summary: "status=sat", type: "sat" });
  });

  it("writes a non-string status as compact JSON", () => {
    expect(summariseResult({ status: 200 })).toEqual({ summary: "status=200", type: "200" });
    expect(summariseResult({ status: { code: 1 } })).toEqual({ summary: 'status={"code":1}', type: '{"code":1}' });
    expect(summariseResult({ status: null })).toEqual({ summary: "status=null", type: "null" });
  });

  it("summarises an object with an error (and no status) by its error", () => {
    expect(summariseResult({ error: "boom" })).toEqual({ summary: "error: boom", type: "object" });
    expect(summariseResult({ error: { code: 5 } })).toEqual({ summary: 'error: {"code":5}', type: "object" });
  });

  it("prefers status over error", () => {
    expect(summariseResult({ error: "x", status: "failed" }).summary).toBe("status=failed");
  });

  it("summarises an object with a result key by the summary of that result, typed object", () => {
    expect(summariseResult({ result: [1, 2] })).toEqual({ summary: "list[2]", type: "object" });
    expect(summariseResult({ result: { result: "deep" } })).toEqual({ summary: "deep", type: "object" });
    expect(summariseResult({ result: "c".repeat(150) }).summary).toBe("c".repeat(97) + "...");
  });

  it("summarises any other object by its key count", () => {
    expect(summariseResult({ a: 1, b: 2 })).toEqual({ summary: "object[2 keys]", type: "object" });
    expect(summariseResult({})).toEqual({ summary: "object[0 keys]", type: "object" });
  });

  it("cuts a status or an error to 100 characters, in the summary and in the type, as it cuts a string", () => {
    const huge = "s".repeat(900_000);
    expect(summariseResult({ status: huge })).toEqual({ summary: `status=${"s".repeat(97)}...`, type: `${"s".repeat(97)}...` });
    expect(summariseResult({ error: huge }).summary).toBe(`error: ${"s".repeat(97)}...`);
    expect(summariseResult({ error: { detail: huge } }).summary).toHaveLength("error: ".length + 100);
    // A short status is kept as the tool memory kept it.
    expect(summariseResult({ status: "ok" })).toEqual({ summary: "status=ok", type: "ok" });
  });

  it("cuts by code points and never splits a surrogate pair", () => {
    const emoji = "\u{1F600}".repeat(150);
    const { summary } = summariseResult(emoji);
    expect(Array.from(summary)).toHaveLength(100);
    expect(summary.endsWith("...")).toBe(true);
    expect(summary.isWellFormed()).toBe(true);
    expect(summariseResult("\u{1F600}".repeat(100)).summary).toBe("\u{1F600}".repeat(100));
  });
});
