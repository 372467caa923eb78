// The procedural-memory prompt blocks over HTTP: <procedural_memory> and its options, the summary, error guidance and success templates.
import { describe, expect, it } from "vitest";
import { uniqueId } from "../helpers/fixtures.js";
import { expectProblem, useHttpApp, type HttpContext } from "../helpers/http.js";
import { bothStores, type StoreFactory } from "../helpers/stores.js";

const FIXED_SESSION_PROMPT = [
  "<procedural_memory>",
  '<tool_memory name="t">',
  "<recent_calls>",
  "  [✓] ok (fixed prior by: x:1->2)",
  "  [✗] null (fixed by call-0002)",
  "</recent_calls>",
  "",
  "<patterns>",
  "  success_rate: 50% (2 calls)",
  "  <common_errors>",
  "    - unsat -> fix: change x: 1 -> 2",
  "  </common_errors>",
  "  <success_hints>",
  "    - Fixed by: x:1->2",
  "  </success_hints>",
  "</patterns>",
  "</tool_memory>",
  "</procedural_memory>",
].join("\n");

async function recordAll(ctx: HttpContext, session: string, calls: Array<Record<string, unknown>>): Promise<void> {
  for (const call of calls) {
    expect((await ctx.http.post(`/sessions/${session}/tool-calls`).send(call)).status).toBe(201);
  }
}

/** A session where `t` failed with {x: 1} (unsat), then succeeded with {x: 2} and result "ok". */
async function fixedSession(ctx: HttpContext, extra: Record<string, unknown> = {}): Promise<string> {
  const session = uniqueId("session");
  await recordAll(ctx, session, [
    { tool_name: "t", arguments: { x: 1 }, outcome: "failure", error_type: "unsat" },
    { tool_name: "t", arguments: { x: 2 }, outcome: "success", result: "ok", ...extra },
  ]);
  return session;
}

