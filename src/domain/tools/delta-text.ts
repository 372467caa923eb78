// Human-readable descriptions of an argument delta: a long form for error patterns, a short one for prompts.
import { valueText } from "./arguments.js";
import { truncateText } from "../text/text-format.js";
import type { ArgDelta } from "./types.js";

const LONG_VALUE_LENGTH = 20;
const SHORT_VALUE_LENGTH = 15;
/** From this many keys on, the short form gives a count instead of the keys. */
const SHORT_COUNT_THRESHOLD = 3;

/** A value as text cut to 20 characters (17 + `...`), as used in a pattern's typical fix. */
export function longValueText(value: unknown): string {
  return truncateText(valueText(value), LONG_VALUE_LENGTH, "...");
}

/** A value as text cut to 15 characters (13 + `..`), as used in prompts. */
export function shortValueText(value: unknown): string {
  return truncateText(valueText(value), SHORT_VALUE_LENGTH, "..");
}

interface DeltaParts {
  addedKeys: string[];
  removedKeys: string[];
  changes: Array<[key: string, change: { from: unknown; to: unknown }]>;
}

// An empty part counts as absent, so `{added: {}}` reads the same as `{}`.
function deltaParts(delta: ArgDelta | null): DeltaParts {
  return {
    addedKeys: delta?.added ? Object.keys(delta.added) : [],
    removedKeys: delta?.removed ?? [],
    changes: delta?.changed ? Object.entries(delta.changed) : [],
  };
}

/** Whether a delta has at least one non-empty part. */
export function hasDeltaParts(delta: ArgDelta | null | undefined): delta is ArgDelta {
  const { addedKeys, removedKeys, changes } = deltaParts(delta ?? null);
  return addedKeys.length + removedKeys.length + changes.length > 0;
}

/**
 * The long description stored as an error pattern's `typical_fix`, e.g.
 * `add k1, k2; remove k3; change x: 1 -> 2; y: a -> b`, or `unknown changes` for an empty delta.
 */
export function describeDelta(delta: ArgDelta): string {
  const { addedKeys, removedKeys, changes } = deltaParts(delta);
  const parts: string[] = [];
  if (addedKeys.length > 0) parts.push(`add ${addedKeys.join(", ")}`);
  if (removedKeys.length > 0) parts.push(`remove ${removedKeys.join(", ")}`);
  if (changes.length > 0) {
    const described = changes.map(([key, c]) => `${key}: ${longValueText(c.from)} -> ${longValueText(c.to)}`);
    parts.push(`change ${described.join("; ")}`);
  }
  return parts.length > 0 ? parts.join("; ") : "unknown changes";
}

/**
 * The short form used in prompts, e.g. `+k1, k2; -k3; x:1->2, y:a->b`; with three or more keys
 * a part becomes a count (`+3 args`, `-3 args`, `~3 args`). An empty or null delta gives `changes`.
 */
export function shortDelta(delta: ArgDelta | null): string {
  const { addedKeys, removedKeys, changes } = deltaParts(delta);
  const parts: string[] = [];
  if (addedKeys.length > 0) {
    parts.push(addedKeys.length < SHORT_COUNT_THRESHOLD ? `+${addedKeys.join(", ")}` : `+${addedKeys.length} args`);
  }
  if (removedKeys.length > 0) {
    parts.push(
      removedKeys.length < SHORT_COUNT_THRESHOLD ? `-${removedKeys.join(", ")}` : `-${removedKeys.length} args`,
    );
  }
  if (changes.length > 0) {
    parts.push(
      changes.length < SHORT_COUNT_THRESHOLD
        ? changes.map(([key, c]) => `${key}:${shortValueText(c.from)}->${shortValueText(c.to)}`).join(", ")
        : `~${changes.length} args`,
    );
  }
  return parts.length > 0 ? parts.join("; ") : "changes";
}
