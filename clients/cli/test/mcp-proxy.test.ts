// agent-lessons mcp-proxy between the MCP SDK's own Client and a fixture McpServer: transparent, recording every call in order, and handing learned fixes to the next session.
import { setTimeout as sleep } from "node:timers/promises";
import { ListRootsRequestSchema, LoggingMessageNotificationSchema, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, connectDirect, connectThroughProxy, isRunning, type ClientSetup, type Connected } from "../../../test/helpers/cli.js";
import { toolsSeenIn } from "../src/project-tools.js";
import { uniqueId } from "../../../test/helpers/fixtures.js";
import { startServerProcess, type ServerProcess } from "../../../test/helpers/server-process.js";

const STORES = {
  memory: () => ({ LOG_LEVEL: "warn" }),
  redis: () => ({ LOG_LEVEL: "warn", REDIS_URL: inject("redisUrl"), REDIS_KEY_PREFIX: uniqueId("cli") }),
};

interface RecordedCall {
  id: string;
  tool_name: string;
  arguments: Record<string, unknown>;
  outcome: string;
  error_type: string | null;
  error_message: string | null;
  fixed_by: string | null;
  execution_time_ms: number | null;
}

const textOf = (result: unknown, index: number) => ((result as { content: Array<{ text?: string }> }).content[index]?.text ?? null);

