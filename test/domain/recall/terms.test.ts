// The terms recall indexes a failure by and looks a query up by: what a person searches by kept, noise left out.
import { describe, expect, it } from "vitest";
import { MAX_TERMS_PER_TEMPLATE, termsOf } from "../../../src/domain/recall/terms.js";

describe("recall terms", () => {
  it("puts the template's constant words first, then codes, names and path parts from the variable parts", () => {
    expect(termsOf("ENOENT: no such file or directory, open '/srv/app/config/settings.yml'")).toEqual([
      "enoent",
      "file",
      "directory",
      "open",
      "srv",
      "app",
      "config",
      "settings",
      "yml",
    ]);
  });

  it("keeps error codes whole (ORA-00942, E11000, a status code) and drops hashes, ids, stop words and bare numbers", () => {
    expect(termsOf("ORA-00942: table or view does not exist")).toEqual(["table", "view", "exist", "ora-00942"]);
    expect(termsOf("E11000 duplicate key error collection: users index: email_1")).toEqual(
      expect.arrayContaining(["e11000", "duplicate", "key", "error", "collection", "users", "index", "email_1"]),
    );
    expect(termsOf("HTTP 503 from upstream after 12345 ms")).toEqual(["http", "upstream", "after", "503", "ms"]);
    expect(termsOf("commit 3f9a2c1be0d4 not found for blk_38865049064139660")).toEqual(["commit", "found"]);
    expect(termsOf("__init__ failed")).toEqual(["init", "failed"]);
    // Numbers of an address, a version or a time are not codes.
    expect(termsOf("Invalid user admin from 185.190.58.151 at 12:304 (v1.404.2)")).toEqual(["invalid", "user", "admin", "v1"]);
  });

  it("keeps at most the cap, distinct, reading only the message's first 2,000 characters", () => {
    const words = Array.from({ length: 100 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`);
    const terms = termsOf(`${words.join(" ")} ${words.join(" ")}`);
    expect(terms).toEqual(words.slice(0, MAX_TERMS_PER_TEMPLATE));
    expect(termsOf(`${" ".repeat(2_000)}visible`)).toEqual([]);
    expect(termsOf("x".repeat(100_000))).toEqual([]);
  });
});
