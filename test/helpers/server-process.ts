// Runs the real server (node --import tsx src/server.ts) as a child process on a free port, keeping its JSON log lines.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort } from "./redis-server.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Every stdout line, parsed as JSON when it is (pino logs), else { raw }. */
  logs: Array<Record<string, unknown>>;
  stderr(): string;
  /** Resolves with the exit once the process has exited. */
  exited: Promise<Exit>;
  hasExited(): boolean;
  /** Waits for the exit, or throws after `withinMs` (the process is left running for stop()). */
  exitWithin(withinMs: number): Promise<Exit>;
  /** SIGKILLs the process if it still runs and waits for it to go. */
  stop(): Promise<void>;
}

/** GET with a fresh connection (no keep-alive), so the probe leaves nothing open on the server. */
export function getStatus(url: string, timeoutMs: number): Promise<number | null> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, signal: AbortSignal.timeout(timeoutMs) }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? null));
      response.on("error", () => resolve(null));
    });
    request.on("error", () => resolve(null));
  });
}

/**
 * Starts the server with the given environment (on top of PATH and HOME only; on a free port unless
 * env names one) and waits until /health/ready is 200: src/server.ts through tsx, or a built entry
 * (`dist/server.js`) as it is. It runs in the checkout unless `cwd` names another directory, where
 * no `.env` of the checkout is read (tsx is found only from the checkout, so give a built entry).
 */
export async function startServerProcess(
  env: Record<string, string>,
  readyWithinMs = 20_000,
  entry = "src/server.ts",
  cwd = ROOT,
): Promise<ServerProcess> {
  // A PORT in env is kept, to bring a service back where its clients left it.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const path = join(ROOT, entry);
  const child = spawn(process.execPath, entry.endsWith(".ts") ? ["--import", "tsx", path] : [path], {
    cwd,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: process.env.HOME ?? "/tmp",
      ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
      PORT: String(port),
      HOST: "127.0.0.1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: Array<Record<string, unknown>> = [];
  createInterface({ input: child.stdout! }).on("line", (line) => {
    try {
      logs.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      logs.push({ raw: line });
    }
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  let exit: Exit | undefined;
  // "close", not "exit": it comes once stdout is drained too, so every line the process wrote is in `logs`.
  const exited = new Promise<Exit>((resolve) =>
    child.once("close", (code, signal) => {
      exit = { code, signal };
      resolve(exit);
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;

  const server: ServerProcess = {
    child,
    port,
    baseUrl,
    logs,
    stderr: () => stderr,
    exited,
    hasExited: () => exit !== undefined,
    async exitWithin(withinMs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the server (pid ${child.pid}) did not exit within ${withinMs} ms`)), withinMs);
      });
      try {
        return await Promise.race([exited, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async stop() {
      if (exit) return;
      child.kill("SIGKILL");
      await exited;
    },
  };

  const started = Date.now();
  while ((await getStatus(`${baseUrl}/health/ready`, 2000)) !== 200) {
    if (exit || Date.now() - started > readyWithinMs) {
      await server.stop();
      throw new Error(`the server was not ready within ${readyWithinMs} ms (exit ${JSON.stringify(exit)}); stderr:\n${stderr}`);
    }
    await sleep(100);
  }
  return server;
}
