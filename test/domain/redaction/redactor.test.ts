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

  it("hides the value after a secret flag in an argv array, and after a database client's own password flag", () => {
    const redactor = createRedactor({ enabled: true });
    const run = (argv: unknown[]) => redactor.value(argv, new RedactionTally());
    expect(run(["mysql", "-u", "root", "--password", "hunter2-db", "shop"])).toEqual(["mysql", "-u", "root", "--password", "[REDACTED]", "shop"]);
    expect(run(["/usr/bin/mysql", "-u", "root", "-phunter2", "shop"])).toEqual(["/usr/bin/mysql", "-u", "root", "-p[REDACTED]", "shop"]);
    expect(run(["sshpass", "-p", "hunter2", "ssh", "host"])).toEqual(["sshpass", "-p", "[REDACTED]", "ssh", "host"]);
    expect(run(["redis-cli", "-a", "hunter2", "ping"])).toEqual(["redis-cli", "-a", "[REDACTED]", "ping"]);
    expect(run(["deploy", "--api-key", "k-123", "--token", "t-456", "--region", "eu"])).toEqual(["deploy", "--api-key", "[REDACTED]", "--token", "[REDACTED]", "--region", "eu"]);
    // -p of another program is not a password (ls -p, mkdir -p), and nothing else changes.
    expect(run(["mkdir", "-p", "build/out"])).toEqual(["mkdir", "-p", "build/out"]);
    expect(run(["psql", "-p", "5432", "-h", "db"])).toEqual(["psql", "-p", "5432", "-h", "db"]);
  });

  it("hides a database client's password in a command line, and Azure's AccountKey and SharedAccessSignature", () => {
    const redactor = createRedactor({ enabled: true });
    const text = (input: string) => redactor.text(input, new RedactionTally());
    expect(text("mysql -u root -phunter2 shop < dump.sql")).toBe("mysql -u root -p[REDACTED:secret_assignment] shop < dump.sql");
    expect(text("sshpass -p 'hunter2' ssh deploy@host")).not.toContain("hunter2");
    expect(text("redis-cli -h cache -a hunter2 ping")).toBe("redis-cli -h cache -a [REDACTED:secret_assignment] ping");
    const azure = "DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=bXlrZXkxMjM0NTY3ODkwYWJjZGVmZ2hpams=;EndpointSuffix=core.windows.net";
    expect(text(azure)).not.toContain("bXlrZXkx");
    expect(text("Endpoint=sb://x.servicebus.windows.net/;SharedAccessKeyName=root;SharedAccessKey=c2VjcmV0c2VjcmV0c2VjcmV0")).not.toContain("c2VjcmV0");
    expect(text("https://acct.blob.core.windows.net/c?sv=2021-06-08&sig=AbCdEf0123456789%2Fxyz")).not.toContain("AbCdEf0123456789");
  });

  it("hides values under names that end in PASS, PWD or PASSWD", () => {
    const redactor = createRedactor({ enabled: true });
    expect(redactor.value({ DB_PASS: "a1", MYSQL_PWD: "b2", redis_passwd: "c3", bypass: "keep", pass_through: "keep" }, new RedactionTally())).toEqual({
      DB_PASS: "[REDACTED]",
      MYSQL_PWD: "[REDACTED]",
      redis_passwd: "[REDACTED]",
      bypass: "keep",
      pass_through: "keep",
    });
    expect(redactor.text("export DB_PASS=s3cr3t-value", new RedactionTally())).not.toContain("s3cr3t");
  });
});
