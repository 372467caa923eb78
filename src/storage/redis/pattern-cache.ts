// Parsed tool patterns, reused while Redis answers the very same state text: a prompt read keeps its round trip and skips the parse.
import type { ToolPattern } from "../../domain/tools/types.js";
import { parsePatternState, patternFromState } from "./pattern-state.js";

/** The most patterns kept parsed, least recently read forgotten first (each holds its state text too). */
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
 * The state text is its own version: the script rewrites it on every call of the tool, so equal
 * text means an unchanged pattern, and a comparison cannot go stale the way a counter reset by a
 * session's reset could. Comparing is a memcmp; parsing was about a fifth of a prompt read's CPU.
 * Patterns are shared between requests, so they are frozen: a reader that tried to change one
 * would throw rather than change another request's answer.
 */
export function createPatternCache(maxEntries = PATTERN_CACHE_ENTRIES) {
  const parsed = new Map<string, { raw: string; value: ParsedPattern }>();

  return {
    /** The pattern of `tool` in the session named by `scope`, from its state text as Redis holds it. */
    patternOf(scope: string, tool: string, raw: string): ParsedPattern {
      const key = `${scope}\u0000${tool}`;
      const hit = parsed.get(key);
      // Delete and set again: a Map iterates in insertion order, so the first key is the least recently read.
      parsed.delete(key);
      if (hit && hit.raw === raw) {
        parsed.set(key, hit);
        return hit.value;
      }
      const state = parsePatternState(raw);
      const value = deepFreeze({ pattern: patternFromState(tool, state), since: state.since });
      parsed.set(key, { raw, value });
      if (parsed.size > maxEntries) parsed.delete(parsed.keys().next().value!);
      return value;
    },

    get size(): number {
      return parsed.size;
    },
  };
}
