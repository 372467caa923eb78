// The keys in force: API_KEYS, and API_KEYS_FILE read again on SIGHUP or when the file changes, so that a key is rotated without a restart.
import { statSync } from "node:fs";
import { ConfigError } from "../config.js";
import { findApiKey, mergeApiKeys, readApiKeyFile, type ApiKeyEntry } from "./api-keys.js";

export interface KeyRing {
  /** Whether keys are configured at all; without them authentication is off (and stays off: a reload never turns it on or off). */
  readonly enabled: boolean;
  /** The entry of a presented key among the keys in force now, or null. */
  find(presented: string): ApiKeyEntry | null;
  /** Whether this entry is still in force (a stream opened with it ends once it is not). */
  holds(entry: ApiKeyEntry): boolean;
  /** Reads API_KEYS_FILE again. A file that no longer parses keeps the keys in force and says why. */
  reload(): ReloadResult;
  /** Calls `listener` after every reload that removed keys; answers a function that stops it. */
  onRemoved(listener: (removed: readonly ApiKeyEntry[]) => void): () => void;
  /** Stops watching the file. */
  close(): void;
}

export type ReloadResult = { reloaded: true; added: number; removed: number } | { reloaded: false; reason: string };

export interface KeyRingOptions {
  fromEnv: readonly ApiKeyEntry[];
  /** API_KEYS_FILE; without it the keys never change. */
  file?: string | undefined;
  /** The file's keys read at boot (a bad file stops the boot before this). */
  fromFile?: readonly ApiKeyEntry[];
  /** How often the file's modification is looked at; 1 s, as the README promises. */
  watchMs?: number;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
}

/** What tells one version of the file from the next: replaced (another inode), rewritten (size, time). */
function fileStamp(path: string): string | null {
  try {
    const stat = statSync(path);
    return `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  } catch {
    return null;
  }
}

const sameEntry = (a: ApiKeyEntry, b: ApiKeyEntry) => a === b || (a.digest.equals(b.digest) && a.tenant === b.tenant && a.scope === b.scope);

export function createKeyRing(options: KeyRingOptions): KeyRing {
  let inForce: readonly ApiKeyEntry[] = [...options.fromEnv, ...(options.fromFile ?? [])];
  const listeners = new Set<(removed: readonly ApiKeyEntry[]) => void>();
  const file = options.file;
  let stamp = file ? fileStamp(file) : null;
  let lastFailure: string | null = null;

  function reload(): ReloadResult {
    if (!file) return { reloaded: false, reason: "API_KEYS_FILE is not set" };
    stamp = fileStamp(file);
    let next: ApiKeyEntry[];
    try {
      next = mergeApiKeys(options.fromEnv, readApiKeyFile(file));
    } catch (error) {
      const reason = error instanceof ConfigError ? error.message : String(error);
      // One line per bad version of the file, not one a second while it stays bad.
      if (reason !== lastFailure) options.log.error({ keys_in_force: inForce.length }, `${reason}; the keys in force are kept`);
      lastFailure = reason;
      return { reloaded: false, reason };
    }
    lastFailure = null;
    // A key whose tenant or scope changed counts as removed and added: what was opened with it must not outlive the change.
    const removed = inForce.filter((entry) => !next.some((kept) => sameEntry(kept, entry)));
    const added = next.filter((entry) => !inForce.some((known) => sameEntry(known, entry))).length;
    // One swap: a request sees either the old keys or the new ones, never half of each.
    inForce = next;
    options.log.info({ keys: next.length, added, removed: removed.length }, "API keys reloaded");
    if (removed.length > 0) for (const listener of listeners) listener(removed);
    return { reloaded: true, added, removed: removed.length };
  }

  // A change is read once it has held for one look: a file caught half-written (an editor writing in
  // place, `key:tenant` before its `:read`) is not taken for the new keys.
  let changed: string | null = null;
  const watcher = file
    ? setInterval(() => {
        const now = fileStamp(file);
        if (now === stamp) changed = null;
        else if (now === changed) reload();
        else changed = now;
      }, options.watchMs ?? 1000)
    : null;
  watcher?.unref();

  return {
    enabled: inForce.length > 0,
    find: (presented) => findApiKey(inForce, presented),
    holds: (entry) => inForce.some((kept) => sameEntry(kept, entry)),
    reload,
    onRemoved(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      if (watcher) clearInterval(watcher);
      listeners.clear();
    },
  };
}
