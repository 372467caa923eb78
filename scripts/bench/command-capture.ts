// Captures, with MONITOR, the exact Redis commands each request of a scenario sends, for the floor to send again.
import { createHash } from "node:crypto";
import { watchMonitor } from "./redis-accounting.js";

/** One command as the client sent it: its name and arguments, byte for byte. */
export type CapturedCommand = Buffer[];

/**
 * Watches Redis with MONITOR while `work` sends requests one at a time, and answers the commands
 * grouped per request: a group starts at each command equal in name and script to the first one
 * seen (a request sends its commands in one pipeline, in a fixed order). Commands a script runs,
 * and the rate limiter's background sync, belong to no request and are left out.
 */
export async function captureRequestCommands(url: string, work: () => Promise<void>): Promise<CapturedCommand[][]> {
  const commands: CapturedCommand[] = [];
  // latin1: MONITOR escapes every byte that is not printable ASCII, so each character is one byte.
  await watchMonitor(url, "latin1", (line) => {
    const command = parseMonitorLine(line);
    if (command && !command.some((arg) => arg.includes("{ratelimit}"))) commands.push(asEvalsha(command));
  }, work);
  return groupPerRequest(commands);
}

/** A script's first call goes out as EVAL (the driver loads it that way); every later one as EVALSHA, which the floor sends. */
function asEvalsha(command: CapturedCommand): CapturedCommand {
  if (!/^eval$/i.test(command[0]!.toString())) return command;
  const [, body, ...rest] = command;
  return [Buffer.from("evalsha"), Buffer.from(createHash("sha1").update(body!).digest("hex")), ...rest];
}

function groupPerRequest(commands: CapturedCommand[]): CapturedCommand[][] {
  const lead = commands[0];
  if (!lead) return [];
  // EVALSHA's script is its first argument; another command is known by its name alone.
  const isLead = (command: CapturedCommand) => command[0]!.equals(lead[0]!) && (!/^evalsha$/i.test(lead[0]!.toString()) || command[1]!.equals(lead[1]!));
  const groups: CapturedCommand[][] = [];
  for (const command of commands) {
    if (isLead(command) || groups.length === 0) groups.push([command]);
    else groups.at(-1)!.push(command);
  }
  return groups;
}

const ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, a: 7, b: 8, '"': 34, "\\": 92 };

/**
 * A MONITOR line reads `+<time> [<db> <source>] "<command>" "<arg>"…`, each argument quoted with
 * C escapes and \xHH for bytes that are not printable ASCII. Answers null for a script's commands
 * (source "lua") and for anything that is no command line.
 */
export function parseMonitorLine(line: string): CapturedCommand | null {
  const head = /^\+\d+\.\d+ \[\d+ ([^\]]+)\] /.exec(line);
  if (!head || head[1] === "lua") return null;
  const args: Buffer[] = [];
  let bytes: number[] = [];
  let quoted = false;
  for (let i = head[0].length; i < line.length; i += 1) {
    const char = line[i]!;
    if (!quoted) {
      if (char === '"') quoted = true;
      continue;
    }
    if (char === '"') {
      args.push(Buffer.from(bytes));
      bytes = [];
      quoted = false;
    } else if (char === "\\") {
      const next = line[i + 1]!;
      if (next === "x") {
        bytes.push(Number.parseInt(line.slice(i + 2, i + 4), 16));
        i += 3;
      } else {
        bytes.push(ESCAPES[next] ?? next.charCodeAt(0));
        i += 1;
      }
    } else {
      bytes.push(char.charCodeAt(0));
    }
  }
  return args.length > 0 ? args : null;
}
