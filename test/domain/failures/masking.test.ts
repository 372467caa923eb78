// How a failure message is read before templates are mined: variables masked, constant words kept, input bounded.
import { describe, expect, it } from "vitest";
import { MAX_MESSAGE_CHARS, MAX_TOKENS, maskMessage, templateText } from "../../../src/domain/failures/masking.js";

const read = (message: string) => {
  const masked = maskMessage(message);
  return templateText(masked.tokens, masked.gaps);
};

describe("masking a failure message", () => {
  it.each([
    ["a URL", "GET https://api.example.com/items?id=seven failed", "GET <*> failed"],
    ["an absolute path", "cannot open /var/lib/app/data.db: denied", "cannot open <*> denied"],
    ["a relative path", "cat: config/missing.yml: No such file or directory", "cat: <*> No such file or directory"],
    ["a file name with a common extension", "cat: README.md: No such file or directory", "cat: <*> No such file or directory"],
    ["a single-quoted value", "No module named 'pandas'", "No module named <*>"],
    ["a backquoted value", "unknown option `--frobnicate`", "unknown option <*>"],
    ["a host and port", "connect ECONNREFUSED db.internal.example:5432", "connect ECONNREFUSED <*>"],
    ["a domain name", "getaddrinfo ENOTFOUND registry.npmjs.org", "getaddrinfo ENOTFOUND <*>"],
    ["a size or a duration after a space", "sent 1.2 KB in 30 seconds", "sent <*> in <*>"],
    ["every word holding a digit", "job run-42 on node7 exited", "job <*> on <*> exited"],
    ["empty brackets", "connection from () at noon", "connection from <*> at noon"],
  ])("masks %s", (_kind, message, template) => {
    expect(read(message)).toBe(template);
  });

  it("keeps the name of a key whose value is a variable", () => {
    expect(read("authentication failure; uid=0 rhost=10.1.2.3 user=root")).toBe("authentication failure; uid=<*> rhost=<*> user=root");
  });

  it("keeps an apostrophe inside a word, and double-quoted text, as they are", () => {
    expect(read(`can't parse "GET /health HTTP" line`)).toBe(`can't parse "GET <*> HTTP" line`);
  });

  it("reads a Python traceback from its last line, the error, first", () => {
    const traceback = "Traceback (most recent call last):\n  File \"/app/main.py\", line 3, in <module>\n    load()\nKeyError: 'user'";
    expect(maskMessage(traceback).tokens.slice(0, 2)).toEqual(["KeyError:", "File"]);
  });

  it("never reads past its first characters, however long the message", () => {
    const head = "x ".repeat(MAX_MESSAGE_CHARS / 2);
    expect(maskMessage(`${head}one tail`)).toEqual(maskMessage(`${head}another tail`));
  });

  it("cuts through an emoji as U+FFFD, so its tokens are always valid text", () => {
    const { tokens } = maskMessage(`${"x".repeat(MAX_MESSAGE_CHARS - 1)}\u{1F600} tail`);
    expect(tokens).toEqual([`${"x".repeat(MAX_MESSAGE_CHARS - 1)}\uFFFD`]);
  });

  it("keeps at most its first constant tokens", () => {
    const words = Array.from({ length: MAX_TOKENS + 10 }, (_, i) => `w${String.fromCharCode(97 + (i % 26))}x`.replace(/\d/g, ""));
    expect(maskMessage(words.join(" ")).tokens).toHaveLength(MAX_TOKENS);
  });

  it("reads two messages that differ only in their variables alike", () => {
    expect(maskMessage("ENOENT: no such file or directory, open '/tmp/a/README.txt'")).toEqual(
      maskMessage("ENOENT: no such file or directory, open 'docs/CHANGELOG.md'"),
    );
  });
});
