// One page of a listing whose index may still hold dead entries: both stores walk it the same way.
import type { ListingCursor, Page } from "../domain/activity/types.js";

/** How a store reads its listing index and the items it points at. */
export interface ListingSource<T> {
  /** Up to `count` index entries strictly after `after` (from the top when null), in listing order. */
  entries(after: ListingCursor | null, count: number): Promise<ListingCursor[]>;
  /** Each entry's item, or null when its data is gone (expired, cleared, reset). */
  items(entries: readonly ListingCursor[]): Promise<Array<T | null>>;
  /** Drops dead entries from the index, unless they were written again since. */
  forget(dead: readonly ListingCursor[]): Promise<void>;
}

/**
 * Fills a page of `limit` live items after `after`. The cursor is the last entry looked at, so an
 * item whose activity moved it above the cursor during a walk is not listed twice, and every other
 * one is listed once. Dead entries are skipped and forgotten, so the next walk does not meet them.
 */
export async function walkListing<T>(source: ListingSource<T>, limit: number, after: ListingCursor | null): Promise<Page<T>> {
  const items: T[] = [];
  let cursor = after;
  for (;;) {
    const wanted = limit - items.length;
    // One entry more than wanted tells whether the walk goes on after this page.
    const entries = await source.entries(cursor, wanted + 1);
    const looked = entries.slice(0, wanted);
    const found = await source.items(looked);
    const dead: ListingCursor[] = [];
    looked.forEach((entry, i) => {
      const item = found[i];
      if (item) items.push(item);
      else dead.push(entry);
      cursor = entry;
    });
    if (dead.length > 0) await source.forget(dead);
    if (entries.length <= wanted) return { items, next: null };
    if (items.length === limit) return { items, next: cursor };
  }
}
