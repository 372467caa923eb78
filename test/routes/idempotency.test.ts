// Idempotency-Key over HTTP: concurrent and sequential retries create once and replay the first response, on both stores.
import type supertest from "supertest";
import { describe, expect, it } from "vitest";
import { uniqueId } from "../helpers/fixtures.js";
import { expectProblem, useHttpApp } from "../helpers/http.js";
import { bothStores, keysWritten, rawRedis, redisStoreFactory, type StoreFactory } from "../helpers/stores.js";

const failure = (overrides: Record<string, unknown> = {}) => ({
  attempt_number: 1,
  tier: 2,
  error_type: "TimeoutError",
  error_message: "the call timed out",
  ...overrides,
});

const toolCall = (overrides: Record<string, unknown> = {}) => ({
  tool_name: "search",
  arguments: { q: "x" },
  outcome: "failure",
  error_type: "bad_query",
  ...overrides,
});

const KEY_A = "alpha-key-0123456789abcdef";
const KEY_B = "bravo-key-0123456789abcdef";
const auth = (key: string) => ({ authorization: `Bearer ${key}` });

describe.each(bothStores())("Idempotency-Key (%s store)", (_name, factory: StoreFactory) => {
  describe("one tenant", () => {
    const ctx = useHttpApp(factory);

    const lessonsOf = async (task: string) => (await ctx.http.get(`/tasks/${task}/lessons`)).body.lessons as unknown[];
    const capturedOf = async (task: string) => (await ctx.http.get(`/tasks/${task}/lessons/stats`)).body.total_captured as number;

    it("creates one lesson from 50 concurrent POSTs with one key, answering every other one with the first lesson", async () => {
      const task = uniqueId("task");
      const key = uniqueId("idem");
      const body = failure();
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => ctx.http.post(`/tasks/${task}/lessons`).set("idempotency-key", key).send(body)),
      );

      // The key's record is checked and kept by the write's own script: no request waits on another's claim.
      expect(responses.map((response) => response.status)).toEqual(Array(50).fill(201));
      const created = responses;
      const originals = created.filter((response) => response.headers["idempotent-replayed"] === undefined);
      const replays = created.filter((response) => response.headers["idempotent-replayed"] !== undefined);
      expect(originals).toHaveLength(1);
      const [original] = originals as [supertest.Response];
      expect(original.headers.location).toBe(`/tasks/${task}/lessons/${original.body.lesson_id}`);
      for (const replay of replays) {
        expect(replay.headers["idempotent-replayed"]).toBe("true");
        expect(replay.headers.location).toBe(original.headers.location);
        expect(replay.headers["content-type"]).toBe(original.headers["content-type"]);
        expect(replay.text).toBe(original.text);
      }
      expect(await lessonsOf(task)).toHaveLength(1);
      expect(await capturedOf(task)).toBe(1);

      const retry = await ctx.http.post(`/tasks/${task}/lessons`).set("idempotency-key", key).send(body);
      expect(retry.status).toBe(201);
      expect(retry.headers["idempotent-replayed"]).toBe("true");
      expect(retry.headers.location).toBe(original.headers.location);
      expect(retry.text).toBe(original.text);
      expect(await capturedOf(task)).toBe(1);
    });

    it("treats a body with the same content in another key order as the same request", async () => {
      const task = uniqueId("task");
      const key = uniqueId("idem");
      const first = await ctx.http.post(`/tasks/${task}/lessons`).set("idempotency-key", key).send(failure({ model: "m" }));
      const reordered = await ctx.http
        .post(`/tasks/${task}/lessons`)
        .set("idempotency-key", key)
        .set("content-type", "application/json")
        .send(`{"model":"m","error_message":"the call timed out","error_type":"TimeoutError","tier":2,"attempt_number":1}`);
      expect(reordered.status).toBe(201);
      expect(reordered.headers["idempotent-replayed"]).toBe("true");
      expect(reordered.text).toBe(first.text);
      expect(await capturedOf(task)).toBe(1);
    });

    it("rejects the same key with another body as a 422 problem and stores nothing", async () => {
      const task = uniqueId("task");
      const key = uniqueId("idem");
      const first = await ctx.http.post(`/tasks/${task}/lessons`).set("idempotency-key", key).send(failure());
      expect(first.status).toBe(201);

      const reused = await ctx.http.post(`/tasks/${task}/lessons`).set("idempotency-key", key).send(failure({ attempt_number: 2 }));
      expect(expectProblem(reused, 422).code).toBe("IDEMPOTENCY_KEY_REUSED");
      expect(reused.headers["idempotent-replayed"]).toBeUndefined();
      expect(await lessonsOf(task)).toHaveLength(1);
      expect(await capturedOf(task)).toBe(1);
    });

    it("scopes a key to the task or session it writes: the same key elsewhere is another write", async () => {
      const task = uniqueId("task");
      const session = uniqueId("session");
      const key = uniqueId("idem");
      expect((await ctx.http.post(`/tasks/${task}/lessons`).set("idempotency-key", key).send(failure())).status).toBe(201);

      const onToolCalls = await ctx.http.post(`/sessions/${session}/tool-calls`).set("idempotency-key", key).send(toolCall());
      expect(onToolCalls.status).toBe(201);
      expect(onToolCalls.headers["idempotent-replayed"]).toBeUndefined();
      const otherTask = uniqueId("task");
      const onOtherTask = await ctx.http.post(`/tasks/${otherTask}/lessons`).set("idempotency-key", key).send(failure());
      expect(onOtherTask.status).toBe(201);
      expect(onOtherTask.headers["idempotent-replayed"]).toBeUndefined();

      expect((await ctx.http.get(`/sessions/${session}/stats`)).body.total_calls).toBe(1);
      expect(await lessonsOf(otherTask)).toHaveLength(1);
      expect(await capturedOf(task)).toBe(1);
    });

    it("rejects the same key with another body on the same session as a 422 problem and records nothing", async () => {
      const session = uniqueId("session");
      const key = uniqueId("idem");
      const tool_name = uniqueId("tool").replaceAll("-", "_");
      expect((await ctx.http.post(`/sessions/${session}/tool-calls`).set("idempotency-key", key).send(toolCall({ tool_name }))).status).toBe(201);
      const reused = await ctx.http.post(`/sessions/${session}/tool-calls`).set("idempotency-key", key).send(toolCall({ tool_name, arguments: { q: "y" } }));
      expect(expectProblem(reused, 422).code).toBe("IDEMPOTENCY_KEY_REUSED");
      expect((await ctx.http.get(`/sessions/${session}/stats`)).body.total_calls).toBe(1);
      expect((await ctx.http.get(`/tools/${tool_name}`)).body.total_calls).toBe(1);
    });

    it("does not remember a request rejected by validation: the key stays free for a valid request", async () => {
      const task = uniqueId("task");
      const key = uniqueId("idem");
      const invalid = await ctx.http.post(`/tasks/${task}/lessons`).set("idempotency-key", key).send(failure({ tier: 7 }));
      expect(expectProblem(invalid, 400).code).toBe("VALIDATION_FAILED");

      // Validation runs before the write, so the 400 never recorded the key: a corrected
      // request with the same key (and so another body) is the key's first request, not a 422 reuse.
      const valid = await ctx.http.post(`/tasks/${task}/lessons`).set("idempotency-key", key).send(failure());
      expect(valid.status).toBe(201);
      expect(valid.headers["idempotent-replayed"]).toBeUndefined();

      // For the same reason, repeating the invalid body after that is still a 400, not a 422 or a replay.
      const again = await ctx.http.post(`/tasks/${task}/lessons`).set("idempotency-key", key).send(failure({ tier: 7 }));
      expect(expectProblem(again, 400).code).toBe("VALIDATION_FAILED");
      expect(await capturedOf(task)).toBe(1);
    });

    it("replays a recorded tool call with the same id and records it only once", async () => {
      const session = uniqueId("session");
      const key = uniqueId("idem");
      const first = await ctx.http.post(`/sessions/${session}/tool-calls`).set("idempotency-key", key).send(toolCall());
      expect(first.status).toBe(201);
      expect(first.body.id).toBe("call-0001");

      const retry = await ctx.http.post(`/sessions/${session}/tool-calls`).set("idempotency-key", key).send(toolCall());
      expect(retry.status).toBe(201);
      expect(retry.headers["idempotent-replayed"]).toBe("true");
      expect(retry.headers.location).toBe(`/sessions/${session}/tool-calls/call-0001`);
      expect(retry.text).toBe(first.text);

      const stats = (await ctx.http.get(`/sessions/${session}/stats`)).body;
      expect(stats).toMatchObject({ total_calls: 1, failure_count: 1 });
      // Without a key, the same call is a new call.
      expect((await ctx.http.post(`/sessions/${session}/tool-calls`).send(toolCall())).body.id).toBe("call-0002");
    });

    it("accepts a key of 255 printable characters", async () => {
      const task = uniqueId("task");
      const key = `${uniqueId("idem")}~ !`.padEnd(255, "x");
      const created = await ctx.http.post(`/tasks/${task}/lessons`).set("idempotency-key", key).send(failure());
      expect(created.status).toBe(201);
      const replay = await ctx.http.post(`/tasks/${task}/lessons`).set("idempotency-key", key).send(failure());
      expect(replay.headers["idempotent-replayed"]).toBe("true");
      expect(replay.text).toBe(created.text);
    });

    it.each([
      ["longer than 255 characters", "k".repeat(256)],
      ["with a control character", "abc\tdef-0123456789"],
    ])("rejects a key %s as a 400 naming headers.idempotency-key", async (_case, key) => {
      const task = uniqueId("task");
      const response = await ctx.http.post(`/tasks/${task}/lessons`).set("idempotency-key", key).send(failure());
      const problem = expectProblem(response, 400);
      expect(problem.code).toBe("VALIDATION_FAILED");
      expect(problem.errors).toEqual([expect.objectContaining({ field: "headers.idempotency-key" })]);
      expect(await lessonsOf(task)).toEqual([]);
    });
  });

  describe("two tenants", () => {
    const ctx = useHttpApp(factory, { API_KEYS: `${KEY_A}:tenant-a,${KEY_B}:tenant-b` });

    it("lets each tenant use the same key independently", async () => {
      const task = uniqueId("task");
      const key = uniqueId("idem");
      const mine = await ctx.http.post(`/tasks/${task}/lessons`).set(auth(KEY_A)).set("idempotency-key", key).send(failure());
      const theirs = await ctx.http
        .post(`/tasks/${task}/lessons`)
        .set(auth(KEY_B))
        .set("idempotency-key", key)
        .send(failure({ error_message: "another tenant's failure" }));
      expect(mine.status).toBe(201);
      expect(theirs.status).toBe(201);
      expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
      expect(theirs.body.lesson_id).not.toBe(mine.body.lesson_id);

      const replay = await ctx.http.post(`/tasks/${task}/lessons`).set(auth(KEY_A)).set("idempotency-key", key).send(failure());
      expect(replay.headers["idempotent-replayed"]).toBe("true");
      expect(replay.text).toBe(mine.text);
      const listOf = async (apiKey: string) =>
        (await ctx.http.get(`/tasks/${task}/lessons`).set(auth(apiKey))).body.lessons.map((lesson: { lesson_id: string }) => lesson.lesson_id);
      expect(await listOf(KEY_A)).toEqual([mine.body.lesson_id]);
      expect(await listOf(KEY_B)).toEqual([theirs.body.lesson_id]);
    });
  });
});

