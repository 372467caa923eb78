// Proof by a scan: the built service is sent one secret of every kind in every field, at every depth, and then nothing it keeps (every Redis value, the embedded store's heap), shows (every read route, every event) or logs holds one.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openEventStream } from "../helpers/event-stream.js";
import { fakeChars, fakeSecrets } from "../helpers/fake-secrets.js";
import { uniqueId } from "../helpers/fixtures.js";
import { getStatus, startServerProcess, type ServerProcess } from "../helpers/server-process.js";

const KEY = "scan-test-key-0123456789abcdef";
const auth = { authorization: `Bearer ${KEY}` };

/** Every secret sent: the shaped ones, and plain values under secret-like names (found by nothing but their name). */
function corpus(tag: string) {
  const shaped = fakeSecrets(tag);
  const plain = Array.from({ length: 4 }, (_, i) => `pw-${fakeChars(`${tag}:plain:${i}`, 18)}`);
  return { shaped, plain, all: [...shaped.map((fake) => fake.secret), ...plain] };
}

async function send(base: string, method: string, path: string, body?: unknown): Promise<string> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text;
}

/** Writes every kind of record with the secrets in it, and answers every response body. */
async function fill(base: string, secrets: ReturnType<typeof corpus>): Promise<{ texts: string[]; tasks: string[]; sessions: string[]; tools: string[]; lastTask: string }> {
  const texts: string[] = [];
  const tasks: string[] = [];
  const sessions: string[] = [];
  const tools = ["http_request", "shell"];
  const [p0, p1, p2, p3] = secrets.plain;
  for (const [i, fake] of secrets.shaped.entries()) {
    const task = uniqueId("scan-task");
    tasks.push(task);
    const lesson = { attempt_number: 1, tier: 2, error_type: "DeployError", error_message: fake.text, error_context: fake.text, fix_approach: `retry: ${fake.text}`, model: "m" };
    texts.push(await send(base, "POST", `/tasks/${task}/lessons`, lesson));
    texts.push(await send(base, "POST", `/tasks/${task}/lessons`, { ...lesson, attempt_number: 2 }));
    texts.push(await send(base, "PUT", `/tasks/${task}/resolution`, { attempt_number: 3, approach: `it worked once ${fake.text}` }));

    // A session fails and fixes, with the secret in its arguments at every depth, its result, goal and error.
    const session = uniqueId("scan-session");
    sessions.push(session);
    const args = (region: string) => ({
      region,
      command: fake.text,
      headers: { Authorization: `Bearer ${fake.secret}`, "x-api-key": p0 },
      body: { steps: [{ env: { DB_PASSWORD: p1 }, note: fake.text }], credentials: { user: "bob", password: p2 } },
      password: p3,
    });
    const tool = tools[i % tools.length]!;
    texts.push(await send(base, "POST", `/sessions/${session}/tool-calls`, { tool_name: tool, arguments: args("mars"), outcome: "failure", error_type: "RegionError", error_message: fake.text, context_goal: `deploy using ${fake.text}`, result: { stderr: fake.text, token: fake.secret } }));
    texts.push(await send(base, "POST", `/sessions/${session}/tool-calls`, { tool_name: tool, arguments: args("eu-west-1"), outcome: "success", result: { output: fake.text, items: [fake.text] } }));
  }
  // A fresh session's failure gets the tenant's fix; an imported memory carries secrets of its own.
  texts.push(await send(base, "POST", `/sessions/${uniqueId("scan-fresh")}/tool-calls`, { tool_name: tools[0], arguments: { region: "mars" }, outcome: "failure", error_type: "RegionError" }));
  const imported = uniqueId("scan-import");
  sessions.push(imported);
  const fake = secrets.shaped[0]!;
  await send(base, "PUT", `/sessions/${imported}/memory`, {
    tool_log: [
      {
        id: "call-0001", timestamp: "2026-12-01T00:00:00.000Z", tool_name: "db", arguments: { dsn: fake.text, password: p0 }, arguments_hash: "abcdefabcdef",
        context_goal: fake.text, preceding_call_id: null, outcome: "failure", result_summary: fake.text, result_type: "string", execution_time_ms: null,
        error_type: "DbError", error_message: fake.text, fixed_by: null, fix_for: null, delta_args: { changed: { password: { from: p1, to: p2 } }, added: { token: fake.secret } },
      },
    ],
    tool_patterns: {
      db: {
        tool_name: "db", total_calls: 1, success_count: 0, failure_count: 1, common_args: { password: [p0], dsn: [fake.text] },
        error_patterns: [{ error_type: "DbError", count: 1, contexts: [fake.text], example_args: { password: p0 }, typical_fix: `change password: ${p1} -> ${p2}`, fix_delta: { changed: { password: { from: p1, to: p2 } } } }],
        success_patterns: [{ goal_match: fake.text, arg_hints: { password: p3, note: fake.text }, example_call_id: "call-0001", delta_that_fixed: { added: { password: p3 } } }],
        avg_execution_ms: null, timed_calls: 0, updated_at: "2026-12-01T00:00:00.000Z",
      },
    },
    fix_relations: [{ failed_call_id: "call-0001", success_call_id: "call-0002", delta_args: { changed: { password: { from: p1, to: p2 } } } }],
  });
  // The last texts redacted are harmless ones, so nothing of the secrets lingers as the engine's last match.
  const lastTask = uniqueId("scan-last");
  texts.push(await send(base, "POST", `/tasks/${lastTask}/lessons`, { attempt_number: 1, tier: 1, error_type: "TypeError", error_message: "nothing secret" }));
  return { texts, tasks, sessions, tools: [...tools, "db"], lastTask };
}

