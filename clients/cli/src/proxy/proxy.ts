// The MCP proxy: relays every line between the client (our stdio) and the wrapped server untouched, records each tools/call, and adds a known fix to a failure.
import { knownFixText, type KnownFix } from "../known-fix-text.js";
import type { ProblemLog } from "../problem-log.js";
import { rememberTools } from "../project-tools.js";
import { appendToContent } from "./append-content.js";
import { lineWriter, readLines } from "./lines.js";
import type { Recorder } from "./recorder.js";
import { createCallTracker, type JsonRpcMessage } from "./tool-calls.js";
import { createToolListWatch } from "./tool-list.js";
import { startWrappedServer } from "./wrapped-server.js";

export interface ProxyOptions {
  command: string;
  args: string[];
  serverName: string | undefined;
  /** How long a failure's answer may wait for its known fix. */
  fixWaitMs: number;
  /** A call unanswered this long (and never cancelled) is recorded as a timeout. */
  callTimeoutMs: number;
  recorder: Recorder;
  log: ProblemLog;
  /** Where the tools listed in this directory are noted (AGENT_LESSONS_STATE_DIR, XDG_STATE_HOME, HOME), for the Claude Code hook. */
  env: Record<string, string | undefined>;
}

// On the way out, records still in flight get this long to reach the service.
const DRAIN_MS = 2000;
// After stdin closes, the server gets this long to exit before SIGTERM (and as long again before SIGKILL).
const STOP_GRACE_MS = 1000;

// Only lines that can matter are parsed: requests and cancellations from the client, answers and progress from the server.
const CLIENT_MARKERS = ['"tools/call"', '"notifications/cancelled"', '"tools/list"'];
const SERVER_MARKERS = ['"id"', '"notifications/progress"'];

function parse(line: Buffer): JsonRpcMessage[] {
  try {
    const parsed: unknown = JSON.parse(line.toString("utf8"));
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    return messages.filter((message): message is JsonRpcMessage => message !== null && typeof message === "object" && !Array.isArray(message));
  } catch {
    // Not JSON: it goes on as it came, and the client decides what to make of it.
    return [];
  }
}

/** The failure's answer with one more text item after the server's own, every byte the server sent kept as it was. */
function withFix(line: Buffer, message: JsonRpcMessage, errorType: string, fix: KnownFix): Buffer | string {
  const item = { type: "text", text: knownFixText(errorType, fix) };
  const spliced = appendToContent(line, JSON.stringify(item));
  if (spliced) return spliced;
  // No content array to add to: the answer is built again, with one.
  const result = message.result as Record<string, unknown>;
  return JSON.stringify({ ...message, result: { ...result, content: [...(Array.isArray(result.content) ? result.content : []), item] } });
}

/** Runs until the server exits (its exit code) or the client closes stdin (0). */
export function runProxy(options: ProxyOptions): Promise<number> {
  const { recorder, log } = options;
  const server = startWrappedServer(options.command, options.args, (error) =>
    log.notice(`cannot start ${JSON.stringify(options.command)}: ${error.message}`),
  );
  const tracker = createCallTracker({ recorder, serverName: options.serverName, callTimeoutMs: options.callTimeoutMs });
  // The server's tools are the agent's in this directory: the Claude Code hook's SessionStart reads them.
  const listing = createToolListWatch(options.serverName, (names) => rememberTools(process.cwd(), names, options.env));
  const toServer = lineWriter(server.child.stdin, process.stdin);
  const toClient = lineWriter(process.stdout, server.child.stdout);
  const heldAnswers = new Set<Promise<void>>();

  // The proxy's own reading of a line must never stop the line: whatever goes wrong there, it goes on as it came.
  const inspect = (what: string, look: () => void) => {
    try {
      look();
    } catch (error) {
      log.report(`inspect:${what}`, `could not follow a message ${what} (${(error as Error).message}); it went on unchanged`);
    }
  };

  readLines(
    process.stdin,
    (line) => {
      if (CLIENT_MARKERS.some((marker) => line.includes(marker))) {
        inspect("from the client", () =>
          parse(line).forEach((message) => {
            tracker.fromClient(message);
            listing.fromClient(message);
          }),
        );
      }
      toServer(line);
    },
    (rest) => {
      if (rest.length) toServer(rest);
    },
  );

  readLines(
    server.child.stdout,
    (line) => {
      if (listing.waiting && line.includes('"id"')) inspect("from the server", () => parse(line).forEach((message) => listing.fromServer(message)));
      if (!tracker.hasOpenCalls || !SERVER_MARKERS.some((marker) => line.includes(marker))) return toClient(line);
      let held: Promise<Buffer | string> | undefined;
      inspect("from the server", () => {
        const messages = parse(line);
        const failures = messages.map((message) => tracker.fromServer(message));
        const failed = failures[0];
        // A failed result waits for its fix. A JSON-RPC error has no content to add to, and a batch
        // (an older protocol version) goes on at once: both are recorded, never extended.
        if (messages.length !== 1 || !failed?.canTakeHint) return;
        held = recorder.waitForFix(failed.slot, options.fixWaitMs).then((fix) => (fix ? withFix(line, messages[0]!, failed.errorType, fix) : line));
      });
      if (!held) return toClient(line);
      const answer = held.catch(() => line).then((out) => {
        heldAnswers.delete(answer);
        toClient(out);
      });
      heldAnswers.add(answer);
    },
    (rest) => {
      if (rest.length) toClient(rest);
    },
  );

  return new Promise((resolve) => {
    // The first of the two endings wins: the server exiting (its code) or the client leaving (0).
    let ending = false;
    const clientLeft = (signal?: NodeJS.Signals) => {
      if (ending) return;
      ending = true;
      // Nobody waits for the answers of open calls any more, so they teach nothing.
      tracker.endAll("discard");
      // A signal is passed on at once; closing stdin is the gentler first step otherwise.
      if (signal) server.signal(signal);
      void Promise.all([server.stop(STOP_GRACE_MS), recorder.drain(DRAIN_MS)]).then(() => resolve(0));
    };
    process.stdin.once("end", () => clientLeft());
    // A client that went away while we wrote to it is a client that closed.
    process.stdout.on("error", () => clientLeft());
    process.once("SIGTERM", () => clientLeft("SIGTERM"));
    process.once("SIGINT", () => clientLeft("SIGINT"));
    void server.exited.then(async (code) => {
      if (ending) return;
      ending = true;
      tracker.endAll({ errorType: "server_exited", message: `the MCP server exited with code ${code} before answering` });
      // What the server started and left behind goes with it.
      server.signal("SIGTERM");
      await Promise.all(heldAnswers);
      await recorder.drain(DRAIN_MS);
      resolve(code);
    });
  });
}
