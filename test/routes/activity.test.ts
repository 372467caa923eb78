// GET /tasks, /sessions and /overview over HTTP: pages with cursors, what is never listed, bad input, tenants, on both stores.
import { describe, expect, it } from "vitest";
import { manualClock } from "../helpers/clock.js";
import { uniqueId } from "../helpers/fixtures.js";
import { expectProblem, useHttpApp, type HttpContext } from "../helpers/http.js";
import { bothStores, memoryStoreFactory, type StoreFactory } from "../helpers/stores.js";

const lesson = (message: string, type = "TypeError") => ({ attempt_number: 1, tier: 1, error_type: type, error_message: message });

/** A timeline's counts added up (its times left out). */
function totalsOf(timeline: Array<Record<string, number | string>>): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const point of timeline) for (const [field, value] of Object.entries(point)) if (typeof value === "number") totals[field] = (totals[field] ?? 0) + value;
  return totals;
}

/** Every item of a listing, page by page over HTTP. */
async function walk(ctx: HttpContext, path: string, field: "tasks" | "sessions", limit: number, headers: Record<string, string> = {}) {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const response = await ctx.http.get(`${path}?limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`).set(headers);
    expect(response.status).toBe(200);
    ids.push(...(response.body[field] as Array<Record<string, string>>).map((item) => item.task_id ?? item.session_id!));
    cursor = response.body.next_cursor as string | null;
  } while (cursor);
  return ids;
}

