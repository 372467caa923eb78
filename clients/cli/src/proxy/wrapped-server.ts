// Starts the wrapped MCP server with the proxy's environment and stderr, and stops it the way MCP clients stop theirs.
import { spawn, type ChildProcessByStdio } from "node:child_process";
import { constants } from "node:os";
import type { Readable, Writable } from "node:stream";

export interface WrappedServer {
  child: ChildProcessByStdio<Writable, Readable, null>;
  /** Resolves once the server has exited and its stdout is read to the end: the exit code a shell would report. */
  exited: Promise<number>;
  /** Closes the server's stdin, then sends SIGTERM after `graceMs` and SIGKILL after as long again. */
  stop(graceMs: number): Promise<number>;
}

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

export function startWrappedServer(command: string, args: string[], onStartError: (error: NodeJS.ErrnoException) => void): WrappedServer {
  const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"], env: process.env, shell: false });
  let exitCode: number | undefined;
  const exited = new Promise<number>((resolve) => {
    child.once("error", (error: NodeJS.ErrnoException) => {
      // Only a failure to start ends the process here; 'close' follows any other error.
      if (child.pid === undefined) {
        exitCode = startFailureCode(error);
        onStartError(error);
        resolve(exitCode);
      }
    });
    child.once("close", (code, signal) => {
      exitCode ??= shellCode(code, signal);
      resolve(exitCode);
    });
  });
  // A server that has already gone closes its stdin under us; that is not the proxy's failure.
  child.stdin.on("error", () => {});

  const waitOr = (ms: number) => Promise.race([exited.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), ms).unref())]);

  return {
    child,
    exited,
    async stop(graceMs) {
      if (exitCode !== undefined) return exitCode;
      child.stdin.end();
      if (await waitOr(graceMs)) return exited;
      child.kill("SIGTERM");
      if (await waitOr(graceMs)) return exited;
      child.kill("SIGKILL");
      return exited;
    },
  };
}
