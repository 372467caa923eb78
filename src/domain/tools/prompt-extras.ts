// Renders the session summary, error guidance and success template prompt blocks.
import { valueText } from "./arguments.js";
import { hasDeltaParts, shortDelta } from "./delta-text.js";
import { formatPercent } from "../text/text-format.js";
import type { ToolArguments, ToolLogEntry, ToolPattern } from "./types.js";

const MAX_PAST_FIXES = 3;

export interface SummaryInput {
  totalCalls: number;
  /** 0..1 */
  successRate: number;
  fixesDetected: number;
  patterns: ToolPattern[];
}

/** Most calls first; ties broken by tool name (code-unit order) so the output is stable. */
function byUsage(a: ToolPattern, b: ToolPattern): number {
  if (a.total_calls !== b.total_calls) return b.total_calls - a.total_calls;
  if (a.tool_name === b.tool_name) return 0;
  return a.tool_name < b.tool_name ? -1 : 1;
}

/**
 * The `<procedural_memory_summary>` block: session totals, then up to `maxTools` tools by usage
 * with each one's last error type. The tool list is left out when there is no tool to show.
 */
export function formatSummary(input: SummaryInput, maxTools: number): string {
  const lines = [
    "<procedural_memory_summary>",
    `  Total: ${input.totalCalls} calls, ${formatPercent(input.successRate)} success, ` +
      `${input.fixesDetected} fixes detected`,
  ];
  const top = [...input.patterns].sort(byUsage).slice(0, Math.max(0, maxTools));
  if (top.length > 0) {
    lines.push("", "  Most used tools:");
    for (const pattern of top) {
      const rate = formatPercent(pattern.success_rate);
      lines.push(`    - ${pattern.tool_name}: ${pattern.total_calls} calls, ${rate} success`);
      const lastError = pattern.error_patterns.at(-1);
      if (lastError) lines.push(`      last error: ${lastError.error_type}`);
    }
  }
  lines.push("</procedural_memory_summary>");
  return lines.join("\n");
}

/**
 * The `<error_guidance>` block for a failed call: the fix last recorded for that error type, and
 * up to three past failures of that type with the call that fixed each. When neither is known
 * it says that no previous fixes were found.
 */
export function formatErrorGuidance(pattern: ToolPattern, errorType: string, fixedFailures: ToolLogEntry[]): string {
  const lines = [`<error_guidance tool="${pattern.tool_name}" error="${errorType}">`];
  const fixDelta = pattern.error_patterns.find(
    (ep) => ep.error_type === errorType && hasDeltaParts(ep.fix_delta),
  )?.fix_delta;
  if (fixDelta) lines.push(`  Previous fix: ${shortDelta(fixDelta)}`);

  const pastFixes = fixedFailures.filter((entry) => entry.fixed_by !== null).slice(0, MAX_PAST_FIXES);
  if (pastFixes.length > 0) {
    lines.push("  Past fixes:");
    for (const entry of pastFixes) {
      lines.push(`    - ${entry.id} -> ${entry.fixed_by}`);
      // Failed entries normally carry no delta (it sits on the fixing call); shown when one does, as the Python does.
      if (hasDeltaParts(entry.delta_args)) lines.push(`      changed: ${shortDelta(entry.delta_args)}`);
    }
  }
  if (lines.length === 1) lines.push("  No previous fixes found for this error type.");
  lines.push("</error_guidance>");
  return lines.join("\n");
}

/**
 * The `<success_template>` block: one `key: value` line per argument hint.
 * Returns an empty string when there are no hints (the Python returns None).
 */
export function formatSuccessTemplate(toolName: string, goal: string, argHints: ToolArguments): string {
  const keys = Object.keys(argHints);
  if (keys.length === 0) return "";
  return [
    `<success_template tool="${toolName}" goal="${goal}">`,
    "  Recommended args based on past success:",
    ...keys.map((key) => `    ${key}: ${valueText(argHints[key])}`),
    "</success_template>",
  ].join("\n");
}
