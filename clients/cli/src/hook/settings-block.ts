// The `hooks` block for .claude/settings.json that runs this hook on SessionStart, PostToolUse and PostToolUseFailure.
import { realpathSync } from "node:fs";

/** Seconds Claude Code gives each hook run: the hook's own 3 s budget plus Node's start. */
export const HOOK_TIMEOUT_SECONDS = 5;
// Claude Code matches tool names with a JavaScript regular expression: every tool but the mcp__ ones.
const EXCEPT_MCP_TOOLS = "^(?!mcp__).*";

const shellQuote = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);

/** The command line that runs this very program, by absolute paths, so the settings work whatever PATH Claude Code has. */
export function settingsCommandLine(extraFlags: string[]): string {
  const program = process.argv[1] ? realpathSync(process.argv[1]) : "agent-lessons";
  return [process.execPath, program, "hook", "claude-code", ...extraFlags].map(shellQuote).join(" ");
}

/** `{ hooks: { SessionStart, PostToolUse, PostToolUseFailure } }`; with skipMcp the tool events leave mcp__ tools to the proxy. */
export function settingsBlock(command: string, skipMcp: boolean) {
  const entry = (matcher: string) => [{ matcher, hooks: [{ type: "command", command, timeout: HOOK_TIMEOUT_SECONDS }] }];
  const tools = skipMcp ? EXCEPT_MCP_TOOLS : "*";
  return { hooks: { SessionStart: entry("*"), PostToolUse: entry(tools), PostToolUseFailure: entry(tools) } };
}
