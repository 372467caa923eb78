// Each secret shape is found in the text it comes in, the text around it stays, near-misses stay whole, and secretlint's preset finds nothing we leave.
import { lintSource } from "@secretlint/core";
import { creator as recommended } from "@secretlint/secretlint-rule-preset-recommend";
import { describe, expect, it } from "vitest";
import { RedactionTally, createRedactor } from "../../../src/domain/redaction/redactor.js";
import { VALUE_RULES } from "../../../src/domain/redaction/value-rules.js";
import { NEAR_MISSES, fakeSecrets } from "../../helpers/fake-secrets.js";

const redactor = createRedactor({ enabled: true });
const redact = (text: string) => {
  const tally = new RedactionTally();
  return { text: redactor.text(text, tally), tally };
};

describe("secrets inside text", () => {
  it.each(fakeSecrets().map((fake) => [fake.kind, fake] as const))("%s: replaced by its marker, with the text around it kept", (kind, fake) => {
    const { text, tally } = redact(fake.text);
    expect(text).not.toContain(fake.secret);
    expect(text).toContain(`[REDACTED:${kind}]`);
    expect(tally.byKind.get(kind)).toBe(1);
    expect(tally.total).toBe(1);
    // What is not the secret is still there to read: the first word of the text, say.
    expect(text.startsWith(fake.text.split(/[\s=:]/)[0]!)).toBe(true);
  });

  it("has a fake for every rule it runs", () => {
    const tested = new Set(fakeSecrets().map((fake) => fake.kind));
    expect(VALUE_RULES.map((rule) => rule.kind).filter((kind) => !tested.has(kind))).toEqual([]);
  });

  it.each(NEAR_MISSES)("keeps %j whole", (text) => {
    expect(redact(text)).toEqual({ text, tally: new RedactionTally() });
  });

  it("redacts every secret of a text that holds many, and counts each", () => {
    const fakes = fakeSecrets("many");
    const { text, tally } = redact(fakes.map((fake) => fake.text).join("\n"));
    for (const fake of fakes) expect(text).not.toContain(fake.secret);
    expect(tally.total).toBe(fakes.length);
  });

  it("reads a password in a URL, a key=value pair and a flag, but not a placeholder in their place", () => {
    expect(redact("redis://:s3cret-pw@cache:6379/0").text).toBe("redis://:[REDACTED:url_password]@cache:6379/0");
    expect(redact('{"client_secret": "abc", "clientId": "web"}').text).toBe('{"client_secret": "[REDACTED:secret_assignment]", "clientId": "web"}');
    expect(redact("mysql --user=root --password hunter2 -e 'select 1'").text).toBe("mysql --user=root --password [REDACTED:secret_assignment] -e 'select 1'");
    expect(redact("Authorization: token 0123456789abcdef").text).toBe("Authorization: [REDACTED:authorization]");
    // A name that is not secret does not hide a pair that is, inside what follows it.
    expect(redact("retry: DB_PASSWORD=s3cret ./migrate.sh").text).toBe("retry: DB_PASSWORD=[REDACTED:secret_assignment] ./migrate.sh");
    for (const kept of ["password=$DB_PASSWORD", "token: <your token>", "postgres://app:${PASSWORD}@db/app", "api_key=null"]) expect(redact(kept).text).toBe(kept);
  });
});

describe("the forms secrets take in real text", () => {
  it.each([
    ['{\\"password\\":\\"hunter2xyz\\"}', '{\\"password\\":\\"[REDACTED:secret_assignment]\\"}'],
    ["--password=hunter2 --api-key=sk12345", "--password=[REDACTED:secret_assignment] --api-key=[REDACTED:secret_assignment]"],
    ["PGPASSWORD=s3cr3t psql -h db", "PGPASSWORD=[REDACTED:secret_assignment] psql -h db"],
    ["GITHUB_PAT=abc123 gh auth", "GITHUB_PAT=[REDACTED:secret_assignment] gh auth"],
    ["password=$uperS3cret!", "password=[REDACTED:secret_assignment]"],
    ["Cookie: _ga=GA1.2; sessionid=abcd1234secret", "Cookie: [REDACTED:cookie]"],
    ['password="correct horse battery staple" then', 'password="[REDACTED:secret_assignment]" then'],
    ["password=p@ss(w0rd)x done", "password=[REDACTED:secret_assignment] done"],
    ["https://deploy:p@ss@host/x", "https://deploy:[REDACTED:url_password]@host/x"],
    ["authorization=Token abc123def", "authorization=[REDACTED:authorization]"],
  ])("%s", (text, redacted) => {
    expect(redact(text).text).toBe(redacted);
  });

  it.each([
    "Authorization: denied for bob",
    "cookie: not set",
    "AUTH_DOMAIN=example.com",
    "credentials_file=/etc/creds.json",
    "password_min_length=12",
  ])("keeps %j", (text) => {
    expect(redact(text).text).toBe(text);
  });

  it("takes linear time on text built to make the expressions backtrack", () => {
    // 200 kB each; quadratic behaviour would take seconds to minutes, these take milliseconds.
    const hostile = [
      `ab://${":".repeat(200_000)}`,
      `${"a=".repeat(100_000)} key`,
      `${"a:".repeat(100_000)} key`,
      `a://${"x:".repeat(100_000)}`,
      `${`password=${"x".repeat(600)} `.repeat(300)}`,
      "Bearer ".repeat(30_000),
      `${"secret_key ".repeat(20_000)}=`,
    ];
    const started = performance.now();
    for (const text of hostile) redact(text);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

describe("secretlint's recommended preset, as a second opinion", () => {
  const config = { rules: [{ id: "@secretlint/secretlint-rule-preset-recommend", rule: recommended }] };

  it("finds nothing in our redacted text that it finds in the original", async () => {
    let found = 0;
    for (const fake of fakeSecrets("secretlint")) {
      const source = { filePath: "/corpus.txt", ext: ".txt", contentType: "text" as const };
      const before = await lintSource({ source: { ...source, content: fake.text }, options: { config } });
      const after = await lintSource({ source: { ...source, content: redact(fake.text).text }, options: { config } });
      found += before.messages.length;
      for (const message of before.messages) expect(redact(fake.text).text, `${message.ruleId}`).not.toContain(fake.text.slice(...message.range));
      // What it still flags is our marker where the secret was (a connection string's password, say).
      const redacted = redact(fake.text).text;
      for (const message of after.messages) expect(redacted.slice(...message.range)).toContain("[REDACTED:");
    }
    // It does find most of them: the check is not empty.
    expect(found).toBeGreaterThanOrEqual(10);
  });
});
