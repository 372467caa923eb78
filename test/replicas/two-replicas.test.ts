// Two real service processes sharing one Redis (single server or cluster): concurrent writes through both stay exact, idempotent and tenant-isolated.
// (Their shared rate-limit budget is tested in-process, with a window that starts with the test: test/routes/limits.test.ts.)
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { uniqueId } from "../helpers/fixtures.js";
import { ReplicaClient, sharedRedisEnv, sharedRedisTopology, startReplicas, type Reply } from "../helpers/replicas.js";
import type { ServerProcess } from "../helpers/server-process.js";
import { uniquePrefix } from "../helpers/stores.js";
import type { ToolLogEntry } from "../../src/domain/tools/types.js";

const KEY_A = "replica-key-A-0123456789abcdef";
const KEY_B = "replica-key-B-fedcba9876543210";
const TENANT_A = "tenant-a";
const TENANT_B = "tenant-b";
const API_KEYS = `${KEY_A}:${TENANT_A},${KEY_B}:${TENANT_B}`;
const asA = { authorization: `Bearer ${KEY_A}` };
const asB = { authorization: `Bearer ${KEY_B}` };
const MAX_LESSONS = 40;

const ERROR_TYPES = ["SyntaxError", "TimeoutError", "RateLimitError", "ImportError", "TypeError", "AssertionError", "MemoryError", "PermissionError", "ValueError"];
const TOOLS = ["read_file", "run_tests", "search_code"];

/** Calls as they come back over HTTP: the wire format of the log. */
type Entry = ToolLogEntry;

/** Environment shared by every replica of a pair: the run's Redis, one key prefix, two tenants. */
function pairEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...sharedRedisEnv(),
    REDIS_KEY_PREFIX: uniquePrefix(),
    API_KEYS,
    RATE_LIMIT_MAX: "1000000",
    RATE_LIMIT_WINDOW_MS: "60000",
    LESSONS_MAX_PER_TASK: String(MAX_LESSONS),
    LOG_LEVEL: "warn",
    ...extra,
  };
}

const expectProblem = (reply: Reply, status: number, code: string) => {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers["content-type"]).toMatch(/^application\/problem\+json/);
  expect(reply.json).toMatchObject({ status, code, type: expect.stringMatching(/^urn:agent-lessons:problem:/), request_id: expect.any(String) });
};

const statusesOf = (replies: readonly Reply[]) => replies.map((reply) => reply.status);

/** Lines a replica logged at error level or above (pino: 50 error, 60 fatal); a healthy run logs none. */
const errorLogs = (servers: readonly ServerProcess[]) =>
  servers.flatMap((server, index) => server.logs.filter((line) => Number(line.level) >= 50).map((line) => `replica ${index}: ${JSON.stringify(line)}`));