describe.each(Object.keys(STORES) as Array<keyof typeof STORES>)("mcp-proxy on the %s store", (store) => {
  let service: ServerProcess;
  const open: Connected[] = [];

  beforeAll(async () => {
    service = await startServerProcess(STORES[store](), 20_000, "dist/server.js");
  });

  afterAll(async () => {
    await Promise.all(open.map((peer) => peer.client.close()));
    await service?.stop();
  });

  async function proxy(name: string, session?: string, extra: string[] = [], setup: ClientSetup = {}): Promise<Connected> {
    const peer = await connectThroughProxy(["--url", service.baseUrl, "--name", name, ...(session ? ["--session", session] : []), ...extra], {}, setup);
    open.push(peer);
    return peer;
  }

  /** The session's calls, oldest first, once `count` of them are recorded (records go out in the background). */
  async function recorded(session: string, count: number): Promise<RecordedCall[]> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const response = await fetch(`${service.baseUrl}/sessions/${session}/tool-calls?limit=1000`);
      const { calls } = (await response.json()) as { calls: RecordedCall[] };
      if (calls.length >= count) return calls.reverse();
      await sleep(50);
    }
    throw new Error(`session ${session} never had ${count} recorded calls`);
  }

  it("notes the server's tools, named as it records them, for the directory it runs in (the Claude Code hook tells a new session of them)", async () => {
    const env = { AGENT_LESSONS_STATE_DIR: mkdtempSync(join(tmpdir(), "agent-lessons-test-")) };
    const name = uniqueId("listed").replaceAll("-", "_");
    const peer = await connectThroughProxy(["--url", service.baseUrl, "--name", name], env);
    open.push(peer);
    expect(toolsSeenIn(ROOT, env)).toEqual([]);
    const { tools } = await peer.client.listTools();
    // The answer reached the client after the proxy noted it.
    expect(toolsSeenIn(ROOT, env)).toEqual(tools.map((tool) => `mcp__${name}__${tool.name}`));
  });

  it("shows a client the same server as without it: info, instructions, tools, resources, prompts, completions, errors", async () => {
    const direct = await connectDirect();
    const proxied = await proxy(uniqueId("same"));
    open.push(direct);
    for (const peer of [direct, proxied]) await peer.client.setLoggingLevel("info");
    const view = async ({ client }: Connected) => ({
      version: client.getServerVersion(),
      capabilities: client.getServerCapabilities(),
      instructions: client.getInstructions(),
      tools: await client.listTools(),
      resources: await client.listResources(),
      templates: await client.listResourceTemplates(),
      config: await client.readResource({ uri: "config://app" }),
      note: await client.readResource({ uri: "notes://alpha" }),
      prompts: await client.listPrompts(),
      prompt: await client.getPrompt({ name: "review", arguments: { code: "x = 1" } }),
      completion: await client.complete({ ref: { type: "ref/resource", uri: "notes://{id}" }, argument: { name: "id", value: "b" } }),
      ping: await client.ping(),
      missing: await client.readResource({ uri: "missing://nothing" }).catch((error: { code: number; message: string }) => ({ code: error.code, message: error.message })),
    });
    const [seenDirectly, seenThrough] = await Promise.all([view(direct), view(proxied)]);
    expect(seenThrough).toEqual(seenDirectly);
    expect(seenThrough.tools.tools.map((tool) => tool.name)).toContain("deploy");
    expect(seenThrough.instructions).toMatch(/deploy needs the right region/);
    expect(seenThrough.missing).toMatchObject({ code: -32602 });
  });

  it("teaches the tenant the fix of one session's failure then success, and hands it to the next session's failure", async () => {
    const name = uniqueId("fx").replaceAll(/[^A-Za-z0-9_-]/g, "_");
    const first = uniqueId("first");
    const teacher = await proxy(name, first);
    const failed = await teacher.client.callTool({ name: "deploy", arguments: { region: "us-east-9" } });
    await teacher.client.callTool({ name: "deploy", arguments: { region: "eu-west-1" } });
    const calls = await recorded(first, 2);
    expect(calls.map(({ tool_name, outcome, error_type }) => ({ tool_name, outcome, error_type }))).toEqual([
      { tool_name: `mcp__${name}__deploy`, outcome: "failure", error_type: "ValidationError" },
      { tool_name: `mcp__${name}__deploy`, outcome: "success", error_type: null },
    ]);
    expect(calls[0]).toMatchObject({ arguments: { region: "us-east-9" }, error_message: "ValidationError: region us-east-9 is not available", fixed_by: calls[1]!.id });
    expect(failed).toEqual({ content: [{ type: "text", text: "ValidationError: region us-east-9 is not available" }], isError: true });

    const knowledge = (await (await fetch(`${service.baseUrl}/tools/mcp__${name}__deploy`)).json()) as Record<string, unknown>;
    expect(knowledge).toMatchObject({
      fixes_learned: 1,
      error_patterns: [{ error_type: "ValidationError", typical_fix: "change region: us-east-9 -> eu-west-1" }],
    });

    const learner = await proxy(name, uniqueId("second"));
    // Another region fails too, but the fix changes us-east-9: it does not apply, and the failure comes back as it was.
    const other = await learner.client.callTool({ name: "deploy", arguments: { region: "ap-south-7" } });
    expect(other).toEqual({ content: [{ type: "text", text: "ValidationError: region ap-south-7 is not available" }], isError: true });
    const hinted = await learner.client.callTool({ name: "deploy", arguments: { region: "us-east-9" } });
    expect(hinted.isError).toBe(true);
    expect((hinted.content as unknown[]).length).toBe(2);
    expect(textOf(hinted, 0)).toBe("ValidationError: region us-east-9 is not available");
    const hint = textOf(hinted, 1)!;
    expect(hint.startsWith("agent-lessons:")).toBe(true);
    // The hint words the fix as its fix_text (values whole), no longer its typical_fix.
    expect(hint).toContain("change region: us-east-9 → eu-west-1");
    expect(hint).toContain('Arguments that worked: {"region":"eu-west-1"}');
    expect(hint.length).toBeLessThanOrEqual(600);
  });

  it("records 50 calls fired without waiting in the order they were made, even when their answers come back reversed", async () => {
    const session = uniqueId("load");
    const peer = await proxy(uniqueId("load").replaceAll(/[^A-Za-z0-9_-]/g, "_"), session);
    // Each later call answers sooner, so the answers arrive in the reverse order of the calls.
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => peer.client.callTool({ name: "slow", arguments: { ms: (49 - i) * 4 } })));
    expect(results.map((result) => textOf(result, 0))).toEqual(Array.from({ length: 50 }, (_, i) => `waited ${(49 - i) * 4} ms`));
    const calls = await recorded(session, 50);
    expect(calls.map((call) => call.arguments.ms)).toEqual(Array.from({ length: 50 }, (_, i) => (49 - i) * 4));
    expect(calls.map((call) => call.id)).toEqual(Array.from({ length: 50 }, (_, i) => `call-${String(i + 1).padStart(4, "0")}`));
    expect(calls.every((call) => call.outcome === "success" && typeof call.execution_time_ms === "number")).toBe(true);
  });

  it("holds back only later calls of the same tool behind a call still running", async () => {
    const session = uniqueId("long");
    const peer = await proxy(uniqueId("long").replaceAll(/[^A-Za-z0-9_-]/g, "_"), session);
    const long = peer.client.callTool({ name: "slow", arguments: { ms: 3000 } });
    await peer.client.callTool({ name: "deploy", arguments: { region: "us-east-9" } });
    await peer.client.callTool({ name: "deploy", arguments: { region: "eu-west-1" } });
    const early = await recorded(session, 2);
    expect(early.map(({ id, tool_name, outcome }) => [id, tool_name.split("__").pop(), outcome])).toEqual([
      ["call-0001", "deploy", "failure"],
      ["call-0002", "deploy", "success"],
    ]);
    expect(early[0]!.fixed_by).toBe("call-0002");
    await long;
    expect((await recorded(session, 3))[2]).toMatchObject({ id: "call-0003", outcome: "success", arguments: { ms: 3000 } });
  });

  it("passes notifications both ways: progress, logging, a changed tool list, and a cancellation the server honours", async () => {
    const session = uniqueId("notify");
    const peer = await proxy(uniqueId("notify").replaceAll(/[^A-Za-z0-9_-]/g, "_"), session);
    const logged: unknown[] = [];
    let listChanged = 0;
    peer.client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => void logged.push(notification.params.data));
    peer.client.setNotificationHandler(ToolListChangedNotificationSchema, () => void (listChanged += 1));
    await peer.client.setLoggingLevel("info");

    const progress: number[] = [];
    await peer.client.callTool({ name: "progress", arguments: {} }, undefined, { onprogress: (update) => void progress.push(update.progress) });
    expect(progress).toEqual([1, 2]);
    expect(logged).toContain("progress done");

    await peer.client.callTool({ name: "add_tool", arguments: { name: "added_later" } });
    expect((await peer.client.listTools()).tools.map((tool) => tool.name)).toContain("added_later");
    for (let i = 0; i < 50 && listChanged === 0; i += 1) await sleep(20);
    expect(listChanged).toBeGreaterThan(0);

    const abort = new AbortController();
    const cancelled = peer.client.callTool({ name: "slow", arguments: { ms: 10_000 } }, undefined, { signal: abort.signal });
    // The server takes messages in order: once it answers a ping sent after the call, the call's handler is running
    // and will hear the cancellation (one read with both would cancel the call before its handler starts listening).
    await peer.client.ping();
    abort.abort("the user changed their mind");
    await expect(cancelled).rejects.toThrow();
    const stats = JSON.parse(textOf(await peer.client.callTool({ name: "stats", arguments: {} }), 0)!) as { cancellations: number };
    expect(stats.cancellations).toBe(1);
    const calls = await recorded(session, 4);
    expect(calls.map((call) => [call.tool_name.split("__").pop(), call.outcome])).toEqual([
      ["progress", "success"],
      ["add_tool", "success"],
      ["slow", "cancelled"],
      ["stats", "success"],
    ]);
  });

  it("passes the server's requests to the client and their answers back (roots)", async () => {
    const roots = [{ uri: "file:///home/me/project", name: "project" }];
    const setup: ClientSetup = {
      capabilities: { roots: { listChanged: true } },
      prepare: (client) => client.setRequestHandler(ListRootsRequestSchema, () => ({ roots })),
    };
    const direct = await connectDirect(setup);
    open.push(direct);
    const proxied = await proxy(uniqueId("roots").replaceAll(/[^A-Za-z0-9_-]/g, "_"), undefined, [], setup);
    const [throughProxy, directly] = await Promise.all([proxied, direct].map((peer) => peer.client.callTool({ name: "roots", arguments: {} })));
    expect(throughProxy).toEqual(directly);
    expect(JSON.parse(textOf(throughProxy, 0)!)).toEqual(roots);
  });

  it("records a call with no answer, progress or cancellation for --call-timeout-ms as a timeout, and one that reports progress as what it became", async () => {
    const session = uniqueId("quiet");
    const peer = await proxy(uniqueId("quiet").replaceAll(/[^A-Za-z0-9_-]/g, "_"), session, ["--call-timeout-ms", "400"]);
    const quiet = await peer.client.callTool({ name: "slow", arguments: { ms: 1200 } });
    expect(textOf(quiet, 0)).toBe("waited 1200 ms");
    const progressing = await peer.client.callTool({ name: "slow_progress", arguments: { ms: 1200, every: 150 } }, undefined, { onprogress: () => {} });
    expect(textOf(progressing, 0)).toBe("waited 1200 ms with progress");
    const calls = await recorded(session, 2);
    expect(calls.map(({ outcome, error_type, error_message }) => ({ outcome, error_type, error_message }))).toEqual([
      { outcome: "timeout", error_type: "timeout", error_message: "no answer within 400 ms" },
      { outcome: "success", error_type: null, error_message: null },
    ]);
  });

  it("records a call the client gave up on as a timeout, and a JSON-RPC error as mcp_error_<code>, unchanged for the client", async () => {
    const session = uniqueId("errors");
    const peer = await proxy(uniqueId("errors").replaceAll(/[^A-Za-z0-9_-]/g, "_"), session);
    await expect(peer.client.callTool({ name: "slow", arguments: { ms: 5000 } }, undefined, { timeout: 300 })).rejects.toThrow(/timed out/i);
    const direct = await connectDirect();
    open.push(direct);
    const errorOf = (peer: Connected) =>
      peer.client.callTool({ name: "authorize", arguments: {} }).then(
        () => null,
        (error: { code: number; message: string }) => ({ code: error.code, message: error.message }),
      );
    const [throughProxy, directly] = await Promise.all([errorOf(peer), errorOf(direct)]);
    expect(throughProxy).toEqual(directly);
    expect(throughProxy).toMatchObject({ code: -32042 });
    const calls = await recorded(session, 2);
    expect(calls.map(({ outcome, error_type }) => ({ outcome, error_type }))).toEqual([
      { outcome: "timeout", error_type: "timeout" },
      { outcome: "failure", error_type: "mcp_error_-32042" },
    ]);
    expect(calls[1]!.error_message).toBe("MCP error -32042: URL elicitation required");
  });

  it("ends both itself and the wrapped server when the client closes", async () => {
    const peer = await connectThroughProxy(["--url", service.baseUrl]);
    const { pid: serverPid } = JSON.parse(textOf(await peer.client.callTool({ name: "stats", arguments: {} }), 0)!) as { pid: number };
    const proxyPid = peer.transport.pid!;
    expect(isRunning(serverPid) && isRunning(proxyPid)).toBe(true);
    await peer.client.close();
    for (let i = 0; i < 100 && (isRunning(serverPid) || isRunning(proxyPid)); i += 1) await sleep(50);
    expect({ server: isRunning(serverPid), proxy: isRunning(proxyPid) }).toEqual({ server: false, proxy: false });
    expect(peer.stderr()).toMatch(/^agent-lessons: recording tool calls as session mcp-[0-9a-f-]+\n$/);
  });
});
