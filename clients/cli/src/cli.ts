// The agent-lessons command line: picks the command, turns a UsageError into one stderr line and exit code 2.
import { readFileSync } from "node:fs";
import { contextCommand } from "./commands/context.js";
import { hookCommandLine } from "./commands/hook.js";
import { mcpProxyCommand } from "./commands/mcp-proxy.js";
import { recallCommand } from "./commands/recall.js";
import { UsageError } from "./settings.js";

export const USAGE = `Usage: agent-lessons <command> [options]

Records what agents' tools do in the agent-lessons service and hands learned fixes back, with no
change to the agent.

Commands:
  mcp-proxy [options] -- COMMAND [ARGS...]   wrap a stdio MCP server: record every tools/call, add known fixes to failures
  hook claude-code [options]                 a Claude Code hook (SessionStart, PostToolUse, PostToolUseFailure)
  hook claude-code --print-settings          print the hooks block for .claude/settings.json
  context [--task ID] [--session ID]         print the context block for a fresh session
  recall [TEXT]                              have we seen this failure? (TEXT, or standard input)

Settings (flags override the environment):
  --url URL        AGENT_LESSONS_URL       the service (default http://127.0.0.1:3000)
  --api-key KEY    AGENT_LESSONS_API_KEY   a key of the service's API_KEYS
  --session ID     AGENT_LESSONS_SESSION   the session to record in (mcp-proxy, context)
  --task ID        AGENT_LESSONS_TASK      the task whose lessons to show (hook, context)

Other options:
  --help, -h       this help; agent-lessons <command> --help shows a command's own options
  --version, -v    print this program's version (from its package.json)`;

const COMMANDS: Record<string, (args: string[], env: NodeJS.ProcessEnv) => Promise<number>> = {
  "mcp-proxy": mcpProxyCommand,
  hook: hookCommandLine,
  context: contextCommand,
  recall: recallCommand,
};

/** This program's version, from the package.json that ships beside dist/ (read only when asked for). */
function version(): string {
  return (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;
}

/** Runs one command line and answers its exit code: 0 done, 1 the service refused, 2 a bad flag or value. */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  if (name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (name === "--version" || name === "-v") {
    process.stdout.write(`${version()}\n`);
    return 0;
  }
  const command = COMMANDS[name];
  try {
    if (!command) throw new UsageError(`unknown command ${JSON.stringify(name)}; the commands are ${Object.keys(COMMANDS).join(", ")}`);
    return await command(args, env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`agent-lessons: ${error.message} (agent-lessons --help)\n`);
    return 2;
  }
}

/** The program: runs `main`, then exits once stdout is flushed (an idle keep-alive connection must not hold the process). */
export async function run(argv: string[]): Promise<void> {
  const code = await main(argv);
  // A reader that went away never calls back; it has nothing left to read either.
  setTimeout(() => process.exit(code), 1000).unref();
  process.stdout.write("", () => process.exit(code));
}
