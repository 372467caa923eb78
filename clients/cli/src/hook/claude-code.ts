// What each Claude Code hook event does: record a tool call, hand back a known fix, or give a new session what the tenant knows.
import type { AgentLessonsClient } from "@agent-lessons/client";
import { knownFixText } from "../known-fix-text.js";
import { CLAUDE_CODE_TOOLS, rememberTools, toolsSeenIn } from "../project-tools.js";
import { errorMessageOf, errorTypeOf, fitArguments, fitResult, serviceId, type ToolCallReport } from "../tool-call-report.js";

/** The fields of Claude Code's hook input that this hook reads (its hooks reference names them). */
export interface HookEvent {
  hook_event_name?: unknown;
  session_id?: unknown;
  cwd?: unknown;
  source?: unknown;
  tool_name?: unknown;
  tool_input?: unknown;
  tool_response?: unknown;
  tool_use_id?: unknown;
  error?: unknown;
  is_interrupt?: unknown;
  duration_ms?: unknown;
}

export interface HookContext {
  client: AgentLessonsClient;
  /** Ends every call when the hook's budget is spent. */
  signal: AbortSignal;
  task: string | undefined;
  maxTokens: number;
  /** Where the tools seen in each directory are kept (AGENT_LESSONS_STATE_DIR, XDG_STATE_HOME, HOME). */
  env: Record<string, string | undefined>;
}

/** What the hook prints for Claude Code: `{"hookSpecificOutput":{…}}`, or nothing. */
export type HookOutput = { hookSpecificOutput: { hookEventName: string; additionalContext: string } } | null;

// The most tools /context takes at once, and the most characters of its tools= list.
const SESSION_START_TOOLS = 100;
const TOOL_LIST_CHARS = 10_000;
const SESSION_START_HEADER = "agent-lessons: what earlier sessions learned (failures, and the fixes that worked):\n\n";
// The header's share of the budget, in tokens, so that header and block together stay within --max-tokens.
const HEADER_TOKENS = 20;
const MIN_CONTEXT_TOKENS = 50;

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

function output(hookEventName: string, additionalContext: string): HookOutput {
  return { hookSpecificOutput: { hookEventName, additionalContext } };
}

function toolCall(event: HookEvent, outcome: "success" | "failure"): ToolCallReport {
  const input = fitArguments(event.tool_input);
  const duration = typeof event.duration_ms === "number" && Number.isFinite(event.duration_ms) ? Math.max(0, Math.round(event.duration_ms)) : null;
  // Bash says what a command is for in its description: the closest thing to the call's goal.
  const goal = text(input.description)?.slice(0, 1000) || null;
  const report: ToolCallReport = { tool_name: serviceId(text(event.tool_name) ?? "unknown"), arguments: input, outcome, execution_time_ms: duration, context_goal: goal };
  if (outcome === "success") {
    if (event.tool_response !== undefined) report.result = fitResult(event.tool_response);
  } else {
    const error = text(event.error) ?? "";
    report.error_type = errorTypeOf(error);
    report.error_message = errorMessageOf(error);
  }
  return report;
}

async function record(event: HookEvent, context: HookContext, outcome: "success" | "failure") {
  const report = toolCall(event, outcome);
  const cwd = text(event.cwd);
  if (cwd) rememberTools(cwd, [report.tool_name], context.env);
  const toolUseId = text(event.tool_use_id);
  return context.client.recordToolCall({
    path: { session_id: serviceId(text(event.session_id) ?? "unknown") },
    body: report,
    // Claude Code names each tool use: an event delivered twice is still one call.
    ...(toolUseId ? { idempotencyKey: `claude-code:${toolUseId}`.slice(0, 255) } : {}),
    signal: context.signal,
  });
}

/** Claude Code's own tools, then those seen in the directory, as many as one tools= list takes. */
function agentTools(cwd: string | undefined, env: HookContext["env"]): string[] {
  const seen = cwd ? toolsSeenIn(cwd, env).map(serviceId) : [];
  const tools: string[] = [];
  let chars = 0;
  for (const name of new Set<string>([...CLAUDE_CODE_TOOLS, ...seen])) {
    if (tools.length === SESSION_START_TOOLS || chars + name.length + 1 > TOOL_LIST_CHARS) break;
    tools.push(name);
    chars += name.length + 1;
  }
  return tools;
}

/**
 * What the tenant knows of the tools this agent has, never of another agent's: Claude Code's own, and
 * those seen in the same directory (this hook's records, and the tool lists of MCP proxies run there).
 */
async function sessionStart(event: HookEvent, context: HookContext): Promise<HookOutput> {
  const tools = agentTools(text(event.cwd), context.env);
  const block = await context.client.getContext({
    query: {
      session_id: serviceId(text(event.session_id) ?? "unknown"),
      ...(context.task ? { task_id: context.task } : {}),
      tools: tools.join(","),
      max_tokens: Math.max(MIN_CONTEXT_TOKENS, context.maxTokens - HEADER_TOKENS),
    },
    signal: context.signal,
  });
  return block.prompt.trim() ? output("SessionStart", SESSION_START_HEADER + block.prompt) : null;
}

/** Handles one event; every other event than these three does nothing. */
export async function handleHookEvent(event: HookEvent, context: HookContext): Promise<HookOutput> {
  switch (event.hook_event_name) {
    case "PostToolUse":
      await record(event, context, "success");
      return null;
    case "PostToolUseFailure": {
      // The user stopped the tool: nothing about the tool failed.
      if (event.is_interrupt === true) return null;
      const recorded = await record(event, context, "failure");
      return recorded.known_fix ? output("PostToolUseFailure", knownFixText(recorded.error_type, recorded.known_fix)) : null;
    }
    case "SessionStart":
      return sessionStart(event, context);
    default:
      return null;
  }
}
