// GET /tasks, /sessions and /tools with ?prefix= over HTTP: matches in id order, pages with cursors of their own kind, bad input, on both stores.
import { describe, expect, it } from "vitest";
import { expectProblem, useHttpApp, type HttpContext } from "../helpers/http.js";
import { bothStores, keysWritten, type StoreFactory } from "../helpers/stores.js";

const lesson = (message: string) => ({ attempt_number: 1, tier: 1, error_type: "TypeError", error_message: message });
const call = (tool: string, outcome = "success") => ({ tool_name: tool, arguments: {}, outcome });

type Field = "tasks" | "sessions" | "tools";
const idOf = (item: Record<string, string>) => item.task_id ?? item.session_id ?? item.tool_name!;

/** Every page of a listing over HTTP, following next_cursor with the same query: the ids listed, and the page count. */
async function walk(ctx: HttpContext, path: string, field: Field, query: string) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const response = await ctx.http.get(`${path}?${query}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(response.status).toBe(200);
    ids.push(...(response.body[field] as Array<Record<string, string>>).map(idOf));
    cursor = response.body.next_cursor as string | null;
    pages += 1;
  } while (cursor && pages < 50);
  return { ids, pages };
}

// Written in another order than the ids', so that an order by id is not an order by activity.
const TASKS = ["build-2", "deploy-1", "build-10", "build", "build:x", "Build-3", "build-1"];
const MATCHES = ["build", "build-1", "build-10", "build-2", "build:x"];

describe.each(bothStores())("listings by prefix (%s store)", (_name, factory: StoreFactory) => {
  const ctx = useHttpApp(factory);

  async function writeAll() {
    for (const id of TASKS) {
      expect((await ctx.http.post(`/tasks/${id}/lessons`).send(lesson(`boom in ${id}`))).status).toBe(201);
      expect((await ctx.http.post(`/sessions/${id}/tool-calls`).send(call(id))).status).toBe(201);
    }
  }

  it("lists the tasks whose id starts with the prefix, in id order, each as the listing by activity shows it", async () => {
    await writeAll();
    const byPrefix = await ctx.http.get("/tasks?prefix=build");
    expect(byPrefix.status).toBe(200);
    const byActivity = (await ctx.http.get("/tasks")).body.tasks as Array<Record<string, string>>;
    expect(byPrefix.body).toEqual({ tasks: MATCHES.map((id) => byActivity.find((task) => task.task_id === id)), next_cursor: null });
    expect(byPrefix.body.tasks[0]).toEqual({
      task_id: "build",
      total_lessons: 1,
      total_captured: 1,
      by_category: { type: 1 },
      last_error_type: "TypeError",
      resolved: false,
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect((await ctx.http.get("/tasks?prefix=Build")).body).toEqual({ tasks: [expect.objectContaining({ task_id: "Build-3" })], next_cursor: null });
    expect((await ctx.http.get("/tasks?prefix=nothing-here")).body).toEqual({ tasks: [], next_cursor: null });
  });

  it("lists sessions and tools by prefix the same way", async () => {
    await writeAll();
    const sessions = await ctx.http.get("/sessions?prefix=build-1");
    expect(sessions.body).toEqual({
      sessions: [
        { session_id: "build-1", total_calls: 1, success_rate: 1, total_fixes_detected: 0, tools_tracked: 1, updated_at: expect.any(String) },
        { session_id: "build-10", total_calls: 1, success_rate: 1, total_fixes_detected: 0, tools_tracked: 1, updated_at: expect.any(String) },
      ],
      next_cursor: null,
    });
    const tools = await ctx.http.get("/tools?prefix=build-1");
    expect(tools.body).toEqual({
      tools: [
        { tool_name: "build-1", total_calls: 1, success_rate: 1, fixes_learned: 0, sessions_seen: 1, last_used_at: expect.any(String) },
        { tool_name: "build-10", total_calls: 1, success_rate: 1, fixes_learned: 0, sessions_seen: 1, last_used_at: expect.any(String) },
      ],
      next_cursor: null,
    });
    expect((await ctx.http.get("/tools?prefix=zzz")).body).toEqual({ tools: [], next_cursor: null });
    // Without prefix, the listing of tools by calls is as it was: one page, no cursor.
    expect(Object.keys((await ctx.http.get("/tools")).body)).toEqual(["tools"]);
  });

  it("walks every match exactly once, a page at a time, with prefix and cursor together", async () => {
    await writeAll();
    for (const [path, field] of [["/tasks", "tasks"], ["/sessions", "sessions"], ["/tools", "tools"]] as const) {
      for (const limit of [1, 2, 5, 6]) {
        const { ids, pages } = await walk(ctx, path, field, `prefix=build&limit=${limit}`);
        expect({ path, limit, ids, pages }).toEqual({ path, limit, ids: MATCHES, pages: Math.ceil(MATCHES.length / limit) });
      }
    }
    const first = await ctx.http.get("/tasks?prefix=build&limit=2");
    expect(first.body.tasks.map(idOf)).toEqual(["build", "build-1"]);
    const second = await ctx.http.get(`/tasks?limit=2&cursor=${first.body.next_cursor}&prefix=build`);
    expect(second.body.tasks.map(idOf)).toEqual(["build-10", "build-2"]);
    // A narrower prefix the cursor's id still starts with goes on after it.
    expect((await ctx.http.get(`/tasks?prefix=build-1&cursor=${first.body.next_cursor}`)).body.tasks.map(idOf)).toEqual(["build-10"]);
  });

  it("answers a bad prefix with a 400 problem naming querystring.prefix, and stores nothing", async () => {
    for (const path of ["/tasks", "/sessions", "/tools"]) {
      for (const prefix of ["", "a%20b", "a%7Bb%7D", "a%2Fb", "%C3%A9t%C3%A9", "x".repeat(129), "a*"]) {
        const problem = expectProblem(await ctx.http.get(`${path}?prefix=${prefix}`), 400);
        expect({ path, prefix, errors: problem.errors }).toEqual({ path, prefix, errors: [{ field: "querystring.prefix", message: expect.any(String) }] });
      }
    }
    expectProblem(await ctx.http.get("/tasks?prefix=a&prefix=b"), 400);
    const keys = await keysWritten(ctx.store);
    if (keys !== null) expect(keys).toEqual([]);
    expect((await ctx.http.get("/tasks?prefix=a")).body).toEqual({ tasks: [], next_cursor: null });
    // 128 characters is still a prefix.
    expect((await ctx.http.get(`/tasks?prefix=${"x".repeat(128)}`)).status).toBe(200);
  });

  it("refuses a cursor of the other kind of listing, of another prefix, or not made here, naming querystring.cursor", async () => {
    await writeAll();
    const byActivity = (await ctx.http.get("/tasks?limit=1")).body.next_cursor as string;
    const byPrefix = (await ctx.http.get("/tasks?prefix=build&limit=1")).body.next_cursor as string;
    const toolsByPrefix = (await ctx.http.get("/tools?prefix=build&limit=1")).body.next_cursor as string;
    expect([byActivity, byPrefix, toolsByPrefix]).toEqual([expect.any(String), expect.any(String), expect.any(String)]);
    const forged = Buffer.from("id:a b").toString("base64url");

    for (const [path, detail] of [
      [`/tasks?prefix=build&cursor=${byActivity}`, /listing without prefix/],
      [`/sessions?prefix=build&cursor=${byActivity}`, /listing without prefix/],
      [`/tasks?cursor=${byPrefix}`, /listing by prefix/],
      [`/sessions?cursor=${byPrefix}`, /listing by prefix/],
      [`/tasks?prefix=deploy&cursor=${byPrefix}`, /another prefix/],
      [`/tools?prefix=deploy&cursor=${toolsByPrefix}`, /another prefix/],
      [`/tools?cursor=${toolsByPrefix}`, /listing by prefix/],
      [`/tools?cursor=${byActivity}`, /only a listing by prefix takes a cursor/],
      [`/tools?prefix=build&cursor=${byActivity}`, /listing without prefix/],
      [`/tasks?prefix=build&cursor=${forged}`, /not one this service made/],
      ["/tasks?prefix=build&cursor=not-a-cursor", /not one this service made/],
    ] as const) {
      const problem = expectProblem(await ctx.http.get(path), 400);
      expect({ path, detail: problem.detail, errors: problem.errors }).toEqual({ path, detail: expect.stringMatching(detail), errors: [{ field: "querystring.cursor", message: expect.any(String) }] });
    }
  });
});
