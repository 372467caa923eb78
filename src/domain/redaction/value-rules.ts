// The shapes of secrets found inside any text, each rule with where its format is published, and what it keeps around the secret.
//
// Why our own rules and not secretlint's: its recommended preset (11.7.1, the last release that runs
// on Node 20) takes 140-175 µs per text through @secretlint/core, against a budget of 10 µs for a
// whole capture, and has no rule for bearer tokens, JWTs or secrets in `key=value` text. The tests
// use that preset as a second opinion instead: whatever it finds in their corpus, these rules redact.
import type { SecretNames } from "./secret-keys.js";

export type Groups = Record<string, string | undefined>;

export interface ValueRule {
  /** Shown in the marker, `[REDACTED:<kind>]`, and in the redactions metric. */
  kind: string;
  /**
   * Global. The named group `secret` is what is replaced; `pre` and `post`, when present, are kept
   * around it. Without a `secret` group the whole match is the secret. With `then`, this is only
   * the lead-in before the secret (a name and its `=`), kept whole.
   */
  pattern: RegExp;
  /**
   * For a secret after a name: checked on the lead-in alone, before the value is read, so that the
   * many `name: value` pairs of ordinary text are passed over without reading their values twice.
   */
  lead?: (groups: Groups, names: SecretNames) => boolean;
  /** Sticky, matched right where the lead-in ends: its `secret` group, which ends the match, is the secret; what comes before it is kept. */
  then?: (groups: Groups) => RegExp;
  /** A last check of a candidate (null: every match is a secret). */
  accept?: (secret: string, groups: Groups, names: SecretNames) => boolean;
}

/**
 * A placeholder rather than a secret: an environment reference (`$DB_PASSWORD`, `${…}` cut at its
 * brace, `%APPDATA%`), `<your token>`, a mask, or a word that stands for nothing.
 */
const PLACEHOLDER =
  /^(?:\$[A-Z_][A-Z0-9_]*|\$\{[^}]*\}|\{\{[^}]*\}\}|%[A-Za-z_][A-Za-z0-9_]*%|<[^>]*>?|\*{3,}|x{3,}|null|none|nil|true|false|undefined|redacted|changeme|\.\.\.)[,;.)}\]]*$/i;
/** A value already replaced by an earlier rule, a placeholder, or punctuation (`Unexpected token: }`). */
const notASecret = (value: string) => value.includes("[REDACTED") || PLACEHOLDER.test(value) || !/[A-Za-z0-9]/.test(value);

/** Printable text with a colon after at least one character: `user:password` (a regex would backtrack over every colon). */
const decodesToUserAndPassword = (value: string) => {
  const decoded = Buffer.from(value, "base64").toString("latin1");
  return /^[\x20-\x7e]*$/.test(decoded) && decoded.indexOf(":", 1) !== -1;
};

// A bearer token has a digit or a token68 symbol, or is long: "Bearer authentication" is prose.
const looksLikeToken = (value: string) => value.length >= 8 && (/[0-9._~+/=-]/.test(value) || value.length >= 20);
// After ':' (prose, YAML) a value must look like a credential: a digit or a symbol, or 16+ characters.
const looksLikeCredential = (value: string) => /[^A-Za-z]/.test(value) || value.length >= 16;

