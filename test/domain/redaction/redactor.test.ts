// Redacting whole values: members under secret-like names, strings at any depth, counts by kind, and nothing at all when off.
import { describe, expect, it } from "vitest";
import { REDACTED, RedactionTally, createRedactor } from "../../../src/domain/redaction/redactor.js";
import { fakeSecrets } from "../../helpers/fake-secrets.js";

describe("createRedactor", () => {
  const redactor = createRedactor({ enabled: true });
  const [aws, github] = fakeSecrets("values");

  it("hides members under secret-like names whatever they hold, and redacts every string at any depth", () => {
    const tally = new RedactionTally();
    const value = {
      query: "deploy",
      password: "correct horse battery staple",
      pin: 1234,
      headers: { Authorization: "Bearer abc", "content-type": "json" },
      steps: [{ run: aws!.text }, { env: { GITHUB_TOKEN: github!.secret, note: github!.text } }],
      credentials: { user: "bob", key: "x" },
      ["__proto__"]: { polluted: true },
    };
    const out = redactor.value(value, tally);
    expect(out).toEqual({
      query: "deploy",
      password: REDACTED,
      pin: 1234,
      headers: { Authorization: REDACTED, "content-type": "json" },
      steps: [{ run: "export AWS_ACCESS_KEY_ID=[REDACTED:aws_access_key] in the CI env" }, { env: { GITHUB_TOKEN: REDACTED, note: expect.stringContaining("[REDACTED:github_token]") } }],
      credentials: REDACTED,
      ["__proto__"]: { polluted: true },
    });
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toContain("__proto__");
    expect(Object.fromEntries(tally.byKind)).toEqual({ key_name: 4, aws_access_key: 1, github_token: 1 });
    expect(tally.total).toBe(6);
    // The caller's value is left as it was.
    expect(value.password).toBe("correct horse battery staple");
  });

  it("hides the value of a name/value pair whose name is secret, in objects and in two-item lists, and a secret used as a name", () => {
    const tally = new RedactionTally();
    const token = github!.secret;
    expect(
      redactor.value({ env: [{ name: "DB_PASSWORD", value: "hunter2" }, { name: "REGION", value: "eu" }], headers: [["Authorization", "Token abc"], ["Accept", "json"]], [token]: true }, tally),
    ).toEqual({
      env: [{ name: "DB_PASSWORD", value: REDACTED }, { name: "REGION", value: "eu" }],
      headers: [["Authorization", REDACTED], ["Accept", "json"]],
      "[REDACTED:github_token]": true,
    });
    expect(tally.total).toBe(3);
  });

  it("keeps what holds nothing under a secret-like name: null, empty, booleans", () => {
    const tally = new RedactionTally();
    expect(redactor.value({ token: null, password: "", use_auth: true, secret: false }, tally)).toEqual({ token: null, password: "", use_auth: true, secret: false });
    expect(tally.total).toBe(0);
  });

  it("changes nothing when off (REDACTION=off)", () => {
    const off = createRedactor({ enabled: false });
    const tally = new RedactionTally();
    const value = { password: "x", note: aws!.text };
    expect(off.value(value, tally)).toBe(value);
    expect(off.text(aws!.text, tally)).toBe(aws!.text);
    expect(tally.total).toBe(0);
  });

  it("redacts and counts a secret every time it is sent, and passes a clean text that mentions a key as it is, every time", () => {
    const clean = "the API key was rotated; retry with the new token";
    const dirty = `retry with ${github!.text}`;
    for (let round = 0; round < 3; round += 1) {
      const tally = new RedactionTally();
      expect(redactor.text(clean, tally)).toBe(clean);
      expect(redactor.text(dirty, tally)).not.toContain(github!.secret);
      expect(tally.total).toBe(1);
    }
  });

  it("takes REDACT_KEYS as more secret names, in values and in key=value text", () => {
    const more = createRedactor({ enabled: true, extraNames: ["ssn"] });
    const tally = new RedactionTally();
    expect(more.value({ ssn: "078-05-1120", note: "customer ssn=078-05-1120 on file" }, tally)).toEqual({ ssn: REDACTED, note: "customer ssn=[REDACTED:secret_assignment] on file" });
    expect(tally.total).toBe(2);
  });
});
