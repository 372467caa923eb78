// How the API answers the HTTP around its data: methods, Accept, media types, missing fields, and consistent nulls.
import { describe, expect, it } from "vitest";
import { preferredType } from "../../src/routes/content-negotiation.js";
import { buildTestApp } from "../helpers/app.js";
import { uniqueId } from "../helpers/fixtures.js";
import { expectProblem, useHttpApp } from "../helpers/http.js";
import { bothStores, type StoreFactory } from "../helpers/stores.js";

const failure = (overrides: Record<string, unknown>) => ({
  attempt_number: 1,
  tier: 1,
  error_type: "TypeError",
  error_message: "'NoneType' object has no attribute 'get'",
  ...overrides,
});

const fieldsOf = (problem: Record<string, unknown>) =>
  ((problem.errors ?? []) as Array<{ field: string; message: string }>).map((error) => error.field);

describe("choosing a reply type from Accept", () => {
  const prompt = ["application/json", "text/plain"];

  it.each([
    [undefined, "application/json"],
    ["", "application/json"],
    ["*/*", "application/json"],
    ["text/plain", "text/plain"],
    ["text/*", "text/plain"],
    ["application/json;q=0.5, text/plain", "text/plain"],
    ["text/plain;q=0.4, application/json;q=0.9", "application/json"],
    ["text/plain, application/json", "application/json"],
    ["*/*;q=0.1, text/plain", "text/plain"],
    ["text/plain;q=0, */*", "application/json"],
    ["image/png", null],
    ["application/json;q=0, text/plain;q=0", null],
    ["text/plain; charset=utf-8; q=0.8, application/json; q=0.7", "text/plain"],
  ])("Accept %j gets %s", (accept, expected) => {
    expect(preferredType(accept, prompt)).toBe(expected);
  });
});

