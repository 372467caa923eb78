// The tools an agent has in a project directory: Claude Code's own, and those seen there, kept in a small file per directory on this machine.
import { createHash } from "node:crypto";
import { appendFileSync, mkdirSync, openSync, readSync, closeSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";

/** Claude Code's built-in tools: every session has them, in any directory. */
export const CLAUDE_CODE_TOOLS = [
  "Bash",
  "BashOutput",
  "KillShell",
  "Read",
  "Write",
  "Edit",
  "MultiEdit",
  "NotebookEdit",
  "Glob",
  "Grep",
  "LS",
  "WebFetch",
  "WebSearch",
  "TodoWrite",
  "Task",
  "ExitPlanMode",
  "SlashCommand",
  "Skill",
  "PowerShell",
] as const;

/** Names kept per directory at most: past it, new names are not added (a directory's agent has far fewer tools). */
export const MAX_TOOLS_PER_PROJECT = 500;
// Bytes of a directory's file read at most: 500 names of up to 128 characters fit.
const MAX_FILE_BYTES = 80_000;

type Environment = Record<string, string | undefined>;

/**
 * Where the files live: AGENT_LESSONS_STATE_DIR, else `agent-lessons` under XDG_STATE_HOME, else
 * under ~/.local/state. One file per directory, named by a hash of its absolute path.
 */
export function projectToolsFile(cwd: string, env: Environment): string {
  const base = env.AGENT_LESSONS_STATE_DIR || join(env.XDG_STATE_HOME || join(homedir(), ".local", "state"), "agent-lessons");
  // resolve() makes `/home/me/web/` and `/home/me/web` one directory.
  const name = createHash("sha256").update(resolve(cwd), "utf8").digest("hex").slice(0, 24);
  return join(base, "projects", name);
}

function readNames(file: string): string[] {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return [];
  }
  try {
    const buffer = Buffer.alloc(MAX_FILE_BYTES);
    const length = readSync(fd, buffer, 0, MAX_FILE_BYTES, 0);
    const lines = buffer.subarray(0, length).toString("utf8").split("\n");
    // A last line without its newline may have been cut by the read (or still be written): it is left out.
    return [...new Set(lines.slice(0, -1).filter((line) => line !== "" && !line.startsWith("#")))];
  } finally {
    closeSync(fd);
  }
}

/** The tools seen in the directory, in the order first seen; none when nothing was kept (or it cannot be read). */
export function toolsSeenIn(cwd: string, env: Environment): string[] {
  return readNames(projectToolsFile(cwd, env)).slice(0, MAX_TOOLS_PER_PROJECT);
}

/**
 * Notes that the directory's agent has these tools. Appends only the names the file lacks, one line
 * each, so that hooks running at once for parallel tool calls at worst write a name twice (read once).
 * Never throws: a directory that cannot be written to simply keeps nothing.
 */
export function rememberTools(cwd: string, names: readonly string[], env: Environment): void {
  try {
    const file = projectToolsFile(cwd, env);
    const known = readNames(file);
    const room = MAX_TOOLS_PER_PROJECT - known.length;
    const fresh = [...new Set(names)].filter((name) => name !== "" && !name.includes("\n") && !known.includes(name)).slice(0, Math.max(0, room));
    if (fresh.length === 0) return;
    mkdirSync(dirname(file), { recursive: true });
    const header = known.length === 0 ? `# tools seen in ${cwd.replace(/\n/g, " ")}\n` : "";
    appendFileSync(file, `${header}${fresh.map((name) => `${name}\n`).join("")}`, { mode: 0o600 });
  } catch {
    // The record of tools is a convenience: failing to keep it must never stand in the agent's way.
  }
}
