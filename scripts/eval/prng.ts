// The evaluation's only source of chance: a seeded mulberry32, so that a run with the same seed sends the same requests.

/** A function that returns the next number in [0, 1). */
export type Random = () => number;

/** mulberry32: tiny, fast and good enough for a simulation; not for anything secret. */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A stream of its own for each part of the simulation (the fleet's plan, one session's choices), so
 * that what one run's agents decide never shifts what the next session of another run is asked to do.
 */
export function streamOf(seed: number, ...parts: Array<string | number>): Random {
  // FNV-1a over the seed and the parts: different parts give unrelated starting states.
  let hash = 0x811c9dc5 ^ (seed >>> 0);
  for (const char of parts.join("/")) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return mulberry32(hash);
}

/** Picks one item with probability proportional to its weight; undefined when there is none to pick. */
export function pickWeighted<T>(random: Random, items: readonly T[], weightOf: (item: T) => number): T | undefined {
  const total = items.reduce((sum, item) => sum + weightOf(item), 0);
  let point = random() * total;
  for (const item of items) {
    point -= weightOf(item);
    if (point < 0) return item;
  }
  return items.at(-1);
}
