// agent-lessons hook claude-code fed events shaped as Claude Code's hooks reference gives them: what it records, what it prints, and that it never holds the agent up.
import { execFile } from "node:child_process";
import net from "node:net";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOWHERE, cliEnvironment, runCli } from "../../../test/helpers/cli.js";
import { uniqueId } from "../../../test/helpers/fixtures.js";
import { startServerProcess, type ServerProcess } from "../../../test/helpers/server-process.js";

const KEY = "cli-hook-test-key-0123456789";
const EMPTY_TENANT_KEY = "cli-hook-empty-key-0123456789";

let service: ServerProcess;
let tenantCounter = 0;

beforeAll(async () => {
  service = await startServerProcess({ LOG_LEVEL: "warn", API_KEYS: `${KEY}:tenant-hook,${EMPTY_TENANT_KEY}:tenant-empty` }, 20_000, "dist/server.js");
});

afterAll(async () => {
  await service?.stop();
});

const env = (key = KEY) => ({ AGENT_LESSONS_URL: service.baseUrl, AGENT_LESSONS_API_KEY: key });
const common = (session: string) => ({ session_id: session, transcript_path: "/home/user/.claude/projects/demo/session.jsonl", cwd: "/home/user/demo", permission_mode: "default" });

function bashSuccess(session: string, command: string) {
  return {
    ...common(session),
    hook_event_name: "PostToolUse",
    tool_name: "Bash",
    tool_input: { command, description: "Run the unit tests" },
    tool_response: { stdout: "12 passing", stderr: "", interrupted: false, isImage: false },
    tool_use_id: `toolu_${uniqueId("use")}`,
    duration_ms: 1834,
  };
}

function bashFailure(session: string, command: string, error = 'Exit code 1\nnpm error Missing script: "tset"') {
  return {
    ...common(session),
    hook_event_name: "PostToolUseFailure",
    tool_name: "Bash",
    tool_input: { command, description: "Run the unit tests" },
    tool_use_id: `toolu_${uniqueId("use")}`,
    error,
    is_interrupt: false,
    duration_ms: 412,
  };
}

const hook = (event: unknown, options: { env?: Record<string, string>; flags?: string[] } = {}) =>
  runCli(["hook", "claude-code", ...(options.flags ?? [])], { env: options.env ?? env(), stdin: JSON.stringify(event) });

async function calls(session: string): Promise<Array<Record<string, unknown>>> {
  const response = await fetch(`${service.baseUrl}/sessions/${session}/tool-calls?limit=100`, { headers: { authorization: `Bearer ${KEY}` } });
  return ((await response.json()) as { calls: Array<Record<string, unknown>> }).calls.reverse();
}

describe("PostToolUse and PostToolUseFailure", () => {
  it("records a Bash failure as exit_code_N and its fixed retry as a success, printing nothing, and exits 0", async () => {
    const session = uniqueId("cc");
    const failed = await hook(bashFailure(session, "npm run tset"));
    const fixed = await hook(bashSuccess(session, "npm run test"));
    expect([failed, fixed].map(({ code, stdout }) => ({ code, stdout }))).toEqual([
      { code: 0, stdout: "" },
      { code: 0, stdout: "" },
    ]);
    expect(await calls(session)).toMatchObject([
      {
        tool_name: "Bash",
        outcome: "failure",
        error_type: "exit_code_1",
        error_message: 'Exit code 1\nnpm error Missing script: "tset"',
        arguments: { command: "npm run tset", description: "Run the unit tests" },
        context_goal: "Run the unit tests",
        execution_time_ms: 412,
        fixed_by: "call-0002",
      },
      { tool_name: "Bash", outcome: "success", execution_time_ms: 1834, result_summary: "object[4 keys]", fix_for: "call-0001" },
    ]);
  });

  it("hands the next session's model the fix as additionalContext, as its only stdout", async () => {
    const tool = `mcp__github__${uniqueId("create_issue").replaceAll("-", "_")}`;
    const mcpEvent = (session: string, outcome: "ok" | "fail", labels: string[]) => ({
      ...common(session),
      hook_event_name: outcome === "ok" ? "PostToolUse" : "PostToolUseFailure",
      tool_name: tool,
      tool_input: { repo: "acme/web", title: "Flaky login test", labels },
      tool_use_id: `toolu_${uniqueId("use")}`,
      ...(outcome === "ok" ? { tool_response: [{ type: "text", text: "created #42" }] } : { error: "ValidationError: label 'bug!' does not exist" }),
    });
    const teacher = uniqueId("cc");
    await hook(mcpEvent(teacher, "fail", ["bug!"]));
    await hook(mcpEvent(teacher, "ok", ["bug"]));

    const next = await hook(mcpEvent(uniqueId("cc"), "fail", ["bug!"]));
    expect(next.code).toBe(0);
    const printed = JSON.parse(next.stdout) as { hookSpecificOutput: { hookEventName: string; additionalContext: string } };
    expect(printed.hookSpecificOutput.hookEventName).toBe("PostToolUseFailure");
    // The words are the fix's fix_text (values whole), no longer its typical_fix (values cut to 20 characters).
    expect(printed.hookSpecificOutput.additionalContext).toBe(
      'agent-lessons: this ValidationError was fixed before (once): change labels: ["bug!"] → ["bug"]. Arguments that worked: {"labels":["bug"]}.',
    );
    expect(next.stdout.trim().split("\n")).toHaveLength(1);
  });

  it("does not record an interrupt, nor any other event, and prints nothing", async () => {
    const session = uniqueId("cc");
    const interrupted = await hook({ ...bashFailure(session, "sleep 100", "Interrupted by user"), is_interrupt: true });
    const stop = await hook({ ...common(session), hook_event_name: "Stop", stop_hook_active: false });
    expect([interrupted, stop].map(({ code, stdout }) => ({ code, stdout }))).toEqual([
      { code: 0, stdout: "" },
      { code: 0, stdout: "" },
    ]);
    expect(await calls(session)).toEqual([]);
  });

  it("records one call for an event delivered twice (its tool_use_id is the idempotency key)", async () => {
    const session = uniqueId("cc");
    const event = bashSuccess(session, "ls");
    await hook(event);
    await hook(event);
    expect(await calls(session)).toHaveLength(1);
  });
});

