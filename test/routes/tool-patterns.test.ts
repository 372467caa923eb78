// What a tool's history teaches, over HTTP: per-tool patterns, the known fix for an error type, and argument hints for a goal.
import { describe, expect, it } from "vitest";
import { uniqueId } from "../helpers/fixtures.js";
import { expectProblem, useHttpApp, type HttpContext } from "../helpers/http.js";
import { bothStores, type StoreFactory } from "../helpers/stores.js";

async function recordAll(ctx: HttpContext, session: string, calls: Array<Record<string, unknown>>): Promise<void> {
  for (const call of calls) {
    expect((await ctx.http.post(`/sessions/${session}/tool-calls`).send(call)).status).toBe(201);
  }
}

describe.each(bothStores())("tool patterns (%s store)", (_name, factory: StoreFactory) => {
  const ctx = useHttpApp(factory);

  it("learns counts, rates, argument values, errors, fixes and timing per tool", async () => {
    const session = uniqueId("session");
    await recordAll(ctx, session, [
      { tool_name: "solve", arguments: { q: "a" }, outcome: "failure", error_type: "unsat", context_goal: "solve puzzle", execution_time_ms: 10 },
      { tool_name: "solve", arguments: { q: "b" }, outcome: "timeout", error_type: "unsat", context_goal: "other goal" },
      { tool_name: "solve", arguments: { q: "c", n: 1 }, outcome: "success", context_goal: "solve puzzle", execution_time_ms: 30 },
      { tool_name: "solve", arguments: { q: "a" }, outcome: "partial", execution_time_ms: 0 },
    ]);

    const response = await ctx.http.get(`/sessions/${session}/patterns/solve`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      tool_name: "solve",
      total_calls: 4,
      success_count: 1,
      failure_count: 2,
      success_rate: 0.25,
      common_args: { q: ["a", "b", "c"], n: [1] },
      error_patterns: [
        {
          error_type: "unsat",
          count: 2,
          contexts: ["solve puzzle", "other goal"],
          example_args: { q: "a" },
          typical_fix: "add n; change q: b -> c",
          fix_delta: { added: { n: 1 }, changed: { q: { from: "b", to: "c" } } },
        },
      ],
      success_patterns: [
        {
          goal_match: "solve puzzle",
          arg_hints: { q: "c", n: 1 },
          example_call_id: "call-0003",
          delta_that_fixed: { added: { n: 1 }, changed: { q: { from: "b", to: "c" } } },
        },
      ],
      avg_execution_ms: 20,
      timed_calls: 2,
      updated_at: expect.any(String),
    });
  });

  it("files a failure without an error type under 'unknown'", async () => {
    const session = uniqueId("session");
    await recordAll(ctx, session, [{ tool_name: "t", arguments: { x: 1 }, outcome: "failure" }]);
    const pattern = (await ctx.http.get(`/sessions/${session}/patterns/t`)).body;
    expect(pattern.error_patterns).toEqual([
      { error_type: "unknown", count: 1, contexts: [], example_args: { x: 1 }, typical_fix: null, fix_delta: null },
    ]);
    expect(pattern.avg_execution_ms).toBeNull();
    expect(pattern.timed_calls).toBe(0);
  });

  it("lists every tool's pattern keyed by name, in order of first use", async () => {
    const session = uniqueId("session");
    await recordAll(ctx, session, [
      { tool_name: "zeta", outcome: "success" },
      { tool_name: "alpha", outcome: "failure", arguments: { x: 1 } },
      { tool_name: "zeta", outcome: "failure" },
      { tool_name: "mid", outcome: "cancelled" },
    ]);
    const response = await ctx.http.get(`/sessions/${session}/patterns`);
    expect(response.status).toBe(200);
    expect(response.body.session_id).toBe(session);
    expect(Object.keys(response.body.patterns)).toEqual(["zeta", "alpha", "mid"]);
    expect(response.body.patterns.zeta).toMatchObject({ tool_name: "zeta", total_calls: 2, success_count: 1, failure_count: 1, success_rate: 0.5 });
    expect(response.body.patterns.mid).toMatchObject({ total_calls: 1, success_count: 0, failure_count: 0, success_rate: 0 });

    const one = await ctx.http.get(`/sessions/${session}/patterns/alpha`);
    expect(one.body).toEqual(response.body.patterns.alpha);
  });

  it("lists tools whose names are also object property names like any other, and refuses __proto__", async () => {
    const session = uniqueId("session");
    await recordAll(ctx, session, [
      { tool_name: "constructor", arguments: { x: 1 }, outcome: "failure" },
      { tool_name: "constructor", arguments: { x: 2 }, outcome: "success" },
      { tool_name: "toString", outcome: "success" },
    ]);
    // A tool named __proto__ could not be a key of the patterns object, so it is refused up front.
    const refused = await ctx.http.post(`/sessions/${session}/tool-calls`).send({ tool_name: "__proto__", outcome: "success" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].field).toBe("body.tool_name");

    expect((await ctx.http.get(`/sessions/${session}/stats`)).body.tools_tracked).toBe(2);
    expect((await ctx.http.get(`/sessions/${session}/patterns/constructor`)).body.total_calls).toBe(2);
    const listed = (await ctx.http.get(`/sessions/${session}/patterns`)).body.patterns;
    expect(Object.keys(listed)).toEqual(["constructor", "toString"]);
    const exported = (await ctx.http.get(`/sessions/${session}/memory`)).body.tool_patterns;
    expect(Object.keys(exported)).toEqual(["constructor", "toString"]);
  });

  it("gives an empty pattern list for a session without calls", async () => {
    const session = uniqueId("session");
    const response = await ctx.http.get(`/sessions/${session}/patterns`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ session_id: session, patterns: {} });
  });

  it("answers 404 for the pattern of a tool with no calls", async () => {
    const session = uniqueId("session");
    await recordAll(ctx, session, [{ tool_name: "used", outcome: "success" }]);
    expectProblem(await ctx.http.get(`/sessions/${session}/patterns/unused`), 404);
    expectProblem(await ctx.http.get(`/sessions/${uniqueId("session")}/patterns/used`), 404);
  });

  it("gives the known fix for an error type", async () => {
    const session = uniqueId("session");
    await recordAll(ctx, session, [
      { tool_name: "t", arguments: { x: 1 }, outcome: "failure", error_type: "unsat" },
      { tool_name: "t", arguments: { x: 2 }, outcome: "success" },
    ]);
    const response = await ctx.http.get(`/sessions/${session}/patterns/t/fix?error_type=unsat`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ fix_delta: { changed: { x: { from: 1, to: 2 } } }, typical_fix: "change x: 1 -> 2" });
  });

  it("keeps the latest fix of an error type", async () => {
    const session = uniqueId("session");
    await recordAll(ctx, session, [
      { tool_name: "t", arguments: { x: 1 }, outcome: "failure", error_type: "unsat" },
      { tool_name: "t", arguments: { x: 2 }, outcome: "success" },
      { tool_name: "t", arguments: { x: 3 }, outcome: "failure", error_type: "unsat" },
      { tool_name: "t", arguments: { x: 3, hint: "y" }, outcome: "success" },
    ]);
    const response = await ctx.http.get(`/sessions/${session}/patterns/t/fix?error_type=unsat`);
    expect(response.body).toEqual({ fix_delta: { added: { hint: "y" } }, typical_fix: "add hint" });
  });

  it("answers 404 when no fix is known for the error type or tool", async () => {
    const session = uniqueId("session");
    await recordAll(ctx, session, [
      { tool_name: "t", arguments: { x: 1 }, outcome: "failure", error_type: "unsat" },
      { tool_name: "t", arguments: { x: 1 }, outcome: "failure", error_type: "never-fixed" },
      { tool_name: "t", arguments: { x: 2 }, outcome: "success" },
    ]);
    // The success fixed the newer failure (never-fixed), so unsat has no known fix.
    expectProblem(await ctx.http.get(`/sessions/${session}/patterns/t/fix?error_type=unsat`), 404);
    expect((await ctx.http.get(`/sessions/${session}/patterns/t/fix?error_type=never-fixed`)).status).toBe(200);
    expectProblem(await ctx.http.get(`/sessions/${session}/patterns/t/fix?error_type=other`), 404);
    expectProblem(await ctx.http.get(`/sessions/${session}/patterns/nope/fix?error_type=unsat`), 404);
  });

  it("gives the arguments of the first fix whose goal contains the asked goal, case-insensitively", async () => {
    const session = uniqueId("session");
    await recordAll(ctx, session, [
      { tool_name: "read", arguments: { path: "/a" }, outcome: "failure" },
      { tool_name: "read", arguments: { path: "/etc/app.conf" }, outcome: "success", context_goal: "Read the CONFIG" },
      { tool_name: "read", arguments: { path: "/b" }, outcome: "failure" },
      { tool_name: "read", arguments: { path: "/etc/other.conf", mode: "r" }, outcome: "success", context_goal: "read config again" },
    ]);
    const response = await ctx.http.get(`/sessions/${session}/patterns/read/hints?goal=config`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ tool_name: "read", goal: "config", arg_hints: { path: "/etc/app.conf" } });

    const again = await ctx.http.get(`/sessions/${session}/patterns/read/hints?goal=AGAIN`);
    expect(again.body).toEqual({ tool_name: "read", goal: "AGAIN", arg_hints: { path: "/etc/other.conf", mode: "r" } });
  });

  it("answers 404 for hints when no success matches the goal", async () => {
    const session = uniqueId("session");
    await recordAll(ctx, session, [
      { tool_name: "read", arguments: { path: "/a" }, outcome: "failure" },
      { tool_name: "read", arguments: { path: "/b" }, outcome: "success", context_goal: "read config" },
      { tool_name: "plain", arguments: { v: 1 }, outcome: "success", context_goal: "read config" },
    ]);
    expectProblem(await ctx.http.get(`/sessions/${session}/patterns/read/hints?goal=deploy`), 404);
    // A success that fixed nothing teaches no hints.
    expectProblem(await ctx.http.get(`/sessions/${session}/patterns/plain/hints?goal=config`), 404);
    expectProblem(await ctx.http.get(`/sessions/${session}/patterns/missing/hints?goal=config`), 404);
  });
});
