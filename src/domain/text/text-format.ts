// Small text helpers shared by lessons, the procedural-memory summaries and the prompts: cuts by code point, percentages, times.

/**
 * Shortens `text` to at most `maxLength` characters, ending it with `marker` when cut.
 * Lengths count Unicode code points (as Python does), so a surrogate pair is never split.
 */
export function truncateText(text: string, maxLength: number, marker: string): string {
  // A text has at least as many code units as code points: a short one fits as it is.
  if (text.length <= maxLength) return text;
  // Reads at most maxLength + 1 code points, whatever the text's length.
  const keep = Math.max(0, maxLength - marker.length);
  let units = 0;
  let points = 0;
  let cutAt = 0;
  while (units < text.length && points <= maxLength) {
    if (points === keep) cutAt = units;
    units += text.codePointAt(units)! > 0xffff ? 2 : 1;
    points += 1;
  }
  if (points <= maxLength) return text;
  // join copies: a slice of the text would keep the whole text alive wherever the cut is kept.
  return [text.slice(0, cutAt), marker].join("");
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