describe("Idempotency-Key when the request fails on the server (redis store)", () => {
  const ctx = useHttpApp(redisStoreFactory());

  it("frees the key after a 500, so that a retry with the same key runs the request again", async () => {
    // Learn the store's key prefix from a first write, then plant a string where the task's lesson list
    // belongs: the capture's Lua script then fails with WRONGTYPE, a bug-class error that answers 500.
    const seed = uniqueId("task");
    expect((await ctx.http.post(`/tasks/${seed}/lessons`).send(failure())).status).toBe(201);
    const [seedKey] = (await keysWritten(ctx.store))!;
    const prefix = seedKey!.slice(0, seedKey!.indexOf(":{"));
    const task = uniqueId("task");
    const lessonsKey = `${prefix}:{default:task:${task}}:lessons`;
    const raw = rawRedis();
    try {
      await raw.set(lessonsKey, "not a list");
      const key = uniqueId("idem");
      const failed = await ctx.http.post(`/tasks/${task}/lessons`).set("idempotency-key", key).send(failure());
      expect(expectProblem(failed, 500).code).toBe("INTERNAL");

      await raw.del(lessonsKey);
      const retry = await ctx.http.post(`/tasks/${task}/lessons`).set("idempotency-key", key).send(failure());
      expect(retry.status).toBe(201);
      expect(retry.headers["idempotent-replayed"]).toBeUndefined();
      const replay = await ctx.http.post(`/tasks/${task}/lessons`).set("idempotency-key", key).send(failure());
      expect(replay.headers["idempotent-replayed"]).toBe("true");
      expect(replay.text).toBe(retry.text);
      expect((await ctx.http.get(`/tasks/${task}/lessons/stats`)).body.total_captured).toBe(1);
    } finally {
      await raw.quit();
    }
  });
});
