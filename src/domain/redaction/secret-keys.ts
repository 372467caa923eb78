// Which names (of arguments, JSON members, `key=value` pairs, command-line flags) hold a secret, by the words they are made of.
//
// The names are the ones Sentry's server-side data scrubbing lists by default (password, passwd,
// secret, api_key, apikey, auth, authorization, credentials, mysql_pwd, privatekey, private_key,
// token, session_key, and with them client_secret, bearer and cookie). Sentry matches them as
// substrings; here most match as words of the name (`githubToken`, `x-api-key`), so that `author`,
// `tokenizer`, `max_tokens` and `keyboard` keep their values. A name that describes a secret
// rather than holding one (`password_min_length`, `secret_name`, `token_url`) keeps its value too.
import { rememberedByText } from "../../recently-used.js";
import { asciiWords, markWordBoundaries } from "../text/word-splits.js";

/** Found anywhere in a name, even inside a word: `password`, `PGPASSWORD`, `passwordHash`, `client_secret`. */
const SECRET_SUBSTRINGS = ["password", "passwd", "passphrase", "secret"];
/** Words that make any name they appear in secret: `credentials`, `cookie`, `auth_header`. */
const SECRET_WORDS = ["credential", "credentials", "cookie", "cookies", "bearer", "auth", "authorization"];
/** The last word of the name ends with one of these: `token`, `access_token`, `githubToken`, `authtoken`, `github_pat`. */
const SECRET_ENDINGS = ["token"];
/** The last word is one of these: `github_pat`, `DB_PASS`, `redis_passwd`. */
const SECRET_LAST_WORDS = ["pat", "pass", "passwd"];
/** The last word of a name of two or more: `MYSQL_PWD`, `db_pwd` (alone, `pwd` is the working directory). */
const SECRET_LAST_OF_SEVERAL = ["pwd"];
/** Two words in a row: `api_key`, `apiKeys`, `x-api-key`, `private_key`, `session_key`, `access_key`. */
const SECRET_PAIRS = [
  ["api", "key"],
  ["private", "key"],
  ["session", "key"],
  ["access", "key"],
  ["signing", "key"],
  ["encryption", "key"],
  // Azure storage connection strings: AccountKey=…
  ["account", "key"],
];
/** Whole names written as one word. */
const SECRET_NAMES = ["apikey", "apikeys", "privatekey", "mysql_pwd", "sessionkey", "accesskey", "set_cookie", "shared_access_signature", "shared_access_key", "sig"];
/** A name that ends with one of these describes a secret (its length, its name, where it is): its value is kept. */
const DESCRIPTIVE_LAST_WORDS = ["length", "count", "min", "max", "method", "name", "names", "file", "path", "url", "uri", "type", "domain", "id", "ids", "policy", "format", "enabled", "required", "expiry", "expires", "ttl"];

// Zero-width characters would split a name where nothing shows.
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g;

/** The words of a name: camelCase, acronyms and every separator split, lower-cased (`X-Api-Key` → x, api, key; `githubAPIToken` → github, api, token). */
export function nameWords(name: string): string[] {
  return asciiWords(markWordBoundaries(name.replace(INVISIBLE, ""), "_", { digitToUpper: true, letterDigit: false }));
}

export interface SecretNames {
  /** Whether a value under this name is a secret. */
  isSecret(name: string): boolean;
}

// Names repeat (every call of a tool has the same arguments): a verdict is computed once while it is
// among the 10,000 names used last, 256 characters at most each (a longer name is read every time).
const NAMES_KEPT = { entries: 10_000, chars: 1_000_000 };
const NAME_KEPT_MAX_CHARS = 256;

/** The rule with `extra` names added (REDACT_KEYS): each is matched as a whole name and as a word of one. */
export function secretNames(extra: readonly string[] = []): SecretNames {
  const words = new Set([...SECRET_WORDS, ...extra.flatMap((name) => (nameWords(name).length === 1 ? nameWords(name) : []))]);
  const whole = new Set([...SECRET_NAMES, ...extra.map((name) => nameWords(name).join("_"))]);

  function decide(name: string): boolean {
    const parts = nameWords(name);
    if (parts.length === 0) return false;
    const joined = parts.join("_");
    if (whole.has(joined)) return true;
    if (parts.length > 1 && DESCRIPTIVE_LAST_WORDS.includes(parts.at(-1)!)) return false;
    if (SECRET_SUBSTRINGS.some((secret) => joined.includes(secret))) return true;
    if (parts.some((part) => words.has(part))) return true;
    const last = parts.at(-1)!;
    if (SECRET_LAST_WORDS.includes(last) || SECRET_ENDINGS.some((ending) => last.endsWith(ending))) return true;
    if (parts.length > 1 && SECRET_LAST_OF_SEVERAL.includes(last)) return true;
    return SECRET_PAIRS.some(([first, second]) => parts.some((part, i) => part === first && (parts[i + 1] === second || parts[i + 1] === `${second}s`)));
  }

  return { isSecret: rememberedByText(NAMES_KEPT, NAME_KEPT_MAX_CHARS, decide) };
}