describe.each(bothStores())("procedural memory prompts (%s store)", (_name, factory: StoreFactory) => {
  const ctx = useHttpApp(factory);
  const text = (path: string) => ctx.http.get(path).set("Accept", "text/plain");

  it("renders a failure and its fix as the exact <procedural_memory> text", async () => {
    const session = await fixedSession(ctx);
    const response = await text(`/sessions/${session}/prompt`);
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    expect(response.text).toBe(FIXED_SESSION_PROMPT + "\n");
  });

  it("wraps the same text in JSON unless text/plain is asked for", async () => {
    const session = await fixedSession(ctx);
    const response = await ctx.http.get(`/sessions/${session}/prompt`);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.body).toEqual({ session_id: session, prompt: FIXED_SESSION_PROMPT });

    const both = await ctx.http.get(`/sessions/${session}/prompt`).set("Accept", "text/plain, application/json");
    expect(both.body).toEqual({ session_id: session, prompt: FIXED_SESSION_PROMPT });
  });

  it("leaves out the success rate line when compact", async () => {
    const session = await fixedSession(ctx);
    const response = await text(`/sessions/${session}/prompt?compact=true`);
    expect(response.text).toBe(FIXED_SESSION_PROMPT.replace("  success_rate: 50% (2 calls)\n", "") + "\n");
    expect(response.text).not.toContain("success_rate");
  });

  it("adds measured execution times to call lines with include_timing", async () => {
    const session = await fixedSession(ctx, { execution_time_ms: 123 });
    const response = await text(`/sessions/${session}/prompt?include_timing=true`);
    expect(response.text).toContain("  [✓] ok (fixed prior by: x:1->2) [123ms]\n  [✗] null (fixed by call-0002)\n");
    expect((await text(`/sessions/${session}/prompt`)).text).not.toContain("123ms");
  });

  it("shows the first three arguments and how many more with include_args", async () => {
    const session = uniqueId("session");
    await recordAll(ctx, session, [
      { tool_name: "t", arguments: { a: 1, b: 2, c: 3, d: 4, e: 5 }, outcome: "success", result: "ok" },
      { tool_name: "t", outcome: "success", result: "no args" },
    ]);
    const response = await text(`/sessions/${session}/prompt?include_args=true`);
    expect(response.text).toBe(
      [
        "<procedural_memory>",
        '<tool_memory name="t">',
        "<recent_calls>",
        "  [✓] no args",
        "  [✓] ok",
        "    args: a=1, b=2, c=3, ...+2",
        "</recent_calls>",
        "</tool_memory>",
        "</procedural_memory>",
      ].join("\n") + "\n",
    );
    expect((await text(`/sessions/${session}/prompt`)).text).not.toContain("args:");
  });

  it("shows only the tools asked for, in the order asked, skipping unknown ones", async () => {
    const session = uniqueId("session");
    await recordAll(ctx, session, [
      { tool_name: "t", arguments: { x: 1 }, outcome: "success", result: "t-result" },
      { tool_name: "u", arguments: { y: 1 }, outcome: "success", result: "u-result" },
    ]);
    const onlyU = await text(`/sessions/${session}/prompt?tools=u`);
    expect(onlyU.text).toBe('<procedural_memory>\n<tool_memory name="u">\n<recent_calls>\n  [✓] u-result\n</recent_calls>\n</tool_memory>\n</procedural_memory>' + "\n");

    const both = (await text(`/sessions/${session}/prompt?tools=u,%20missing,t`)).text;
    expect(both.indexOf('<tool_memory name="u">')).toBeLessThan(both.indexOf('<tool_memory name="t">'));
    expect(both).toContain("</tool_memory>\n\n<tool_memory");
    expect(both).not.toContain("missing");
  });

  it("gives an empty prompt when the tools asked for have no history", async () => {
    const session = await fixedSession(ctx);
    const json = await ctx.http.get(`/sessions/${session}/prompt?tools=never_called`);
    expect(json.status).toBe(200);
    expect(json.body).toEqual({ session_id: session, prompt: "" });

    const empty = uniqueId("session");
    expect((await ctx.http.get(`/sessions/${empty}/prompt`)).body).toEqual({ session_id: empty, prompt: "" });
    expect((await text(`/sessions/${empty}/prompt`)).text).toBe("");
  });

  it("limits the recent calls shown per tool with max_recent_calls", async () => {
    const session = uniqueId("session");
    const calls = ["r1", "r2", "r3", "r4", "r5"].map((result) => ({ tool_name: "t", outcome: "success", result }));
    await recordAll(ctx, session, calls);
    const byDefault = (await text(`/sessions/${session}/prompt`)).text;
    expect(byDefault).toContain("  [✓] r5\n  [✓] r4\n  [✓] r3\n</recent_calls>");
    const one = (await text(`/sessions/${session}/prompt?max_recent_calls=1`)).text;
    expect(one).toContain("<recent_calls>\n  [✓] r5\n</recent_calls>");
  });

  it("limits the error patterns shown with max_error_patterns, keeping the latest", async () => {
    const session = uniqueId("session");
    const calls = ["e1", "e2", "e3", "e4"].map((error_type, i) => ({
      tool_name: "t",
      arguments: { i },
      outcome: "failure",
      error_type,
    }));
    await recordAll(ctx, session, calls);
    const byDefault = (await text(`/sessions/${session}/prompt`)).text;
    expect(byDefault).toContain("  <common_errors>\n    - e2\n    - e3\n    - e4\n  </common_errors>");
    const one = (await text(`/sessions/${session}/prompt?max_error_patterns=1`)).text;
    expect(one).toContain("  <common_errors>\n    - e4\n  </common_errors>");
  });

  it("renders the exact session summary", async () => {
    const session = await fixedSession(ctx);
    const response = await text(`/sessions/${session}/prompt/summary?max_tools=5`);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    expect(response.text).toBe(
      "<procedural_memory_summary>\n  Total: 2 calls, 50% success, 1 fixes detected\n\n  Most used tools:\n    - t: 2 calls, 50% success\n      last error: unsat\n</procedural_memory_summary>" + "\n",
    );
    const json = await ctx.http.get(`/sessions/${session}/prompt/summary`);
    // The same text, as rendered: text/plain only ends its last line.
    expect(json.body).toEqual({ session_id: session, prompt: response.text.slice(0, -1) });
  });

  it("lists only the most used tools in the summary, up to max_tools", async () => {
    const session = await fixedSession(ctx);
    await recordAll(ctx, session, [{ tool_name: "u", outcome: "success" }]);
    const one = (await text(`/sessions/${session}/prompt/summary?max_tools=1`)).text;
    expect(one).toContain("    - t: 2 calls, 50% success\n");
    expect(one).not.toContain("- u:");
    expect(one).toContain("  Total: 3 calls, 67% success, 1 fixes detected");
  });

  it("gives an empty summary for a session without history", async () => {
    const session = uniqueId("session");
    expect((await ctx.http.get(`/sessions/${session}/prompt/summary`)).body).toEqual({ session_id: session, prompt: "" });
  });

  it("renders the exact error guidance for an error type that was fixed", async () => {
    const session = await fixedSession(ctx);
    const response = await text(`/sessions/${session}/patterns/t/guidance?error_type=unsat`);
    expect(response.status).toBe(200);
    expect(response.text).toBe(
      '<error_guidance tool="t" error="unsat">\n  Previous fix: x:1->2\n  Past fixes:\n    - call-0001 -> call-0002\n</error_guidance>' + "\n",
    );
    const json = await ctx.http.get(`/sessions/${session}/patterns/t/guidance?error_type=unsat`);
    // The same text, as rendered: text/plain only ends its last line.
    expect(json.body).toEqual({ session_id: session, prompt: response.text.slice(0, -1) });
  });

  it("says so when no fix is known for the error type, and 404s for a tool without calls", async () => {
    const session = await fixedSession(ctx);
    const response = await text(`/sessions/${session}/patterns/t/guidance?error_type=overflow`);
    expect(response.text).toBe(
      '<error_guidance tool="t" error="overflow">\n  No previous fixes found for this error type.\n</error_guidance>' + "\n",
    );
    expectProblem(await ctx.http.get(`/sessions/${session}/patterns/u/guidance?error_type=unsat`), 404);
  });

  it("renders a success template of the arguments that fixed a failure for a matching goal", async () => {
    const session = uniqueId("session");
    await recordAll(ctx, session, [
      { tool_name: "t", arguments: { path: "reports/x.txt", mode: "w" }, outcome: "failure", error_type: "EACCES", context_goal: "Write the report" },
      { tool_name: "t", arguments: { path: "/home/me/report.txt", mode: "w", retries: 2 }, outcome: "success", context_goal: "Write the Report to disk" },
    ]);
    const response = await text(`/sessions/${session}/patterns/t/template?goal=report`);
    expect(response.status).toBe(200);
    expect(response.text).toBe(
      '<success_template tool="t" goal="report">\n  Recommended args based on past success:\n    path: /home/me/report.txt\n    mode: w\n    retries: 2\n</success_template>' + "\n",
    );
    const json = await ctx.http.get(`/sessions/${session}/patterns/t/template?goal=report`);
    // The same text, as rendered: text/plain only ends its last line.
    expect(json.body).toEqual({ session_id: session, prompt: response.text.slice(0, -1) });
  });

  it("answers 404 for a template when no success matches the goal", async () => {
    const session = await fixedSession(ctx, { context_goal: "solve the puzzle" });
    expect((await text(`/sessions/${session}/patterns/t/template?goal=PUZZLE`)).text).toBe(
      '<success_template tool="t" goal="PUZZLE">\n  Recommended args based on past success:\n    x: 2\n</success_template>' + "\n",
    );
    expectProblem(await ctx.http.get(`/sessions/${session}/patterns/t/template?goal=deploy`), 404);
    expectProblem(await ctx.http.get(`/sessions/${session}/patterns/nope/template?goal=puzzle`), 404);
  });

  it("answers 404 for a template when the matching success had no arguments to recommend", async () => {
    const session = uniqueId("session");
    await recordAll(ctx, session, [
      { tool_name: "t", arguments: { verbose: true }, outcome: "failure" },
      { tool_name: "t", arguments: {}, outcome: "success", context_goal: "list everything" },
    ]);
    // The fix is known (it removed an argument), but it leaves no argument hints to template.
    expect((await ctx.http.get(`/sessions/${session}/patterns/t/hints?goal=list`)).body.arg_hints).toEqual({});
    expectProblem(await ctx.http.get(`/sessions/${session}/patterns/t/template?goal=list`), 404);
  });
});
