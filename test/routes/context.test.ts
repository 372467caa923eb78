// GET /context over HTTP: one block from the task, the session and the tenant, within its token budget, on both stores.
import { describe, expect, it } from "vitest";
import { tokenCounter } from "../../src/domain/context/tokens.js";
import { uniqueId } from "../helpers/fixtures.js";
import { expectProblem, useHttpApp, type HttpContext } from "../helpers/http.js";
import { bothStores, keysWritten, type StoreFactory } from "../helpers/stores.js";

async function ok(request: PromiseLike<{ status: number; body: unknown }>) {
  const response = await request;
  expect(response.status).toBeLessThan(300);
  return response;
}

/** Task `done` resolved a timeout; task `todo` hit it three times and a TypeError; sessions learned search's fix. */
async function scene(ctx: HttpContext) {
  const [done, todo, session] = [uniqueId("task"), uniqueId("task"), uniqueId("session")];
  const lesson = (task: string, attempt: number, type: string, message: string) =>
    ok(ctx.http.post(`/tasks/${task}/lessons`).send({ attempt_number: attempt, tier: 2, error_type: type, error_message: message }));
  await lesson(done, 1, "TimeoutError", "Request to /srv/build.sh timed out after 30s");
  await ok(ctx.http.put(`/tasks/${done}/resolution`).send({ attempt_number: 2, approach: "run the build with --jobs 1" }));
  for (const n of [1, 2, 3]) await lesson(todo, n, "TimeoutError", `Request to /srv/x.sh timed out after ${n * 10}s`);
  await lesson(todo, 4, "TypeError", "bad operand");
  for (const learner of [uniqueId("session"), uniqueId("session")]) {
    await ok(ctx.http.post(`/sessions/${learner}/tool-calls`).send({ tool_name: "search", arguments: { limit: 0 }, outcome: "failure", error_type: "ValueError" }));
    await ok(ctx.http.post(`/sessions/${learner}/tool-calls`).send({ tool_name: "search", arguments: { limit: 10 }, outcome: "success" }));
  }
  await ok(ctx.http.post(`/sessions/${session}/tool-calls`).send({ tool_name: "read_file", arguments: { path: "a" }, outcome: "success", result: "ok" }));
  return { done, todo, session };
}

