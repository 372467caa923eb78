// Which names hide their values: Sentry's list, matched by word so that `author` and `max_tokens` keep theirs.
import { describe, expect, it } from "vitest";
import { nameWords, secretNames } from "../../../src/domain/redaction/secret-keys.js";

describe("secret-like names", () => {
  const names = secretNames();

  it.each([
    "password", "PASSWORD", "db_password", "passwordHash", "passwd", "mysql_pwd", "secret", "client_secret", "clientSecret",
    "api_key", "apiKey", "apikey", "x-api-key", "X-Api-Key", "auth", "Authorization", "proxy-authorization", "basic_auth",
    "credentials", "private_key", "privateKey", "privatekey", "token", "access_token", "githubToken", "refresh-token",
    "bearer", "cookie", "Set-Cookie", "session_key", "aws_secret_access_key", "access_key",
    "PGPASSWORD", "githubAPIToken", "apiKeys", "api_keys", "GITHUB_PAT", "authtoken", "pass\u200bword",
  ])("%s is secret", (name) => {
    expect(names.isSecret(name)).toBe(true);
  });

  it.each([
    "author", "tokenizer", "max_tokens", "token_count", "keyboard", "key", "monkey", "primary_key", "pwd", "path", "authored_at", "oauth_provider", "query",
    "password_min_length", "secret_name", "token_url", "auth_method", "credentials_file", "AUTH_DOMAIN",
  ])(
    "%s is not",
    (name) => {
      expect(names.isSecret(name)).toBe(false);
    },
  );

  it("splits names into words across case and separators", () => {
    expect([nameWords("X-Api-Key"), nameWords("githubToken"), nameWords("__proto__"), nameWords("DB.PASSWORD")]).toEqual([
      ["x", "api", "key"],
      ["github", "token"],
      ["proto"],
      ["db", "password"],
    ]);
  });

  it("adds REDACT_KEYS as whole names and as words", () => {
    const more = secretNames(["ssn", "card_number"]);
    expect(["ssn", "customer_ssn", "card_number", "cardNumber"].map((name) => more.isSecret(name))).toEqual([true, true, true, true]);
    expect(["card", "number"].map((name) => more.isSecret(name))).toEqual([false, false]);
  });
});
