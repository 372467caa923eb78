// agent-lessons mcp-proxy at the level of bytes and processes: what the client reads when the service is down, slow or refusing, and how the proxy exits.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setTimeout as sleep } from "node:timers/promises";
import { CLI, FIXTURE_COMMAND, NOWHERE, initialize, isRunning, startRawPeer, type RawPeer } from "../../../test/helpers/cli.js";
import { uniqueId } from "../../../test/helpers/fixtures.js";
import { oddFailure } from "../../../test/helpers/odd-mcp-server.js";
import { freePort } from "../../../test/helpers/redis-server.js";
import { startServerProcess, type ServerProcess } from "../../../test/helpers/server-process.js";

const KEY = "cli-raw-test-key-0123456789";
const ODD_SERVER = [process.execPath, "--import", "tsx", "test/helpers/odd-mcp-server.ts"];
const proxyCommand = (flags: string[], server = FIXTURE_COMMAND) => [process.execPath, CLI, "mcp-proxy", ...flags, "--", ...server];

// One conversation, as raw requests: listing, a failing and a succeeding call, a resource, a prompt and a protocol error.
const REQUESTS = [
  { jsonrpc: "2.0", id: 1, method: "tools/list" },
  { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "deploy", arguments: { region: "us-east-9" } } },
  { jsonrpc: "2.0", id: "three", method: "tools/call", params: { name: "deploy", arguments: { region: "eu-west-1" } } },
  { jsonrpc: "2.0", id: 4, method: "resources/read", params: { uri: "config://app" } },
  { jsonrpc: "2.0", id: 5, method: "prompts/get", params: { name: "review", arguments: { code: "x = 1" } } },
  { jsonrpc: "2.0", id: 6, method: "resources/read", params: { uri: "missing://nothing" } },
  { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "authorize", arguments: {} } },
];

/** Every answer line, by request, in the order of REQUESTS; and how long the failing call took to come back. */
async function converse(peer: RawPeer): Promise<{ answers: string[]; failureMs: number }> {
  const answers = [await initialize(peer)];
  let failureMs = 0;
  for (const request of REQUESTS) {
    const started = Date.now();
    peer.send(request);
    answers.push(await peer.answer(request.id));
    if (request.id === 2) failureMs = Date.now() - started;
  }
  return { answers, failureMs };
}

async function ended(peer: RawPeer): Promise<number | null> {
  peer.closeStdin();
  return peer.exited;
}

