// `agent-lessons context`: prints the /context block for an orchestrator's shell script, as text or as JSON.
import { describeFailure, serviceClient } from "../service.js";
import { SERVICE_OPTIONS, UsageError, idSetting, integerFlag, parseFlags, serviceSettings } from "../settings.js";

export const CONTEXT_USAGE = `agent-lessons context [--task ID] [--session ID] [--tools A,B] [--max-tokens N] [--json]

Prints the context block for a fresh session (GET /context): what worked, the task's lessons, the
session's tool memory and what the tenant knows of its tools, within --max-tokens (default 2000).
Exits 1 with one line on stderr when the service refuses or cannot be reached.

  --task ID, --session ID   at least one (AGENT_LESSONS_TASK, AGENT_LESSONS_SESSION)
  --tools A,B               the tools to cover; default the session's own
  --json                    the whole JSON answer (tokens, sections) instead of the text
  --url URL, --api-key KEY  the service (AGENT_LESSONS_URL, AGENT_LESSONS_API_KEY)`;

const OPTIONS = {
  ...SERVICE_OPTIONS,
  task: { type: "string" },
  session: { type: "string" },
  tools: { type: "string" },
  "max-tokens": { type: "string" },
  json: { type: "boolean" },
} as const;

export async function contextCommand(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values } = parseFlags(args, OPTIONS);
  if (values.help) {
    process.stdout.write(`${CONTEXT_USAGE}\n`);
    return 0;
  }
  const settings = serviceSettings(values, env);
  const task = idSetting(values.task, "task", env);
  const session = idSetting(values.session, "session", env);
  if (!task && !session) throw new UsageError("context needs --task or --session (or AGENT_LESSONS_TASK, AGENT_LESSONS_SESSION)");
  const maxTokens = integerFlag(values["max-tokens"], "max-tokens", 50, 100_000, 2000);
  if (values.tools !== undefined && values.tools.trim() === "") throw new UsageError("--tools must name at least one tool");
  try {
    const block = await serviceClient(settings, { maxRetries: 2, timeoutMs: 10_000 }).getContext({
      query: {
        ...(task ? { task_id: task } : {}),
        ...(session ? { session_id: session } : {}),
        ...(values.tools ? { tools: values.tools } : {}),
        max_tokens: maxTokens,
      },
    });
    process.stdout.write(values.json ? `${JSON.stringify(block)}\n` : block.prompt ? `${block.prompt}\n` : "");
    return 0;
  } catch (error) {
    process.stderr.write(`agent-lessons: ${describeFailure(error)}\n`);
    return 1;
  }
}
