// Parses `key:tenant[:scope]` entries, and finds a presented key among them in constant time.
import { hash, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { ConfigError } from "../config.js";
import { SCOPES, isScope, type Scope } from "./scopes.js";

// A tenant sits first in every hash tag ({tenant:task:id}), so it must not contain ':' or braces.
export const TENANT_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
const KEY_PATTERN = /^[\x21-\x2b\x2d-\x39\x3b-\x7e]{16,256}$/; // printable, no ',' or ':'

export interface ApiKeyEntry {
  digest: Buffer;
  tenant: string;
  /** What the key may do; a key configured without one is admin, as every key was before scopes. */
  scope: Scope;
}

// One-shot hash: a Hash object per request cost about 2 µs more in the benchmark.
export const digestOf = (key: string) => hash("sha256", key, "buffer");

/** Entries `key:tenant[:scope]`, separated by commas or new lines; blank lines and `#` comments are skipped. */
export function parseApiKeys(text: string, source: string): ApiKeyEntry[] {
  const entries: ApiKeyEntry[] = [];
  const seen = new Set<string>();
  const items = text.split(/[,\n]/).map((item) => item.trim()).filter((item) => item && !item.startsWith("#"));
  items.forEach((item, index) => {
    const [key = "", tenant = "", scope = "admin", ...rest] = item.split(":");
    if (!KEY_PATTERN.test(key) || item.indexOf(":") <= 0) {
      throw new ConfigError(`${source}: entry ${index + 1} needs a key of 16-256 printable characters without ',' or ':', then ':tenant'`);
    }
    if (!TENANT_PATTERN.test(tenant)) {
      throw new ConfigError(`${source}: entry ${index + 1} has a tenant that is not 1-64 letters, digits, '.', '_' or '-'`);
    }
    if (!isScope(scope) || rest.length > 0) {
      throw new ConfigError(`${source}: entry ${index + 1} has a scope that is not one of ${SCOPES.join(", ")}`);
    }
    if (seen.has(key)) throw new ConfigError(`${source}: entry ${index + 1} repeats a key`);
    seen.add(key);
    entries.push({ digest: digestOf(key), tenant, scope });
  });
  return entries;
}

/** The keys of API_KEYS_FILE; a file that cannot be read, holds a bad entry or no key at all is a ConfigError naming it. */
export function readApiKeyFile(path: string): ApiKeyEntry[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new ConfigError(`API_KEYS_FILE: cannot read ${path} (${(error as Error).message})`);
  }
  const entries = parseApiKeys(text, "API_KEYS_FILE");
  if (entries.length === 0) throw new ConfigError("API_KEYS_FILE: the file holds no key");
  return entries;
}

/** API_KEYS and the file's keys together; a key in both is a ConfigError. */
export function mergeApiKeys(fromEnv: readonly ApiKeyEntry[], fromFile: readonly ApiKeyEntry[]): ApiKeyEntry[] {
  for (const entry of fromFile) {
    if (fromEnv.some((known) => known.digest.equals(entry.digest))) throw new ConfigError("API_KEYS_FILE: holds a key that API_KEYS already names");
  }
  return [...fromEnv, ...fromFile];
}

/**
 * The entry of a presented key, or null. Every configured key is compared, whatever matches, so the
 * time taken says nothing about which key or how much of it was right.
 */
export function findApiKey(entries: readonly ApiKeyEntry[], presented: string): ApiKeyEntry | null {
  const digest = digestOf(presented);
  let found: ApiKeyEntry | null = null;
  for (const entry of entries) {
    if (timingSafeEqual(entry.digest, digest) && found === null) found = entry;
  }
  return found;
}
