// A fix in words a person or an agent can act on: every value whole up to 120 characters, longer ones around what differs.
import { valueText } from "./arguments.js";
import type { ArgDelta } from "./types.js";

/** A value or a key of at most this many characters is shown whole. */
export const WHOLE_VALUE_CHARS = 120;
/** Characters kept of the common part on each side of what differs in a long value, at most. */
const CONTEXT_CHARS = 24;
const ELLIPSIS = "…";
const ARROW = "→";
// Where a shown part of a long value may start or end, so that it reads from a whole path segment or word.
const SEPARATORS = new Set(["/", "\\", " ", ".", ",", ":", ";", "=", "&", "?", "#", "-", "_", "\n", "\t"]);

/**
 * A value as text: strings as they are, anything else as compact JSON. A string that would read
 * as another value (empty, `10`, `true`, `null`) is quoted, so that `"10" → 10` stays a change.
 */
function shownText(value: unknown): string {
  if (typeof value !== "string") return valueText(value);
  const looksLikeJson = value === "" || value === "true" || value === "false" || value === "null" || (value.trim() !== "" && Number.isFinite(Number(value)));
  return looksLikeJson ? JSON.stringify(value) : value;
}

/** The first `max` code points and an ellipsis, or the whole text when it has at most `max`. */
function head(points: readonly string[], max: number): string {
  return points.length <= max ? points.join("") : `${points.slice(0, max - 1).join("")}${ELLIPSIS}`;
}

/** The end of the common part before a difference: its last CONTEXT_CHARS, from a separator when one is there. */
function contextBefore(points: readonly string[]): string {
  if (points.length <= CONTEXT_CHARS) return points.join("");
  const window = points.slice(points.length - CONTEXT_CHARS);
  const from = window.findIndex((point) => SEPARATORS.has(point));
  return `${ELLIPSIS}${window.slice(Math.max(0, from)).join("")}`;
}

/** The start of the common part after a difference: its first CONTEXT_CHARS, up to a separator when one is there. */
function contextAfter(points: readonly string[]): string {
  if (points.length <= CONTEXT_CHARS) return points.join("");
  const window = points.slice(0, CONTEXT_CHARS);
  let to = window.length;
  for (let i = window.length - 1; i > 0; i -= 1) {
    if (SEPARATORS.has(window[i]!)) {
      to = i + 1;
      break;
    }
  }
  return `${window.slice(0, to).join("")}${ELLIPSIS}`;
}

/**
 * Both sides of a change as text. A side of at most WHOLE_VALUE_CHARS is shown whole; a longer one
 * keeps what differs from the other side (itself cut to WHOLE_VALUE_CHARS), with the parts both share
 * before and after it elided to a little context.
 */
function changeText(from: unknown, to: unknown): [string, string] {
  const a = Array.from(shownText(from));
  const b = Array.from(shownText(to));
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix += 1;
  let suffix = 0;
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix += 1;
  const side = (points: string[]) => {
    if (points.length <= WHOLE_VALUE_CHARS) return points.join("");
    const middle = head(points.slice(prefix, points.length - suffix), WHOLE_VALUE_CHARS);
    return `${contextBefore(points.slice(0, prefix))}${middle}${contextAfter(points.slice(points.length - suffix))}`;
  };
  return [side(a), side(b)];
}

const shortened = (text: string) => head(Array.from(text), WHOLE_VALUE_CHARS);

/**
 * The fix in words, for people and agents, e.g. `add verbose: true; remove dry_run; change limit: 0 → 10`,
 * or `change path: …/fsroot/README.txt → …/fsroot/docs/README.txt` for paths longer than 120 characters.
 * Every key and value of at most 120 characters is shown whole; `unknown changes` for an empty delta.
 * (`typical_fix` keeps the originals' wording, with values cut to 20 characters.)
 */
export function fixText(delta: ArgDelta): string {
  const parts: string[] = [];
  const added = Object.entries(delta.added ?? {});
  if (added.length > 0) parts.push(`add ${added.map(([key, value]) => `${shortened(key)}: ${shortened(shownText(value))}`).join(", ")}`);
  const removed = delta.removed ?? [];
  if (removed.length > 0) parts.push(`remove ${removed.map(shortened).join(", ")}`);
  const changed = Object.entries(delta.changed ?? {});
  if (changed.length > 0) {
    const described = changed.map(([key, change]) => {
      const [from, to] = changeText(change.from, change.to);
      return `${shortened(key)}: ${from} ${ARROW} ${to}`;
    });
    parts.push(`change ${described.join("; ")}`);
  }
  return parts.length > 0 ? parts.join("; ") : "unknown changes";
}

/** A fix as served to a person or an agent: as it is kept, with `fix_text` beside its `typical_fix`. */
export function withFixText<T extends { fix_delta: ArgDelta }>(fix: T): T & { fix_text: string } {
  return { ...fix, fix_text: fixText(fix.fix_delta) };
}