/** Every read that could show what was written. */
async function readEverything(base: string, written: { tasks: string[]; sessions: string[]; tools: string[]; lastTask: string }): Promise<string[]> {
  const paths = ["/tasks?limit=1000", "/sessions?limit=1000", "/overview?window=day", "/tools", "/lessons/signatures?limit=1000"];
  for (const task of written.tasks) {
    paths.push(`/tasks/${task}/lessons`, `/tasks/${task}/lessons/prompt`, `/tasks/${task}/lessons/prompt?group=signature`, `/tasks/${task}/lessons/signatures`, `/tasks/${task}/resolution`, `/context?task_id=${task}`);
  }
  for (const session of written.sessions) {
    paths.push(
      `/sessions/${session}/tool-calls?limit=1000`, `/sessions/${session}/patterns`, `/sessions/${session}/prompt?shared=true&include_args=true`,
      `/sessions/${session}/prompt/summary`, `/sessions/${session}/memory`, `/context?session_id=${session}&max_tokens=100000`,
    );
  }
  for (const tool of written.tools) paths.push(`/tools/${tool}`, `/tools/${tool}/fix?error_type=RegionError`, `/tools/${tool}/guidance?error_type=RegionError`);
  const texts: string[] = [];
  for (const path of paths) {
    const response = await fetch(`${base}${path}`, { headers: auth });
    texts.push(await response.text());
  }
  // Every event kept, from the start of the log to the last write's.
  const stream = await openEventStream(base, "/events", { ...auth, "last-event-id": "0-0" });
  const holdsLastWrite = () => stream.events.some((event) => (event.data as { task_id?: string }).task_id === written.lastTask);
  await expect.poll(holdsLastWrite, { timeout: 10_000, interval: 20 }).toBe(true);
  stream.close();
  texts.push(stream.body(), JSON.stringify(stream.events));
  expect(stream.events.length).toBeGreaterThan(written.tasks.length);
  return texts;
}

function expectNoSecret(where: string, haystack: string | Buffer, secrets: readonly string[]): void {
  const found = secrets.filter((secret) => haystack.includes(secret));
  expect(found, `${where} holds ${found.length} secret(s)`).toEqual([]);
}

