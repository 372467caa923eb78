// A session's whole procedural memory over HTTP: stats, export, import (replace, copy, large bodies) and reset.
import { describe, expect, it } from "vitest";
import { uniqueId } from "../helpers/fixtures.js";
import { useHttpApp, type HttpContext } from "../helpers/http.js";
import { bothStores, type StoreFactory } from "../helpers/stores.js";

const EMPTY_STATS = {
  total_calls: 0,
  success_count: 0,
  failure_count: 0,
  success_rate: 0,
  total_fixes_detected: 0,
  tools_tracked: 0,
};

async function recordAll(ctx: HttpContext, session: string, calls: Array<Record<string, unknown>>): Promise<void> {
  for (const call of calls) {
    expect((await ctx.http.post(`/sessions/${session}/tool-calls`).send(call)).status).toBe(201);
  }
}

/** Two tools, a fix with goals and timings, a timeout and a partial: 5 calls. */
async function richSession(ctx: HttpContext): Promise<string> {
  const session = uniqueId("session");
  await recordAll(ctx, session, [
    { tool_name: "solve", arguments: { q: { depth: 1, mode: "fast" } }, outcome: "failure", error_type: "unsat", context_goal: "solve puzzle", execution_time_ms: 7 },
    { tool_name: "solve", arguments: { q: { depth: 3, mode: "fast" }, budget: 9 }, outcome: "success", result: { status: "solved" }, context_goal: "solve the puzzle fully", execution_time_ms: 9 },
    { tool_name: "fetch", arguments: { url: "http://x" }, outcome: "timeout", error_type: "ETIMEDOUT" },
    { tool_name: "fetch", arguments: { url: "http://y" }, outcome: "partial", result: [1, 2] },
    { tool_name: "solve", arguments: { q: { depth: 2 } }, outcome: "failure", error_type: "unsat" },
  ]);
  return session;
}

const exportOf = async (ctx: HttpContext, session: string) => {
  const response = await ctx.http.get(`/sessions/${session}/memory`);
  expect(response.status).toBe(200);
  return response.body as Record<string, unknown> & { tool_log: unknown[]; next_call_id: number };
};

/** A valid memory document of `entries` failed calls, each with a 10,000-character error message. */
function bigMemory(sessionId: string, entries: number) {
  const now = "2026-01-01T00:00:00.000Z";
  const tool_log = Array.from({ length: entries }, (_, i) => ({
    id: `call-${String(i + 1).padStart(4, "0")}`,
    timestamp: now,
    tool_name: "bulk",
    arguments: { i },
    arguments_hash: "000000000000",
    context_goal: null,
    preceding_call_id: null,
    outcome: "failure",
    result_summary: "null",
    result_type: "null",
    execution_time_ms: null,
    error_type: "big",
    error_message: "e".repeat(10_000),
    fixed_by: null,
    fix_for: null,
    delta_args: null,
  }));
  const pattern = {
    tool_name: "bulk",
    total_calls: entries,
    success_count: 0,
    failure_count: entries,
    success_rate: 0,
    common_args: { i: [entries - 1] },
    error_patterns: [{ error_type: "big", count: entries, contexts: [], example_args: { i: 0 }, typical_fix: null, fix_delta: null }],
    success_patterns: [],
    avg_execution_ms: null,
    timed_calls: 0,
    updated_at: now,
  };
  return { session_id: sessionId, tool_log, tool_patterns: { bulk: pattern }, fix_relations: [], next_call_id: entries + 1, created_at: now, updated_at: now };
}

