// Parses API key → tenant maps and checks presented keys in constant time.
import { createHash, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { ConfigError } from "../config.js";

// A tenant sits first in every hash tag ({tenant:task:id}), so it must not contain ':' or braces.
export const TENANT_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
const KEY_PATTERN = /^[\x21-\x2b\x2d-\x39\x3b-\x7e]{16,256}$/; // printable, no ',' or ':'

export interface ApiKeyEntry {
  digest: Buffer;
  tenant: string;
}

const digestOf = (key: string) => createHash("sha256").update(key).digest();

/** Entries `key:tenant`, separated by commas or new lines; blank lines and `#` comments are skipped. */
export function parseApiKeys(text: string, source: string): ApiKeyEntry[] {
  const entries: ApiKeyEntry[] = [];
  const seen = new Set<string>();
  const items = text.split(/[,\n]/).map((item) => item.trim()).filter((item) => item && !item.startsWith("#"));
  items.forEach((item, index) => {
    const at = item.lastIndexOf(":");
    const key = item.slice(0, at);
    const tenant = item.slice(at + 1);
    if (at <= 0 || !KEY_PATTERN.test(key)) {
      throw new ConfigError(`${source}: entry ${index + 1} needs a key of 16-256 printable characters without ',' or ':', then ':tenant'`);
    }
    if (!TENANT_PATTERN.test(tenant)) {
      throw new ConfigError(`${source}: entry ${index + 1} has a tenant that is not 1-64 letters, digits, '.', '_' or '-'`);
    }
    if (seen.has(key)) throw new ConfigError(`${source}: entry ${index + 1} repeats a key`);
    seen.add(key);
    entries.push({ digest: digestOf(key), tenant });
  });
  return entries;
}

/** Every configured key, from API_KEYS and the file named by API_KEYS_FILE; empty means authentication is off. */
export function loadApiKeys(config: { API_KEYS?: string | undefined; API_KEYS_FILE?: string | undefined }): ApiKeyEntry[] {
  const entries = config.API_KEYS ? parseApiKeys(config.API_KEYS, "API_KEYS") : [];
  if (config.API_KEYS_FILE) {
    let text: string;
    try {
      text = readFileSync(config.API_KEYS_FILE, "utf8");
    } catch (error) {
      throw new ConfigError(`API_KEYS_FILE: cannot read ${config.API_KEYS_FILE} (${(error as Error).message})`);
    }
    const fromFile = parseApiKeys(text, "API_KEYS_FILE");
    if (fromFile.length === 0) throw new ConfigError("API_KEYS_FILE: the file holds no key");
    for (const entry of fromFile) {
      if (entries.some((known) => known.digest.equals(entry.digest))) {
        throw new ConfigError("API_KEYS_FILE: holds a key that API_KEYS already names");
      }
    }
    entries.push(...fromFile);
  }
  return entries;
}

/**
 * The tenant of a presented key, or null. Every configured key is compared, whatever matches, so the
 * time taken says nothing about which key or how much of it was right.
 */
export function tenantForKey(entries: readonly ApiKeyEntry[], presented: string): string | null {
  const digest = digestOf(presented);
  let tenant: string | null = null;
  for (const entry of entries) {
    if (timingSafeEqual(entry.digest, digest) && tenant === null) tenant = entry.tenant;
  }
  return tenant;
}