describe.each(bothStores())("HTTP semantics (%s store)", (_name, factory: StoreFactory) => {
  const ctx = useHttpApp(factory);

  it("answers 405 with Allow for a method a known path does not take, and 404 for an unknown path", async () => {
    const task = uniqueId("task");
    const response = await ctx.http.patch(`/tasks/${task}/lessons`).send({});
    const wrong = expectProblem(response, 405);
    expect(wrong.code).toBe("METHOD_NOT_ALLOWED");
    expect(wrong.detail).toContain("PATCH");
    expect(response.headers.allow).toBe("DELETE, GET, HEAD, POST");
    expect((await ctx.http.put("/health/live")).headers.allow).toBe("GET, HEAD");
    expect(expectProblem(await ctx.http.get(`/tasks/${task}/nothing-here`), 404).code).toBe("ROUTE_NOT_FOUND");
    // The 405 stored nothing.
    expect((await ctx.http.get(`/tasks/${task}/lessons`)).body.lessons).toEqual([]);
  });

  it("sends a prompt as text only when Accept prefers text/plain, by q-value", async () => {
    const task = uniqueId("task");
    await ctx.http.post(`/tasks/${task}/lessons`).send(failure({}));
    const asText = await ctx.http.get(`/tasks/${task}/lessons/prompt`).set("accept", "application/json;q=0.5, text/plain");
    expect(asText.headers["content-type"]).toMatch(/^text\/plain/);
    expect(asText.text).toContain("PREVIOUS ATTEMPT #1 FAILED");
    const asJson = await ctx.http.get(`/tasks/${task}/lessons/prompt`).set("accept", "text/plain;q=0.2, application/json");
    expect(asJson.headers["content-type"]).toMatch(/^application\/json/);
    expect(asJson.body.prompt).toBe(asText.text);
  });

  it("ends a text/plain prompt's last line with a newline, as a terminal or a file expects, and leaves the JSON prompt as rendered", async () => {
    const session = uniqueId("session");
    await ctx.http.post(`/sessions/${session}/tool-calls`).send({ tool_name: "t", arguments: {}, outcome: "success", result: "ok" });
    const asJson = await ctx.http.get(`/sessions/${session}/prompt`);
    expect(asJson.body.prompt.endsWith("</procedural_memory>")).toBe(true);
    const asText = await ctx.http.get(`/sessions/${session}/prompt`).set("accept", "text/plain");
    expect(asText.text).toBe(`${asJson.body.prompt}\n`);
    // A prompt that ends its last line already (the lessons block) gets no second newline; an empty one stays empty.
    const task = uniqueId("task");
    await ctx.http.post(`/tasks/${task}/lessons`).send(failure({}));
    const lessons = await ctx.http.get(`/tasks/${task}/lessons/prompt`);
    expect((await ctx.http.get(`/tasks/${task}/lessons/prompt`).set("accept", "text/plain")).text).toBe(lessons.body.prompt);
    expect((await ctx.http.get(`/tasks/${uniqueId("task")}/lessons/prompt`).set("accept", "text/plain")).text).toBe("");
  });

  it("says that JSON is expected when a body is sent as something else, and stores nothing", async () => {
    const task = uniqueId("task");
    const response = await ctx.http.post(`/tasks/${task}/lessons`).set("content-type", "text/plain").send("attempt 1 failed");
    const problem = expectProblem(response, 415);
    expect(problem.detail).toMatch(/must be JSON.*application\/json.*text\/plain/);
    expect((await ctx.http.get(`/tasks/${task}/lessons`)).body.lessons).toEqual([]);
  });

  it("names a missing field as required, whatever its type", async () => {
    const problem = expectProblem(await ctx.http.post(`/tasks/${uniqueId("task")}/lessons`).send({ error_type: "E", error_message: "m" }), 400);
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        { field: "body.attempt_number", message: "is required" },
        { field: "body.tier", message: "is required" },
      ]),
    );
  });

  it("names every bad part of a request at once: the path, the body and the query", async () => {
    const bad = await ctx.http.post("/sessions/bad{id}/tool-calls").send({ tool_name: 7, outcome: "success" });
    const problem = expectProblem(bad, 400);
    expect(fieldsOf(problem)).toEqual(expect.arrayContaining(["params.session_id", "body.tool_name"]));
    const lessons = await ctx.http.get("/tasks/a{b}/lessons?limit=0");
    expect(fieldsOf(expectProblem(lessons, 400))).toEqual(["params.task_id", "querystring.limit"]);
  });

  it("imports a memory with only its history, filling the times, and keeps times null for a session never seen", async () => {
    const source = uniqueId("session");
    await ctx.http.post(`/sessions/${source}/tool-calls`).send({ tool_name: "t", arguments: { x: 1 }, outcome: "failure" });
    await ctx.http.post(`/sessions/${source}/tool-calls`).send({ tool_name: "t", arguments: { x: 2 }, outcome: "success" });
    const exported = (await ctx.http.get(`/sessions/${source}/memory`)).body;
    const { tool_log } = exported;
    // As the Python's to_dict() writes them: patterns without success_rate, relations without detected_at.
    const tool_patterns = Object.fromEntries(
      Object.entries(exported.tool_patterns as Record<string, Record<string, unknown>>).map(([name, { success_rate: _rate, ...rest }]) => [name, rest]),
    );
    const fix_relations = (exported.fix_relations as Array<Record<string, unknown>>).map(({ detected_at: _at, ...rest }) => rest);

    const target = uniqueId("session");
    const fresh = await ctx.http.get(`/sessions/${target}/memory`);
    expect(fresh.body).toMatchObject({ session_id: target, created_at: null, updated_at: null, tool_log: [] });
    expect((await ctx.http.get(`/sessions/${target}/stats`)).body).toMatchObject({ created_at: null });

    expect((await ctx.http.put(`/sessions/${target}/memory`).send({ tool_log, tool_patterns, fix_relations })).status).toBe(204);
    const imported = (await ctx.http.get(`/sessions/${target}/memory`)).body;
    expect(imported).toMatchObject({ session_id: target, tool_log, next_call_id: 3, tool_patterns: { t: { success_rate: 0.5 } } });
    expect(imported.fix_relations).toMatchObject([{ failed_call_id: "call-0001", success_call_id: "call-0002", detected_at: imported.created_at }]);
    expect(Date.parse(imported.created_at)).not.toBeNaN();
    expect((await ctx.http.get(`/sessions/${target}/stats`)).body.created_at).toBe(imported.created_at);
  });

  it("returns an empty or absent model as null, like every other field a report leaves out", async () => {
    const task = uniqueId("task");
    const empty = await ctx.http.post(`/tasks/${task}/lessons`).send(failure({ model: "" }));
    expect(empty.body.model).toBeNull();
    const absent = await ctx.http.post(`/tasks/${task}/lessons`).send(failure({ model: undefined }));
    expect(absent.body.model).toBeNull();
  });

  it("files a failure without an error type under 'unknown', where fix, search and guidance all find it", async () => {
    const session = uniqueId("session");
    const calls = [
      { tool_name: "fetch", arguments: { url: "http://a" }, outcome: "failure" },
      { tool_name: "fetch", arguments: { url: "http://b" }, outcome: "success" },
    ];
    for (const call of calls) expect((await ctx.http.post(`/sessions/${session}/tool-calls`).send(call)).status).toBe(201);

    const pattern = (await ctx.http.get(`/sessions/${session}/patterns/fetch`)).body;
    expect(pattern.error_patterns).toMatchObject([{ error_type: "unknown", count: 1, fix_delta: { changed: { url: { from: "http://a", to: "http://b" } } } }]);
    const fix = await ctx.http.get(`/sessions/${session}/patterns/fetch/fix?error_type=unknown`);
    expect(fix.status).toBe(200);
    expect(fix.body.fix_delta).toEqual({ changed: { url: { from: "http://a", to: "http://b" } } });
    const found = (await ctx.http.get(`/sessions/${session}/tool-calls?error_type=unknown`)).body.calls;
    expect(found.map((call: { id: string }) => call.id)).toEqual(["call-0001"]);
    const shared = await ctx.http.get(`/tools/fetch/fix?error_type=unknown`);
    expect(shared.status).toBe(200);
    // A later failure without an error type is told the fix the tenant learned.
    const again = await ctx.http.post(`/sessions/${uniqueId("session")}/tool-calls`).send(calls[0]);
    expect(again.body.known_fix).toMatchObject({ fix_delta: { changed: { url: { from: "http://a", to: "http://b" } } } });
  });

  it("answers 404, not 405, for an unknown path when CORS answers OPTIONS on every path", async () => {
    const app = await buildTestApp(ctx.store, { CORS_ORIGINS: "https://dashboard.example" });
    try {
      const unknown = await app.inject({ method: "GET", url: "/no-such-path" });
      expect(unknown.statusCode).toBe(404);
      const wrong = await app.inject({ method: "PATCH", url: "/health/live" });
      expect(wrong.statusCode).toBe(405);
      expect(wrong.headers.allow).toBe("GET, HEAD");
    } finally {
      await app.close();
    }
  });

  it("rejects unknown query parameters on the health probes too", async () => {
    const problem = expectProblem(await ctx.http.get("/health/live?verbose=1"), 400);
    expect(fieldsOf(problem)).toEqual(["querystring.verbose"]);
  });
});
