// One page of a listing whose index may still hold dead entries: both stores walk it the same way.
import type { ListingCursor, Page } from "../domain/activity/types.js";

/** How a store reads its listing index (entries `E`, resumed after a cursor `C`) and the items it points at. */
export interface ListingSource<T, E = ListingCursor, C = E> {
  /** Up to `count` index entries strictly after `after` (from the top when null), in listing order. */
  entries(after: C | null, count: number): Promise<E[]>;
  /** Each entry's item, or null when its data is gone (expired, cleared, reset). */
  items(entries: readonly E[]): Promise<Array<T | null>>;
  /** Drops dead entries from the index, unless they were written again since. */
  forget(dead: readonly E[]): Promise<void>;
}

/**
 * Fills a page of `limit` live items after `after`. The cursor is the last entry looked at, so an
 * item whose activity moved it above the cursor during a walk is not listed twice, and every other
 * one is listed once. Dead entries are skipped and forgotten, so the next walk does not meet them.
 */
export function walkListing<T>(source: ListingSource<T>, limit: number, after: ListingCursor | null): Promise<Page<T>> {
  return walk(source, limit, after, (entry) => entry);
}

/**
 * The same walk over an index in id order (a prefix listing): the cursor is the id of the last
 * entry looked at. Ids never move in that order, so a walk lists every item that lives through it once.
 */
export function walkById<T, E extends { id: string } | string>(source: ListingSource<T, E, string>, limit: number, after: string | null): Promise<Page<T, string>> {
  return walk(source, limit, after, (entry) => (typeof entry === "string" ? entry : entry.id));
}

async function walk<T, E, C>(source: ListingSource<T, E, C>, limit: number, after: C | null, cursorOf: (entry: E) => C): Promise<Page<T, C>> {
  const items: T[] = [];
  let cursor = after;
  for (;;) {
    const wanted = limit - items.length;
    // One entry more than wanted tells whether the walk goes on after this page.
    const entries = await source.entries(cursor, wanted + 1);
    const looked = entries.slice(0, wanted);
    const found = await source.items(looked);
    const dead: E[] = [];
    looked.forEach((entry, i) => {
      const item = found[i];
      if (item) items.push(item);
      else dead.push(entry);
      cursor = cursorOf(entry);
    });
    if (dead.length > 0) await source.forget(dead);
    if (entries.length <= wanted) return { items, next: null };
    if (items.length === limit) return { items, next: cursor };
  }
}
