// Unit tests of failure signatures: the normalisation rules one by one, in order, and what shares a signature.
import { describe, expect, it } from "vitest";
import { failureSignature, normaliseMessage } from "../../../src/domain/lessons/signature.js";

describe("normalising a failure message", () => {
  it.each([
    ["a URL", "GET https://api.example.com/v2/items?id=7 failed", "get <url> failed"],
    ["a URL before its path and numbers", "see http://host:8080/a/b", "see <url>"],
    ["a UUID", "run 123e4567-E89B-12d3-a456-426614174000 lost", "run <uuid> lost"],
    ["a POSIX path", "cannot open /var/lib/app/data-2.db: denied", "cannot open <path>: denied"],
    ["a Windows path", "cannot open C:\\Users\\me\\file.txt now", "cannot open <path> now"],
    ["a slash inside a word, which is no path", "read and/or write 3/4", "read and/or write <n>/<n>"],
    ["single-quoted strings", "No module named 'pandas'", "no module named <str>"],
    ["double-quoted strings", 'key "user_id" missing', "key <str> missing"],
    ["an apostrophe, which opens no string", "can't find it, don't retry", "can't find it, don't retry"],
    ["a path inside quotes, the path first", "open '/etc/hosts' failed", "open <str> failed"],
    ["hex runs of 8 or more with a digit", "commit 3f9a2b7c0d and sha deadbeef1", "commit <hex> and sha <hex>"],
    ["hex-like words without a digit, which stay", "deadbeefcafe happened", "deadbeefcafe happened"],
    ["a hex run after 0x", "segfault at 0x7ffde4a1b2c3", "segfault at <n>x<hex>"],
    ["every remaining number, wherever it stands", "timed out after 30s on v2 (12.5 MB)", "timed out after <n>s on v<n> (<n> mb)"],
    ["whitespace, ends and case", "  Timed   OUT\n\tafter 5 s  ", "timed out after <n> s"],
  ])("replaces %s", (_rule, message, normalised) => {
    expect(normaliseMessage(message)).toBe(normalised);
  });
});

describe("failure signatures", () => {
  it("are 16 hex characters", () => {
    expect(failureSignature("TimeoutError", "timed out")).toMatch(/^[0-9a-f]{16}$/);
  });

  it("are shared by failures that differ only in numbers, paths, ids and quoted values", () => {
    const one = failureSignature("TimeoutError", "Request 7 to /srv/a.py timed out after 30s (id 3f9a2b7c0d, 'x')");
    const two = failureSignature("TimeoutError", "request 912 to /home/b/c.py timed out after 5.5s (id 0011aabbccdd, 'yy')");
    expect(one).toBe(two);
  });

  it("are the same on every call, and a type holding a newline is not read as part of the message", () => {
    const first = failureSignature("TimeoutError", "timed out after 30s");
    expect(failureSignature("TimeoutError", "timed out after 30s")).toBe(first);
    // The same text hashed ("Timeout\nError\n…") but another type and message: the key keeps them apart.
    const split = failureSignature("Timeout\nError", "timed out after 30s");
    const joined = failureSignature("Timeout", "Error\ntimed out after 30s");
    expect(failureSignature("Timeout\nError", "timed out after 30s")).toBe(split);
    expect(failureSignature("Timeout", "Error\ntimed out after 30s")).toBe(joined);
    // Normalised, the second message loses its newline: "Timeout\nerror timed out after <n>s".
    expect(joined).not.toBe(split);
    expect(joined).toBe(failureSignature("Timeout", "Error timed out after 30s"));
  });

  it("differ for another error type or another message", () => {
    const base = failureSignature("TimeoutError", "timed out after 30s");
    expect(failureSignature("ConnectionError", "timed out after 30s")).not.toBe(base);
    expect(failureSignature("TimeoutError", "connection refused")).not.toBe(base);
  });
});
