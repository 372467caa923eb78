// What an attacker with an ordinary write key sends: each input is refused with a 400 that names it and stores nothing, or accepted with what is kept bounded and no secret kept.
import { describe, expect, it } from "vitest";
import { expectProblem, useHttpApp } from "../helpers/http.js";
import { aLesson, uniqueId } from "../helpers/fixtures.js";
import { bothStores, type StoreFactory } from "../helpers/stores.js";

const failure = (message: string) => ({ attempt_number: 1, tier: 1, error_type: "E", error_message: message });

/** JSON text with `\ud800` written as an escape, the way a client sends a lone surrogate. */
const withLoneSurrogate = (body: unknown) => JSON.stringify(body).replace("LONE", "\\ud800");

/** The fields a 400 names. */
const fieldsOf = (problem: Record<string, unknown>) => problem.errors as Array<{ field: string; message: string }>;

/** Arrays inside one another `depth` levels deep. */
const nested = (depth: number) => JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`) as unknown;

describe.each(bothStores())("hostile input (%s store)", (_name, factory: StoreFactory) => {
  const ctx = useHttpApp(factory);

  it("refuses a lone surrogate in a lesson with a 400 naming the field, and stores nothing", async () => {
    const task = uniqueId("task");
    const refused = await ctx.http.post(`/tasks/${task}/lessons`).set("content-type", "application/json").send(withLoneSurrogate(failure("bad LONE text")));
    expect(fieldsOf(expectProblem(refused, 400))).toEqual([{ field: "body.error_message", message: expect.stringContaining("lone surrogate") }]);
    expect((await ctx.http.get(`/tasks/${task}/lessons`)).body.lessons).toEqual([]);
    expect((await ctx.http.get("/tasks")).body.tasks.map((item: { task_id: string }) => item.task_id)).not.toContain(task);
  });

  it("refuses a lone surrogate in an argument's name", async () => {
    const session = uniqueId("session");
    const call = { tool_name: "search", arguments: { LONE: 1 }, outcome: "success" };
    const refused = await ctx.http.post(`/sessions/${session}/tool-calls`).set("content-type", "application/json").send(withLoneSurrogate(call));
    expect(fieldsOf(expectProblem(refused, 400))[0]?.field).toBe("body.arguments.\ufffd");
    expect((await ctx.http.get(`/sessions/${session}/stats`)).body.total_calls).toBe(0);
  });

  it("refuses a body nested deeper than 64 levels with a 400 before anything walks it, and stores nothing", async () => {
    const session = uniqueId("session");
    const refused = await ctx.http.post(`/sessions/${session}/tool-calls`).send({ tool_name: "t", arguments: { deep: nested(3000) }, outcome: "success" });
    expect(fieldsOf(expectProblem(refused, 400))[0]).toMatchObject({ field: expect.stringMatching(/^body\.arguments\.deep(\.0)+$/), message: expect.stringContaining("64") });
    expect((await ctx.http.get(`/sessions/${session}/stats`)).body.total_calls).toBe(0);
    // 63 levels inside the body's own object are fine.
    expect((await ctx.http.post(`/sessions/${session}/tool-calls`).send({ tool_name: "t", arguments: { deep: nested(61) }, outcome: "success" })).status).toBe(201);
  });

  it("refuses a member name of more than 4096 characters anywhere in a body, a result's included", async () => {
    const session = uniqueId("session");
    const refused = await ctx.http.post(`/sessions/${session}/tool-calls`).send({ tool_name: "t", outcome: "success", result: { ["K".repeat(150_000)]: 1 } });
    expect(fieldsOf(expectProblem(refused, 400))[0]).toMatchObject({ field: `body.result.${"K".repeat(40)}…`, message: expect.stringContaining("4096") });
    expect((await ctx.http.get(`/sessions/${session}/stats`)).body.total_calls).toBe(0);
    expect((await ctx.http.post(`/sessions/${session}/tool-calls`).send({ tool_name: "t", outcome: "success", result: { ["K".repeat(4096)]: 1 } })).status).toBe(201);
  });

  it("keeps a result's status and error to 100 characters in the summary and the type, however long they are", async () => {
    const session = uniqueId("session");
    const huge = "s".repeat(900_000);
    const recorded = await ctx.http.post(`/sessions/${session}/tool-calls`).send({ tool_name: "t", outcome: "failure", error_type: "E", result: { status: huge } });
    expect(recorded.status).toBe(201);
    expect(recorded.body.result_summary).toBe(`status=${"s".repeat(97)}...`);
    expect(recorded.body.result_type).toHaveLength(100);
    const [kept] = (await ctx.http.get(`/sessions/${session}/tool-calls`)).body.calls as Array<{ result_summary: string; result_type: string }>;
    expect(kept!.result_summary.length + kept!.result_type.length).toBeLessThanOrEqual(207);
    const errored = await ctx.http.post(`/sessions/${session}/tool-calls`).send({ tool_name: "t", outcome: "failure", error_type: "E", result: { error: huge } });
    expect(errored.body.result_summary).toHaveLength("error: ".length + 100);
  });

  it("takes a lesson of 100,000 capital letters, keeps 500 of them, and answers /context", async () => {
    const task = uniqueId("task");
    const captured = await ctx.http.post(`/tasks/${task}/lessons`).send(failure("A".repeat(100_000)));
    expect(captured.status).toBe(201);
    expect(captured.body.error_message).toHaveLength(500);
    expect((await ctx.http.get(`/context?task_id=${task}`)).status).toBe(200);
  });

  it("answers 404, not 500, for paths the dashboard's files refuse", async () => {
    for (const path of ["/dashboard/....//....//etc/passwd", "/dashboard/api.js%00.html", "/dashboard/no-such-file.js"]) {
      expectProblem(await ctx.http.get(path), 404);
    }
  });

  it("lists a task whose stored lesson holds a lone surrogate (kept before they were refused), and every other task with it", async () => {
    const [bad, good] = [uniqueId("task"), uniqueId("task")];
    await ctx.store.captureLesson({ tenant: "default", taskId: bad }, aLesson({ task_id: bad, error_type: "E\ud800", error_message: "x\ud800y" }), null);
    expect((await ctx.http.post(`/tasks/${good}/lessons`).send(failure("fine"))).status).toBe(201);
    const listed = await ctx.http.get("/tasks");
    expect(listed.status).toBe(200);
    const byId = new Map((listed.body.tasks as Array<{ task_id: string; last_error_type: string }>).map((item) => [item.task_id, item]));
    expect(byId.get(good)?.last_error_type).toBe("E");
    expect(byId.get(bad)?.last_error_type).toMatch(/^E./u);
  });
});
