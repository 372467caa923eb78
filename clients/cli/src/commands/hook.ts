// `agent-lessons hook claude-code`: a Claude Code hook command that records tool calls and hands known fixes to the model; it never stands in the agent's way.
import { handleHookEvent, type HookEvent } from "../hook/claude-code.js";
import { settingsBlock, settingsCommandLine } from "../hook/settings-block.js";
import { createProblemLog } from "../problem-log.js";
import { describeFailure, serviceClient } from "../service.js";
import { SERVICE_OPTIONS, UsageError, idSetting, integerFlag, parseFlags, serviceSettings } from "../settings.js";

export const HOOK_USAGE = `agent-lessons hook claude-code [--task ID] [--max-tokens N] [--print-settings [--skip-mcp]]

A Claude Code hook: reads one hook event as JSON on stdin. PostToolUse and PostToolUseFailure record
the tool call in the session Claude Code names; a failure fixed before prints the fix for the model.
SessionStart prints what the tenant knows of the tools this agent has (Claude Code's own and those seen
in the same directory), and the task's lessons with --task, within --max-tokens.
For an event it always exits 0, even with a bad setting, and gives up on the service after 3 s.

  --task ID          the task whose lessons a new session gets (AGENT_LESSONS_TASK)
  --max-tokens N     the SessionStart budget (default 1500, 50-100000)
  --print-settings   print the hooks block for .claude/settings.json instead
  --skip-mcp         with --print-settings: leave mcp__ tools to the MCP proxy
  --url URL, --api-key KEY   the service (AGENT_LESSONS_URL, AGENT_LESSONS_API_KEY)`;

const OPTIONS = {
  ...SERVICE_OPTIONS,
  task: { type: "string" },
  "max-tokens": { type: "string" },
  "print-settings": { type: "boolean" },
  "skip-mcp": { type: "boolean" },
} as const;

/** Everything the service gets to take, from reading stdin to the last answer. */
const BUDGET_MS = 3000;

class NoEvent extends Error {}

async function readStdin(signal: AbortSignal): Promise<string> {
  const chunks: Buffer[] = [];
  const reading = (async () => {
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  })();
  const aborted = new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(new NoEvent("no event arrived on stdin within 3 s")), { once: true }));
  await Promise.race([reading, aborted]);
  return Buffer.concat(chunks).toString("utf8");
}

/** The settings block, printed for a person: a bad flag here is a UsageError (exit 2) like anywhere else. */
function printSettings(values: ReturnType<typeof parseHookFlags>["values"], env: NodeJS.ProcessEnv): number {
  const settings = serviceSettings(values, env);
  const maxTokens = integerFlag(values["max-tokens"], "max-tokens", 50, 100_000, 1500);
  idSetting(values.task, "task", env);
  // Only what was given as flags goes into the command; the key stays in the environment, never in a settings file.
  const flags = [
    ...(values.url ? ["--url", settings.url] : []),
    ...(values.task ? ["--task", values.task] : []),
    ...(values["max-tokens"] ? ["--max-tokens", String(maxTokens)] : []),
  ];
  const log = createProblemLog();
  if (values["api-key"]) log.notice("--api-key is left out of the settings: give Claude Code AGENT_LESSONS_API_KEY in its environment");
  const command = settingsCommandLine(flags);
  // npx runs a copy from its cache, which a later npx may replace: the settings would then point nowhere.
  if (/[\\/]_npx[\\/]/.test(command)) log.notice("this program runs from npx's cache; install it (npm install -g) so that the settings keep working");
  process.stdout.write(`${JSON.stringify(settingsBlock(command, values["skip-mcp"] ?? false), null, 2)}\n`);
  return 0;
}

const parseHookFlags = (args: string[]) => parseFlags(args, OPTIONS, true);

function checkAgent(positionals: string[]): void {
  if (positionals[0] !== "claude-code" || positionals.length > 1) {
    throw new UsageError(`hook takes the agent it serves, claude-code, not ${JSON.stringify(positionals.join(" ") || "nothing")}`);
  }
}

/** One hook event: whatever goes wrong, even a bad setting, is one line on stderr and exit 0. */
async function handleEvent(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const log = createProblemLog();
  const signal = AbortSignal.timeout(BUDGET_MS);
  let event: HookEvent | undefined;
  try {
    const { values, positionals } = parseHookFlags(args);
    checkAgent(positionals);
    if (values["skip-mcp"]) throw new UsageError("--skip-mcp goes with --print-settings");
    const settings = serviceSettings(values, env);
    const task = idSetting(values.task, "task", env);
    const maxTokens = integerFlag(values["max-tokens"], "max-tokens", 50, 100_000, 1500);
    const parsed = JSON.parse(await readStdin(signal)) as HookEvent | null;
    if (parsed === null || typeof parsed !== "object") throw new SyntaxError("the event is not a JSON object");
    event = parsed;
    const client = serviceClient(settings, { maxRetries: 1, timeoutMs: BUDGET_MS });
    const output = await handleHookEvent(event, { client, signal, task, maxTokens, env });
    if (output) process.stdout.write(`${JSON.stringify(output)}\n`);
  } catch (error) {
    const reason =
      error instanceof UsageError || error instanceof NoEvent
        ? error.message
        : error instanceof SyntaxError
          ? `stdin is not a JSON event (${error.message})`
          : signal.aborted
            ? "the service took longer than 3 s"
            : describeFailure(error);
    log.notice(`hook: ${reason}`);
    // Once a session, the person sees it too (Claude Code shows a systemMessage to the user, not the model).
    if (event?.hook_event_name === "SessionStart") process.stdout.write(`${JSON.stringify({ systemMessage: `agent-lessons: ${reason}` })}\n`);
  }
  // Whatever happened, Claude Code goes on as if there were no hook. (Its exit code 2 would show our stderr to the model.)
  return 0;
}

export async function hookCommandLine(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    process.stdout.write(`${HOOK_USAGE}\n`);
    return 0;
  }
  if (args.includes("--print-settings")) {
    const { values, positionals } = parseHookFlags(args);
    checkAgent(positionals);
    return printSettings(values, env);
  }
  return handleEvent(args, env);
}
