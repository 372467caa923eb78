// Bad input to the procedural-memory routes: each is a 4xx problem+json naming what is wrong, and nothing is stored.
import { describe, expect, it } from "vitest";
import { uniqueId } from "../helpers/fixtures.js";
import { expectProblem, useHttpApp, type HttpContext } from "../helpers/http.js";
import { bothStores, type StoreFactory } from "../helpers/stores.js";

const valid = { tool_name: "t", arguments: { x: 1 }, outcome: "success" };

const fieldsOf = (problem: Record<string, unknown>) =>
  ((problem.errors ?? []) as Array<{ field: string }>).map((error) => error.field);

async function expectNothingStored(ctx: HttpContext, session: string): Promise<void> {
  const stats = await ctx.http.get(`/sessions/${session}/stats`);
  expect(stats.status).toBe(200);
  expect(stats.body).toMatchObject({ total_calls: 0, tools_tracked: 0, created_at: null });
  expect((await ctx.http.get(`/sessions/${session}/tool-calls`)).body.calls).toEqual([]);
}

/** A session with a fixed failure in it, and its exported memory. */
async function sessionWithData(ctx: HttpContext) {
  const session = uniqueId("session");
  for (const call of [
    { tool_name: "t", arguments: { x: 1 }, outcome: "failure", error_type: "unsat" },
    { tool_name: "t", arguments: { x: 2 }, outcome: "success" },
  ]) {
    expect((await ctx.http.post(`/sessions/${session}/tool-calls`).send(call)).status).toBe(201);
  }
  const memory = (await ctx.http.get(`/sessions/${session}/memory`)).body;
  return { session, memory };
}

