// Small text helpers shared by the procedural-memory summaries and prompt formats.

/**
 * Shortens `text` to at most `maxLength` characters, ending it with `marker` when cut.
 * Lengths count Unicode code points (as Python does), so a surrogate pair is never split.
 */
export function truncateText(text: string, maxLength: number, marker: string): string {
  const codePoints = Array.from(text);
  if (codePoints.length <= maxLength) return text;
  return codePoints.slice(0, Math.max(0, maxLength - marker.length)).join("") + marker;
}

/** A 0..1 rate as a whole-number percentage, e.g. 0.5 → `50%` (Math.round, so .5 rounds up). */
export function formatPercent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

/**
 * Whether a call's execution time counts as measured. Zero counts as "not measured",
 * matching the Python's truthiness test, so it neither shows in prompts nor moves the average.
 */
export function isMeasuredTime(ms: number | null | undefined): ms is number {
  return typeof ms === "number" && Number.isFinite(ms) && ms !== 0;
}
