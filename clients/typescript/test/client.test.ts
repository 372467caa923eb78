// The TypeScript client against the real built service: typed calls, problems as ProblemError, and retries that never write twice.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ConnectionError, ProblemError, createClient } from "../src/index.js";
import { renderClientSources, GENERATED } from "../scripts/render.js";
import { startRedisServer, type RedisServerHandle } from "../../../test/helpers/redis-server.js";
import { startServerProcess, type ServerProcess } from "../../../test/helpers/server-process.js";
import { uniqueId } from "../../../test/helpers/fixtures.js";

const KEY_A = "ts-client-key-aaaaaaaaaa";
const KEY_B = "ts-client-key-bbbbbbbbbb";
const failure = { attempt_number: 1, tier: 2 as const, error_type: "TypeError", error_message: "'NoneType' object has no attribute 'get'" };

let service: ServerProcess;

beforeAll(async () => {
  // The client is tested against the service as it ships: compiled to dist/ (by the global setup) and run by node.
  service = await startServerProcess(
    { REDIS_URL: inject("redisUrl"), REDIS_KEY_PREFIX: uniqueId("tsc"), API_KEYS: `${KEY_A}:tenant-a,${KEY_B}:tenant-b`, LOG_LEVEL: "warn" },
    20_000,
    "dist/server.js",
  );
}, 180_000);

afterAll(async () => {
  await service?.stop();
});

describe("the generated sources", () => {
  it("match the committed OpenAPI document (run `npm run generate -w @agent-lessons/client` after `npm run openapi`)", async () => {
    for (const [name, text] of Object.entries(await renderClientSources())) {
      expect(readFileSync(new URL(name, GENERATED), "utf8"), name).toBe(text);
    }
  });
});

describe("the package", () => {
  it("imports by its name, as a user of the workspace or the packed tarball does", async () => {
    const byName = await import("@agent-lessons/client");
    expect(typeof byName.createClient).toBe("function");
    expect(new byName.ProblemError(404, { code: "NOT_FOUND", detail: "gone" }, "r1")).toMatchObject({ status: 404, code: "NOT_FOUND", request_id: "r1" });
  });
});

