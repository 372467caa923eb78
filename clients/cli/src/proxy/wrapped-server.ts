// Starts the wrapped MCP server with the proxy's environment and stderr, and stops it, with whatever it started, the way MCP clients stop theirs.
import { spawn, type ChildProcessByStdio } from "node:child_process";
import { constants } from "node:os";
import type { Readable, Writable } from "node:stream";

export interface WrappedServer {
  child: ChildProcessByStdio<Writable, Readable, null>;
  /** Resolves once the server has exited and its stdout is read out: the exit code a shell would report. */
  exited: Promise<number>;
  /** Sends a signal to the server and every process it started. */
  signal(signal: NodeJS.Signals): void;
  /** Closes the server's stdin, then sends SIGTERM after `graceMs` and SIGKILL after as long again. */
  stop(graceMs: number): Promise<number>;
}

// A process the server started (npx's, a shell's) may hold its stdout open after it exits: that long, and no longer.
const STDOUT_AFTER_EXIT_MS = 1000;
const WINDOWS = process.platform === "win32";

/** A shell's exit code for a process: its own code, or 128 + the signal's number. */
function shellCode(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  return 128 + (signal ? (constants.signals[signal] ?? 0) : 0);
}

/** The exit code for a command that could not be started at all, as shells give it. */
export function startFailureCode(error: NodeJS.ErrnoException): number {
  if (error.code === "ENOENT") return 127;
  if (error.code === "EACCES") return 126;
  return 1;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export function startWrappedServer(command: string, args: string[], onStartError: (error: NodeJS.ErrnoException) => void): WrappedServer {
  const child = spawn(command, args, {
    stdio: ["pipe", "pipe", "inherit"],
    env: process.env,
    // Its own process group on POSIX, so that stopping it stops what it started (npx, uvx and sh start the real server).
    detached: !WINDOWS,
    // npx and friends are .cmd files on Windows, which only a shell runs.
    shell: WINDOWS,
  });
  const stdoutEnded = new Promise<void>((resolve) => child.stdout.once("close", () => resolve()));
  let exitCode: number | undefined;
  const exited = new Promise<number>((resolve) => {
    child.once("error", (error: NodeJS.ErrnoException) => {
      // Only a failure to start ends it here; any later error is followed by 'exit'.
      if (child.pid === undefined) {
        exitCode = startFailureCode(error);
        onStartError(error);
        resolve(exitCode);
      }
    });
    child.once("exit", (code, signal) => {
      exitCode ??= shellCode(code, signal);
      void Promise.race([stdoutEnded, sleep(STDOUT_AFTER_EXIT_MS)]).then(() => resolve(exitCode!));
    });
  });
  // A server that has already gone closes its stdin under us; that is not the proxy's failure.
  child.stdin.on("error", () => {});

  const signalAll = (signal: NodeJS.Signals) => {
    try {
      if (WINDOWS || child.pid === undefined) child.kill(signal);
      else process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  const exitsWithin = (ms: number) => Promise.race([exited.then(() => true), sleep(ms).then(() => false)]);

  return {
    child,
    exited,
    signal: signalAll,
    async stop(graceMs) {
      if (exitCode === undefined) {
        child.stdin.end();
        if (!(await exitsWithin(graceMs))) {
          signalAll("SIGTERM");
          if (!(await exitsWithin(graceMs))) signalAll("SIGKILL");
        }
      }
      // What the server started may outlive it (its stdout still held open): it goes with it.
      if (!WINDOWS && child.pid !== undefined) signalAll("SIGTERM");
      return exited;
    },
  };
}