// A quoted value runs to its closing quote (or an escaping backslash); a bare one to the next space.
const QUOTED_VALUE = /(?<secret>[^"'\\\r\n]{1,512})/y;
const BARE_VALUE = /(?<secret>[^\s"'`\\]{1,512})/y;

/**
 * Command-line clients whose short flag takes a password: the MySQL family's `-p` (`-psecret` or, read
 * as a password to be safe, `-p secret`), sshpass's `-p`, redis-cli's `-a`. Exported for argv arrays.
 */
export const PASSWORD_FLAG_BY_CLIENT: Readonly<Record<string, string>> = {
  mysql: "-p",
  mysqldump: "-p",
  mysqladmin: "-p",
  mysqlimport: "-p",
  mysqlshow: "-p",
  mysqlcheck: "-p",
  mariadb: "-p",
  "mariadb-dump": "-p",
  "mariadb-admin": "-p",
  sshpass: "-p",
  "redis-cli": "-a",
};

// The rest of the command, word by word (up to 16 words), to the client's password flag; a pipe or `;` ends the command.
const CLIENT_FLAG_VALUE = {
  "-p": /(?:[ \t]{1,8}[^\s|;&]{1,256}){0,16}?[ \t]{1,8}-p[ \t]?["']?(?<secret>[^\s"'`\\|;&]{1,512})/y,
  "-a": /(?:[ \t]{1,8}[^\s|;&]{1,256}){0,16}?[ \t]{1,8}-a[ \t]{1,8}["']?(?<secret>[^\s"'`\\|;&]{1,512})/y,
} as Record<string, RegExp>;

/** In the order they run: providers' own formats first, the generic shapes last (they skip what is already redacted). */
export const VALUE_RULES: readonly ValueRule[] = [
  // PEM (RFC 7468) and OpenPGP armor: the whole block, or up to the end of a text that was cut.
  { kind: "private_key", pattern: /-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|$)/g },
  // AWS IAM unique identifiers: access key ids start AKIA (long-term) or ASIA (temporary).
  { kind: "aws_access_key", pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/g },
  // GitHub's token formats (2021): ghp_, gho_, ghu_, ghs_, ghr_ and fine-grained github_pat_.
  { kind: "github_token", pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,251}|github_pat_[A-Za-z0-9_]{22,255})\b/g },
  // GitLab's token prefixes: personal, deploy, runner, pipeline trigger, CI/CD job, feed, incoming mail, SCIM.
  { kind: "gitlab_token", pattern: /\bgl(?:pat|dt|rt|ptt|cbt|ft|imt|soat)-[0-9A-Za-z_-]{20,}/g },
  // Slack tokens (xoxb- bot, xoxp- user, xoxa-, xoxr- refresh, xoxs-, xoxe- config) and incoming webhooks.
  { kind: "slack_token", pattern: /\bxox[abposre]-[0-9A-Za-z-]{10,}/g },
  { kind: "slack_webhook", pattern: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9+/_-]{20,}/g },
  // Stripe API keys: secret sk_live_/sk_test_ and restricted rk_live_/rk_test_, and webhook signing secrets.
  { kind: "stripe_key", pattern: /\b(?:(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}|whsec_[0-9A-Za-z]{24,})\b/g },
  // Anthropic API and admin keys: sk-ant-api03-…, sk-ant-admin01-…; before OpenAI's, which also start sk-.
  { kind: "anthropic_key", pattern: /\bsk-ant-[a-z]{3,5}\d{2}-[A-Za-z0-9_-]{20,}/g },
  // OpenAI API keys: sk-, sk-proj-, sk-svcacct-, sk-admin- and 20 or more key characters.
  { kind: "openai_key", pattern: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g },
  // Google API keys: AIza and 35 characters.
  { kind: "google_api_key", pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  // npm access tokens: npm_ and 36 characters.
  { kind: "npm_token", pattern: /\bnpm_[A-Za-z0-9]{36}\b/g },
  // SendGrid API keys: SG., 22 characters, a dot, 43 characters.
  { kind: "sendgrid_key", pattern: /\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b/g },
  // Shopify access tokens and shared secrets: shpat_, shpca_, shppa_, shpss_ and 32 hex digits.
  { kind: "shopify_token", pattern: /\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b/g },
  // Linear API keys: lin_api_ and 40 characters.
  { kind: "linear_key", pattern: /\blin_api_[A-Za-z0-9]{40}\b/g },
  // 1Password service account tokens: ops_ and a long base64 JSON document.
  { kind: "onepassword_token", pattern: /\bops_eyJ[A-Za-z0-9+/_-]{100,}={0,3}/g },
  // JWT (RFC 7519): base64url header and payload, both JSON objects (so both start eyJ), and a signature.
  // Not inside a run of base64url characters: from each `-eyJ` of such a run the segment would be read again to its end.
  { kind: "jwt", pattern: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  // RFC 3986 userinfo: the password of scheme://user:password@host (a database URL, a git remote).
  // A password may hold an '@': the userinfo ends at the last '@' before the host.
  { kind: "url_password", pattern: /(?<pre>\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/@[\]]{0,256}:)(?<secret>[^\s/]{1,256})(?<post>@)/gi, accept: (secret) => !notASecret(secret) },
  // RFC 6750 bearer tokens and RFC 7617 basic credentials, with or without an Authorization: before them.
  {
    kind: "bearer_token",
    pattern: /(?<pre>\bBearer\s+)(?<secret>[A-Za-z0-9._~+/-]{1,4096}=*)/gi,
    accept: (secret) => !notASecret(secret) && looksLikeToken(secret),
  },
  {
    kind: "basic_auth",
    pattern: /(?<pre>\bBasic\s+)(?<secret>[A-Za-z0-9+/]{6,1024}={0,2})/gi,
    accept: (secret) => decodesToUserAndPassword(secret),
  },
  // Whatever else an Authorization header holds (`Authorization: token …`), its scheme with it;
  // the credential must look like one, so that "Authorization: denied for bob" stays.
  {
    kind: "authorization",
    pattern: /(?<pre>\b(?:proxy-)?authorization\\?["']?[ \t]{0,8}[:=][ \t]{0,8}\\?["']?)(?<secret>(?:[A-Za-z][A-Za-z0-9-]{0,31}[ \t]{1,8})?(?<credential>[^\s"'\\,;]{1,4096}))/gi,
    accept: (secret, groups) => !notASecret(secret) && looksLikeCredential(groups.credential ?? ""),
  },
  // A Cookie or Set-Cookie header: every pair in it, to the end of the line.
  {
    kind: "cookie",
    pattern: /(?<pre>\b(?:set-)?cookie\\?["']?[ \t]{0,8}:[ \t]{0,8}\\?["']?)(?<secret>[^\r\n"\\]{1,4096})/gi,
    accept: (secret) => !notASecret(secret.trim()) && /[=0-9]/.test(secret),
  },
  // `password=hunter2`, `"api_key": "…"`, `--password=…`, `DB_PASSWORD: s3cr3t`, and the same inside
  // JSON that was itself put in a string (`{\"password\":\"…\"}`): a value after a secret-like name.
  // A quoted value runs to its closing quote; a bare one to the next space. Every part is bounded,
  // so that text built to make the expression backtrack costs no more than a few passes over it.
  {
    kind: "secret_assignment",
    pattern: /(?<![A-Za-z0-9_.])(?<name>[A-Za-z_][A-Za-z0-9_.-]{0,63})\\?["']?[ \t]{0,8}(?<sep>[:=])[ \t]{0,8}(?<open>\\?["']?)/g,
    lead: (groups, names) => names.isSecret(groups.name!),
    then: (groups) => (groups.open ? QUOTED_VALUE : BARE_VALUE),
    accept: (secret, groups) => !notASecret(secret) && (groups.sep === "=" || groups.open !== "" || looksLikeCredential(secret)),
  },
  // A database client's short password flag: `mysql -u root -ps3cret db`, `sshpass -p s3cret ssh host`, `redis-cli -a s3cret`.
  {
    kind: "secret_assignment",
    pattern: /(?<![\w.-])(?<client>mysql(?:dump|admin|import|show|check)?|mariadb(?:-dump|-admin)?|sshpass|redis-cli)(?![\w-])/g,
    then: (groups) => CLIENT_FLAG_VALUE[PASSWORD_FLAG_BY_CLIENT[groups.client!]!]!,
    accept: (secret) => !notASecret(secret),
  },
  // Command-line flags with a space: `--password hunter2`, `--api-key sk…`.
  {
    kind: "secret_assignment",
    pattern: /(?:^|\s)--(?<name>[A-Za-z][A-Za-z0-9_-]{0,63})[ \t]{1,8}(?<open>["']?)(?!-)/g,
    lead: (groups, names) => names.isSecret(groups.name!),
    then: (groups) => (groups.open ? QUOTED_VALUE : BARE_VALUE),
    accept: (secret) => !notASecret(secret),
  },
];

/**
 * A cheap first look: text with none of these can hold no secret these rules find, so most text is
 * read once. Each rule's own pattern decides; this only lets text through to them.
 */
// Literals only: a look that no text can make slow.
export const MIGHT_HOLD_A_SECRET =
  /-----BEGIN|AKIA|ASIA|ABIA|ACCA|gh[pousr]_|github_pat_|gl(?:pat|dt|rt|ptt|cbt|ft|imt|soat)-|xox[abposre]-|hooks\.slack\.com|_(?:live|test)_|whsec_|sk-|AIza|npm_|SG\.|shp(?:at|ca|pa|ss)_|lin_api_|ops_|eyJ|:\/\/|bearer|basic|authori|pass|secret|credential|cookie|token|key|pwd|auth|_pat|sig|mysql|mariadb|redis-cli/i;
