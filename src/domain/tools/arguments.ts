// Canonical JSON, hashing and diffing of tool-call arguments.
import { createHash } from "node:crypto";
import type { ArgDelta, ToolArguments } from "./types.js";

/**
 * Sets an own, enumerable property even for keys such as `__proto__`,
 * which plain assignment would treat as a prototype change.
 */
export function setOwnProperty(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function sortKeysDeep(value: unknown): unknown {
  if (value !== null && typeof value === "object" && typeof (value as { toJSON?: unknown }).toJSON === "function") {
    return sortKeysDeep((value as { toJSON: () => unknown }).toJSON());
  }
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value === null || typeof value !== "object") return value;
  const sorted = {};
  for (const key of Object.keys(value).sort()) {
    setOwnProperty(sorted, key, sortKeysDeep((value as Record<string, unknown>)[key]));
  }
  return sorted;
}

/** The arguments' names in the order canonicalJson writes them (integer-like names first, as JSON.stringify does). */
export function canonicalKeyOrder(args: Record<string, unknown>): string[] {
  return Object.keys(sortKeysDeep(args) as Record<string, unknown>);
}

/**
 * Compact JSON with object keys sorted recursively; arrays keep their order.
 * A value JSON cannot represent at the top level (undefined, a function) gives `null`.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeysDeep(value)) ?? "null";
}

/** First 12 hex characters of the SHA-256 of the arguments' canonical JSON. */
export function hashArguments(args: ToolArguments): string {
  return createHash("sha256").update(canonicalJson(args), "utf8").digest("hex").slice(0, 12);
}

/** Deep JSON equality of two values. */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

// A redaction marker, [REDACTED] or [REDACTED:<kind>] (domain/redaction): what it stands for is unknown.
const REDACTION_MARKER = /\[REDACTED(?::[a-z_]+)?\]/g;

/**
 * Whether two different values differ only where secrets were redacted: such a change (one token for
 * another) cannot be learned as a fix, since nobody can see what it was.
 */
export function differsOnlyInRedactions(a: unknown, b: unknown): boolean {
  const before = canonicalJson(a);
  const after = canonicalJson(b);
  if (!before.includes("[REDACTED") || !after.includes("[REDACTED")) return false;
  return before.replace(REDACTION_MARKER, "[REDACTED]") === after.replace(REDACTION_MARKER, "[REDACTED]");
}

/**
 * What changed between a failed call's arguments and a later successful call's.
 * `added` and `changed` follow the succeeded call's key order, `removed` the failed call's
 * (both as Object.keys gives them); each part is present only when non-empty. A change only
 * inside redacted secrets is left out. Returns null when nothing else changed.
 */
export function argumentDelta(failed: ToolArguments, succeeded: ToolArguments): ArgDelta | null {
  const added: Record<string, unknown> = {};
  const changed: Record<string, { from: unknown; to: unknown }> = {};
  let addedCount = 0;
  let changedCount = 0;
  for (const key of Object.keys(succeeded)) {
    if (!Object.hasOwn(failed, key)) {
      setOwnProperty(added, key, succeeded[key]);
      addedCount += 1;
    } else if (!sameValue(failed[key], succeeded[key]) && !differsOnlyInRedactions(failed[key], succeeded[key])) {
      setOwnProperty(changed, key, { from: failed[key], to: succeeded[key] });
      changedCount += 1;
    }
  }
  const removed = Object.keys(failed).filter((key) => !Object.hasOwn(succeeded, key));

  const delta: ArgDelta = {};
  if (addedCount > 0) delta.added = added;
  if (removed.length > 0) delta.removed = removed;
  if (changedCount > 0) delta.changed = changed;
  return addedCount + removed.length + changedCount > 0 ? delta : null;
}

/**
 * A value as display text: strings as they are, everything else as compact JSON
 * (`null` for values JSON cannot represent, such as undefined).
 */
export function valueText(value: unknown): string {
  if (typeof value === "string") return value;
  return JSON.stringify(value) ?? "null";
}

/** Call ids run `call-0001`, `call-0002`, … per session (more digits past 9999). */
export function formatCallId(sequence: number): string {
  return `call-${String(sequence).padStart(4, "0")}`;
}

/** `call-0042` → 42: where a call comes in its session. */
export const callSequenceOf = (callId: string): number => Number(callId.slice("call-".length));