describe("mcp-proxy when the service cannot help", () => {
  let hanging: net.Server;
  let hangingUrl: string;
  let keyed: ServerProcess;
  const sockets = new Set<net.Socket>();

  beforeAll(async () => {
    // A service that accepts connections and never answers: the slow case.
    hanging = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    hangingUrl = `http://127.0.0.1:${(hanging.address() as net.AddressInfo).port}`;
    keyed = await startServerProcess({ LOG_LEVEL: "warn", API_KEYS: `${KEY}:tenant-raw` }, 20_000, "dist/server.js");
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    hanging?.close();
    await keyed?.stop();
  });

  it("answers byte for byte what the server sends, at once, while the service is stopped", async () => {
    const direct = startRawPeer(FIXTURE_COMMAND);
    const proxied = startRawPeer(proxyCommand(["--url", NOWHERE, "--timeout-ms", "5000"]));
    const [expected, seen] = [await converse(direct), await converse(proxied)];
    expect(seen.answers).toEqual(expected.answers);
    expect(JSON.parse(seen.answers[2]!)).toMatchObject({ id: 2, result: { isError: true } });
    // It did not wait out --timeout-ms for a hint from a service it knows to be unreachable.
    expect(seen.failureMs).toBeLessThan(2500);
    expect([await ended(direct), await ended(proxied)]).toEqual([0, 0]);
    // Only protocol on stdout; the problem is told on stderr, once.
    for (const line of proxied.lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: "2.0" });
    const problems = proxied.stderr().split("\n").filter((line) => line.includes("could not be reached"));
    expect(problems.length).toBe(1);
  });

  it("waits no longer than --timeout-ms for a hint from a service that never answers", async () => {
    const proxied = startRawPeer(proxyCommand(["--url", hangingUrl, "--timeout-ms", "300"]));
    const direct = startRawPeer(FIXTURE_COMMAND);
    const [expected, seen] = [await converse(direct), await converse(proxied)];
    expect(seen.answers).toEqual(expected.answers);
    expect(seen.failureMs).toBeGreaterThanOrEqual(300);
    expect(seen.failureMs).toBeLessThan(2500);
    // Records still unsent get at most 2 s when the client leaves.
    const leaving = Date.now();
    expect(await ended(proxied)).toBe(0);
    expect(Date.now() - leaving).toBeLessThan(4000);
    await ended(direct);
  });

  it("changes nothing for the client when the service refuses its key, and says so on stderr", async () => {
    const proxied = startRawPeer(proxyCommand(["--url", keyed.baseUrl, "--api-key", "not-the-key-at-all-0000"]));
    const direct = startRawPeer(FIXTURE_COMMAND);
    const [expected, seen] = [await converse(direct), await converse(proxied)];
    expect(seen.answers).toEqual(expected.answers);
    expect(await Promise.all([ended(proxied), ended(direct)])).toEqual([0, 0]);
    expect(proxied.stderr()).toMatch(/not recorded: the service answered 401 UNAUTHORIZED/);
  });

  const keyedRecords = async (session: string, count: number) => {
    for (let i = 0; i < 100; i += 1) {
      const response = await fetch(`${keyed.baseUrl}/sessions/${session}/tool-calls`, { headers: { authorization: `Bearer ${KEY}` } });
      const { calls } = (await response.json()) as { calls: Array<Record<string, unknown>> };
      if (calls.length >= count) return calls.reverse();
      await sleep(50);
    }
    throw new Error(`session ${session} never had ${count} calls`);
  };

  it("adds the hint without changing a byte of the server's own answer", async () => {
    // The tenant learns the fix first, from a session that reported it directly.
    const teacher = uniqueId("teach");
    for (const body of [
      { tool_name: "odd", arguments: { region: "mars" }, outcome: "failure", error_type: "ValidationError" },
      { tool_name: "odd", arguments: { region: "eu-west-1" }, outcome: "success" },
    ]) {
      const response = await fetch(`${keyed.baseUrl}/sessions/${teacher}/tool-calls`, {
        method: "POST",
        headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(201);
    }
    const proxied = startRawPeer(proxyCommand(["--url", keyed.baseUrl, "--api-key", KEY, "--session", uniqueId("odd")], ODD_SERVER));
    await initialize(proxied);
    proxied.send({ jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "odd", arguments: { region: "mars" } } });
    const line = await proxied.answer(9);
    const original = oddFailure(9);
    // The item goes in just before the content array's closing bracket; everything around it is the server's.
    const at = original.indexOf(" ],") + 1;
    const added = line.slice(at, at + line.length - original.length);
    expect(line.slice(0, at) + line.slice(at + added.length)).toBe(original);
    expect(added.startsWith(",")).toBe(true);
    expect(JSON.parse(added.slice(1))).toEqual({
      type: "text",
      text: 'agent-lessons: this ValidationError was fixed before (once): change region: mars -> eu-west-1. Arguments that worked: {"region":"eu-west-1"}.',
    });
    expect(line).toContain("12345678901234567890");
    expect(line).toContain("r\\u00e9gion");
    expect(await ended(proxied)).toBe(0);
  });

  it("passes on, and records, answers that break the protocol and batches, and keeps going", async () => {
    const session = uniqueId("odd");
    const proxied = startRawPeer(proxyCommand(["--url", keyed.baseUrl, "--api-key", KEY, "--session", session], ODD_SERVER));
    const direct = startRawPeer(ODD_SERVER);
    const requests = [
      { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "null_result", arguments: {} } },
      { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "null_error", arguments: {} } },
      [
        { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "first_in_batch", arguments: {} } },
        { jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "second_in_batch", arguments: {} } },
      ],
      { jsonrpc: "2.0", id: 5, method: "tools/call", params: { name: "after", arguments: {} } },
    ];
    const talk = async (peer: RawPeer) => {
      await initialize(peer);
      for (const request of requests) peer.send(request);
      await peer.answer(5);
      return peer.lines;
    };
    expect(await talk(proxied)).toEqual(await talk(direct));
    const calls = await keyedRecords(session, 5);
    expect(calls.map(({ tool_name, outcome, error_type }) => [tool_name, outcome, error_type])).toEqual([
      ["null_result", "failure", "mcp_invalid_result"],
      ["null_error", "failure", "mcp_error_unknown"],
      ["first_in_batch", "success", null],
      ["second_in_batch", "success", null],
      ["after", "success", null],
    ]);
    expect(await Promise.all([ended(proxied), ended(direct)])).toEqual([0, 0]);
    expect(proxied.stderr()).toBe("");
  });

  it("keeps the calls made while the service is away, and records them in order once it is back", async () => {
    const port = await freePort();
    const session = uniqueId("away");
    const proxied = startRawPeer(proxyCommand(["--url", `http://127.0.0.1:${port}`, "--session", session]));
    await initialize(proxied);
    proxied.send(REQUESTS[1]);
    await proxied.answer(2);
    proxied.send(REQUESTS[2]);
    await proxied.answer("three");
    const back = await startServerProcess({ LOG_LEVEL: "warn", PORT: String(port) }, 20_000, "dist/server.js");
    try {
      let calls: Array<Record<string, unknown>> = [];
      for (let i = 0; i < 200 && calls.length < 2; i += 1) {
        calls = ((await (await fetch(`${back.baseUrl}/sessions/${session}/tool-calls`)).json()) as { calls: typeof calls }).calls;
        await sleep(50);
      }
      expect(calls.reverse()).toMatchObject([
        { id: "call-0001", outcome: "failure", arguments: { region: "us-east-9" }, fixed_by: "call-0002" },
        { id: "call-0002", outcome: "success", arguments: { region: "eu-west-1" }, fix_for: "call-0001" },
      ]);
      expect(await ended(proxied)).toBe(0);
    } finally {
      await back.stop();
    }
  });

  it("exits with the wrapped server's exit code, after recording the call it died on", async () => {
    const session = uniqueId("exit");
    const proxied = startRawPeer(proxyCommand(["--url", keyed.baseUrl, "--api-key", KEY, "--session", session]));
    await initialize(proxied);
    proxied.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "exit", arguments: { code: 7 } } });
    expect(await proxied.exited).toBe(7);
    const response = await fetch(`${keyed.baseUrl}/sessions/${session}/tool-calls`, { headers: { authorization: `Bearer ${KEY}` } });
    const { calls } = (await response.json()) as { calls: Array<Record<string, unknown>> };
    expect(calls).toMatchObject([{ tool_name: "exit", outcome: "failure", error_type: "server_exited", arguments: { code: 7 } }]);
  });

  it("stops the wrapped server and exits 0 on SIGTERM, as when the client closes stdin", async () => {
    const proxied = startRawPeer(proxyCommand(["--url", NOWHERE, "--session", uniqueId("term")]));
    await initialize(proxied);
    proxied.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "stats", arguments: {} } });
    const { pid } = JSON.parse((JSON.parse(await proxied.answer(1)) as { result: { content: Array<{ text: string }> } }).result.content[0]!.text) as { pid: number };
    proxied.kill("SIGTERM");
    expect(await proxied.exited).toBe(0);
    for (let i = 0; i < 100 && isRunning(pid); i += 1) await sleep(20);
    expect(isRunning(pid)).toBe(false);
  });

  it("exits 127 with one line on stderr when the command does not exist", async () => {
    const proxied = startRawPeer([process.execPath, CLI, "mcp-proxy", "--url", NOWHERE, "--", "no-such-command-anywhere"]);
    expect(await proxied.exited).toBe(127);
    expect(proxied.stderr()).toMatch(/^agent-lessons: recording tool calls as session \S+\nagent-lessons: cannot start "no-such-command-anywhere": .*ENOENT.*\n$/);
    expect(proxied.lines).toEqual([]);
  });
});
