// Decoded tool patterns, reused while Redis holds the very same version of them: a prompt read keeps its round trip and skips the decoding.
import type { ToolPattern } from "../../domain/tools/types.js";

/** The most patterns kept decoded, least recently read forgotten first. */
const PATTERN_CACHE_ENTRIES = 2000;

export interface ParsedPattern {
  readonly pattern: ToolPattern;
  /** The call sequence number of the tool's first call: the order tools are listed in. */
  readonly since: number;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * A pattern's version says whether a decoded copy still holds: when its keys were born and how many calls
 * it has learned from (pattern-state.ts: versionOf).
 * A session reset and called again starts its count over but is born anew, so a version never repeats.
 * Patterns are shared between requests, so they are frozen: a reader that tried to change one would throw
 * rather than change another request's answer.
 */
export function createPatternCache(maxEntries = PATTERN_CACHE_ENTRIES) {
  const parsed = new Map<string, { version: string; value: ParsedPattern }>();

  return {
    /** The pattern of `tool` in the session named by `scope` at `version`, decoded by `decode` only when not already. */
    patternOf(scope: string, tool: string, version: string, decode: () => ParsedPattern): ParsedPattern {
      const key = `${scope}\u0000${tool}`;
      const hit = parsed.get(key);
      // Delete and set again: a Map iterates in insertion order, so the first key is the least recently read.
      parsed.delete(key);
      if (hit && hit.version === version) {
        parsed.set(key, hit);
        return hit.value;
      }
      const value = deepFreeze(decode());
      parsed.set(key, { version, value });
      if (parsed.size > maxEntries) parsed.delete(parsed.keys().next().value!);
      return value;
    },

    get size(): number {
      return parsed.size;
    },
  };
}
