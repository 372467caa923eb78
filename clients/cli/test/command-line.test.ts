// The agent-lessons command line itself: its help and version, one clear line and exit code 2 for a bad flag or value, flags over the environment, `context` and `recall`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOWHERE, ROOT, runCli } from "../../../test/helpers/cli.js";
import { uniqueId } from "../../../test/helpers/fixtures.js";
import { startServerProcess, type ServerProcess } from "../../../test/helpers/server-process.js";

const KEY = "cli-context-key-0123456789";
let service: ServerProcess;

beforeAll(async () => {
  service = await startServerProcess({ LOG_LEVEL: "warn", API_KEYS: `${KEY}:tenant-context` }, 20_000, "dist/server.js");
});

afterAll(async () => {
  await service?.stop();
});

describe("help and usage errors", () => {
  it("lists its commands with --help, and each command's options with <command> --help", async () => {
    const help = await runCli(["--help"]);
    expect(help.code).toBe(0);
    for (const command of ["mcp-proxy", "hook claude-code", "context", "recall"]) expect(help.stdout).toContain(command);
    for (const variable of ["AGENT_LESSONS_URL", "AGENT_LESSONS_API_KEY", "AGENT_LESSONS_SESSION", "AGENT_LESSONS_TASK"]) expect(help.stdout).toContain(variable);
    for (const [command, option] of [["mcp-proxy", "--timeout-ms"], ["hook", "--print-settings"], ["context", "--max-tokens"], ["recall", "--error-type"]] as const) {
      const own = await runCli([command, "--help"]);
      expect({ code: own.code, mentions: own.stdout.includes(option) }).toEqual({ code: 0, mentions: true });
    }
  });

  it("prints the version of its package.json with --version or -v, and its help says so", async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, "clients/cli/package.json"), "utf8")) as { version: string };
    for (const flag of ["--version", "-v"]) {
      const run = await runCli([flag]);
      expect({ flag, code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({ flag, code: 0, stdout: `${version}\n`, stderr: "" });
    }
    const help = await runCli(["--help"]);
    expect(help.stdout).toMatch(/^\s+--version, -v\s+print this program's version/m);
  });

  it.each([
    [["frobnicate"], /unknown command "frobnicate"/],
    [["context", "--task", "t", "--bogus"], /Unknown option '--bogus'/],
    [["context", "--task", "t", "--max-tokens", "10"], /--max-tokens must be an integer from 50 to 100000, not "10"/],
    [["context", "--task", "no spaces allowed"], /--task must be 1-128 letters/],
    [["context"], /context needs --task or --session/],
    [["context", "--task", "t", "--url", "localhost:3000"], /--url must be an http or https URL/],
    [["mcp-proxy", "--name", "fs"], /mcp-proxy needs the server to wrap: mcp-proxy \[options\] -- COMMAND/],
    [["mcp-proxy", "--name"], /Option '--name <value>' argument missing/],
    // Without --, a mistyped flag before the command is still refused before anything starts.
    [["mcp-proxy", "--nmae", "fs", "node", "server.js"], /Unknown option '--nmae'/],
    [["mcp-proxy", "--timeout-ms", "soon", "--", "node"], /--timeout-ms must be an integer from 0 to 60000, not "soon"/],
    [["mcp-proxy", "--name", "with spaces", "--", "node"], /--name must be 1-64 letters/],
    [["mcp-proxy", "--"], /mcp-proxy needs a COMMAND after --/],
    [["hook", "cursor", "--print-settings"], /hook takes the agent it serves, claude-code, not "cursor"/],
    [["recall", "timed out", "--kind", "everything"], /--kind must be lessons, tools or all, not "everything"/],
    [["recall", "timed out", "--limit", "51"], /--limit must be an integer from 1 to 50, not "51"/],
    [["recall", "   "], /recall needs a text that is not blank/],
    [["hook", "claude-code", "--print-settings", "--max-tokens", "5"], /--max-tokens must be an integer from 50 to 100000/],
  ])("%j: one line on stderr that names the problem, and exit code 2", async (args, message) => {
    const run = await runCli(args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
  });

  it.each([
    [["hook", "cursor"], {}, /hook takes the agent it serves, claude-code, not "cursor"/],
    [["hook", "claude-code", "--skip-mcp"], {}, /--skip-mcp goes with --print-settings/],
    [["hook", "claude-code", "--bogus"], {}, /Unknown option '--bogus'/],
    [["hook", "claude-code"], { AGENT_LESSONS_URL: "localhost:3000" }, /AGENT_LESSONS_URL must be an http or https URL/],
  ])("as a hook, %j still exits 0 (Claude Code would show exit 2 to the model), with the problem on stderr", async (args, env, message) => {
    const run = await runCli(args, { env, stdin: JSON.stringify({ hook_event_name: "PostToolUse", session_id: "s", tool_name: "Bash", tool_input: {} }) });
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 0, stdout: "" });
    expect(run.stderr).toMatch(new RegExp(`^agent-lessons: hook: .*${message.source}`));
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
  });

  it("names the environment variable when its value is bad, and lets a flag override it", async () => {
    const bad = await runCli(["context", "--task", "t"], { env: { AGENT_LESSONS_URL: "ftp://example.com" } });
    expect({ code: bad.code, stderr: bad.stderr }).toEqual({ code: 2, stderr: expect.stringMatching(/^agent-lessons: AGENT_LESSONS_URL must be an http or https URL/) });
    const badSession = await runCli(["context"], { env: { AGENT_LESSONS_SESSION: "a/b" } });
    expect(badSession.stderr).toMatch(/AGENT_LESSONS_SESSION must be 1-128 letters/);
    const overridden = await runCli(["context", "--task", "t", "--url", service.baseUrl, "--api-key", KEY], {
      env: { AGENT_LESSONS_URL: "ftp://example.com", AGENT_LESSONS_API_KEY: "wrong-key-000000000000" },
    });
    expect(overridden.code).toBe(0);
  });
});

