// A Map whose entries expire a fixed time after their last write, like keys with a TTL in Redis.

export class ExpiringMap<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  /**
   * @param ttlMs how long an entry lives after its last write; 0 keeps entries forever
   * @param now the clock, in milliseconds (tests pass their own)
   */
  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The live value, or undefined; an expired entry is dropped on the way. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** The live value, created first when missing; either way the entry's life starts again (a write). */
  upsert(key: string, create: () => V): V {
    const value = this.get(key) ?? create();
    this.entries.set(key, { value, expiresAt: this.ttlMs > 0 ? this.now() + this.ttlMs : Infinity });
    return value;
  }

  /** Replaces the value; its life starts again. */
  set(key: string, value: V, ttlMs: number = this.ttlMs): void {
    this.entries.set(key, { value, expiresAt: ttlMs > 0 ? this.now() + ttlMs : Infinity });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops every expired entry, so memory stays bounded by what is alive. */
  sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
