// A listing index in memory: ids ordered by last activity, newest first, ties by id (as the Redis listing), and by id.
import type { ListingCursor } from "../../domain/activity/types.js";
import { LexIndex } from "./lex-index.js";

/** True when `a` comes before `b` in listing order. */
const comesBefore = (a: ListingCursor, b: ListingCursor) => a.at > b.at || (a.at === b.at && a.id > b.id);

export class SortedIndex {
  private readonly atOf = new Map<string, number>();
  /** Newest first; kept sorted, so a page is a binary search and a slice. */
  private readonly order: ListingCursor[] = [];
  /** The same ids in id order, for prefix pages; every change below changes both. */
  private readonly byId = new LexIndex();

  /** Moves the id to `at`, never back in time (as ZADD GT). */
  touch(id: string, at: number): void {
    const previous = this.atOf.get(id);
    if (previous !== undefined) {
      if (previous >= at) return;
      this.order.splice(this.firstAfter({ id, at: previous }) - 1, 1);
    } else this.byId.add(id);
    this.atOf.set(id, at);
    this.order.splice(this.firstAfter({ id, at }), 0, { id, at });
  }

  /** Up to `count` entries strictly after the cursor (from the top when null). */
  page(after: ListingCursor | null, count: number): ListingCursor[] {
    const start = after ? this.firstAfter(after) : 0;
    return this.order.slice(start, start + count).map((entry) => ({ ...entry }));
  }

  /** Up to `count` entries whose id starts with `prefix`, in id order, strictly after the id `after` (from the first when null). */
  prefixPage(prefix: string, after: string | null, count: number): ListingCursor[] {
    return this.byId.range(prefix, after, count).map((id) => ({ id, at: this.atOf.get(id)! }));
  }

  /** Removes the id if it is still at `at` (a later write keeps it). */
  forget(id: string, at: number): void {
    if (this.atOf.get(id) !== at) return;
    this.atOf.delete(id);
    this.byId.delete(id);
    this.order.splice(this.firstAfter({ id, at }) - 1, 1);
  }

  /** Drops entries older than `before` (ms): their data has expired. */
  dropOlderThan(before: number): void {
    while (this.order.length > 0 && this.order[this.order.length - 1]!.at < before) {
      const { id } = this.order.pop()!;
      this.atOf.delete(id);
      this.byId.delete(id);
    }
  }

  /** How many entries are at or after `since` (ms). */
  countSince(since: number): number {
    let low = 0;
    let high = this.order.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.order[mid]!.at >= since) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  get size(): number {
    return this.order.length;
  }

  /** The index of the first entry that comes after `cursor` (binary search). */
  private firstAfter(cursor: ListingCursor): number {
    let low = 0;
    let high = this.order.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      const entry = this.order[mid]!;
      if (comesBefore(entry, cursor) || (entry.at === cursor.at && entry.id === cursor.id)) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