describe(`two service replicas sharing ${sharedRedisTopology()}`, () => {
  let servers: ServerProcess[] = [];
  let clients: ReplicaClient[] = [];
  /** Replica 0 or 1, alternating by index: request i goes to replica i % 2. */
  const replica = (i: number) => clients[i % 2]!;

  beforeAll(async () => {
    servers = await startReplicas(2, pairEnv());
    clients = servers.map((server) => new ReplicaClient(server.baseUrl));
  });

  afterEach(() => {
    expect(errorLogs(servers), "error lines logged by the replicas").toEqual([]);
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await Promise.all(servers.map((server) => server.stop()));
  });

  it("keeps exactly LESSONS_MAX_PER_TASK of 120 concurrent captures sent through both replicas, with stats exact from either", async () => {
    const task = uniqueId("task");
    const captures = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        replica(i).post(
          `/tasks/${task}/lessons`,
          { attempt_number: i + 1, tier: (i % 3) + 1, error_type: ERROR_TYPES[i % ERROR_TYPES.length], error_message: `failure number ${i}` },
          { headers: asA },
        ),
      ),
    );
    expect(statusesOf(captures)).toEqual(Array(120).fill(201));
    const createdIds = new Set(captures.map((reply) => reply.json.lesson_id as string));
    expect(createdIds.size).toBe(120);

    const [keptVia0, keptVia1] = await Promise.all(clients.map((client) => client.get(`/tasks/${task}/lessons`, { headers: asA })));
    expect(keptVia0!.status).toBe(200);
    expect(keptVia1!.json).toEqual(keptVia0!.json);
    const kept = keptVia0!.json.lessons as Array<{ lesson_id: string; category: string; tier: number }>;
    expect(kept).toHaveLength(MAX_LESSONS);
    expect(new Set(kept.map((lesson) => lesson.lesson_id)).size).toBe(MAX_LESSONS);
    expect(kept.every((lesson) => createdIds.has(lesson.lesson_id))).toBe(true);

    const byCategory: Record<string, number> = {};
    const byTier: Record<string, number> = { "1": 0, "2": 0, "3": 0 };
    for (const lesson of kept) {
      byCategory[lesson.category] = (byCategory[lesson.category] ?? 0) + 1;
      byTier[String(lesson.tier)]! += 1;
    }
    for (const client of clients) {
      const stats = await client.get(`/tasks/${task}/lessons/stats`, { headers: asA });
      expect(stats.status).toBe(200);
      expect(stats.json).toMatchObject({ total_lessons: MAX_LESSONS, total_captured: 120 });
      expect(stats.json.by_category).toEqual(byCategory);
      expect(stats.json.by_tier).toEqual(byTier);
    }
  });

  it("numbers 100 concurrent tool calls sent through both replicas (failures, then successes) call-0001..call-0100 and links each fix once, read alike from either", async () => {
    const session = uniqueId("session");
    const planned = Array.from({ length: 100 }, (_, i) => {
      const kind = i % 5;
      const outcome = kind < 2 ? "failure" : kind === 2 ? "timeout" : "success";
      return {
        tool_name: TOOLS[i % TOOLS.length]!,
        arguments: { path: `/src/file-${i % 4}.ts`, ...(i % 2 === 0 ? { strict: true } : {}) },
        outcome,
        ...(outcome === "success" ? {} : { error_type: `E${i % 2}`, error_message: `call ${i} went wrong` }),
        result: outcome === "success" ? { ok: true } : { error: "no" },
      };
    });
    // The failures at once, then the successes at once: a failure's write waits for its template step, so in one
    // wave the successes could all be numbered first and find nothing to fix.
    const send = (i: number) => replica(i).post(`/sessions/${session}/tool-calls`, planned[i]!, { headers: asA });
    const wave = (success: boolean) => [...planned.keys()].filter((i) => (planned[i]!.outcome === "success") === success);
    const responses: Awaited<ReturnType<typeof send>>[] = [];
    for (const success of [false, true]) await Promise.all(wave(success).map(async (i) => (responses[i] = await send(i))));
    expect(statusesOf(responses)).toEqual(Array(100).fill(201));

    const expectedIds = Array.from({ length: 100 }, (_, i) => `call-${String(i + 1).padStart(4, "0")}`);
    expect(responses.map((reply) => reply.json.id as string).sort()).toEqual(expectedIds);

    // Every read answers the same through either replica.
    const readBoth = async (path: string) => {
      const [via0, via1] = await Promise.all(clients.map((client) => client.get(path, { headers: asA })));
      expect(via0!.status, `${path} via replica 0`).toBe(200);
      expect(via1!.status, `${path} via replica 1`).toBe(200);
      expect(via1!.json, `${path} via replica 1 equals replica 0`).toEqual(via0!.json);
      return via0!.json;
    };
    const log = (await readBoth(`/sessions/${session}/tool-calls?limit=1000`)).calls as Entry[];
    const stats = await readBoth(`/sessions/${session}/stats`);
    const patterns = (await readBoth(`/sessions/${session}/patterns`)).patterns as Record<string, { total_calls: number; success_count: number; failure_count: number }>;
    const memory = await readBoth(`/sessions/${session}/memory`);

    expect(log.map((entry) => entry.id)).toEqual([...expectedIds].reverse());
    for (const [i, reply] of responses.entries()) {
      const stored = log.find((entry) => entry.id === reply.json.id)!;
      expect(stored).toMatchObject({ tool_name: planned[i]!.tool_name, outcome: planned[i]!.outcome, arguments: planned[i]!.arguments });
      expect(stored.fix_for).toBe(reply.json.fix_for);
    }

    const successes = planned.filter((call) => call.outcome === "success").length;
    const failures = planned.length - successes;
    const fixes = log.filter((entry) => entry.fix_for !== null);
    expect(fixes.length).toBeGreaterThan(0);
    expect(stats).toMatchObject({
      total_calls: 100,
      success_count: successes,
      failure_count: failures,
      success_rate: successes / 100,
      total_fixes_detected: fixes.length,
      tools_tracked: TOOLS.length,
    });

    // No failure is fixed twice, and every fix_for / fixed_by pair points both ways.
    const byId = new Map(log.map((entry) => [entry.id, entry]));
    expect(new Set(fixes.map((entry) => entry.fix_for)).size).toBe(fixes.length);
    for (const success of fixes) {
      const failure = byId.get(success.fix_for!)!;
      expect(success.outcome).toBe("success");
      expect(failure.tool_name).toBe(success.tool_name);
      expect(["failure", "timeout"]).toContain(failure.outcome);
      expect(failure.fixed_by).toBe(success.id);
      expect(failure.arguments).not.toEqual(success.arguments);
    }
    const fixed = log.filter((entry) => entry.fixed_by !== null);
    expect(fixed).toHaveLength(fixes.length);
    for (const failure of fixed) expect(byId.get(failure.fixed_by!)!.fix_for).toBe(failure.id);
    expect(
      (memory.fix_relations as Array<{ failed_call_id: string; success_call_id: string }>).map((fix) => `${fix.failed_call_id}->${fix.success_call_id}`).sort(),
    ).toEqual(fixes.map((entry) => `${entry.fix_for}->${entry.id}`).sort());
    expect(memory.next_call_id).toBe(101);

    // Patterns count every call once, per tool.
    expect(Object.keys(patterns).sort()).toEqual([...TOOLS].sort());
    expect(Object.values(patterns).reduce((sum, pattern) => sum + pattern.total_calls, 0)).toBe(100);
    for (const tool of TOOLS) {
      const sent = planned.filter((call) => call.tool_name === tool);
      expect(patterns[tool]).toMatchObject({
        total_calls: sent.length,
        success_count: sent.filter((call) => call.outcome === "success").length,
        failure_count: sent.filter((call) => call.outcome !== "success").length,
      });
    }
  });

  it("creates one lesson from 30 parallel POSTs with one Idempotency-Key spread over both replicas, every 201 byte-identical", async () => {
    const task = uniqueId("task");
    const key = uniqueId("idem");
    const body = { attempt_number: 1, tier: 2, error_type: "TimeoutError", error_message: "the call timed out" };
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) => replica(i).post(`/tasks/${task}/lessons`, body, { headers: { ...asA, "idempotency-key": key } })),
    );

    // The write's own script checks and keeps the key: no request waits on another's claim.
    expect(statusesOf(replies)).toEqual(Array(30).fill(201));
    const created = replies;
    const originals = created.filter((reply) => reply.headers["idempotent-replayed"] === undefined);
    expect(originals).toHaveLength(1);
    const original = originals[0]!;
    for (const reply of created) {
      expect(reply.text).toBe(original.text);
      expect(reply.headers.location).toBe(original.headers.location);
      expect(reply.headers["content-type"]).toBe(original.headers["content-type"]);
    }

    // A later retry on each replica replays the same bytes, and still only one lesson exists.
    for (const client of clients) {
      const retry = await client.post(`/tasks/${task}/lessons`, body, { headers: { ...asA, "idempotency-key": key } });
      expect(retry.status).toBe(201);
      expect(retry.headers["idempotent-replayed"]).toBe("true");
      expect(retry.text).toBe(original.text);
      const lessons = await client.get(`/tasks/${task}/lessons`, { headers: asA });
      expect((lessons.json.lessons as Array<{ lesson_id: string }>).map((lesson) => lesson.lesson_id)).toEqual([original.json.lesson_id]);
      expect((await client.get(`/tasks/${task}/lessons/stats`, { headers: asA })).json.total_captured).toBe(1);
    }
  });

  it("never shows tenant B on replica 1 what tenant A wrote through replica 0, on the same task and session ids", async () => {
    const [viaA, viaB] = [clients[0]!, clients[1]!];
    const task = uniqueId("task");
    const session = uniqueId("session");
    const lessonA = await viaA.post(`/tasks/${task}/lessons`, { attempt_number: 1, tier: 1, error_type: "ImportError", error_message: "secret-of-A" }, { headers: asA });
    expect(lessonA.status).toBe(201);
    for (const outcome of ["failure", "success"]) {
      const call = await viaA.post(
        `/sessions/${session}/tool-calls`,
        { tool_name: "read_file", arguments: { path: outcome === "failure" ? "/a-secret" : "/a-fixed" }, outcome, ...(outcome === "failure" ? { error_type: "ENOENT" } : {}) },
        { headers: asA },
      );
      expect(call.status).toBe(201);
    }

    // Tenant B, through the other replica, sees nothing of it.
    expect((await viaB.get(`/tasks/${task}/lessons`, { headers: asB })).json.lessons).toEqual([]);
    expect((await viaB.get(`/tasks/${task}/lessons/stats`, { headers: asB })).json).toMatchObject({ total_lessons: 0, total_captured: 0 });
    expectProblem(await viaB.get(`/tasks/${task}/lessons/${lessonA.json.lesson_id}`, { headers: asB }), 404, "NOT_FOUND");
    expect((await viaB.get(`/sessions/${session}/tool-calls?limit=100`, { headers: asB })).json.calls).toEqual([]);
    expect((await viaB.get(`/sessions/${session}/stats`, { headers: asB })).json).toMatchObject({ total_calls: 0, total_fixes_detected: 0 });
    expect((await viaB.get(`/sessions/${session}/patterns`, { headers: asB })).json.patterns).toEqual({});
    expectProblem(await viaB.get(`/sessions/${session}/tool-calls/call-0001`, { headers: asB }), 404, "NOT_FOUND");
    const promptB = await viaB.get(`/tasks/${task}/lessons/prompt`, { headers: { ...asB, accept: "text/plain" } });
    expect(promptB.text).not.toContain("secret-of-A");

    // Tenant B writes under the same ids: its own numbering, and wiping its task leaves A's alone.
    const callB = await viaB.post(`/sessions/${session}/tool-calls`, { tool_name: "read_file", arguments: {}, outcome: "success" }, { headers: asB });
    expect(callB.json).toMatchObject({ id: "call-0001", fix_for: null });
    expect((await viaB.request("DELETE", `/tasks/${task}/lessons`, { headers: asB })).status).toBe(204);
    expect((await viaB.request("DELETE", `/sessions/${session}/memory`, { headers: asB })).status).toBe(204);

    // Tenant A still finds exactly its own data, through either replica.
    for (const client of clients) {
      const lessons = (await client.get(`/tasks/${task}/lessons`, { headers: asA })).json.lessons as Array<{ lesson_id: string }>;
      expect(lessons.map((lesson) => lesson.lesson_id)).toEqual([lessonA.json.lesson_id]);
      expect((await client.get(`/sessions/${session}/stats`, { headers: asA })).json).toMatchObject({ total_calls: 2, total_fixes_detected: 1 });
    }
  });
});
