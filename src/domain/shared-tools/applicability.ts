// When a learned fix applies to a failing call: only then is it offered, so a fix learned for one file or command never reaches another.
import { canonicalJson } from "../tools/arguments.js";
import { hasDeltaParts } from "../tools/delta-text.js";
import type { ArgDelta, ToolArguments } from "../tools/types.js";
import { isAdopted } from "./efficacy.js";

/**
 * A fix applies to a call's arguments when the call holds what the fix changes: each changed key with the
 * value it changed from (as canonical JSON, so key order never matters), none of the keys it adds, and
 * every key it removes. A fix with no parts applies to nothing. A fix learned for `README.txt` missing is
 * thus offered again for `README.txt`, and never for `CHANGELOG.md`: an empty answer beats a wrong hint.
 */
export function fixApplies(delta: ArgDelta, args: ToolArguments): boolean {
  const changed = Object.entries(delta.changed ?? {});
  const added = Object.keys(delta.added ?? {});
  const removed = delta.removed ?? [];
  if (changed.length + added.length + removed.length === 0) return false;
  return (
    changed.every(([key, { from }]) => Object.hasOwn(args, key) && canonicalJson(args[key]) === canonicalJson(from)) &&
    added.every((key) => !Object.hasOwn(args, key)) &&
    removed.every((key) => Object.hasOwn(args, key))
  );
}

/**
 * The call holds the fix already: it would count as adopting it (efficacy.ts: isAdopted), every value the fix adds
 * or changes as it sets it and none of the keys it removes. A fix with no parts is held by nothing.
 */
export function isHeld(delta: ArgDelta, args: ToolArguments): boolean {
  return hasDeltaParts(delta) && isAdopted(delta, args);
}

/**
 * fixApplies's facts as the Redis scripts compare them, JSON text: `equal`, each changed key with the canonical
 * JSON of the value it changed from; `absent`, the keys it adds; `present`, the keys it removes.
 */
export function applicabilityText(delta: ArgDelta): string {
  return JSON.stringify({
    equal: Object.entries(delta.changed ?? {}).map(([key, { from }]) => [key, canonicalJson(from)]),
    absent: Object.keys(delta.added ?? {}),
    present: delta.removed ?? [],
  });
}
