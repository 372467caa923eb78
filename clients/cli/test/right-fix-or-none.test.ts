// The right fix or none, as a new user meets it: a real third-party MCP server (the filesystem server) behind mcp-proxy, and Claude Code's hook; a learned fix reaches only a failure it applies to.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectThroughProxy, runCli, type Connected } from "../../../test/helpers/cli.js";
import { uniqueId } from "../../../test/helpers/fixtures.js";
import { startServerProcess, type ServerProcess } from "../../../test/helpers/server-process.js";

const KEY = "right-fix-test-key-0123456789";
const FILESYSTEM_SERVER = createRequire(import.meta.url).resolve("@modelcontextprotocol/server-filesystem/dist/index.js");

let service: ServerProcess;
const open: Connected[] = [];

beforeAll(async () => {
  service = await startServerProcess({ LOG_LEVEL: "warn", API_KEYS: `${KEY}:tenant-right-fix` }, 20_000, "dist/server.js");
});

afterAll(async () => {
  await Promise.all(open.map((peer) => peer.client.close()));
  await service?.stop();
});

const env = () => ({ AGENT_LESSONS_URL: service.baseUrl, AGENT_LESSONS_API_KEY: KEY });

async function callsOf(session: string, count: number): Promise<Array<Record<string, unknown>>> {
  let calls: Array<Record<string, unknown>> = [];
  await expect
    .poll(async () => {
      const response = await fetch(`${service.baseUrl}/sessions/${session}/tool-calls?limit=100`, { headers: { authorization: `Bearer ${KEY}` } });
      calls = ((await response.json()) as { calls: Array<Record<string, unknown>> }).calls.reverse();
      return calls.length;
    })
    .toBe(count);
  return calls;
}

const texts = (result: unknown) => (result as { content: Array<{ text?: string }> }).content.map((part) => part.text ?? "");

describe("the filesystem MCP server behind mcp-proxy", () => {
  it("hints the fix of a missing README.txt to the same failure only, not to another missing file", async () => {
    const root = mkdtempSync(join(tmpdir(), "fsroot-"));
    mkdirSync(join(root, "docs"));
    writeFileSync(join(root, "docs", "README.txt"), "the docs\n");
    const name = uniqueId("fs").replaceAll(/[^A-Za-z0-9_-]/g, "_");
    const through = async (session: string) => {
      const peer = await connectThroughProxy(["--url", service.baseUrl, "--name", name, "--session", session], env(), {}, [process.execPath, FILESYSTEM_SERVER, root]);
      open.push(peer);
      return peer;
    };
    const read = (peer: Connected, path: string) => peer.client.callTool({ name: "read_text_file", arguments: { path } });

    const first = uniqueId("first");
    const teacher = await through(first);
    expect((await read(teacher, join(root, "README.txt"))).isError).toBe(true);
    expect(texts(await read(teacher, join(root, "docs", "README.txt")))).toEqual(["the docs\n"]);
    const learned = await callsOf(first, 2);
    expect(learned[0]).toMatchObject({ outcome: "failure", fixed_by: learned[1]!.id });

    const learner = await through(uniqueId("second"));
    // Another missing file: the fix changed the path README.txt, which this call does not hold. No hint at all.
    const other = await read(learner, join(root, "CHANGELOG.md"));
    expect(other.isError).toBe(true);
    expect(texts(other)).toHaveLength(1);
    expect(texts(other)[0]).not.toContain("agent-lessons");
    // The same failure again: the fix applies, and the hint names the path that worked, whole.
    const same = await read(learner, join(root, "README.txt"));
    expect(same.isError).toBe(true);
    const [, hint] = texts(same);
    expect(hint).toContain(`change path: `);
    expect(hint).toContain(`docs/README.txt`);
    expect(hint).toContain(`Arguments that worked: {"path":${JSON.stringify(join(root, "docs", "README.txt"))}}`);
  });
});

describe("Claude Code's hook", () => {
  const common = (session: string) => ({ session_id: session, transcript_path: "/home/user/.claude/projects/demo/session.jsonl", cwd: "/home/user/demo", permission_mode: "default" });
  const bash = (session: string, command: string, error: string | null) => ({
    ...common(session),
    hook_event_name: error === null ? "PostToolUse" : "PostToolUseFailure",
    tool_name: "Bash",
    tool_input: { command, description: "Read the config" },
    tool_use_id: `toolu_${uniqueId("use")}`,
    ...(error === null ? { tool_response: { stdout: "ok", stderr: "", interrupted: false, isImage: false } } : { error, is_interrupt: false }),
  });
  const hook = (event: unknown) => runCli(["hook", "claude-code"], { env: env(), stdin: JSON.stringify(event) });

  it("hands a fix only to a failing command it applies to: not another missing file, not a command an unrelated fix changed", async () => {
    const teacher = uniqueId("cc");
    await hook(bash(teacher, "cat config/app.yml", "Exit code 1\ncat: config/app.yml: No such file or directory"));
    await hook(bash(teacher, "cat config/app.yaml", null));
    const watcher = uniqueId("cc");
    await hook(bash(watcher, "npm test -- --watch", "Exit code 1\nwatch mode needs a terminal"));
    await hook(bash(watcher, "npm test", null));
    await callsOf(watcher, 2);

    // Both learned fixes are exit_code_1 fixes of Bash, but neither changes `cat config/missing.yml`.
    const missing = await hook(bash(uniqueId("cc"), "cat config/missing.yml", "Exit code 1\ncat: config/missing.yml: No such file or directory"));
    expect(missing).toMatchObject({ code: 0, stdout: "" });
    // The same failure as before is told the fix.
    const again = await hook(bash(uniqueId("cc"), "cat config/app.yml", "Exit code 1\ncat: config/app.yml: No such file or directory"));
    const printed = JSON.parse(again.stdout) as { hookSpecificOutput: { additionalContext: string } };
    expect(printed.hookSpecificOutput.additionalContext).toContain("change command: cat config/app.yml → cat config/app.yaml");
  });
});
