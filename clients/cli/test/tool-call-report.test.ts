// The pure parts of what the command sends and shows: error types, values cut to what the service takes, and the hint's text.
import { describe, expect, it } from "vitest";
import { toolCallInputSchema } from "../../../src/schemas/tools.js";
import { MAX_HINT_LENGTH, knownFixText } from "../src/known-fix-text.js";
import { createProblemLog } from "../src/problem-log.js";
import { errorMessageOf, errorTypeOf, fitArguments, fitResult, mcpToolName, serviceId } from "../src/tool-call-report.js";

describe("errorTypeOf", () => {
  it.each([
    ["Exit code 1\nnpm error Missing script", "exit_code_1"],
    ["Exit code 127", "exit_code_127"],
    ["ValidationError: region must be one of eu-west-1", "ValidationError"],
    ["  requests.exceptions.ConnectionError: refused", "requests.exceptions.ConnectionError"],
    ["Error: ENOENT: no such file", "Error"],
    ["region must be: eu-west-1", "tool_error"],
    ["File has not been read yet. Read it first before writing to it.", "tool_error"],
    ["", "tool_error"],
  ])("%j is %s", (text, type) => {
    expect(errorTypeOf(text)).toBe(type);
  });
});

describe("names and values the service takes", () => {
  const accepted = (args: Record<string, unknown>) => toolCallInputSchema.safeParse({ tool_name: "t", arguments: args, outcome: "success" }).success;

  it("keeps Claude Code's names and cleans others into the service's id alphabet", () => {
    expect([serviceId("Bash"), mcpToolName("create_issue", "github"), mcpToolName("read file", undefined), serviceId("__proto__")]).toEqual([
      "Bash",
      "mcp__github__create_issue",
      "read_file",
      "tool___proto__",
    ]);
    expect(serviceId("x".repeat(300))).toHaveLength(128);
  });

  it("leaves arguments that fit unchanged, and cuts ones the service would refuse until it takes them", () => {
    const small = { command: "ls -la", nested: { depth: [1, 2, 3] } };
    expect(fitArguments(small)).toBe(small);
    const file = { file_path: "/src/app.ts", content: "x".repeat(200_000) };
    const manyKeys = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`k${i}`, i]));
    const wide = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, "y".repeat(5000)]));
    for (const args of [file, manyKeys, wide]) {
      expect(accepted(args)).toBe(false);
      expect(accepted(fitArguments(args))).toBe(true);
    }
    expect(fitArguments(file)).toMatchObject({ file_path: "/src/app.ts" });
    expect(fitArguments(["not", "an", "object"])).toEqual({});
  });

  it("sends error messages whole up to the service's 10,000 characters, and cuts large results to a few kilobytes", () => {
    expect(errorMessageOf("e".repeat(2000))).toHaveLength(2000);
    expect(errorMessageOf("e".repeat(20_000))).toHaveLength(10_000);
    // A cut falls between words when it can, so a token is sent whole or not at all.
    const words = `${"word ".repeat(1999)}ghp_${"a".repeat(36)} tail`;
    expect(errorMessageOf(words)!.endsWith("word…")).toBe(true);
    // And never splits a surrogate pair.
    expect(errorMessageOf("\u{1F600}".repeat(6000))!.isWellFormed()).toBe(true);
    expect(errorMessageOf("")).toBeNull();
    expect(JSON.stringify(fitResult({ stdout: "o".repeat(100_000), stderr: "" })).length).toBeLessThanOrEqual(8192);
    expect(fitResult({ ok: true })).toEqual({ ok: true });
  });
});

describe("knownFixText", () => {
  const fix = { fix_delta: { changed: { region: { from: "us-east-9", to: "eu-west-1" } }, added: { replicas: 2 }, removed: ["zone"] }, typical_fix: "change region: us-east-9 -> eu-west-1", times_applied: 3 };

  it("says what fixed the error, the values that worked and the keys to leave out", () => {
    expect(knownFixText("ValidationError", fix)).toBe(
      'agent-lessons: this ValidationError was fixed before (3 times): change region: us-east-9 -> eu-west-1. Arguments that worked: {"region":"eu-west-1","replicas":2}. Leave out: zone.',
    );
  });

  it("words the fix as its fix_text, whose values are whole, when the service sends one", () => {
    const path = "/tmp/newcomer/fsroot/docs/README.txt";
    const withText = {
      fix_delta: { changed: { path: { from: "/tmp/newcomer/fsroot/README.txt", to: path } } },
      typical_fix: "change path: /tmp/newcomer/fsr... -> /tmp/newcomer/fsr...",
      fix_text: `change path: /tmp/newcomer/fsroot/README.txt → ${path}`,
      times_applied: 1,
    };
    expect(knownFixText("ENOENT", withText)).toBe(
      `agent-lessons: this ENOENT was fixed before (once): change path: /tmp/newcomer/fsroot/README.txt → ${path}. Arguments that worked: {"path":"${path}"}.`,
    );
  });

  it("never passes 600 characters, keeping the start of the words and of the arguments", () => {
    const long = { ...fix, typical_fix: "w".repeat(1000), fix_delta: { added: { blob: "b".repeat(5000) } } };
    const text = knownFixText("E", long);
    expect(text.length).toBeLessThanOrEqual(MAX_HINT_LENGTH);
    expect(text).toMatch(/^agent-lessons: this E was fixed before \(3 times\): w+… Arguments that worked: \{"blob":"b+…$/);
  });
});

describe("the problem log", () => {
  it("writes one line per kind per interval, and counts what it held back", () => {
    const lines: string[] = [];
    let now = 0;
    const log = createProblemLog((line) => lines.push(line), 10_000, () => now);
    log.report("down", "the service could not be reached");
    log.report("down", "the service could not be reached");
    log.report("refused", "401");
    now = 10_000;
    log.report("down", "the service could not be reached\nagain");
    expect(lines).toEqual([
      "agent-lessons: the service could not be reached\n",
      "agent-lessons: 401\n",
      "agent-lessons: the service could not be reached again (and 1 more like it since the last line)\n",
    ]);
  });
});