describe("the client against the service", () => {
  const client = () => createClient({ baseUrl: service.baseUrl, apiKey: KEY_A });

  it("captures a lesson and reads it back, typed, through one method per operation", async () => {
    const task = uniqueId("task");
    const lesson = await client().captureLesson({ path: { task_id: task }, body: failure });
    expect(lesson).toMatchObject({ task_id: task, tier: 2, category: "type", model: null, known_fixes: [] });
    const again = await client().getLesson({ path: { task_id: task, lesson_id: lesson.lesson_id } });
    expect(again.lesson_id).toBe(lesson.lesson_id);
    const prompt = await client().getLessonPrompt({ path: { task_id: task } });
    expect(prompt.prompt).toContain("PREVIOUS ATTEMPT #1 FAILED");
    expect(await client().clearLessons({ path: { task_id: task } })).toBeUndefined();
    expect((await client().listLessons({ path: { task_id: task } })).lessons).toEqual([]);
  });

  it("records tool calls, sees the fix, and reads text and query flags", async () => {
    const session = uniqueId("session");
    await client().recordToolCall({ path: { session_id: session }, body: { tool_name: "search", arguments: { limit: 500 }, outcome: "failure", error_type: "ValueError" } });
    const fixed = await client().recordToolCall({ path: { session_id: session }, body: { tool_name: "search", arguments: { limit: 50 }, outcome: "success" } });
    expect(fixed.fix_for).toBe("call-0001");
    const fixes = await client().searchToolCalls({ path: { session_id: session }, query: { only_fixes: true } });
    expect(fixes.calls.map((call) => call.id)).toEqual(["call-0002"]);
    const known = await client().getKnownFix({ path: { session_id: session, tool_name: "search" }, query: { error_type: "ValueError" } });
    expect(known.fix_delta).toEqual({ changed: { limit: { from: 500, to: 50 } } });
    expect(await client().getMetrics()).toContain("http_request_duration_seconds");
    expect((await client().getLiveness()).status).toBe("ok");
  });

  it("recalls a failure met before, typed, by query string and by body, and never across tenants", async () => {
    const task = uniqueId("task");
    const message = "Connection reset by peer while reading from redis-9:6379";
    await client().captureLesson({ path: { task_id: task }, body: { ...failure, error_type: "ConnectionError", error_message: message } });
    const { matches } = await client().recall({ query: { q: "Connection reset by peer while reading from redis-2:6379", kind: "lessons" } });
    expect(matches[0]).toMatchObject({ kind: "lesson", error_type: "ConnectionError", task_ids: [task], why: { same_template: true } });
    const pasted = await client().recallByBody({ body: { q: `${message}\n${"    at Socket.onread (node:net:100:5)\n".repeat(2_000)}`, limit: 1 } });
    expect(pasted.matches.map((match) => match.signature)).toEqual([matches[0]!.signature]);
    const other = createClient({ baseUrl: service.baseUrl, apiKey: KEY_B });
    expect(await other.recall({ query: { q: message } })).toEqual({ matches: [] });
  });

  it("turns a problem into a ProblemError with status, code, detail, errors and request id", async () => {
    const error = await client()
      .captureLesson({ path: { task_id: "a{b}" }, body: { ...failure, tier: 5 as 1 } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProblemError);
    const problem = error as ProblemError;
    expect(problem).toMatchObject({ status: 400, code: "VALIDATION_FAILED" });
    expect(problem.errors.map((field) => field.field)).toEqual(expect.arrayContaining(["params.task_id", "body.tier"]));
    expect(problem.request_id).toMatch(/\S/);
    expect(problem.detail).toContain("params.task_id");

    const unknown = await createClient({ baseUrl: service.baseUrl, apiKey: "not-a-configured-key-0000" })
      .listTasks()
      .catch((caught: unknown) => caught);
    expect(unknown).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
  });

  it("lists tasks, sessions and tools by id prefix, a page at a time with the cursor", async () => {
    const base = uniqueId("prefix");
    const ids = [`${base}-b`, `${base}-a`, `${base}-a2`, `${base}:c`];
    for (const id of ids) {
      await client().captureLesson({ path: { task_id: id }, body: failure });
      await client().recordToolCall({ path: { session_id: id }, body: { tool_name: id, arguments: {}, outcome: "success" } });
    }
    const walked = { tasks: [] as string[], sessions: [] as string[], tools: [] as string[] };
    let cursor: string | undefined;
    do {
      const page = await client().listTasks({ query: { prefix: base, limit: 1, ...(cursor ? { cursor } : {}) } });
      walked.tasks.push(...page.tasks.map((task) => task.task_id));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    const sessions = await client().listSessions({ query: { prefix: base } });
    walked.sessions.push(...sessions.sessions.map((session) => session.session_id));
    const tools = await client().listSharedTools({ query: { prefix: base, limit: 3 } });
    walked.tools.push(...tools.tools.map((tool) => tool.tool_name));
    const rest = await client().listSharedTools({ query: { prefix: base, cursor: tools.next_cursor! } });
    walked.tools.push(...rest.tools.map((tool) => tool.tool_name));
    expect(rest.next_cursor).toBeNull();
    expect(walked).toEqual({ tasks: [...ids].sort(), sessions: [...ids].sort(), tools: [...ids].sort() });

    const error = await client()
      .listTasks({ query: { prefix: "not a prefix" } })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400, code: "VALIDATION_FAILED" });
    expect((error as ProblemError).errors.map((field) => field.field)).toEqual(["querystring.prefix"]);
  });

  it("keeps tenants apart by key", async () => {
    const task = uniqueId("task");
    await client().captureLesson({ path: { task_id: task }, body: failure });
    const other = createClient({ baseUrl: service.baseUrl, apiKey: KEY_B });
    expect((await other.listLessons({ path: { task_id: task } })).lessons).toEqual([]);
  });

  it("sends an Idempotency-Key with every POST, so a repeated call with the same key stores one lesson", async () => {
    const task = uniqueId("task");
    const first = await client().captureLesson({ path: { task_id: task }, body: failure, idempotencyKey: "same-call-1" });
    const second = await client().captureLesson({ path: { task_id: task }, body: failure, idempotencyKey: "same-call-1" });
    expect(second.lesson_id).toBe(first.lesson_id);
    expect((await client().listLessons({ path: { task_id: task } })).lessons).toHaveLength(1);
  });

  it("gives up with a ConnectionError when nothing listens, after its retries", async () => {
    const error = await createClient({ baseUrl: "http://127.0.0.1:9", maxRetries: 2, baseDelayMs: 10 })
      .getLiveness()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toContain("after 3 attempt(s)");
  });
});

describe("retries while Redis is frozen", () => {
  let redis: RedisServerHandle | undefined;
  let frozenService: ServerProcess | undefined;

  afterAll(async () => {
    redis?.process.kill("SIGCONT");
    await frozenService?.stop();
    await redis?.stop("SIGKILL");
  });

  it("gets a 503 while Redis is stopped, retries with the same key once it resumes, and stores exactly one lesson", { timeout: 60_000 }, async () => {
    redis = await startRedisServer();
    frozenService = await startServerProcess({ REDIS_URL: redis.url, REDIS_COMMAND_TIMEOUT_MS: "300", LOG_LEVEL: "warn" }, 20_000, "dist/server.js");
    const statuses: number[] = [];
    const keys = new Set<string | null>();
    const watching: typeof fetch = async (input, init) => {
      keys.add((input as Request).headers.get("idempotency-key"));
      const response = await fetch(input, init);
      statuses.push(response.status);
      return response;
    };
    const agent = createClient({ baseUrl: frozenService.baseUrl, fetch: watching, maxRetries: 10, baseDelayMs: 200, maxDelayMs: 1000 });
    const task = uniqueId("task");

    redis.process.kill("SIGSTOP");
    setTimeout(() => redis!.process.kill("SIGCONT"), 1500);
    const lesson = await agent.captureLesson({ path: { task_id: task }, body: failure });

    expect(statuses[0]).toBe(503);
    expect(statuses.at(-1)).toBe(201);
    // Every attempt carried the one key the client made for this call.
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await agent.listLessons({ path: { task_id: task } });
    expect(kept.lessons.map((kept) => kept.lesson_id)).toEqual([lesson.lesson_id]);
    expect((await agent.getLessonStats({ path: { task_id: task } })).total_captured).toBe(1);
  });
});
