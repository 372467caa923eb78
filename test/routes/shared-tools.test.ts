// Shared tool knowledge over HTTP: a fix learned in one session reaches another's failure, the /tools routes and shared prompts.
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../helpers/app.js";
import { uniqueId } from "../helpers/fixtures.js";
import { expectProblem, useHttpApp, type HttpContext } from "../helpers/http.js";
import { bothStores, keysWritten, lostReplyOnce, type StoreFactory } from "../helpers/stores.js";
import supertest from "supertest";

const VALUE_ERROR = { tool_name: "search", arguments: { q: "cats", limit: 0 }, outcome: "failure", error_type: "ValueError", context_goal: "find cats" };
const FIXED = { tool_name: "search", arguments: { q: "cats", limit: 10 }, outcome: "success", result: ["a"], context_goal: "find cats" };
// fix_text is the fix in words for people and agents (values whole), served beside the tool memory's typical_fix.
const LIMIT_FIX = { fix_delta: { changed: { limit: { from: 0, to: 10 } } }, typical_fix: "change limit: 0 -> 10", fix_text: "change limit: 0 → 10" };

async function recordAll(ctx: HttpContext, session: string, calls: Array<Record<string, unknown>>) {
  const bodies = [];
  for (const call of calls) {
    const response = await ctx.http.post(`/sessions/${session}/tool-calls`).send(call);
    expect(response.status).toBe(201);
    bodies.push(response.body as Record<string, unknown>);
  }
  return bodies;
}

/** Session `learner` hits ValueError with limit 0 and fixes it with limit 10. */
async function learnLimitFix(ctx: HttpContext, learner = uniqueId("session")) {
  await recordAll(ctx, learner, [VALUE_ERROR, FIXED]);
  return learner;
}

