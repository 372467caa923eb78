// Renders a tool's recent calls and learned patterns as the <procedural_memory> block injected into prompts.
import { hasDeltaParts, shortDelta, shortValueText } from "./delta-text.js";
import { fixText } from "./fix-text.js";
import { formatPercent, isMeasuredTime } from "../text/text-format.js";
import { FAILURE_OUTCOMES } from "./types.js";
import type { ArgDelta, SuccessPattern, ToolArguments, ToolLogEntry, ToolPattern } from "./types.js";

const MAX_ARGS_SHOWN = 3;

export interface ToolMemoryInput {
  pattern: ToolPattern;
  /** Newest first, already limited to what should be shown. */
  recent: ToolLogEntry[];
}

export interface ToolContextOptions {
  goal?: string;
  maxErrorPatterns: number;
  maxSuccessPatterns: number;
  includeArgs: boolean;
  includeTiming: boolean;
  compact: boolean;
  /**
   * For the service's own blocks (`GET /context`), not the tool memory's: a call that reported no
   * result shows no summary (no `[✓] null`), and every fix reads in full (fixText). Left out, the
   * block is the tool memory's, byte for byte.
   */
  readable?: boolean;
}

/** A fix as the block words it: the tool memory's short form, or in full in the service's own blocks. */
const deltaWords = (delta: ArgDelta, options: ToolContextOptions) => (options.readable ? fixText(delta) : shortDelta(delta));

/** The last `count` items; none when count is not positive (unlike Python's `[-0:]`, which is all). */
function lastItems<T>(items: T[], count: number): T[] {
  return count > 0 ? items.slice(-count) : [];
}

function formatArgs(args: ToolArguments): string {
  const keys = Object.keys(args);
  const shown = keys.slice(0, MAX_ARGS_SHOWN).map((key) => `${key}=${shortValueText(args[key])}`);
  if (keys.length > MAX_ARGS_SHOWN) shown.push(`...+${keys.length - MAX_ARGS_SHOWN}`);
  return shown.join(", ");
}

function formatCall(entry: ToolLogEntry, options: ToolContextOptions): string[] {
  const mark = `  [${entry.outcome === "success" ? "✓" : "✗"}]`;
  let line = options.readable && entry.result_type === "null" ? mark : `${mark} ${entry.result_summary}`;
  if (entry.fix_for !== null && hasDeltaParts(entry.delta_args)) {
    line += ` (fixed prior by: ${deltaWords(entry.delta_args, options)})`;
  } else if (FAILURE_OUTCOMES.has(entry.outcome) && entry.fixed_by !== null) {
    line += ` (fixed by ${entry.fixed_by})`;
  }
  // The Python appends the timing after the args line, so it lands on the args line; we keep it on the call line.
  if (options.includeTiming && isMeasuredTime(entry.execution_time_ms)) {
    line += ` [${entry.execution_time_ms}ms]`;
  }
  const lines = [line];
  if (options.includeArgs && Object.keys(entry.arguments).length > 0) {
    lines.push(`    args: ${formatArgs(entry.arguments)}`);
  }
  return lines;
}

/**
 * Success patterns worth showing for a goal: those with no goal, those whose goal contains it
 * (case-insensitive), and every fix. Without a goal (or with an empty one) all are kept.
 */
export function relevantSuccessPatterns(patterns: SuccessPattern[], goal: string | undefined): SuccessPattern[] {
  if (!goal) return patterns;
  const wanted = goal.toLowerCase();
  return patterns.filter(
    (sp) => !sp.goal_match || sp.goal_match.toLowerCase().includes(wanted) || sp.delta_that_fixed !== null,
  );
}

function successHint(sp: SuccessPattern, options: ToolContextOptions): string | null {
  if (sp.delta_that_fixed !== null) return `    - Fixed by: ${deltaWords(sp.delta_that_fixed, options)}`;
  if (Object.keys(sp.arg_hints).length > 0) return `    - Typical args: ${JSON.stringify(sp.arg_hints)}`;
  return null;
}

function formatPatterns(pattern: ToolPattern, options: ToolContextOptions): string[] {
  const hasErrors = pattern.error_patterns.length > 0;
  const hasSuccesses = pattern.success_patterns.length > 0;
  if (!hasErrors && !hasSuccesses) return [];

  const lines = ["<patterns>"];
  if (!options.compact) {
    lines.push(`  success_rate: ${formatPercent(pattern.success_rate)} (${pattern.total_calls} calls)`);
  }
  if (hasErrors) {
    lines.push("  <common_errors>");
    for (const ep of lastItems(pattern.error_patterns, options.maxErrorPatterns)) {
      let line = `    - ${ep.error_type}`;
      if (ep.count > 1) line += ` (x${ep.count})`;
      if (ep.typical_fix) line += ` -> fix: ${options.readable && hasDeltaParts(ep.fix_delta) ? fixText(ep.fix_delta) : ep.typical_fix}`;
      lines.push(line);
    }
    lines.push("  </common_errors>");
  }
  const relevant = relevantSuccessPatterns(pattern.success_patterns, options.goal);
  if (relevant.length > 0) {
    lines.push("  <success_hints>");
    for (const sp of lastItems(relevant, options.maxSuccessPatterns)) {
      const hint = successHint(sp, options);
      if (hint !== null) lines.push(hint);
    }
    lines.push("  </success_hints>");
  }
  lines.push("</patterns>");
  return lines;
}

/** One tool's `<tool_memory>` section. */
export function formatToolSection({ pattern, recent }: ToolMemoryInput, options: ToolContextOptions): string {
  const lines = [`<tool_memory name="${pattern.tool_name}">`];
  if (recent.length > 0) {
    lines.push("<recent_calls>");
    for (const entry of recent) lines.push(...formatCall(entry, options));
    lines.push("</recent_calls>");
  }
  const patternLines = formatPatterns(pattern, options);
  if (patternLines.length > 0) {
    if (recent.length > 0) lines.push("");
    lines.push(...patternLines);
  }
  lines.push("</tool_memory>");
  return lines.join("\n");
}

/**
 * The just-in-time context for tools about to be called: one `<tool_memory>` section per tool
 * (separated by a blank line) inside `<procedural_memory>`, with no trailing newline.
 * Returns an empty string when there are no tools.
 */
export function formatToolContext(tools: ToolMemoryInput[], options: ToolContextOptions): string {
  return wrapProceduralMemory(tools.map((tool) => formatToolSection(tool, options)));
}

/** Sections inside `<procedural_memory>`, a blank line apart; an empty string when there are none. */
export function wrapProceduralMemory(sections: string[]): string {
  if (sections.length === 0) return "";
  return `<procedural_memory>\n${sections.join("\n\n")}\n</procedural_memory>`;
}