describe.each(bothStores())("session memory (%s store)", (_name, factory: StoreFactory) => {
  const ctx = useHttpApp(factory);

  it("counts the session's calls, outcomes, fixes and tools in its stats", async () => {
    const session = await richSession(ctx);
    const response = await ctx.http.get(`/sessions/${session}/stats`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      session_id: session,
      total_calls: 5,
      success_count: 1,
      failure_count: 3,
      success_rate: 0.2,
      total_fixes_detected: 1,
      tools_tracked: 2,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(Date.parse(response.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(response.body.created_at));
  });

  it("gives zeros, not 404, for the stats of an unknown session", async () => {
    const session = uniqueId("session");
    const response = await ctx.http.get(`/sessions/${session}/stats`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ session_id: session, ...EMPTY_STATS, created_at: null, updated_at: null });
  });

  it("exports the whole memory: log oldest first, patterns, fixes and the next id", async () => {
    const session = await richSession(ctx);
    const memory = await exportOf(ctx, session);
    expect(memory).toMatchObject({ session_id: session, next_call_id: 6, created_at: expect.any(String), updated_at: expect.any(String) });
    expect(memory.tool_log.map((entry) => (entry as { id: string }).id)).toEqual(["call-0001", "call-0002", "call-0003", "call-0004", "call-0005"]);
    expect(memory.tool_log[0]).toMatchObject({ fixed_by: "call-0002", error_type: "unsat" });
    expect(Object.keys(memory.tool_patterns as object)).toEqual(["solve", "fetch"]);
    expect(memory.fix_relations).toEqual([
      {
        failed_call_id: "call-0001",
        success_call_id: "call-0002",
        delta_args: { added: { budget: 9 }, changed: { q: { from: { depth: 1, mode: "fast" }, to: { depth: 3, mode: "fast" } } } },
        detected_at: expect.any(String),
      },
    ]);
  });

  it("exports an empty memory for a session without history", async () => {
    const session = uniqueId("session");
    expect(await exportOf(ctx, session)).toMatchObject({ session_id: session, tool_log: [], tool_patterns: {}, fix_relations: [], next_call_id: 1 });
  });

  it("round-trips: an export imported into another session reads back the same but for the session id", async () => {
    const source = await richSession(ctx);
    const exported = await exportOf(ctx, source);
    const target = uniqueId("session");
    const put = await ctx.http.put(`/sessions/${target}/memory`).send(exported);
    expect(put.status).toBe(204);
    expect(put.text).toBe("");
    expect(await exportOf(ctx, target)).toEqual({ ...exported, session_id: target });
    expect((await ctx.http.get(`/sessions/${target}/stats`)).body).toEqual({
      ...(await ctx.http.get(`/sessions/${source}/stats`)).body,
      session_id: target,
    });
  });

  it("lets the path's session id win over the document's", async () => {
    const source = await richSession(ctx);
    const exported = await exportOf(ctx, source);
    const target = uniqueId("session");
    await ctx.http.put(`/sessions/${target}/memory`).send({ ...exported, session_id: "someone-else" });
    expect((await exportOf(ctx, target)).session_id).toBe(target);
    expect((await exportOf(ctx, "someone-else")).tool_log).toEqual([]);
    // The source is untouched by the copy.
    expect(await exportOf(ctx, source)).toEqual(exported);
  });

  it("replaces what the target session had, and the copy carries on from the imported history", async () => {
    const source = await richSession(ctx);
    const exported = await exportOf(ctx, source);
    const target = uniqueId("session");
    await recordAll(ctx, target, [{ tool_name: "old_tool", outcome: "success" }, { tool_name: "old_tool", outcome: "success" }]);

    expect((await ctx.http.put(`/sessions/${target}/memory`).send(exported)).status).toBe(204);
    expect((await ctx.http.get(`/sessions/${target}/patterns/old_tool`)).status).toBe(404);
    expect(Object.keys((await ctx.http.get(`/sessions/${target}/patterns`)).body.patterns)).toEqual(["solve", "fetch"]);

    const next = await ctx.http.post(`/sessions/${target}/tool-calls`).send({ tool_name: "fetch", arguments: { url: "http://z" }, outcome: "success" });
    expect(next.body).toMatchObject({ id: "call-0006", fix_for: "call-0003" });
    expect((await ctx.http.get(`/sessions/${target}/stats`)).body).toMatchObject({ total_calls: 6, total_fixes_detected: 2, tools_tracked: 2 });
  });

  it("gives a copied memory the same prompt, summary and guidance text as the original", async () => {
    const source = await richSession(ctx);
    const target = uniqueId("session");
    await ctx.http.put(`/sessions/${target}/memory`).send(await exportOf(ctx, source));

    const texts = (session: string) =>
      Promise.all(
        [
          `/sessions/${session}/prompt?include_args=true&include_timing=true`,
          `/sessions/${session}/prompt/summary`,
          `/sessions/${session}/patterns/solve/guidance?error_type=unsat`,
        ].map(async (path) => (await ctx.http.get(path).set("Accept", "text/plain")).text),
      );
    const original = await texts(source);
    expect(original[0]).toContain("(fixed prior by: +budget; q:");
    expect(await texts(target)).toEqual(original);
  });

  it("gives a copied memory the same success template, arguments in the order the agent gave them", async () => {
    const source = await richSession(ctx);
    const target = uniqueId("session");
    await ctx.http.put(`/sessions/${target}/memory`).send(await exportOf(ctx, source));

    const template = async (session: string) =>
      (await ctx.http.get(`/sessions/${session}/patterns/solve/template?goal=puzzle`).set("Accept", "text/plain")).text;
    const original = await template(source);
    // The success was called with { q, budget }: q first.
    expect(original).toMatch(/^ {4}q: .*\n {4}budget: 9$/m);
    expect(await template(target)).toBe(original);
  });

  it("accepts an import of about 2 MiB while an ordinary 2 MiB body is refused with 413", async () => {
    const session = uniqueId("session");
    const doc = bigMemory(session, 210);
    expect(JSON.stringify(doc).length).toBeGreaterThan(2 * 1024 * 1024);

    const put = await ctx.http.put(`/sessions/${session}/memory`).send(doc);
    expect(put.status).toBe(204);
    const memory = await exportOf(ctx, session);
    expect(memory.tool_log).toHaveLength(210);
    expect(memory.next_call_id).toBe(211);
    expect((await ctx.http.get(`/sessions/${session}/stats`)).body).toMatchObject({ total_calls: 210, failure_count: 210 });

    const lesson = await ctx.http.post(`/tasks/${uniqueId("task")}/lessons`).send({
      attempt_number: 1,
      tier: 1,
      error_type: "TypeError",
      error_message: "x".repeat(2 * 1024 * 1024),
    });
    expect(lesson.status).toBe(413);
    expect(lesson.headers["content-type"]).toMatch(/^application\/problem\+json/);
  });

  it("continues ids after the highest imported id even when next_call_id says less", async () => {
    const session = uniqueId("session");
    const doc = bigMemory(session, 3);
    await ctx.http.put(`/sessions/${session}/memory`).send({ ...doc, next_call_id: 1 });
    const next = await ctx.http.post(`/sessions/${session}/tool-calls`).send({ tool_name: "bulk", outcome: "success", arguments: { i: 9 } });
    expect(next.body).toMatchObject({ id: "call-0004", fix_for: "call-0003" });
  });

  it("refuses an import whose ids, times or hashes are not of their documented shape, naming each, and keeps the memory as it was", async () => {
    const session = await richSession(ctx);
    const before = await exportOf(ctx, session);
    const document = structuredClone(before) as unknown as { tool_log: Array<Record<string, unknown>>; fix_relations: Array<Record<string, unknown>>; created_at: unknown };
    const token = `ghp_${"Q7w8E9r0".repeat(5)}`;
    document.tool_log[0]!.id = token;
    document.tool_log[0]!.timestamp = `yesterday ${token}`;
    document.tool_log[1]!.arguments_hash = token;
    document.tool_log[1]!.fix_for = token;
    document.fix_relations[0]!.failed_call_id = token;
    document.created_at = token;
    const refused = await ctx.http.put(`/sessions/${session}/memory`).send(document);
    expect(refused.status).toBe(400);
    expect((refused.body.errors as Array<{ field: string }>).map((error) => error.field).sort()).toEqual(
      ["body.created_at", "body.fix_relations.0.failed_call_id", "body.tool_log.0.id", "body.tool_log.0.timestamp", "body.tool_log.1.arguments_hash", "body.tool_log.1.fix_for"].sort(),
    );
    expect(await exportOf(ctx, session)).toEqual(before);
  });

  it("redacts an import like a capture, names included: a delta's changed names, common_args names, typical_fix", async () => {
    const session = uniqueId("session");
    const token = `ghp_${"Z1x2C3v4".repeat(5)}`;
    const at = "2026-12-01T00:00:00.000+00:00";
    const delta = { changed: { [token]: { from: 1, to: 2 } } };
    const imported = await ctx.http.put(`/sessions/${session}/memory`).send({
      tool_log: [
        { id: "call-0001", timestamp: at, tool_name: "db", arguments: { x: 1 }, arguments_hash: "abcdefabcdef", context_goal: null, preceding_call_id: null, outcome: "failure", result_summary: "r", result_type: "string", execution_time_ms: null, error_type: "DbError", error_message: null, fixed_by: "call-0002", fix_for: null, delta_args: null },
        { id: "call-0002", timestamp: at, tool_name: "db", arguments: { x: 2 }, arguments_hash: "abcdefabcdee", context_goal: null, preceding_call_id: null, outcome: "success", result_summary: "r", result_type: "string", execution_time_ms: null, error_type: null, error_message: null, fixed_by: null, fix_for: "call-0001", delta_args: delta },
      ],
      tool_patterns: {
        db: {
          tool_name: "db", total_calls: 2, success_count: 1, failure_count: 1, common_args: { [token]: [1] },
          error_patterns: [{ error_type: "DbError", count: 1, contexts: [], example_args: null, typical_fix: `change ${token}: 1 -> 2`, fix_delta: delta }],
          success_patterns: [], avg_execution_ms: null, timed_calls: 0, updated_at: at,
        },
      },
      fix_relations: [{ failed_call_id: "call-0001", success_call_id: "call-0002", delta_args: delta, detected_at: at }],
    });
    expect(imported.status).toBe(204);
    for (const path of [`/sessions/${session}/memory`, `/sessions/${session}/patterns`, `/sessions/${session}/tool-calls`, `/context?session_id=${session}`]) {
      expect(JSON.stringify((await ctx.http.get(path)).body)).not.toContain(token);
    }
  });

  it("forgets everything on reset, and ids start again at call-0001", async () => {
    const session = await richSession(ctx);
    const reset = await ctx.http.delete(`/sessions/${session}/memory`);
    expect(reset.status).toBe(204);

    expect((await ctx.http.get(`/sessions/${session}/stats`)).body).toEqual({ session_id: session, ...EMPTY_STATS, created_at: null, updated_at: null });
    expect((await ctx.http.get(`/sessions/${session}/tool-calls`)).body.calls).toEqual([]);
    expect((await ctx.http.get(`/sessions/${session}/patterns`)).body.patterns).toEqual({});
    expect((await ctx.http.get(`/sessions/${session}/prompt`)).body.prompt).toBe("");
    expect(await exportOf(ctx, session)).toMatchObject({ tool_log: [], tool_patterns: {}, fix_relations: [], next_call_id: 1 });

    const again = await ctx.http.post(`/sessions/${session}/tool-calls`).send({ tool_name: "solve", arguments: { q: 5 }, outcome: "success" });
    expect(again.body).toMatchObject({ id: "call-0001", fix_for: null });
  });

  it("resets only the session asked for", async () => {
    const kept = await richSession(ctx);
    const dropped = await richSession(ctx);
    await ctx.http.delete(`/sessions/${dropped}/memory`);
    expect((await ctx.http.get(`/sessions/${kept}/stats`)).body.total_calls).toBe(5);
    expect((await ctx.http.delete(`/sessions/${uniqueId("session")}/memory`)).status).toBe(204);
  });
});

describe.each(bothStores())("session memory import limit (%s store)", (_name, factory: StoreFactory) => {
  const ctx = useHttpApp(factory, { IMPORT_BODY_LIMIT_BYTES: String(64 * 1024) });

  it("refuses an import over IMPORT_BODY_LIMIT_BYTES with 413 and keeps the memory as it was", async () => {
    const session = uniqueId("session");
    const small = bigMemory(session, 2);
    expect((await ctx.http.put(`/sessions/${session}/memory`).send(small)).status).toBe(204);
    const before = await exportOf(ctx, session);

    const response = await ctx.http.put(`/sessions/${session}/memory`).send(bigMemory(session, 10));
    expect(response.status).toBe(413);
    expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(response.body.code).toBe("BODY_TOO_LARGE");
    // The import has its own limit, so its 413 names that setting, not the service-wide one.
    expect(response.body.detail).toBe("The body is larger than the 65536 bytes this route accepts; the service's IMPORT_BODY_LIMIT_BYTES setting raises the limit.");
    expect(await exportOf(ctx, session)).toEqual(before);
  });
});
