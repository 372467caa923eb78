// Renders what the tenant knows about a tool as prompt text: a section beside a session's own, and error guidance.
import { fixText } from "../tools/fix-text.js";
import { formatToolSection, wrapProceduralMemory, type ToolContextOptions, type ToolMemoryInput } from "../tools/prompt-context.js";
import { formatPercent } from "../text/text-format.js";
import type { ToolPattern } from "../tools/types.js";
import type { SharedErrorPattern, SharedToolKnowledge } from "./types.js";

const MAX_PAST_FIXES = 3;

/**
 * The error types the tenant has a fix for that the session does not know: never seen by the
 * session, or seen without a fix. Most frequent first (ties by name), at most `max`.
 */
export function fixesNewToSession(knowledge: SharedToolKnowledge, session: ToolPattern | null, max: number): SharedErrorPattern[] {
  const fixedBySession = new Set(session?.error_patterns.filter((ep) => ep.fix_delta !== null).map((ep) => ep.error_type));
  return knowledge.error_patterns
    // A pattern whose fixes are all retired has no fix to tell (presentKnowledge leaves fix_delta null).
    .filter((ep) => ep.fix_delta !== null && ep.fixes.length > 0 && !fixedBySession.has(ep.error_type))
    .sort((a, b) => b.count - a.count || (a.error_type < b.error_type ? -1 : a.error_type > b.error_type ? 1 : 0))
    .slice(0, Math.max(0, max));
}

/**
 * The `<shared_tool_knowledge>` section of one tool: the tenant's success rate over its sessions
 * (left out when compact) and each fix the session does not know yet. Null when there is none.
 */
export function formatSharedToolSection(knowledge: SharedToolKnowledge, session: ToolPattern | null, options: ToolContextOptions): string | null {
  const news = fixesNewToSession(knowledge, session, options.maxErrorPatterns);
  if (news.length === 0) return null;
  const lines = [`<shared_tool_knowledge name="${knowledge.tool_name}">`];
  if (!options.compact) {
    const sessions = `${knowledge.sessions_seen} session${knowledge.sessions_seen === 1 ? "" : "s"}`;
    lines.push(`  success_rate: ${formatPercent(knowledge.success_rate)} (${knowledge.total_calls} calls in ${sessions})`);
  }
  lines.push("  <known_fixes>");
  for (const ep of news) {
    const typical = ep.fixes[0]!;
    const seen = ep.count > 1 ? ` (x${ep.count})` : "";
    // The tenant's knowledge is the service's own: its fix reads in full, not in the tool memory's 20 characters.
    lines.push(`    - ${ep.error_type}${seen} -> fix: ${fixText(typical.fix_delta)} (worked ${typical.times_applied}x)`);
  }
  lines.push("  </known_fixes>", "</shared_tool_knowledge>");
  return lines.join("\n");
}

/**
 * The `<procedural_memory>` block with shared knowledge: for each tool in `toolOrder`, the
 * session's own section (when it called the tool) and then the tenant's (when it knows a fix the
 * session does not). With nothing shared to add it is exactly the session's block.
 */
export function formatToolContextWithShared(
  toolOrder: readonly string[],
  contexts: ToolMemoryInput[],
  knowledge: SharedToolKnowledge[],
  options: ToolContextOptions,
): string {
  const sections: string[] = [];
  for (const name of toolOrder) {
    const context = contexts.find((c) => c.pattern.tool_name === name);
    if (context) sections.push(formatToolSection(context, options));
    const shared = knowledge.find((k) => k.tool_name === name);
    const section = shared ? formatSharedToolSection(shared, context?.pattern ?? null, options) : null;
    if (section !== null) sections.push(section);
  }
  return wrapProceduralMemory(sections);
}

/**
 * The `<error_guidance>` block from the tenant's knowledge: its typical fix for the error type,
 * and the latest fixes with the session each was learned in. Says so when no fix is known.
 */
export function formatSharedErrorGuidance(knowledge: SharedToolKnowledge, errorType: string): string {
  const lines = [`<error_guidance tool="${knowledge.tool_name}" error="${errorType}">`];
  const pattern = knowledge.error_patterns.find((ep) => ep.error_type === errorType);
  // The best offerable fix comes first; a retired one is never recommended.
  const typical = pattern?.fix_delta ? pattern.fixes[0] : undefined;
  if (typical) lines.push(`  Previous fix: ${fixText(typical.fix_delta)}`);
  const events = pattern?.recent_fixes.slice(0, MAX_PAST_FIXES) ?? [];
  if (events.length > 0) {
    lines.push("  Past fixes:");
    for (const event of events) lines.push(`    - ${event.session_id}: ${event.failed_call_id} -> ${event.fix_call_id}`);
  }
  if (lines.length === 1) lines.push("  No previous fixes found for this error type.");
  lines.push("</error_guidance>");
  return lines.join("\n");
}
