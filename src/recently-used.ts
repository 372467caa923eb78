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

/** How much a cache keeps: entries, and characters of keys in all (a character takes one or two bytes). */
export interface CacheBounds {
  entries: number;
  chars: number;
}

/**
 * Keys kept in insertion order with their characters counted, forgetting from the front until both
 * bounds hold. A key longer than the whole character budget is never kept.
 */
function boundedMap<E>(bounds: CacheBounds) {
  const kept = new Map<string, E>();
  let chars = 0;
  return {
    kept,
    fits: (key: string) => key.length <= bounds.chars,
    /** Puts an entry at the back (the most recent), forgetting the least recent ones it pushes out. */
    put(key: string, entry: E): void {
      kept.set(key, entry);
      chars += key.length;
      while (kept.size > bounds.entries || chars > bounds.chars) {
        const oldest = kept.keys().next().value!;
        kept.delete(oldest);
        chars -= oldest.length;
      }
    },
    /** Takes an entry out, to be put back at the back. */
    take(key: string): void {
      if (kept.delete(key)) chars -= key.length;
    },
    get chars() {
      return chars;
    },
  };
}

/**
 * The value for `key`, made by `make` when it is not kept; at most `bounds` are kept. Each entry keeps
 * its own copy of its key: the key a caller passes is never kept.
 */
export function recentlyUsed<V>(bounds: CacheBounds): ((key: string, make: () => V) => V) & { readonly keptChars: number } {
  const map = boundedMap<{ key: string; value: V }>(bounds);
  const get = (key: string, make: () => V) => {
    let entry = map.kept.get(key);
    if (entry === undefined) {
      const value = make();
      if (!map.fits(key)) return value;
      entry = { key: ownCopy(key), value };
    } else {
      // A Map iterates in insertion order: a hit goes to the back, so the front is the least recent.
      map.take(key);
    }
    map.put(entry.key, entry);
    return entry.value;
  };
  return Object.defineProperty(get, "keptChars", { get: () => map.chars }) as typeof get & { readonly keptChars: number };
}

/**
 * `derive` of a text, kept for the texts used last within `bounds`. Agents report the same failures over
 * and over, so the pure text work on a capture (normalising, hashing, categorising) mostly repeats.
 * Texts longer than `maxChars` are derived every time: they are rare and would crowd out the rest.
 */
export function rememberedByText<V>(bounds: CacheBounds, maxChars: number, derive: (text: string) => V): (text: string) => V {
  const remembered = recentlyUsed<V>(bounds);
  return (text) => (text.length > maxChars ? derive(text) : remembered(text, () => derive(text)));
}

/** A set of texts within `bounds` that forgets the one seen least recently; `has` counts as a use. Members are own copies. */
export function recentSet(bounds: CacheBounds): { has(key: string): boolean; add(key: string): void } {
  const map = boundedMap<string>(bounds);
  return {
    has(key) {
      const own = map.kept.get(key);
      if (own === undefined) return false;
      map.take(key);
      map.put(own, own);
      return true;
    },
    add(key) {
      if (map.kept.has(key) || !map.fits(key)) return;
      const own = ownCopy(key);
      map.put(own, own);
    },
  };
}

/** An entry of a map kept in use order, moved to the back (the most recently used): a Map iterates in insertion order, so the first key is the least recently used. */
export function touched<K, V>(map: Map<K, V>, key: K): V | undefined {
  const held = map.get(key);
  if (held === undefined) return undefined;
  map.delete(key);
  map.set(key, held);
  return held;
}

/**
 * A map kept in use order whose entries each weigh `weightOf` (a bucket's templates, a window's calls): past `maxWeight`
 * in all, the least recently used are forgotten, though the entry just set is always kept.
 */
export function weightedLru<V>(maxWeight: number, weightOf: (value: V) => number) {
  const kept = new Map<string, V>();
  let weight = 0;
  function forget(key: string): void {
    const held = kept.get(key);
    if (held === undefined) return;
    kept.delete(key);
    weight -= weightOf(held);
  }
  return {
    get: (key: string): V | undefined => touched(kept, key),
    set(key: string, value: V): void {
      forget(key);
      kept.set(key, value);
      weight += weightOf(value);
      while (weight > maxWeight && kept.size > 1) forget(kept.keys().next().value!);
    },
    forget,
    get size(): number {
      return kept.size;
    },
  };
}