describe("SessionStart", () => {
  // Bash is one of Claude Code's own tools, which every session has: its fixes are given in any directory.
  it("gives a new session the tenant's known fixes for the tools it has, and the task's context with --task", async () => {
    const teacher = uniqueId("cc");
    await hook(bashFailure(teacher, "pytest -k login", "Exit code 4\nERROR: file or directory not found: -k"));
    await hook({ ...bashSuccess(teacher, "pytest -k login tests/"), tool_input: { command: "pytest -k login tests/" } });
    const task = uniqueId("task");
    await fetch(`${service.baseUrl}/tasks/${task}/lessons`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ attempt_number: 1, tier: 1, error_type: "TimeoutError", error_message: "npm ci timed out after 300s" }),
    });

    const start = { ...common(uniqueId("cc")), hook_event_name: "SessionStart", source: "startup" };
    const plain = await hook(start);
    const withTask = await hook(start, { flags: ["--task", task] });
    for (const run of [plain, withTask]) expect(run.code).toBe(0);
    const context = (run: { stdout: string }) => {
      const printed = JSON.parse(run.stdout) as { hookSpecificOutput: { hookEventName: string; additionalContext: string } };
      expect(printed.hookSpecificOutput.hookEventName).toBe("SessionStart");
      return printed.hookSpecificOutput.additionalContext;
    };
    expect(context(plain)).toMatch(/^agent-lessons: what earlier sessions learned/);
    expect(context(plain)).toContain('<shared_tool_knowledge name="Bash">');
    expect(context(plain)).toContain("exit_code_4");
    expect(context(plain)).not.toContain("LEARNINGS FROM PREVIOUS ATTEMPTS");
    expect(context(withTask)).toContain("LEARNINGS FROM PREVIOUS ATTEMPTS");
    expect(context(withTask)).toContain("npm ci timed out after 300s");
    expect(context(withTask)).toContain('<shared_tool_knowledge name="Bash">');

    const small = await hook(start, { flags: ["--task", task, "--max-tokens", "120"] });
    expect(countTokens(context(small))).toBeLessThanOrEqual(120);
  });

  it("tells a new session only of tools its agent has: Claude Code's own, and those seen in the same directory", async () => {
    const tool = `mcp__tracker__${uniqueId("file_bug").replaceAll("-", "_")}`;
    const here = `/home/user/${uniqueId("project")}`;
    const elsewhere = `/home/user/${uniqueId("project")}`;
    const event = (session: string, outcome: "ok" | "fail", priority: string) => ({
      ...common(session),
      cwd: here,
      hook_event_name: outcome === "ok" ? "PostToolUse" : "PostToolUseFailure",
      tool_name: tool,
      tool_input: { title: "Login fails", priority },
      tool_use_id: `toolu_${uniqueId("use")}`,
      ...(outcome === "ok" ? { tool_response: [{ type: "text", text: "filed" }] } : { error: "ValidationError: priority 'urgent' is unknown" }),
    });
    const teacher = uniqueId("cc");
    await hook(event(teacher, "fail", "urgent"));
    await hook(event(teacher, "ok", "high"));

    const start = (cwd: string) => hook({ ...common(uniqueId("cc")), cwd, hook_event_name: "SessionStart", source: "startup" });
    const sameDirectory = JSON.parse((await start(here)).stdout) as { hookSpecificOutput: { additionalContext: string } };
    expect(sameDirectory.hookSpecificOutput.additionalContext).toContain(`<shared_tool_knowledge name="${tool}">`);
    expect(sameDirectory.hookSpecificOutput.additionalContext).toContain("change priority: urgent → high");
    // Another directory's agent never called it: it may not have the tool, so it is not told of it.
    const other = await start(elsewhere);
    expect(other.code).toBe(0);
    expect(other.stdout).not.toContain(tool);
  });

  it("prints nothing when the tenant knows nothing", async () => {
    tenantCounter += 1;
    const run = await hook({ ...common(`fresh-${tenantCounter}`), hook_event_name: "SessionStart", source: "startup" }, { env: env(EMPTY_TENANT_KEY) });
    expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({ code: 0, stdout: "", stderr: "" });
  });
});

