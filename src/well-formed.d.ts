// String.prototype.isWellFormed and toWellFormed: in Node 20 (V8 11.3), though TypeScript lists them under ES2024, whose
// other parts (Promise.withResolvers, Object.groupBy) Node 20 lacks; this declares the two alone.
interface String {
  /** Whether the text holds no lone surrogate, so that it can be encoded as UTF-8. */
  isWellFormed(): boolean;
  /** The text with each lone surrogate replaced by U+FFFD. */
  toWellFormed(): string;
}
