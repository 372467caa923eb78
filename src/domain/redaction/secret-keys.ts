// Which names (of arguments, JSON members, `key=value` pairs, command-line flags) hold a secret, by the words they are made of.
//
// The names are the ones Sentry's server-side data scrubbing lists by default (password, passwd,
// secret, api_key, apikey, auth, authorization, credentials, mysql_pwd, privatekey, private_key,
// token, session_key, and with them client_secret, bearer and cookie). Sentry matches them as
// substrings; here they match as words of the name (`db_password`, `githubToken`, `x-api-key`), so
// that `author`, `tokenizer`, `max_tokens` and `keyboard` keep their values.

/** Words that make any name they appear in secret: `password`, `db_password`, `passwordHash`. */
const SECRET_WORDS = ["password", "passwd", "passphrase", "secret", "credential", "credentials", "cookie", "bearer", "auth", "authorization"];
/** Names whose last word is one of these: `token`, `access_token`, `githubToken` (not `token_count`, `max_tokens`). */
const SECRET_LAST_WORDS = ["token"];
/** Two words in a row: `api_key`, `apiKey`, `x-api-key`, `private_key`, `session_key`, `access_key`. */
const SECRET_PAIRS = [
  ["api", "key"],
  ["private", "key"],
  ["session", "key"],
  ["access", "key"],
  ["signing", "key"],
  ["encryption", "key"],
];
/** Whole names written as one word. */
const SECRET_NAMES = ["apikey", "privatekey", "mysql_pwd", "sessionkey", "accesskey", "set_cookie"];

/** The words of a name: camelCase and every separator split, lower-cased (`X-Api-Key` → x, api, key). */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export interface SecretNames {
  /** Whether a value under this name is a secret. */
  isSecret(name: string): boolean;
}

// Names repeat (every call of a tool has the same arguments): a verdict is computed once.
const CACHE_LIMIT = 10_000;

/** The rule with `extra` names added (REDACT_KEYS): each is matched as a whole name and as a word of one. */
export function secretNames(extra: readonly string[] = []): SecretNames {
  const words = new Set([...SECRET_WORDS, ...extra.flatMap((name) => (nameWords(name).length === 1 ? nameWords(name) : []))]);
  const whole = new Set([...SECRET_NAMES, ...extra.map((name) => nameWords(name).join("_"))]);
  const cache = new Map<string, boolean>();

  function decide(name: string): boolean {
    const parts = nameWords(name);
    if (parts.length === 0) return false;
    if (whole.has(parts.join("_")) || parts.some((part) => words.has(part))) return true;
    if (SECRET_LAST_WORDS.includes(parts.at(-1)!)) return true;
    return SECRET_PAIRS.some(([first, second]) => parts.some((part, i) => part === first && parts[i + 1] === second));
  }

  return {
    isSecret(name) {
      let verdict = cache.get(name);
      if (verdict === undefined) {
        verdict = decide(name);
        if (cache.size >= CACHE_LIMIT) cache.clear();
        cache.set(name, verdict);
      }
      return verdict;
    },
  };
}