/** Every value of every key under the prefix, as raw bytes. */
async function redisContents(url: string, prefix: string): Promise<Buffer> {
  const redis = new Redis(url, { lazyConnect: true });
  await redis.connect();
  try {
    const parts: Buffer[] = [];
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 1000);
      cursor = next;
      for (const key of keys) {
        const type = await redis.type(key);
        parts.push(Buffer.from(key));
        if (type === "string") parts.push((await redis.getBuffer(key)) ?? Buffer.alloc(0));
        else if (type === "hash") for (const [field, value] of Object.entries(await redis.hgetallBuffer(key))) parts.push(Buffer.from(field), value);
        else if (type === "list") parts.push(...(await redis.lrangeBuffer(key, 0, -1)));
        else if (type === "zset") parts.push(...(await redis.zrangeBuffer(key, "0", "-1")));
        else if (type === "set") parts.push(...(await redis.smembersBuffer(key)));
        else if (type === "stream") parts.push(Buffer.from(JSON.stringify(await redis.xrange(key, "-", "+"))));
        else throw new Error(`a key of type ${type} that the scan cannot read: ${key}`);
      }
    } while (cursor !== "0");
    expect(parts.length).toBeGreaterThan(100);
    return Buffer.concat(parts);
  } finally {
    redis.disconnect();
  }
}

/** A heap snapshot of the service process: everything the embedded store holds, as V8 sees it. */
async function heapSnapshot(service: ServerProcess, dir: string): Promise<Buffer> {
  service.child.kill("SIGUSR2");
  // The snapshot is written on the main thread: once the service answers again, it is on disk.
  for (let i = 0; i < 600; i += 1) {
    await sleep(100);
    const files = readdirSync(dir).filter((file) => file.endsWith(".heapsnapshot"));
    if (files.length === 1 && (await getStatus(`${service.baseUrl}/health/live`, 5000)) === 200) {
      const path = join(dir, files[0]!);
      const size = statSync(path).size;
      await sleep(200);
      if (statSync(path).size === size && size > 0) return readFileSync(path);
    }
  }
  throw new Error("no heap snapshot was written");
}

describe.each([
  ["embedded", false],
  ["redis", true],
] as const)("nothing kept, shown or logged holds a secret (%s store)", (store, onRedis) => {
  let service: ServerProcess;
  const prefix = uniqueId("scan").replaceAll(/[^A-Za-z0-9._-]/g, "-").slice(0, 32);
  const snapshots = mkdtempSync(join(tmpdir(), "agent-lessons-scan-"));

  beforeAll(async () => {
    service = await startServerProcess(
      {
        API_KEYS: `${KEY}:scan`,
        LOG_LEVEL: "debug",
        ...(onRedis ? { REDIS_URL: inject("redisUrl"), REDIS_KEY_PREFIX: prefix } : { NODE_OPTIONS: `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${snapshots}` }),
      },
      20_000,
      "dist/server.js",
    );
  });

  afterAll(async () => {
    await service?.stop();
    rmSync(snapshots, { recursive: true, force: true });
  });

  it("after every kind of write, in every field and at every depth", async () => {
    const secrets = corpus(`scan-${store}`);
    const written = await fill(service.baseUrl, secrets);
    for (const [i, text] of written.texts.entries()) expectNoSecret(`write answer ${i}`, text, secrets.all);
    const shown = await readEverything(service.baseUrl, written);
    for (const [i, text] of shown.entries()) expectNoSecret(`read ${i}`, text, secrets.all);
    // The redaction really happened, where it was looked for.
    expect(shown.join("\n")).toContain("[REDACTED:");
    expect(shown.join("\n")).toContain("[REDACTED]");

    const kept = onRedis ? await redisContents(inject("redisUrl"), prefix) : await heapSnapshot(service, snapshots);
    expectNoSecret(onRedis ? "Redis" : "the service's heap", kept, secrets.all);
    // The scan reads what it should: the stored data is in it, with the markers in place of the secrets.
    expect(kept.includes("DeployError")).toBe(true);
    expect(kept.includes("[REDACTED:")).toBe(true);

    const logs = JSON.stringify(service.logs) + service.stderr();
    expect(service.logs.length).toBeGreaterThan(0);
    expectNoSecret("the log", logs, secrets.all);
  }, 180_000);
});