describe("never in the agent's way", () => {
  let hanging: net.Server;
  const sockets = new Set<net.Socket>();

  beforeAll(async () => {
    hanging = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
  });

  afterAll(() => {
    for (const socket of sockets) socket.destroy();
    hanging?.close();
  });

  it("exits 0 with one line on stderr when the service is down, hangs, or stdin is not JSON, printing only a session's warning", async () => {
    const hangingUrl = `http://127.0.0.1:${(hanging.address() as net.AddressInfo).port}`;
    const failure = bashFailure(uniqueId("cc"), "make");
    // One at a time: four Node start-ups at once on a busy machine would eat into each run's 3 s budget.
    const runs = [];
    for (const run of [
      () => hook(failure, { env: { AGENT_LESSONS_URL: NOWHERE } }),
      () => hook(failure, { env: { AGENT_LESSONS_URL: hangingUrl } }),
      () => hook({ ...common(uniqueId("cc")), hook_event_name: "SessionStart", source: "startup" }, { env: { AGENT_LESSONS_URL: hangingUrl } }),
      () => runCli(["hook", "claude-code"], { env: env(), stdin: "{not json" }),
    ]) {
      runs.push(await run());
    }
    for (const run of runs) {
      expect(run.code).toBe(0);
      expect(run.stderr).toMatch(/^agent-lessons: hook: [^\n]+\n$/);
    }
    // Tool events print nothing; a session's start tells the person, once, in a systemMessage.
    for (const run of [runs[0]!, runs[1]!, runs[3]!]) expect(run.stdout).toBe("");
    expect(JSON.parse(runs[2]!.stdout)).toEqual({ systemMessage: "agent-lessons: the service took longer than 3 s" });
    expect(runs[0]!.stderr).toContain("could not be reached");
    expect(runs[1]!.stderr).toContain("longer than 3 s");
    expect(runs[2]!.stderr).toContain("longer than 3 s");
    expect(runs[3]!.stderr).toContain("not a JSON event");
    // Against the hung service each run ended by itself, on its own budget (it said so and exited 0, not killed);
    // that budget leaves Node 2 s to start within the timeout its settings give Claude Code, so it is never cut off.
    const settings = JSON.parse((await runCli(["hook", "claude-code", "--print-settings"])).stdout) as { hooks: Record<string, Array<{ hooks: Array<{ timeout: number }> }>> };
    for (const event of ["SessionStart", "PostToolUse", "PostToolUseFailure"]) {
      const timeoutS = settings.hooks[event]![0]!.hooks[0]!.timeout;
      for (const run of runs.slice(1, 3)) expect(Number(/longer than (\d+) s/.exec(run.stderr)?.[1]) + 2).toBeLessThanOrEqual(timeoutS);
    }
  });
});

describe("--print-settings", () => {
  it("prints a hooks block for SessionStart, PostToolUse and PostToolUseFailure whose command runs this hook", async () => {
    const run = await runCli(["hook", "claude-code", "--print-settings", "--url", service.baseUrl]);
    expect(run.code).toBe(0);
    const { hooks } = JSON.parse(run.stdout) as { hooks: Record<string, Array<{ matcher: string; hooks: Array<{ type: string; command: string; timeout: number }> }>> };
    expect(Object.keys(hooks)).toEqual(["SessionStart", "PostToolUse", "PostToolUseFailure"]);
    for (const entries of Object.values(hooks)) {
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ matcher: "*", hooks: [{ type: "command", timeout: 5 }] });
    }
    // The command works as Claude Code runs it: through a shell, with the event on stdin.
    const session = uniqueId("cc");
    const { command } = hooks.PostToolUse![0]!.hooks[0]!;
    const child = execFile("sh", ["-c", command], { env: cliEnvironment({ AGENT_LESSONS_API_KEY: KEY }) });
    child.stdin!.end(JSON.stringify(bashSuccess(session, "git status")));
    await new Promise((resolve) => child.once("close", resolve));
    expect(child.exitCode).toBe(0);
    expect(await calls(session)).toMatchObject([{ tool_name: "Bash", arguments: { command: "git status" } }]);
  });

  it("leaves mcp__ tools out of the tool events with --skip-mcp", async () => {
    const { stdout } = await runCli(["hook", "claude-code", "--print-settings", "--skip-mcp"]);
    const { hooks } = JSON.parse(stdout) as { hooks: Record<string, Array<{ matcher: string }>> };
    const matches = (matcher: string, tool: string) => new RegExp(matcher).test(tool);
    for (const event of ["PostToolUse", "PostToolUseFailure"]) {
      const { matcher } = hooks[event]![0]!;
      expect([matches(matcher, "Bash"), matches(matcher, "Edit"), matches(matcher, "mcp__github__create_issue")]).toEqual([true, true, false]);
    }
    expect(hooks.SessionStart![0]!.matcher).toBe("*");
  });
});
