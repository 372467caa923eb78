// Starts and stops throwaway redis-server processes on free loopback ports, by PID, for tests.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";

export interface RedisServerHandle {
  port: number;
  url: string;
  dir: string;
  process: ChildProcess;
  /** Stops the server (SIGTERM unless told otherwise) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Asks one Redis node (or sentinel) something over a connection of its own, closed afterwards. */
export async function askNode<T>(port: number, ask: (client: Redis) => Promise<T>): Promise<T> {
  const client = new Redis({ port, host: "127.0.0.1", lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on("error", () => {}); // connect() reports a refusal
  try {
    await client.connect();
    return await ask(client);
  } finally {
    client.disconnect();
  }
}

/** Polls `check` (a throw counts as false) every 100 ms until it holds, or throws naming `what`. */
export async function untilTrue(what: string, withinMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} within ${withinMs} ms`);
    await sleep(100);
  }
}

async function waitForPing(url: string, timeoutMs: number, running: () => boolean = () => true): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && running()) {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on("error", () => {}); // refused until the server is up; connect() reports it
    try {
      await client.connect();
      if ((await client.ping()) === "PONG") return;
    } catch {
      // not up yet
    } finally {
      client.disconnect();
    }
    await sleep(50);
  }
  throw new Error(`redis-server at ${url} did not answer within ${timeoutMs} ms`);
}

export interface StartOptions {
  /** Keep data across restarts in this directory with AOF (fsync always); a fresh temp dir otherwise. */
  dir?: string;
  appendOnly?: boolean;
  port?: number;
  /** More redis-server arguments, e.g. cluster settings. */
  extraArgs?: string[];
  /** Ports tried when the server exits before it answers (only when `port` is not given); 3 unless given. */
  portAttempts?: number;
}

/** Starts `redis-server` from PATH; the caller must stop it. */
export async function startRedisServer(options: StartOptions = {}): Promise<RedisServerHandle> {
  const port = options.port ?? (await freePort());
  const ownDir = !options.dir;
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), "agent-lessons-redis-"));
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", ""];
  args.push("--appendonly", options.appendOnly ? "yes" : "no");
  if (options.appendOnly) args.push("--appendfsync", "always");
  args.push(...(options.extraArgs ?? []));
  const child = spawn("redis-server", args, { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `redis://127.0.0.1:${port}`;
  // A server that exits before it answers lost its port to another process after freePort chose it: try another.
  const exitedEarly = exited.then(() => "exited" as const);
  try {
    // 30 s: a loaded 2-core machine (a whole suite beside this one) can take over 10 s to start a server.
    const first = await Promise.race([waitForPing(url, 30_000, () => child.exitCode === null && child.signalCode === null).then(() => "up" as const), exitedEarly]);
    if (first === "exited") {
      if (ownDir) rmSync(dir, { recursive: true, force: true });
      const attemptsLeft = (options.portAttempts ?? 3) - 1;
      if (options.port === undefined && attemptsLeft > 0) return startRedisServer({ ...options, portAttempts: attemptsLeft });
      throw new Error(`redis-server on port ${port} exited before it answered`);
    }
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    port,
    url,
    dir,
    process: child,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        await exited;
      }
      if (ownDir && !options.appendOnly) rmSync(dir, { recursive: true, force: true });
    },
  };
}
