// `agent-lessons mcp-proxy [--name NAME] [--session ID] [--timeout-ms N] [--] COMMAND [ARGS...]`: an MCP server that records the one it wraps.
import { randomUUID } from "node:crypto";
import { createProblemLog } from "../problem-log.js";
import { createRecorder, type Recorder } from "../proxy/recorder.js";
import { runProxy } from "../proxy/proxy.js";
import { serviceClient } from "../service.js";
import { SERVICE_OPTIONS, UsageError, idSetting, integerFlag, parseFlags, serviceSettings, splitAtCommand } from "../settings.js";

export const MCP_PROXY_USAGE = `agent-lessons mcp-proxy [--name NAME] [--session ID] [--timeout-ms N] [--call-timeout-ms N] -- COMMAND [ARGS...]

Runs COMMAND as a stdio MCP server and serves it on this process's stdio, unchanged, while every
tools/call is recorded as a tool call of the session. A failure that the tenant fixed before comes
back with one more text item: the fix, and the arguments that worked.

  --name NAME            record tools as mcp__NAME__TOOL (Claude Code's names); else as TOOL
  --session ID           the session to record in (AGENT_LESSONS_SESSION); else a new one per run
  --timeout-ms N         how long a failure waits for its known fix (default 1000, 0-60000)
  --call-timeout-ms N    a call with no answer, progress or cancellation for N ms is a timeout (default 300000)
  --url URL, --api-key KEY   the service (AGENT_LESSONS_URL, AGENT_LESSONS_API_KEY)

The -- may be left out (the MCP Inspector's --cli drops it): COMMAND is then the first argument
that is not one of these options or its value.`;

const OPTIONS = {
  ...SERVICE_OPTIONS,
  name: { type: "string" },
  session: { type: "string" },
  "timeout-ms": { type: "string" },
  "call-timeout-ms": { type: "string" },
} as const;

// The name becomes part of every tool's name, between double underscores, as in Claude Code.
const SERVER_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export async function mcpProxyCommand(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { own, command: server, separated } = splitAtCommand(args, OPTIONS);
  // Only the proxy's own part is read: from the server's command on, a --help belongs to the wrapped command.
  if (own.includes("--help") || own.includes("-h")) {
    process.stdout.write(`${MCP_PROXY_USAGE}\n`);
    return 0;
  }
  const { values } = parseFlags(own, OPTIONS);
  const [command, ...commandArgs] = server;
  if (!command) {
    throw new UsageError(separated ? "mcp-proxy needs a COMMAND after --" : "mcp-proxy needs the server to wrap: mcp-proxy [options] -- COMMAND [ARGS...]");
  }
  if (values.name !== undefined && !SERVER_NAME.test(values.name)) {
    throw new UsageError(`--name must be 1-64 letters, digits, '_' or '-', not ${JSON.stringify(values.name)}`);
  }
  const settings = serviceSettings(values, env);
  const fixWaitMs = integerFlag(values["timeout-ms"], "timeout-ms", 0, 60_000, 1000);
  const callTimeoutMs = integerFlag(values["call-timeout-ms"], "call-timeout-ms", 1, 86_400_000, 300_000);
  const log = createProblemLog();
  let sessionId = idSetting(values.session, "session", env);
  if (!sessionId) {
    sessionId = `mcp-${values.name ? `${values.name}-` : ""}${randomUUID()}`;
    log.notice(`recording tool calls as session ${sessionId}`);
  }

  // The client tells the recorder of every attempt, so failures stop waiting for hints while the service is away.
  // (Its first attempt is the recorder's own, so the recorder exists by the time it is told.)
  const client = serviceClient(settings, { maxRetries: 2, timeoutMs: 5000, onReachable: (answered) => recorder.reachable(answered) });
  const recorder: Recorder = createRecorder({ client, sessionId, log });
  return runProxy({ command, args: commandArgs, serverName: values.name, fixWaitMs, callTimeoutMs, recorder, log, env });
}
