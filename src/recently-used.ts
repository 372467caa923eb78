// A bounded map that forgets the entry used least recently: the caches of decoded knowledge and token counts.

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
