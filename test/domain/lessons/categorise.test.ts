// The categorisation rule table, severities and hypothesised fixes, row by row.
import { describe, expect, it } from "vitest";
import { assessSeverity, categoriseError, hypothesiseFix, normaliseErrorText } from "../../../src/domain/lessons/categorise.js";
import { CATEGORIES } from "../../../src/domain/lessons/rules.js";

describe("normalising error text", () => {
  it.each([
    ["ModuleNotFoundError", "module not found error"],
    ["RateLimitError: 429 Too Many", "rate limit error 429 too many"],
    ["APIConnectionError", "api connection error"],
    ["HTTP2Error", "http 2 error"],
    ["'NoneType' object has no attribute 'get'", "none type object has no attribute get"],
  ])("turns %j into words: %j", (text, words) => {
    expect(normaliseErrorText(text)).toBe(words);
  });
});

describe("categorising an error", () => {
  it.each([
    // Every keyword of the accumulator's table, in its order.
    ["SyntaxError", "invalid syntax on line 42", "syntax"],
    ["IndentationError", "unexpected indent", "syntax"],
    ["ValueError", "could not parse the date", "syntax"],
    ["TimeoutError", "", "timeout"],
    ["RuntimeError", "the request timed out", "timeout"],
    ["APIError", "server said no", "api"],
    ["RateLimitError", "slow down", "api"],
    ["RuntimeError", "monthly quota exceeded", "api"],
    ["ImportError", "cannot import name x", "import"],
    ["ModuleNotFoundError", "No module named 'numpy'", "import"],
    ["FileNotFoundError", "No such file", "import"],
    ["TypeError", "unsupported operand", "type"],
    ["AttributeError", "object has no attribute 'get'", "type"],
    ["AssertionError", "1 != 2", "test"],
    ["RuntimeError", "test_login failed", "test"],
    ["RuntimeError", "expected 3, got 4", "test"],
    ["MemoryError", "", "resource"],
    ["RecursionError", "stack overflow", "resource"],
    ["RuntimeError", "context window exceeded", "resource"],
    ["PermissionError", "", "permission"],
    ["RuntimeError", "access to the bucket", "permission"],
    ["RuntimeError", "request denied", "permission"],
    ["ValueError", "bad value", "general"],
  ])("%s: %j is %s", (type, message, category) => {
    expect(categoriseError(type, message)).toBe(category);
  });

  it("takes the first matching rule when several match", () => {
    expect(categoriseError("SyntaxError", "request timed out while parsing")).toBe("syntax");
    expect(categoriseError("TimeoutError", "api call")).toBe("timeout");
  });

  it("matches keywords only at the start of a word, unlike the accumulator's raw substrings", () => {
    expect(categoriseError("RuntimeError", "rapid growth of capital")).toBe("general");
    expect(categoriseError("RuntimeError", "the latest build")).toBe("general");
    expect(categoriseError("RuntimeError", "an unexpected value")).toBe("general");
    expect(categoriseError("KeyError", "prototype missing")).toBe("general");
  });

  it("joins type and message with a space, so a keyword cannot form across the seam", () => {
    // The accumulator concatenated them directly, so "Ap" + "i failure" read as "api failure".
    expect(categoriseError("Ap", "i failure")).toBe("general");
  });
});

describe("severity", () => {
  it.each([
    ["syntax", "low"],
    ["import", "low"],
    ["type", "medium"],
    ["test", "medium"],
    ["timeout", "high"],
    ["resource", "high"],
    ["api", "critical"],
    ["permission", "critical"],
    ["general", "medium"],
  ])("of %s is %s", (category, severity) => {
    expect(assessSeverity(category)).toBe(severity);
  });

  it("is defined for every category", () => {
    for (const category of CATEGORIES) expect(assessSeverity(category)).toMatch(/^(low|medium|high|critical)$/);
  });
});

describe("hypothesised fix", () => {
  it.each([
    ["syntax", "Check indentation, brackets, and quotes. Verify Python syntax."],
    ["timeout", "Reduce task complexity. Consider breaking into smaller steps."],
    ["api", "Check API credentials and rate limits. Add retry with backoff."],
    ["import", "Verify module is installed. Check import path and spelling."],
    ["type", "Check variable types. Ensure correct attribute access."],
    ["test", "Review test assertions. Check expected vs actual values."],
    ["resource", "Reduce context size. Summarize or truncate inputs."],
    ["permission", "Check file/API permissions. Verify access credentials."],
    ["general", "Review the error message. Check related code sections."],
  ])("for %s is the accumulator's text", (category, fix) => {
    expect(hypothesiseFix("plain message", category)).toBe(fix);
  });

  it("adds the accumulator's hints for undefined and null values, in that order, as raw substrings", () => {
    const base = "Review the error message. Check related code sections.";
    expect(hypothesiseFix("x is undefined", "general")).toBe(`${base} Check variable definitions before use.`);
    expect(hypothesiseFix("got NULL pointer", "general")).toBe(`${base} Add null/None checks.`);
    expect(hypothesiseFix("'NoneType' object", "general")).toBe(`${base} Add null/None checks.`);
    expect(hypothesiseFix("undefined or None", "general")).toBe(
      `${base} Check variable definitions before use. Add null/None checks.`,
    );
  });
});