describe.each(bothStores())("bad input to tool memory (%s store)", (_name, factory: StoreFactory) => {
  const ctx = useHttpApp(factory);

  it.each([
    ["a numeric tool name", { ...valid, tool_name: 5 }, "body.tool_name"],
    ["arguments that are an array", { ...valid, arguments: [1, 2] }, "body.arguments"],
    ["arguments that are a string", { ...valid, arguments: "x=1" }, "body.arguments"],
    ["a missing tool name", { arguments: {}, outcome: "success" }, "body.tool_name"],
    ["a missing outcome", { tool_name: "t" }, "body.outcome"],
    ["the outcome 'maybe'", { ...valid, outcome: "maybe" }, "body.outcome"],
    ["a 129-character tool name", { ...valid, tool_name: "t".repeat(129) }, "body.tool_name"],
    ["a tool name with a brace", { ...valid, tool_name: "bad{name" }, "body.tool_name"],
    ["a negative execution time", { ...valid, execution_time_ms: -1 }, "body.execution_time_ms"],
    ["a fractional execution time", { ...valid, execution_time_ms: 1.5 }, "body.execution_time_ms"],
    ["an empty goal", { ...valid, context_goal: "" }, "body.context_goal"],
    ["a numeric error type", { ...valid, error_type: 7 }, "body.error_type"],
    ["a preceding call id with a slash", { ...valid, preceding_call_id: "call/1" }, "body.preceding_call_id"],
    ["101 arguments", { ...valid, arguments: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`a${i}`, i])) }, "body.arguments"],
    ["arguments over 64 KiB of JSON", { ...valid, arguments: { blob: "x".repeat(65_536) } }, "body.arguments"],
  ])("rejects a call with %s with 400 naming the field, and stores nothing", async (_case, body, field) => {
    const session = uniqueId("session");
    const problem = expectProblem(await ctx.http.post(`/sessions/${session}/tool-calls`).send(body), 400);
    expect(problem.code).toBe("VALIDATION_FAILED");
    expect(fieldsOf(problem)).toContain(field);
    await expectNothingStored(ctx, session);
  });

  it("accepts arguments right at the limits: 100 keys, 64 KiB of JSON", async () => {
    const session = uniqueId("session");
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`a${i}`, i]));
    expect((await ctx.http.post(`/sessions/${session}/tool-calls`).send({ ...valid, arguments: many })).status).toBe(201);
    const blob = { blob: "x".repeat(65_536 - '{"blob":""}'.length) };
    expect((await ctx.http.post(`/sessions/${session}/tool-calls`).send({ ...valid, arguments: blob })).status).toBe(201);
  });

  it("rejects a call with an unknown field and stores nothing", async () => {
    const session = uniqueId("session");
    const problem = expectProblem(await ctx.http.post(`/sessions/${session}/tool-calls`).send({ ...valid, extra: 1 }), 400);
    expect(problem.code).toBe("VALIDATION_FAILED");
    expect(problem.detail).toContain("extra");
    await expectNothingStored(ctx, session);
  });

  it("names an unknown field by its path in errors[].field", async () => {
    const session = uniqueId("session");
    const problem = expectProblem(await ctx.http.post(`/sessions/${session}/tool-calls`).send({ ...valid, extra: 1 }), 400);
    expect(fieldsOf(problem)).toContain("body.extra");
  });

  it.each([
    ["129 characters long", "s".repeat(129)],
    ["containing a brace", "ses%7Bsion"],
    ["containing a space", "my%20session"],
  ])("rejects a session id %s", async (_case, session) => {
    const posted = expectProblem(await ctx.http.post(`/sessions/${session}/tool-calls`).send(valid), 400);
    expect(fieldsOf(posted)).toEqual(["params.session_id"]);
    expect(fieldsOf(expectProblem(await ctx.http.get(`/sessions/${session}/stats`), 400))).toEqual(["params.session_id"]);
    expectProblem(await ctx.http.put(`/sessions/${session}/memory`).send({}), 400);
    expectProblem(await ctx.http.delete(`/sessions/${session}/memory`), 400);
  });

  it("accepts a session id of exactly 128 characters", async () => {
    const session = `${uniqueId("s")}-`.padEnd(128, "x");
    const created = await ctx.http.post(`/sessions/${session}/tool-calls`).send(valid);
    expect(created.status).toBe(201);
    expect((await ctx.http.get(`/sessions/${session}/stats`)).body.total_calls).toBe(1);
  });

  it("rejects a tool name or call id in the path that breaks the id rules", async () => {
    const session = uniqueId("session");
    const longTool = expectProblem(await ctx.http.get(`/sessions/${session}/patterns/${"t".repeat(129)}`), 400);
    expect(fieldsOf(longTool)).toEqual(["params.tool_name"]);
    expect(fieldsOf(expectProblem(await ctx.http.get(`/sessions/${session}/patterns/a%7Bb%7D/hints?goal=g`), 400))).toEqual(["params.tool_name"]);
    expect(fieldsOf(expectProblem(await ctx.http.get(`/sessions/${session}/tool-calls/call%7B1`), 400))).toEqual(["params.call_id"]);
  });

  it("rejects malformed JSON with 400 and stores nothing", async () => {
    const session = uniqueId("session");
    const response = await ctx.http
      .post(`/sessions/${session}/tool-calls`)
      .set("content-type", "application/json")
      .send('{"tool_name":"t","outcome":');
    expect(expectProblem(response, 400).code).toBe("MALFORMED_BODY");
    await expectNothingStored(ctx, session);
  });

  it("rejects a __proto__ key in the body with 400, stores nothing and pollutes nothing", async () => {
    const session = uniqueId("session");
    const response = await ctx.http
      .post(`/sessions/${session}/tool-calls`)
      .set("content-type", "application/json")
      .send('{"tool_name":"t","outcome":"success","__proto__":{"x":1}}');
    expectProblem(response, 400);
    await expectNothingStored(ctx, session);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it("rejects a __proto__ key inside the arguments with 400", async () => {
    const session = uniqueId("session");
    const response = await ctx.http
      .post(`/sessions/${session}/tool-calls`)
      .set("content-type", "application/json")
      .send('{"tool_name":"t","outcome":"success","arguments":{"__proto__":{"polluted":true}}}');
    expectProblem(response, 400);
    await expectNothingStored(ctx, session);
  });

  it("rejects a body that is not JSON with 415", async () => {
    const session = uniqueId("session");
    const response = await ctx.http.post(`/sessions/${session}/tool-calls`).set("content-type", "text/plain").send("tool_name=t");
    expect(expectProblem(response, 415).code).toBe("UNSUPPORTED_MEDIA_TYPE");
    await expectNothingStored(ctx, session);
  });

  it("rejects a call body over the 1 MiB limit with 413 and stores nothing", async () => {
    const session = uniqueId("session");
    const response = await ctx.http
      .post(`/sessions/${session}/tool-calls`)
      .send({ ...valid, arguments: { blob: "b".repeat(1024 * 1024 + 10) } });
    expect(expectProblem(response, 413).code).toBe("BODY_TOO_LARGE");
    await expectNothingStored(ctx, session);
  });

  it.each([
    ["limit=0", "querystring.limit"],
    ["limit=abc", "querystring.limit"],
    ["limit=1001", "querystring.limit"],
    ["limit=2.5", "querystring.limit"],
    ["outcome=maybe", "querystring.outcome"],
    ["only_fixes=perhaps", "querystring.only_fixes"],
  ])("rejects a search with %s", async (query, field) => {
    const problem = expectProblem(await ctx.http.get(`/sessions/${uniqueId("session")}/tool-calls?${query}`), 400);
    expect(fieldsOf(problem)).toContain(field);
  });

  it.each([
    ["/prompt?max_recent_calls=-1", "querystring.max_recent_calls"],
    ["/prompt?max_recent_calls=51", "querystring.max_recent_calls"],
    ["/prompt?compact=sometimes", "querystring.compact"],
    ["/prompt?unknown=1", "querystring.unknown"],
    ["/prompt/summary?max_tools=0", "querystring.max_tools"],
    ["/patterns/t/fix", "querystring.error_type"],
    ["/patterns/t/hints?goal=", "querystring.goal"],
    ["/patterns/t/guidance", "querystring.error_type"],
    ["/patterns/t/template", "querystring.goal"],
  ])("rejects GET …%s with 400", async (path, field) => {
    const problem = expectProblem(await ctx.http.get(`/sessions/${uniqueId("session")}${path}`), 400);
    expect(fieldsOf(problem)).toContain(field);
  });

  it.each([
    ["tool_log that is not an array", (doc: Record<string, unknown>) => ({ ...doc, tool_log: {} }), "body.tool_log"],
    ["next_call_id 0", (doc: Record<string, unknown>) => ({ ...doc, next_call_id: 0 }), "body.next_call_id"],
    [
      "an entry with the outcome 'weird'",
      (doc: Record<string, unknown>) => ({ ...doc, tool_log: [{ ...(doc.tool_log as object[])[0], outcome: "weird" }] }),
      "body.tool_log.0.outcome",
    ],
    [
      "duplicate call ids",
      (doc: Record<string, unknown>) => {
        const [first] = doc.tool_log as object[];
        return { ...doc, tool_log: [first, first] };
      },
      "body.tool_log",
    ],
    [
      "a pattern filed under another tool's name",
      (doc: Record<string, unknown>) => {
        const patterns = doc.tool_patterns as Record<string, Record<string, unknown>>;
        return { ...doc, tool_patterns: { other: { ...patterns.t } } };
      },
      "body.tool_patterns.other.tool_name",
    ],
    ["a missing fix_relations", (doc: Record<string, unknown>) => ({ ...doc, fix_relations: undefined }), "body.fix_relations"],
    [
      "a pattern key that breaks the tool name rules",
      (doc: Record<string, unknown>) => ({ ...doc, tool_patterns: { "a{b}": { ...(doc.tool_patterns as Record<string, object>).t, tool_name: "a{b}" } } }),
      "body.tool_patterns",
    ],
  ])("rejects an import with %s and leaves the session's memory as it was", async (_case, corrupt, field) => {
    const { session, memory } = await sessionWithData(ctx);
    const problem = expectProblem(await ctx.http.put(`/sessions/${session}/memory`).send(corrupt(memory)), 400);
    expect(problem.code).toBe("VALIDATION_FAILED");
    expect(fieldsOf(problem).some((name) => name.startsWith(field))).toBe(true);
    expect((await ctx.http.get(`/sessions/${session}/memory`)).body).toEqual(memory);
    expect((await ctx.http.get(`/sessions/${session}/stats`)).body).toMatchObject({ total_calls: 2, total_fixes_detected: 1 });
  });

  it("rejects an import that is not JSON or is empty, leaving the memory as it was", async () => {
    const { session, memory } = await sessionWithData(ctx);
    const broken = await ctx.http.put(`/sessions/${session}/memory`).set("content-type", "application/json").send("{");
    expectProblem(broken, 400);
    expectProblem(await ctx.http.put(`/sessions/${session}/memory`).send({}), 400);
    expect((await ctx.http.get(`/sessions/${session}/memory`)).body).toEqual(memory);
  });

  it("does not create a session when an import into a new session is rejected", async () => {
    const { memory } = await sessionWithData(ctx);
    const fresh = uniqueId("session");
    expectProblem(await ctx.http.put(`/sessions/${fresh}/memory`).send({ ...memory, next_call_id: 0 }), 400);
    await expectNothingStored(ctx, fresh);
  });
});
