// Rebuilds log entries from what Redis keeps: the entry JSON and, apart from it, the id of its fix.
import { canonicalJson } from "../../domain/tools/arguments.js";
import type { ToolArguments, ToolLogEntry } from "../../domain/tools/types.js";

/** The fixing call's id is kept apart so that linking a fix never rewrites the failure's JSON. */
export function entryFrom(json: string, fixedBy: string | null | undefined): ToolLogEntry {
  const entry = JSON.parse(json) as ToolLogEntry;
  entry.fixed_by = fixedBy || null;
  return entry;
}

/** Entries from a flat reply of (entry JSON, fixing id or '') pairs. */
export function entriesFromPairs(flat: string[]): ToolLogEntry[] {
  const entries: ToolLogEntry[] = [];
  for (let i = 0; i < flat.length; i += 2) entries.push(entryFrom(flat[i]!, flat[i + 1]));
  return entries;
}

/** Each argument as the scripts and the session's pattern take it: [name, canonical JSON, JSON as given], in the caller's order. */
export function argumentTriples(args: ToolArguments): Array<[string, string, string]> {
  return Object.entries(args).map(([name, value]) => [name, canonicalJson(value), JSON.stringify(value)]);
}

/**
 * Arguments as the Lua script reads them: [name, canonical JSON, JSON as given] in the caller's
 * order, or [name, JSON] when both are the same text (every primitive, and objects already in key
 * order). The script keeps them with each call, so the short form is what keeps a stored call small.
 */
export const argumentPairs = (args: ToolArguments): string => pairsOf(argumentTriples(args));

/** argumentPairs of arguments already made triples. */
export function pairsOf(triples: ReadonlyArray<readonly [string, string, string]>): string {
  return JSON.stringify(triples.map(([name, canonical, given]) => (canonical === given ? [name, given] : [name, canonical, given])));
}

/**
 * What the Lua script keeps about a call to decide later whether a success fixes it: its outcome,
 * error type and tool as a small JSON header, a newline (which JSON text never holds), then the
 * arguments as argumentPairs wrote them, not re-encoded as a string inside the header.
 */
export function callFacts(toolName: string, outcome: string, errorType: string | null, args: ToolArguments): string {
  return `${JSON.stringify({ outcome, error_type: errorType ?? "", tool: toolName })}\n${argumentPairs(args)}`;
}