describe.each(bothStores())("shared tool knowledge (%s store)", (_name, factory: StoreFactory) => {
  const ctx = useHttpApp(factory);
  const text = (path: string) => ctx.http.get(path).set("Accept", "text/plain");

  it("answers another session's failure with the fix a first session learned", async () => {
    await learnLimitFix(ctx);
    const [failure, success] = await recordAll(ctx, uniqueId("session"), [VALUE_ERROR, FIXED]);
    expect(failure).toMatchObject({ id: "call-0001", outcome: "failure", known_fix: { ...LIMIT_FIX, times_applied: 1, offer_id: expect.stringMatching(/^offer-\d+$/) } });
    expect(success).toMatchObject({ fix_for: "call-0001", known_fix: null });

    const fix = await ctx.http.get("/tools/search/fix?error_type=ValueError");
    expect(fix.status).toBe(200);
    // The offer was adopted and worked: counted, and applied once more by fix detection.
    expect(fix.body).toEqual({
      tool_name: "search",
      error_type: "ValueError",
      ...LIMIT_FIX,
      times_applied: 2,
      efficacy: { offered: 1, adopted: 1, worked: 1, failed: 0, other_fix: 0, ignored: 0, recent_outcomes: "ww", score: expect.closeTo(0.3424, 4), retired: false },
      alternatives: [],
    });
  });

  it("offers the most applied fix with the others as alternatives", async () => {
    await learnLimitFix(ctx);
    await learnLimitFix(ctx);
    await recordAll(ctx, uniqueId("session"), [VALUE_ERROR, { ...FIXED, arguments: { q: "cats", limit: 5, page: 1 } }]);
    const fix = await ctx.http.get("/tools/search/fix?error_type=ValueError");
    expect(fix.body).toEqual({
      tool_name: "search",
      error_type: "ValueError",
      ...LIMIT_FIX,
      times_applied: 2,
      // Offered to the second learner, who took it, and to the last session, which succeeded another way.
      efficacy: { offered: 2, adopted: 1, worked: 1, failed: 0, other_fix: 1, ignored: 0, recent_outcomes: "ww", score: expect.closeTo(0.3424, 4), retired: false },
      alternatives: [
        {
          fix_delta: { added: { page: 1 }, changed: { limit: { from: 0, to: 5 } } },
          typical_fix: "add page; change limit: 0 -> 5",
          fix_text: "add page: 1; change limit: 0 → 5",
          times_applied: 1,
          efficacy: { offered: 0, adopted: 0, worked: 0, failed: 0, other_fix: 0, ignored: 0, recent_outcomes: "w", score: expect.closeTo(0.2065, 4), retired: false },
        },
      ],
    });
  });

  it("gives a fresh session the tenant's fix in its shared=true prompt, and nothing without shared", async () => {
    await learnLimitFix(ctx);
    await learnLimitFix(ctx);
    const fresh = uniqueId("session");
    const shared = await text(`/sessions/${fresh}/prompt?tools=search&shared=true`);
    expect(shared.status).toBe(200);
    // The shared section is the service's own, not the tool memory's: its fix reads as fix_text, values whole.
    expect(shared.text).toBe(
      [
        "<procedural_memory>",
        '<shared_tool_knowledge name="search">',
        "  success_rate: 50% (4 calls in 2 sessions)",
        "  <known_fixes>",
        "    - ValueError (x2) -> fix: change limit: 0 → 10 (worked 2x)",
        "  </known_fixes>",
        "</shared_tool_knowledge>",
        "</procedural_memory>",
      ].join("\n") + "\n",
    );
    expect((await text(`/sessions/${fresh}/prompt?tools=search`)).text).toBe("");
    const compact = await text(`/sessions/${fresh}/prompt?tools=search&shared=true&compact=true`);
    expect(compact.text).not.toContain("success_rate");
    expect((await text(`/sessions/${fresh}/prompt?tools=search&shared=true&max_error_patterns=0`)).text).toBe("");
  });

  it("adds to a session's own block only the fixes the session does not know", async () => {
    await learnLimitFix(ctx);
    const session = uniqueId("session");
    await recordAll(ctx, session, [{ ...VALUE_ERROR, tool_name: "search", error_type: "ValueError" }]);
    const own = await text(`/sessions/${session}/prompt`);
    const shared = await text(`/sessions/${session}/prompt?shared=true`);
    // The session saw ValueError without a fix: the tenant's fix follows the session's own section (in fix_text's words).
    expect(shared.text).toBe(
      own.text.replace(
        "</tool_memory>\n</procedural_memory>",
        [
          "</tool_memory>",
          "",
          '<shared_tool_knowledge name="search">',
          "  success_rate: 33% (3 calls in 2 sessions)",
          "  <known_fixes>",
          "    - ValueError (x2) -> fix: change limit: 0 → 10 (worked 1x)",
          "  </known_fixes>",
          "</shared_tool_knowledge>",
          "</procedural_memory>",
        ].join("\n"),
      ),
    );

    // Once the session fixed it itself, the shared block adds nothing and equals the session's own.
    await recordAll(ctx, session, [FIXED]);
    const fixed = await text(`/sessions/${session}/prompt?shared=true`);
    expect(fixed.text).toBe((await text(`/sessions/${session}/prompt`)).text);
    expect(fixed.text).not.toContain("shared_tool_knowledge");
  });

  it("renders error guidance from every session's fixes, naming the session of each", async () => {
    const first = await learnLimitFix(ctx);
    const second = await learnLimitFix(ctx);
    const guidance = await text("/tools/search/guidance?error_type=ValueError");
    expect(guidance.status).toBe(200);
    // The tenant's guidance is the service's own: its previous fix reads as fix_text, not the tool memory's short form.
    expect(guidance.text).toBe(
      [
        '<error_guidance tool="search" error="ValueError">',
        "  Previous fix: change limit: 0 → 10",
        "  Past fixes:",
        `    - ${second}: call-0001 -> call-0002`,
        `    - ${first}: call-0001 -> call-0002`,
        "</error_guidance>",
      ].join("\n") + "\n",
    );
    const json = await ctx.http.get("/tools/search/guidance?error_type=KeyError");
    expect(json.body).toEqual({
      tool_name: "search",
      prompt: '<error_guidance tool="search" error="KeyError">\n  No previous fixes found for this error type.\n</error_guidance>',
    });
  });

  it("lists the tenant's tools and reads one tool's aggregate", async () => {
    await learnLimitFix(ctx);
    await recordAll(ctx, uniqueId("session"), [{ tool_name: "read_file", arguments: { path: "a" }, outcome: "success" }]);
    const list = await ctx.http.get("/tools");
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      tools: [
        { tool_name: "search", total_calls: 2, success_rate: 0.5, fixes_learned: 1, sessions_seen: 1, last_used_at: expect.any(String) },
        { tool_name: "read_file", total_calls: 1, success_rate: 1, fixes_learned: 0, sessions_seen: 1, last_used_at: expect.any(String) },
      ],
    });
    expect((await ctx.http.get("/tools?limit=1")).body.tools).toHaveLength(1);

    const one = await ctx.http.get("/tools/search");
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      tool_name: "search",
      total_calls: 2,
      failure_count: 1,
      fixes_learned: 1,
      sessions_seen: 1,
      error_patterns: [{ error_type: "ValueError", count: 1, contexts: ["find cats"], ...LIMIT_FIX, fixes: [{ ...LIMIT_FIX, times_applied: 1 }] }],
      success_patterns: [{ goal_match: "find cats", example_call_id: "call-0002", session_id: expect.any(String) }],
    });
  });

  it("answers 404 problems for a tool never called and a fix never learned", async () => {
    await recordAll(ctx, uniqueId("session"), [VALUE_ERROR]);
    expectProblem(await ctx.http.get("/tools/never"), 404);
    expectProblem(await ctx.http.get("/tools/never/guidance?error_type=E"), 404);
    expectProblem(await ctx.http.get("/tools/search/fix?error_type=ValueError"), 404);
    expectProblem(await ctx.http.get("/tools/never/fix?error_type=ValueError"), 404);
  });

  it("forgets a tool on DELETE without touching the sessions, and answers 204 again", async () => {
    const learner = await learnLimitFix(ctx);
    expect((await ctx.http.delete("/tools/search")).status).toBe(204);
    expect((await ctx.http.delete("/tools/search")).status).toBe(204);
    expectProblem(await ctx.http.get("/tools/search"), 404);
    expect((await ctx.http.get("/tools")).body).toEqual({ tools: [] });
    expect((await ctx.http.get(`/sessions/${learner}/patterns/search/fix?error_type=ValueError`)).status).toBe(200);
  });

  it("is not fed by a memory import, and keeps what it learned when a session is reset", async () => {
    const learner = await learnLimitFix(ctx);
    const memory = (await ctx.http.get(`/sessions/${learner}/memory`)).body;
    expect((await ctx.http.put(`/sessions/${uniqueId("session")}/memory`).send(memory)).status).toBe(204);
    expect((await ctx.http.delete(`/sessions/${learner}/memory`)).status).toBe(204);
    expect((await ctx.http.get("/tools/search")).body).toMatchObject({ total_calls: 2, fixes_learned: 1, sessions_seen: 1 });
  });

  it("counts an idempotent retry once", async () => {
    const session = uniqueId("session");
    for (let i = 0; i < 2; i += 1) {
      const response = await ctx.http.post(`/sessions/${session}/tool-calls`).set("Idempotency-Key", "retry-1").send(VALUE_ERROR);
      expect(response.status).toBe(201);
    }
    expect((await ctx.http.get("/tools/search")).body).toMatchObject({ total_calls: 1 });
  });

  it("rejects bad ids, limits and error types with 400 problems, and stores nothing", async () => {
    const bad = [
      "/tools?limit=0",
      "/tools?limit=1001",
      "/tools?limit=ten",
      "/tools?unknown=1",
      "/tools/bad%20name",
      "/tools/__proto__",
      "/tools/search/fix",
      "/tools/search/fix?error_type=",
      `/tools/search/fix?error_type=${"E".repeat(201)}`,
      "/tools/search/guidance",
      "/tools/search/guidance?error_type=E&extra=1",
      `/sessions/${uniqueId("session")}/prompt?shared=maybe`,
    ];
    for (const path of bad) expectProblem(await ctx.http.get(path), 400);
    expectProblem(await ctx.http.delete("/tools/bad%7Bname%7D"), 400);
    expectProblem(await ctx.http.post(`/sessions/${uniqueId("session")}/tool-calls`).send({ ...VALUE_ERROR, outcome: "exploded" }), 400);
    expect((await ctx.http.get("/tools")).body).toEqual({ tools: [] });
    const keys = await keysWritten(ctx.store);
    if (keys !== null) expect(keys.filter((key) => !key.includes(":ratelimit:"))).toEqual([]);
  });
});

describe.each(bothStores())("a tool call whose shared write failed (%s store)", (_name, factory: StoreFactory) => {
  it("answers 503, and a retry with the same Idempotency-Key is counted once by the tenant", async () => {
    const store = await factory();
    // The first tenant write is applied, then its reply is lost, as when Redis answers after the timeout.
    const flaky = lostReplyOnce(store, "recordSharedToolCall");
    const app = await buildTestApp(flaky);
    try {
      const http = supertest(app.server);
      const post = () => http.post("/sessions/s1/tool-calls").set("Idempotency-Key", "k-1").send(VALUE_ERROR);
      expectProblem(await post(), 503);
      expect((await post()).status).toBe(201);
      expect((await http.get("/tools/search")).body).toMatchObject({ total_calls: 1, failure_count: 1 });
    } finally {
      await app.close();
      await store.close();
    }
  });
});
