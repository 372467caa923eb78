// A bounded map that forgets the entry used least recently: the caches of decoded knowledge, token counts and text work.

// Any character past U+00FF: such a text needs two bytes a character.
// eslint-disable-next-line no-control-regex -- the range starts at U+0000 on purpose: every Latin-1 character.
const WIDE = /[^\u0000-\u00ff]/;

/**
 * A copy of a text that shares no memory with any other string. A substring in V8 may be a view
 * of the text it was cut from, so keeping a 500-character cut of a 100 KB message as a key would
 * keep the whole message alive. Latin-1 (one byte a character) or UTF-16 both ways copies every
 * code unit as it is, lone surrogates too.
 */
const ownCopy = (text: string) => (WIDE.test(text) ? Buffer.from(text, "utf16le").toString("utf16le") : Buffer.from(text, "latin1").toString("latin1"));

/**
 * The value for `key`, made by `make` when it is not kept; at most `capacity` entries are kept.
 * Each entry keeps its own copy of its key: the key a caller passes is never kept.
 */
export function recentlyUsed<V>(capacity: number): (key: string, make: () => V) => V {
  const kept = new Map<string, { key: string; value: V }>();
  return (key, make) => {
    let entry = kept.get(key);
    if (entry === undefined) {
      entry = { key: ownCopy(key), value: make() };
      if (kept.size >= capacity) kept.delete(kept.keys().next().value!);
    } else {
      // A Map iterates in insertion order: a hit goes to the back, so the front is the least recent.
      kept.delete(key);
    }
    kept.set(entry.key, entry);
    return entry.value;
  };
}

/**
 * `derive` of a text, kept for the `capacity` texts used last. Agents report the same failures over
 * and over, so the pure text work on a capture (normalising, hashing, categorising) mostly repeats.
 * Texts longer than `maxChars` are derived every time: they are rare and would crowd out the rest.
 */
export function rememberedByText<V>(capacity: number, maxChars: number, derive: (text: string) => V): (text: string) => V {
  const remembered = recentlyUsed<V>(capacity);
  return (text) => (text.length > maxChars ? derive(text) : remembered(text, () => derive(text)));
}

/** A set of at most `capacity` texts that forgets the one seen least recently; `has` counts as a use. Members are own copies. */
export function recentSet(capacity: number): { has(key: string): boolean; add(key: string): void } {
  const kept = new Map<string, string>();
  return {
    has(key) {
      const own = kept.get(key);
      if (own === undefined) return false;
      kept.delete(key);
      kept.set(own, own);
      return true;
    },
    add(key) {
      if (kept.has(key)) return;
      if (kept.size >= capacity) kept.delete(kept.keys().next().value!);
      const own = ownCopy(key);
      kept.set(own, own);
    },
  };
}
