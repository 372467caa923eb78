// Bad input to the lessons API: a clear 4xx problem+json, and nothing stored.
import { afterEach, describe, expect, it } from "vitest";
import { bothStores, keysWritten, type StoreFactory } from "../helpers/stores.js";
import { expectProblem, useHttpApp } from "../helpers/http.js";

const valid = { attempt_number: 1, tier: 1, error_type: "TypeError", error_message: "boom" };
const TASK = "bad-input-task";

describe.each(bothStores())("lessons API rejects bad input (%s store)", (_name, factory: StoreFactory) => {
  const ctx = useHttpApp(factory);

  afterEach(async () => {
    // Whatever was rejected, nothing reached the store.
    const stats = await ctx.http.get(`/tasks/${TASK}/lessons/stats`);
    expect(stats.body).toMatchObject({ total_lessons: 0, total_captured: 0 });
    const keys = await keysWritten(ctx.store);
    if (keys !== null) expect(keys).toEqual([]);
  });

  it.each([
    ["a wrong type", { ...valid, attempt_number: "one" }, "body.attempt_number"],
    ["a fractional attempt", { ...valid, attempt_number: 1.5 }, "body.attempt_number"],
    ["attempt 0", { ...valid, attempt_number: 0 }, "body.attempt_number"],
    ["tier 4", { ...valid, tier: 4 }, "body.tier"],
    ["a missing error_type", { attempt_number: 1, tier: 1, error_message: "boom" }, "body.error_type"],
    ["an empty error_type", { ...valid, error_type: "" }, "body.error_type"],
    ["a 201-character error_type", { ...valid, error_type: "E".repeat(201) }, "body.error_type"],
    ["a negative duration", { ...valid, duration_ms: -1 }, "body.duration_ms"],
    ["negative tokens", { ...valid, tokens_used: -5 }, "body.tokens_used"],
    ["an unknown field", { ...valid, severity: "low" }, "body.severity"],
  ])("rejects %s with 400 naming the field", async (_case, body, field) => {
    const problem = expectProblem(await ctx.http.post(`/tasks/${TASK}/lessons`).send(body), 400);
    expect(problem.code).toBe("VALIDATION_FAILED");
    expect((problem.errors as Array<{ field: string }>).map((error) => error.field)).toContain(field);
  });

  it.each([
    ["129 characters", "t".repeat(129)],
    ["a brace", "task{1}"],
    ["a space", "task%201"],
    ["a slash", "a%2Fb"],
  ])("rejects a task id with %s", async (_case, taskId) => {
    const problem = expectProblem(await ctx.http.post(`/tasks/${taskId}/lessons`).send(valid), 400);
    expect((problem.errors as Array<{ field: string }>)[0]!.field).toBe("params.task_id");
    expectProblem(await ctx.http.get(`/tasks/${taskId}/lessons`), 400);
  });

  it("rejects malformed JSON", async () => {
    const response = await ctx.http
      .post(`/tasks/${TASK}/lessons`)
      .set("content-type", "application/json")
      .send('{"attempt_number": 1, "tier":');
    expect(expectProblem(response, 400).code).toBe("MALFORMED_BODY");
  });

  it("rejects a __proto__ key", async () => {
    const response = await ctx.http
      .post(`/tasks/${TASK}/lessons`)
      .set("content-type", "application/json")
      .send('{"attempt_number":1,"tier":1,"error_type":"E","error_message":"m","__proto__":{"polluted":true}}');
    expectProblem(response, 400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("rejects a body over the body limit with 413 that names the limit and the setting that raises it", async () => {
    const response = await ctx.http
      .post(`/tasks/${TASK}/lessons`)
      .send({ ...valid, error_message: "x".repeat(1_100_000) });
    const problem = expectProblem(response, 413);
    expect(problem.code).toBe("BODY_TOO_LARGE");
    expect(problem.detail).toBe("The body is larger than the 1048576 bytes this route accepts; the service's BODY_LIMIT_BYTES setting raises the limit.");
  });

  it("rejects a body that is not JSON with 415", async () => {
    const response = await ctx.http.post(`/tasks/${TASK}/lessons`).set("content-type", "text/plain").send("hello");
    expectProblem(response, 415);
  });

  it.each(["limit=0", "limit=abc", "limit=10001", "limit=", "other=1"])("rejects the list query %s", async (query) => {
    expectProblem(await ctx.http.get(`/tasks/${TASK}/lessons?${query}`), 400);
  });

  it.each(["max_lessons=0", "max_lessons=-1", "max_lessons=x"])("rejects the prompt query %s", async (query) => {
    expectProblem(await ctx.http.get(`/tasks/${TASK}/lessons/prompt?${query}`), 400);
  });

  it("answers an unknown route with a 404 problem", async () => {
    expect(expectProblem(await ctx.http.get("/no/such/route"), 404).code).toBe("ROUTE_NOT_FOUND");
  });
});