describe.each(bothStores())("listings and overview (%s store)", (_name, factory: StoreFactory) => {
  const clock = manualClock();
  const ctx = useHttpApp(factory, {}, { clock: clock.now });

  it("lists tasks most recently active first, a page at a time, with their failures by category", async () => {
    const tasks = [uniqueId("task"), uniqueId("task"), uniqueId("task")];
    // Writes a few ms apart, so that their order is by time and not by the ids of equal times.
    const apart = () => clock.advance(5);
    for (const task of tasks) {
      expect((await ctx.http.post(`/tasks/${task}/lessons`).send(lesson("boom"))).status).toBe(201);
      apart();
    }
    await ctx.http.post(`/tasks/${tasks[0]}/lessons`).send(lesson("Request timed out after 30s", "TimeoutError"));

    const first = await ctx.http.get("/tasks?limit=2");
    expect(first.status).toBe(200);
    expect(first.body.tasks[0]).toEqual({
      task_id: tasks[0],
      total_lessons: 2,
      total_captured: 2,
      by_category: { type: 1, timeout: 1 },
      last_error_type: "TimeoutError",
      resolved: false,
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(first.body.tasks).toHaveLength(2);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    expect(await walk(ctx, "/tasks", "tasks", 1)).toEqual([tasks[0], tasks[2], tasks[1]]);
  });

  it("lists sessions with their success rate, and forgets reset ones and cleared tasks", async () => {
    const [kept, reset] = [uniqueId("session"), uniqueId("session")];
    await ctx.http.post(`/sessions/${kept}/tool-calls`).send({ tool_name: "t", arguments: { a: 1 }, outcome: "failure" });
    await ctx.http.post(`/sessions/${kept}/tool-calls`).send({ tool_name: "t", arguments: { a: 2 }, outcome: "success" });
    await ctx.http.post(`/sessions/${reset}/tool-calls`).send({ tool_name: "t", arguments: {}, outcome: "success" });
    expect((await ctx.http.delete(`/sessions/${reset}/memory`)).status).toBe(204);
    const task = uniqueId("task");
    await ctx.http.post(`/tasks/${task}/lessons`).send(lesson("x"));
    expect((await ctx.http.delete(`/tasks/${task}/lessons`)).status).toBe(204);

    const sessions = await ctx.http.get("/sessions");
    expect(sessions.body).toEqual({
      sessions: [{ session_id: kept, total_calls: 2, success_rate: 0.5, total_fixes_detected: 1, tools_tracked: 1, updated_at: expect.any(String) }],
      next_cursor: null,
    });
    expect((await ctx.http.get("/tasks")).body).toEqual({ tasks: [], next_cursor: null });
  });

  it("answers the overview: active tasks and sessions, failures by category, a timeline", async () => {
    await ctx.http.post(`/tasks/${uniqueId("task")}/lessons`).send(lesson("Request timed out", "TimeoutError"));
    await ctx.http.post(`/sessions/${uniqueId("session")}/tool-calls`).send({ tool_name: "t", arguments: {}, outcome: "success" });

    const hour = await ctx.http.get("/overview");
    expect(hour.status).toBe(200);
    expect(hour.body).toMatchObject({
      window: "hour",
      tasks: { active_last_hour: 1, active_last_day: 1 },
      sessions: { active_last_hour: 1, active_last_day: 1 },
      failures_by_category: { timeout: 1 },
    });
    expect(hour.body.timeline).toHaveLength(60);
    // Summed over the window, so a write and a read on two sides of a minute's edge still agree.
    expect(totalsOf(hour.body.timeline)).toMatchObject({ lessons: 1, tool_calls: 1, successes: 1, fixes: 0 });
    const day = await ctx.http.get("/overview?window=day");
    expect(day.body.timeline).toHaveLength(24);
    expect(totalsOf(day.body.timeline)).toMatchObject({ lessons: 1, tool_calls: 1 });
  });

  it("answers a week of hours, the tokens and time failed attempts spent, and latency per tool", async () => {
    await ctx.http.post(`/tasks/${uniqueId("task")}/lessons`).send({ ...lesson("boom"), tokens_used: 1500, duration_ms: 4200 });
    await ctx.http.post(`/tasks/${uniqueId("task")}/lessons`).send({ ...lesson("boom"), tokens_used: 500 });
    const session = uniqueId("session");
    for (const ms of [12, 15, 18, 400]) {
      await ctx.http.post(`/sessions/${session}/tool-calls`).send({ tool_name: "search", arguments: { ms }, outcome: "success", execution_time_ms: ms });
    }
    await ctx.http.post(`/sessions/${session}/tool-calls`).send({ tool_name: "untimed", arguments: {}, outcome: "success" });

    const week = await ctx.http.get("/overview?window=week");
    expect(week.status).toBe(200);
    expect(week.body.window).toBe("week");
    expect(week.body.timeline).toHaveLength(168);
    expect(totalsOf(week.body.timeline)).toMatchObject({ lessons: 2, tokens_used: 2000, duration_ms: 4200, tool_calls: 5 });
    expect(Date.parse(week.body.timeline[0].at)).toBe(Date.parse(week.body.timeline.at(-1).at) - 167 * 3_600_000);
    expect(week.body.latency_since).toBe(week.body.timeline[0].at);
    expect(week.body.tool_latency).toEqual([{ tool_name: "search", calls: 4, p50_ms: expect.any(Number), p95_ms: expect.any(Number) }]);
    const [search] = week.body.tool_latency;
    // Within a bucket (×1.58) of the true median (15-18 ms) and 95th percentile (400 ms).
    expect(search.p50_ms).toBeGreaterThan(10);
    expect(search.p50_ms).toBeLessThanOrEqual(25.2);
    expect(search.p95_ms).toBeGreaterThan(251);
    expect(search.p95_ms).toBeLessThanOrEqual(631);
    const hour = await ctx.http.get("/overview");
    expect(hour.body.tool_latency).toEqual(week.body.tool_latency);
    expect(Date.parse(hour.body.latency_since) % 3_600_000).toBe(0);
  });

  it("answers a tool's calls and successes per hour, its latency and its most recent sessions", async () => {
    const [first, second] = [uniqueId("session"), uniqueId("session")];
    for (const [session, outcome, ms] of [[first, "failure", 30], [first, "success", 20], [second, "success", 25]] as const) {
      await ctx.http.post(`/sessions/${session}/tool-calls`).send({ tool_name: "fetch", arguments: { ms }, outcome, execution_time_ms: ms });
      // A few ms apart, so that the sessions' order is by time and not by the ids of equal times.
      clock.advance(5);
    }
    const day = await ctx.http.get("/tools/fetch/activity");
    expect(day.status).toBe(200);
    expect(day.body).toMatchObject({ tool_name: "fetch", window: "day", latency: { calls: 3, p50_ms: expect.any(Number), p95_ms: expect.any(Number) } });
    expect(day.body.timeline).toHaveLength(24);
    expect(day.body.timeline.every((point: { at: string }) => point.at.endsWith(":00:00.000Z"))).toBe(true);
    expect(totalsOf(day.body.timeline)).toEqual({ calls: 3, successes: 2 });
    expect(day.body.recent_sessions.map((s: { session_id: string }) => s.session_id)).toEqual([second, first]);
    const week = await ctx.http.get("/tools/fetch/activity?window=week");
    expect(week.body.timeline).toHaveLength(168);
    expect(week.body.timeline.reduce((sum: number, p: { calls: number }) => sum + p.calls, 0)).toBe(3);
    const nobody = await ctx.http.get("/tools/never-called/activity");
    expect(nobody.status).toBe(200);
    expect(nobody.body.latency).toBeNull();
    expect(nobody.body.recent_sessions).toEqual([]);
  });

  it("answers bad limits, cursors and parameters with a 400 problem naming the field", async () => {
    for (const [path, field] of [
      ["/tasks?limit=0", "querystring.limit"],
      ["/tasks?limit=1001", "querystring.limit"],
      ["/sessions?limit=ten", "querystring.limit"],
      ["/tasks?cursor=not-a-cursor", "querystring.cursor"],
      ["/sessions?cursor=%25%25", "querystring.cursor"],
      ["/overview?window=month", "querystring.window"],
      ["/tools/fetch/activity?window=hour", "querystring.window"],
      ["/tools/a%20b/activity", "params.tool_name"],
    ] as const) {
      const problem = expectProblem(await ctx.http.get(path), 400);
      expect(problem.errors).toEqual([{ field, message: expect.any(String) }]);
    }
    expectProblem(await ctx.http.get("/tasks?offset=5"), 400);
  });
});

describe("listings with API keys", () => {
  const KEY_A = "listing-test-key-alpha-01234567";
  const KEY_B = "listing-test-key-bravo-76543210";
  const ctx = useHttpApp(memoryStoreFactory, { API_KEYS: `${KEY_A}:tenant-a,${KEY_B}:tenant-b` });

  it("shows each tenant only its own tasks and sessions, and nothing without a key", async () => {
    const asA = { authorization: `Bearer ${KEY_A}` };
    const asB = { authorization: `Bearer ${KEY_B}` };
    const [taskA, taskB] = [uniqueId("task"), uniqueId("task")];
    await ctx.http.post(`/tasks/${taskA}/lessons`).set(asA).send(lesson("a"));
    await ctx.http.post(`/tasks/${taskB}/lessons`).set(asB).send(lesson("b"));
    await ctx.http.post(`/sessions/${uniqueId("session")}/tool-calls`).set(asB).send({ tool_name: "t", arguments: {}, outcome: "success" });

    expect(await walk(ctx, "/tasks", "tasks", 10, asA)).toEqual([taskA]);
    expect(await walk(ctx, "/tasks", "tasks", 10, asB)).toEqual([taskB]);
    expect(await walk(ctx, "/sessions", "sessions", 10, asA)).toEqual([]);
    expect((await ctx.http.get("/overview").set(asA)).body.sessions).toEqual({ active_last_hour: 0, active_last_day: 0 });
    for (const path of ["/tasks", "/sessions", "/overview"]) expectProblem(await ctx.http.get(path), 401);
  });
});