describe.each(bothStores())("GET /context (%s store)", (_name, factory: StoreFactory) => {
  const ctx = useHttpApp(factory);

  it("puts what worked, the grouped lessons, the session's and the tenant's tool memory in one block", async () => {
    const { done, todo, session } = await scene(ctx);
    const path = `/context?task_id=${todo}&session_id=${session}&tools=read_file,search`;
    const text = await ctx.http.get(path).set("Accept", "text/plain");
    expect(text.status).toBe(200);
    expect(text.headers["content-type"]).toMatch(/^text\/plain/);
    expect(text.text).toBe(
      [
        "## WHAT WORKED",
        `Known fix for TimeoutError (worked in task ${done}): run the build with --jobs 1`,
        "",
        "## LEARNINGS FROM PREVIOUS ATTEMPTS",
        "",
        "PREVIOUS ATTEMPT #4 FAILED:",
        "Error Type: TypeError",
        "Error: bad operand",
        "Hypothesized Fix: Check variable types. Ensure correct attribute access.",
        "",
        "REPEATED FAILURE (seen 3 times, last on attempt #3):",
        "Error Type: TimeoutError",
        "Error: Request to /srv/x.sh timed out after 30s",
        "Hypothesized Fix: Reduce task complexity. Consider breaking into smaller steps.",
        "",
        "<procedural_memory>",
        '<tool_memory name="read_file">',
        "<recent_calls>",
        "  [✓] ok",
        "</recent_calls>",
        "</tool_memory>",
        "</procedural_memory>",
        "",
        '<shared_tool_knowledge name="search">',
        "  success_rate: 50% (4 calls in 2 sessions)",
        "  <known_fixes>",
        // The tenant's section is the service's own: its fix reads as fix_text, values whole.
        "    - ValueError (x2) -> fix: change limit: 0 → 10 (worked 2x)",
        "  </known_fixes>",
        "</shared_tool_knowledge>",
      ].join("\n") + "\n",
    );

    const json = await ctx.http.get(path);
    const count = await tokenCounter();
    // The same block, as rendered and counted: text/plain only ends its last line.
    const block = text.text.slice(0, -1);
    expect(json.body).toEqual({
      prompt: block,
      tokens: count(block),
      max_tokens: 2000,
      encoding: "o200k_base",
      sections: [
        { name: "what_worked", items: 1, omitted: 0 },
        { name: "lessons", items: 2, omitted: 0 },
        { name: "procedural_memory", items: 1, omitted: 0 },
        { name: "shared_tool_knowledge", items: 1, omitted: 0 },
      ],
    });
  });

  it("drops the lowest sections first and the oldest items first to fit the budget, and says what it left out", async () => {
    const { todo, session } = await scene(ctx);
    const path = `/context?task_id=${todo}&session_id=${session}&tools=read_file,search`;
    const whole = (await ctx.http.get(path)).body.prompt as string;
    // A budget a little over what worked plus the newest failure, well under the next item.
    const count = await tokenCounter();
    const budget = count(whole.slice(0, whole.indexOf("\n\nREPEATED FAILURE"))) + 5;
    const response = await ctx.http.get(`${path}&max_tokens=${budget}`);
    expect(response.status).toBe(200);
    const { prompt, tokens, sections } = response.body;
    expect(response.body.max_tokens).toBe(budget);
    expect(tokens).toBeLessThanOrEqual(budget);
    expect(tokens).toBe((await tokenCounter())(prompt));
    expect(sections.map((s: { items: number; omitted: number }) => [s.items, s.omitted])).toEqual([
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 1],
    ]);
    // The newest failure stays; the older repeated one, the tool memory and the shared knowledge go.
    expect(prompt).toContain("PREVIOUS ATTEMPT #4 FAILED:");
    expect(prompt).not.toContain("REPEATED FAILURE");
    expect(prompt).not.toContain("procedural_memory");
  });

  it("shows no result summary for a call that reported none, where the session's own prompt keeps the tool memory's `[✓] null`", async () => {
    const session = uniqueId("session");
    await ok(ctx.http.post(`/sessions/${session}/tool-calls`).send({ tool_name: "write_file", arguments: { path: "a" }, outcome: "success" }));
    const block = (await ctx.http.get(`/context?session_id=${session}`)).body.prompt as string;
    expect(block).toContain("<recent_calls>\n  [✓]\n</recent_calls>");
    const own = (await ctx.http.get(`/sessions/${session}/prompt`)).body.prompt as string;
    expect(own).toContain("<recent_calls>\n  [✓] null\n</recent_calls>");
  });

  it("serves a session alone, the task's own resolution first, and an empty block when nothing is known", async () => {
    const { done, session } = await scene(ctx);
    const sessionOnly = await ctx.http.get(`/context?session_id=${session}`).set("Accept", "text/plain");
    expect(sessionOnly.text).toMatch(/^<procedural_memory>\n<tool_memory name="read_file">/);
    const own = await ctx.http.get(`/context?task_id=${done}`).set("Accept", "text/plain");
    expect(own.text.split("\n").slice(0, 3)).toEqual(["## WHAT WORKED", "Attempt #2 succeeded: run the build with --jobs 1", ""]);
    const nothing = await ctx.http.get(`/context?task_id=${uniqueId("task")}`);
    expect(nothing.body).toMatchObject({ prompt: "", tokens: 0 });
  });

  it("rejects no ids, a budget outside 50-100000 and bad tools with 400 problems, and stores nothing", async () => {
    for (const query of ["", "max_tokens=500", "task_id=t&max_tokens=10", "task_id=t&max_tokens=100001", "task_id=t&max_tokens=x", "session_id=s&tools=bad%20name", "task_id=t&other=1", "task_id=bad%7B"]) {
      expectProblem(await ctx.http.get(`/context?${query}`), 400);
    }
    const keys = await keysWritten(ctx.store);
    if (keys !== null) expect(keys.filter((key) => !key.includes(":ratelimit:"))).toEqual([]);
  });
});
