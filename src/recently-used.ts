// A bounded map that forgets the entry used least recently: the caches of decoded knowledge, token counts and text work.

/** The value for `key`, made by `make` when it is not kept; at most `capacity` entries are kept. */
export function recentlyUsed<V>(capacity: number): (key: string, make: () => V) => V {
  const kept = new Map<string, V>();
  return (key, make) => {
    let value = kept.get(key);
    if (value === undefined) {
      value = make();
      if (kept.size >= capacity) kept.delete(kept.keys().next().value!);
    } else {
      // A Map iterates in insertion order: a hit goes to the back, so the front is the least recent.
      kept.delete(key);
    }
    kept.set(key, value);
    return value;
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

/** A set of at most `capacity` texts that forgets the one seen least recently; `has` counts as a use. */
export function recentSet(capacity: number): { has(key: string): boolean; add(key: string): void } {
  const kept = new Set<string>();
  return {
    has(key) {
      if (!kept.delete(key)) return false;
      kept.add(key);
      return true;
    },
    add(key) {
      if (kept.size >= capacity) kept.delete(kept.values().next().value!);
      kept.add(key);
    },
  };
}
