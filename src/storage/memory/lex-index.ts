// Ids in byte order, as a Redis sorted set of equal scores keeps them: a prefix page is a binary search and a slice.
// (Ids are ASCII, so JavaScript's order of UTF-16 code units is Redis's order of bytes.)

export class LexIndex {
  private readonly ids: string[] = [];

  add(id: string): void {
    const at = this.firstNotBefore(id);
    if (this.ids[at] !== id) this.ids.splice(at, 0, id);
  }

  delete(id: string): void {
    const at = this.firstNotBefore(id);
    if (this.ids[at] === id) this.ids.splice(at, 1);
  }

  /** Up to `count` ids that start with `prefix`, strictly after `after` (from the first match when null). */
  range(prefix: string, after: string | null, count: number): string[] {
    // A cursor that does not start with the prefix starts from the prefix, as on Redis.
    let at = after !== null && after.startsWith(prefix) ? this.firstNotBefore(after) : this.firstNotBefore(prefix);
    if (after !== null && this.ids[at] === after) at += 1;
    const found: string[] = [];
    while (found.length < count && at < this.ids.length && this.ids[at]!.startsWith(prefix)) found.push(this.ids[at++]!);
    return found;
  }

  /** Every id, in order (a copy: the caller may delete while it iterates). */
  all(): string[] {
    return [...this.ids];
  }

  get size(): number {
    return this.ids.length;
  }

  /** The index of the first id that is not before `id` (binary search). */
  private firstNotBefore(id: string): number {
    let low = 0;
    let high = this.ids.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.ids[mid]! < id) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