describe("context", () => {
  const task = uniqueId("task");

  beforeAll(async () => {
    await fetch(`${service.baseUrl}/tasks/${task}/lessons`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ attempt_number: 1, tier: 2, error_type: "ImportError", error_message: "No module named 'yaml'" }),
    });
  });

  it("prints the /context text, or its JSON with --json, reading the task from AGENT_LESSONS_TASK", async () => {
    const expected = await fetch(`${service.baseUrl}/context?task_id=${task}&max_tokens=300`, { headers: { authorization: `Bearer ${KEY}`, accept: "text/plain" } });
    const env = { AGENT_LESSONS_URL: service.baseUrl, AGENT_LESSONS_API_KEY: KEY, AGENT_LESSONS_TASK: task };
    const text = await runCli(["context", "--max-tokens", "300"], { env });
    // What the text/plain route sends, last line ended: exactly what the command prints.
    expect({ code: text.code, stdout: text.stdout }).toEqual({ code: 0, stdout: await expected.text() });
    expect(text.stdout).toContain("No module named 'yaml'");
    const json = await runCli(["context", "--max-tokens", "300", "--json"], { env });
    expect(JSON.parse(json.stdout)).toMatchObject({ max_tokens: 300, encoding: "o200k_base", prompt: text.stdout.slice(0, -1) });
  });

  it("exits 1 with one line when the service refuses or cannot be reached", async () => {
    const refused = await runCli(["context", "--task", task], { env: { AGENT_LESSONS_URL: service.baseUrl, AGENT_LESSONS_API_KEY: "wrong-key-000000000000" } });
    expect({ code: refused.code, stdout: refused.stdout }).toEqual({ code: 1, stdout: "" });
    expect(refused.stderr).toMatch(/^agent-lessons: the service answered 401 \w+: [^\n]+\n$/);
    const away = await runCli(["context", "--task", task, "--url", NOWHERE]);
    expect(away.code).toBe(1);
    expect(away.stderr).toMatch(/^agent-lessons: the service could not be reached [^\n]+\n$/);
  });
});

describe("recall", () => {
  const [task, session] = [uniqueId("task"), uniqueId("session")];
  const env = { AGENT_LESSONS_URL: service?.baseUrl ?? "", AGENT_LESSONS_API_KEY: KEY };
  const post = (path: string, body: object) =>
    fetch(`${service.baseUrl}${path}`, { method: "POST", headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" }, body: JSON.stringify(body) });

  beforeAll(async () => {
    env.AGENT_LESSONS_URL = service.baseUrl;
    await post(`/tasks/${task}/lessons`, { attempt_number: 1, tier: 2, error_type: "TimeoutError", error_message: "Connection to db-7:5432 timed out after 30 s" });
    await fetch(`${service.baseUrl}/tasks/${task}/resolution`, {
      method: "PUT",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ attempt_number: 2, approach: "raised the pool's connect timeout to 60 s" }),
    });
    await post(`/sessions/${session}/tool-calls`, { tool_name: "read_file", arguments: { path: "conf/app.yml" }, outcome: "failure", error_type: "ENOENT", error_message: "ENOENT: open 'conf/app.yml'" });
    await post(`/sessions/${session}/tool-calls`, { tool_name: "read_file", arguments: { path: "config/app.yml" }, outcome: "success", result: "ok" });
  });

  it("prints the closest failures with what fixed them, from its argument or from a trace piped to it", async () => {
    const argued = await runCli(["recall", "Connection to db-2:5432 timed out after 5 s"], { env });
    expect(argued.code).toBe(0);
    expect(argued.stdout).toContain("1. [lesson TimeoutError] seen 1×");
    expect(argued.stdout).toContain("(the same failure)");
    expect(argued.stdout).toContain(`   worked in task ${task}: raised the pool's connect timeout to 60 s`);

    const trace = `ENOENT: open 'src/main.yml'
${"    at readFileSync (node:fs:441:20)\n".repeat(10_000)}`;
    const piped = await runCli(["recall", "--kind", "tools", "--limit", "1"], { env, stdin: trace });
    expect(piped.code).toBe(0);
    expect(piped.stdout).toContain("1. [tool read_file ENOENT]");
    expect(piped.stdout).toContain("   fix: change path: conf/app.yml → config/app.yml (worked 1×)");
    expect(piped.stdout).toContain(`   sessions: ${session}`);
    expect(piped.stdout).not.toContain("2. ");
  });

  it("answers the service's JSON with --json, and says so when nothing like it was met", async () => {
    const json = await runCli(["recall", "ENOENT app.yml", "--json", "--tool", "read_file"], { env });
    const answer = JSON.parse(json.stdout) as { matches: Array<{ kind: string; tool_name: string }> };
    expect(answer.matches.map((match) => [match.kind, match.tool_name])).toEqual([["tool", "read_file"]]);
    const never = await runCli(["recall", "quota exceeded for project billing"], { env });
    expect({ code: never.code, stdout: never.stdout }).toEqual({ code: 0, stdout: "Never met: no failure of this tenant is like it.\n" });
    const away = await runCli(["recall", "timed out", "--url", NOWHERE]);
    expect(away.code).toBe(1);
    expect(away.stderr).toMatch(/^agent-lessons: the service could not be reached [^\n]+\n$/);
  });
});

