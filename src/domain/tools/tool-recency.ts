// When each tool of an imported session was last called, so that both stores forget the same tools past MAX_TOOLS_PER_SESSION.
import { callSequenceOf } from "./arguments.js";
import type { StoredMemory } from "./types.js";


/**
 * Each imported tool's latest call number in the log; a tool the log holds no call of was last called
 * before any of them, in the order the patterns are listed (-n for the first of n, up to -1).
 */
export function importedToolRecency(memory: Pick<StoredMemory, "tool_log" | "tool_patterns">): Map<string, number> {
  const tools = Object.keys(memory.tool_patterns);
  const seen = new Map(tools.map((tool, index) => [tool, index - tools.length]));
  for (const entry of memory.tool_log) if (seen.has(entry.tool_name)) seen.set(entry.tool_name, callSequenceOf(entry.id));
  return seen;
}
