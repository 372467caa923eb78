// Runs the built agent-lessons command as its users do: once with stdin and arguments, or as an MCP proxy behind the MCP SDK's own client.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { ClientCapabilities } from "@modelcontextprotocol/sdk/types.js";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The command as npm links it (node_modules/.bin/agent-lessons points here); the global setup builds what it runs. */
export const CLI = fileURLToPath(new URL("../../clients/cli/bin/agent-lessons.js", import.meta.url));
/** The fixture MCP server as a command line, for the proxy to wrap or a client to start. */
export const FIXTURE_COMMAND = [process.execPath, "--import", "tsx", fileURLToPath(new URL("./mcp-fixture-server.ts", import.meta.url))];

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A URL where nothing listens: the service stopped. */
export const NOWHERE = "http://127.0.0.1:9";

/** Where the command notes the tools seen per directory during the tests: a directory of their own, never the machine's. */
export const CLI_STATE_DIR = mkdtempSync(join(tmpdir(), "agent-lessons-state-"));

/** The environment the command sees: the test's PATH and HOME, no AGENT_LESSONS_* of the machine, its own state directory, and `env` on top. */
export function cliEnvironment(env: Record<string, string> = {}): Record<string, string> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name, value]) => value !== undefined && !name.startsWith("AGENT_LESSONS_")));
  return { ...(base as Record<string, string>), AGENT_LESSONS_STATE_DIR: CLI_STATE_DIR, ...env };
}

/** Runs `agent-lessons ARGS` with `stdin`, and waits for it to exit (killed after `killAfterMs`). */
export function runCli(args: string[], options: { env?: Record<string, string>; stdin?: string; killAfterMs?: number } = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env: cliEnvironment(options.env), stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const killer = setTimeout(() => child.kill("SIGKILL"), options.killAfterMs ?? 15_000);
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.stdin ?? "");
  });
}

export interface Connected {
  client: Client;
  transport: StdioClientTransport;
  /** What the proxy (or the server) wrote on stderr so far. */
  stderr(): string;
}

/** The client's side of the handshake: its capabilities, and a hook to set its request handlers before it connects. */
export interface ClientSetup {
  capabilities?: ClientCapabilities;
  prepare?: (client: Client) => void;
}

async function connect(command: string[], env: Record<string, string>, setup: ClientSetup): Promise<Connected> {
  const transport = new StdioClientTransport({ command: command[0]!, args: command.slice(1), cwd: ROOT, env: cliEnvironment(env), stderr: "pipe" });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const client = new Client({ name: "agent-lessons-tests", version: "1.0.0" }, { capabilities: setup.capabilities ?? {} });
  setup.prepare?.(client);
  await client.connect(transport);
  return { client, transport, stderr: () => stderr };
}

/** The MCP SDK's client on the fixture server itself. */
export function connectDirect(setup: ClientSetup = {}): Promise<Connected> {
  return connect(FIXTURE_COMMAND, {}, setup);
}

/** The MCP SDK's client on `agent-lessons mcp-proxy FLAGS -- server` (the fixture server unless another is named). */
export function connectThroughProxy(flags: string[], env: Record<string, string> = {}, setup: ClientSetup = {}, server: string[] = FIXTURE_COMMAND): Promise<Connected> {
  return connect([process.execPath, CLI, "mcp-proxy", ...flags, "--", ...server], env, setup);
}

/** Whether a process still runs (signal 0 checks without sending anything). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A stdio MCP peer driven line by line: what a client writes, and every line the process answers, as raw text. */
export interface RawPeer {
  pid: number;
  send(message: unknown): void;
  /** The first line (raw, without its newline) that answers request `id`, waiting at most `withinMs`. */
  answer(id: number | string, withinMs?: number): Promise<string>;
  lines: string[];
  stderr(): string;
  closeStdin(): void;
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): void;
}

/** Starts `command` with piped stdio, to speak MCP to it one raw line at a time. */
export function startRawPeer(command: string[], env: Record<string, string> = {}): RawPeer {
  const child = spawn(command[0]!, command.slice(1), { cwd: ROOT, env: cliEnvironment(env), stdio: ["pipe", "pipe", "pipe"] });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  let pending = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    pending += chunk.toString("utf8");
    const parts = pending.split("\n");
    pending = parts.pop()!;
    lines.push(...parts);
    for (const wake of [...waiters]) wake();
  });
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  const answers = (id: number | string) =>
    lines.find((line) => {
      try {
        const message = JSON.parse(line) as { id?: unknown; method?: unknown };
        return message.id === id && message.method === undefined;
      } catch {
        return false;
      }
    });
  return {
    pid: child.pid!,
    send: (message) => child.stdin.write(`${JSON.stringify(message)}\n`),
    answer(id, withinMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const line = answers(id);
          if (line === undefined) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(line);
        };
        const timer = setTimeout(() => (waiters.delete(check), reject(new Error(`no answer to ${id} within ${withinMs} ms; stderr: ${stderr}`))), withinMs);
        waiters.add(check);
        check();
      });
    },
    lines,
    stderr: () => stderr,
    closeStdin: () => child.stdin.end(),
    exited,
    kill: (signal = "SIGKILL") => void child.kill(signal),
  };
}

/** The MCP handshake a client opens with, as raw messages. */
export function initialize(peer: RawPeer): Promise<string> {
  peer.send({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } });
  return peer.answer(0).then((line) => {
    peer.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    return line;
  });
}
