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

/** Every answer line, by request, in the order of REQUESTS; `answered` hears of each answer as it arrives. */
async function converse(peer: RawPeer, answered: (id: number | string) => void = () => {}): Promise<string[]> {
  const answers = [await initialize(peer)];
  for (const request of REQUESTS) {
    peer.send(request);
    answers.push(await peer.answer(request.id));
    answered(request.id);
  }
  return answers;
}

/** Whether an answer to request `id` has come back yet. */
const hasAnswered = (peer: RawPeer, id: number | string) =>
  peer.lines.some((line) => {
    const message = JSON.parse(line) as { id?: unknown; method?: unknown };
    return message.id === id && message.method === undefined;
  });

/** A slow network in front of a real service: connections to it are held until `release()`, then relayed both ways. */
async function slowLink(port: number) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let connected!: () => void;
  const asked = new Promise<void>((resolve) => (connected = resolve));
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((socket) => {
    sockets.add(socket);
    connected();
    void released.then(() => {
      const upstream = net.connect(port, "127.0.0.1");
      sockets.add(upstream);
      socket.pipe(upstream).pipe(socket);
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(relay.address() as net.AddressInfo).port}`,
    /** Resolves once the proxy has called the service. */
    asked,
    release,
    close() {
      for (const socket of sockets) socket.destroy();
      relay.close();
    },
  };
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
  /** What happened to calls to the hanging service, in order, with what the test saw in between. */
  const hangingEvents: string[] = [];

  beforeAll(async () => {
    // A service that accepts connections and never answers: the slow case.
    hanging = net.createServer((socket) => {
      sockets.add(socket);
      socket.once("data", () => hangingEvents.push("service asked"));
      socket.once("close", () => hangingEvents.push("service call ended"));
    });
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    hangingUrl = `http://127.0.0.1:${(hanging.address() as net.AddressInfo).port}`;
    keyed = await startServerProcess({ LOG_LEVEL: "warn", API_KEYS: `${KEY}:tenant-raw` }, 20_000, "dist/server.js");
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    hanging?.close();
    await keyed?.stop();
  });

  it("answers byte for byte what the server sends, without waiting for a hint, while the service is stopped", async () => {
    const direct = startRawPeer(FIXTURE_COMMAND);
    // Allowed to wait a minute for a hint, more than this test lives: that the failure is answered at all shows
    // that it did not wait out --timeout-ms for a service it knows to be unreachable.
    const proxied = startRawPeer(proxyCommand(["--url", NOWHERE, "--timeout-ms", "60000"]));
    const [expected, seen] = [await converse(direct), await converse(proxied)];
    expect(seen).toEqual(expected);
    expect(JSON.parse(seen[2]!)).toMatchObject({ id: 2, result: { isError: true } });
    expect([await ended(direct), await ended(proxied)]).toEqual([0, 0]);
    // Only protocol on stdout; the problem is told on stderr, once.
    for (const line of proxied.lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: "2.0" });
    const problems = proxied.stderr().split("\n").filter((line) => line.includes("could not be reached"));
    expect(problems.length).toBe(1);
  });

  it("waits for a hint from a service slow to answer, and gets it", async () => {
    // The tenant learns the fix first, from a session that reported it directly.
    const name = uniqueId("slow").replaceAll(/[^A-Za-z0-9_-]/g, "_");
    const teacher = uniqueId("teach");
    for (const body of [
      { tool_name: `mcp__${name}__deploy`, arguments: { region: "us-east-9" }, outcome: "failure", error_type: "ValidationError" },
      { tool_name: `mcp__${name}__deploy`, arguments: { region: "eu-west-1" }, outcome: "success" },
    ]) {
      const response = await fetch(`${keyed.baseUrl}/sessions/${teacher}/tool-calls`, {
        method: "POST",
        headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(201);
    }
    const link = await slowLink(keyed.port);
    try {
      const proxied = startRawPeer(proxyCommand(["--url", link.url, "--api-key", KEY, "--name", name, "--timeout-ms", "60000"]));
      await initialize(proxied);
      proxied.send(REQUESTS[1]);
      // The failure's record has reached the service, which has not answered: the client is still waiting.
      await link.asked;
      expect(hasAnswered(proxied, 2)).toBe(false);
      link.release();
      const answer = JSON.parse(await proxied.answer(2)) as { result: { content: Array<{ text: string }>; isError: boolean } };
      expect(answer.result.isError).toBe(true);
      expect(answer.result.content.map((item) => item.text)).toEqual([
        "ValidationError: region us-east-9 is not available",
        // The fix's fix_text (values whole), no longer its typical_fix.
        expect.stringMatching(/^agent-lessons: this ValidationError was fixed before \(once\): change region: us-east-9 → eu-west-1\./),
      ]);
      expect(await ended(proxied)).toBe(0);
    } finally {
      link.close();
    }
  });

  it("gives up on a hint at --timeout-ms from a service that never answers, and on its records 2 s after the client leaves", async () => {
    const proxied = startRawPeer(proxyCommand(["--url", hangingUrl, "--timeout-ms", "300"]));
    const direct = startRawPeer(FIXTURE_COMMAND);
    const expected = await converse(direct);
    const seen = await converse(proxied, (id) => void (id === 2 && hangingEvents.push("client answered")));
    expect(seen).toEqual(expected);
    // The failure's record reached the service, and its call was still open when the client had its answer:
    // the proxy gave up on the hint by its own --timeout-ms, not when its call to the service ended (5 s, then retried).
    expect(hangingEvents.slice(0, hangingEvents.indexOf("client answered"))).toEqual(["service asked"]);
    // The service keeps every record waiting (retried without end); the proxy leaves anyway, and says so.
    expect(await ended(proxied)).toBe(0);
    expect(proxied.stderr()).toContain("agent-lessons: 3 tool call(s) not recorded: the service did not take them within 2000 ms of the end");
    await ended(direct);
  });

  it("changes nothing for the client when the service refuses its key, and says so on stderr", async () => {
    const proxied = startRawPeer(proxyCommand(["--url", keyed.baseUrl, "--api-key", "not-the-key-at-all-0000"]));
    const direct = startRawPeer(FIXTURE_COMMAND);
    const [expected, seen] = [await converse(direct), await converse(proxied)];
    expect(seen).toEqual(expected);
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
      // The fix's fix_text (values whole), no longer its typical_fix.
      text: 'agent-lessons: this ValidationError was fixed before (once): change region: mars → eu-west-1. Arguments that worked: {"region":"eu-west-1"}.',
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
