// A session's own log size and fix-detection window over HTTP: read, set, cleared, refused when bad, and in effect on its calls.
import { describe, expect, it } from "vitest";
import { uniqueId } from "../helpers/fixtures.js";
import { expectProblem, useHttpApp, type HttpContext } from "../helpers/http.js";
import { bothStores, type StoreFactory } from "../helpers/stores.js";

const SERVICE = { max_log_entries: 50, fix_detection_window: 10 };

async function record(ctx: HttpContext, session: string, call: Record<string, unknown>) {
  const response = await ctx.http.post(`/sessions/${session}/tool-calls`).send(call);
  expect(response.status).toBe(201);
  return response.body as { id: string; fix_for: string | null };
}

const settingsOf = async (ctx: HttpContext, session: string) => {
  const response = await ctx.http.get(`/sessions/${session}/settings`);
  expect(response.status).toBe(200);
  return response.body as Record<string, unknown>;
};

describe.each(bothStores())("session settings (%s store)", (_name, factory: StoreFactory) => {
  const ctx = useHttpApp(factory, { TOOL_LOG_MAX_ENTRIES: "50", FIX_DETECTION_WINDOW: "10" });

  it("answers the service's settings for a session that set none", async () => {
    const session = uniqueId("session");
    expect(await settingsOf(ctx, session)).toEqual({
      session_id: session,
      ...SERVICE,
      set_by_session: { max_log_entries: null, fix_detection_window: null },
    });
  });

  it("replaces the session's settings with each PUT: what is left out follows the service again", async () => {
    const session = uniqueId("session");
    const put = await ctx.http.put(`/sessions/${session}/settings`).send({ max_log_entries: 3, fix_detection_window: 2 });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ session_id: session, max_log_entries: 3, fix_detection_window: 2, set_by_session: { max_log_entries: 3, fix_detection_window: 2 } });
    expect(await settingsOf(ctx, session)).toEqual(put.body);

    const partly = await ctx.http.put(`/sessions/${session}/settings`).send({ fix_detection_window: 0 });
    expect(partly.body).toEqual({ session_id: session, max_log_entries: 50, fix_detection_window: 0, set_by_session: { max_log_entries: null, fix_detection_window: 0 } });

    await ctx.http.put(`/sessions/${session}/settings`).send({ max_log_entries: null, fix_detection_window: null }).expect(200);
    expect((await settingsOf(ctx, session)).set_by_session).toEqual({ max_log_entries: null, fix_detection_window: null });
  });

  it("trims the log to the session's size and looks back only through its window", async () => {
    const session = uniqueId("session");
    await ctx.http.put(`/sessions/${session}/settings`).send({ max_log_entries: 3, fix_detection_window: 1 }).expect(200);
    await record(ctx, session, { tool_name: "t", arguments: { v: 1 }, outcome: "failure", error_type: "bad" });
    await record(ctx, session, { tool_name: "x", arguments: {}, outcome: "success" });
    // Two calls back: outside a window of 1.
    expect((await record(ctx, session, { tool_name: "t", arguments: { v: 2 }, outcome: "success" })).fix_for).toBeNull();
    await record(ctx, session, { tool_name: "t", arguments: { v: 3 }, outcome: "failure", error_type: "bad" });
    expect((await record(ctx, session, { tool_name: "t", arguments: { v: 4 }, outcome: "success" })).fix_for).toBe("call-0004");

    const log = await ctx.http.get(`/sessions/${session}/tool-calls`).query({ limit: 100 });
    expect(log.body.calls.map((call: { id: string }) => call.id)).toEqual(["call-0005", "call-0004", "call-0003"]);
    expect((await ctx.http.get(`/sessions/${session}/stats`)).body).toMatchObject({ total_calls: 3, total_fixes_detected: 1 });
  });

  it("keeps the settings through a reset of the memory", async () => {
    const session = uniqueId("session");
    await ctx.http.put(`/sessions/${session}/settings`).send({ max_log_entries: 2 }).expect(200);
    await record(ctx, session, { tool_name: "t", arguments: {}, outcome: "success" });
    await ctx.http.delete(`/sessions/${session}/memory`).expect(204);
    expect((await settingsOf(ctx, session)).max_log_entries).toBe(2);
  });

  it.each([
    ["a log of 0", { max_log_entries: 0 }, "body.max_log_entries"],
    ["a fractional log size", { max_log_entries: 2.5 }, "body.max_log_entries"],
    ["a string", { max_log_entries: "3" }, "body.max_log_entries"],
    ["a negative window", { fix_detection_window: -1 }, "body.fix_detection_window"],
    ["a window past 1000", { fix_detection_window: 1001 }, "body.fix_detection_window"],
    ["an unknown field", { max_patterns_per_tool: 10 }, "body.max_patterns_per_tool"],
  ])("refuses %s with a 400 naming the field, and stores nothing", async (_case, body, field) => {
    const session = uniqueId("session");
    await ctx.http.put(`/sessions/${session}/settings`).send({ max_log_entries: 7 }).expect(200);
    const problem = expectProblem(await ctx.http.put(`/sessions/${session}/settings`).send(body), 400);
    expect(problem.code).toBe("VALIDATION_FAILED");
    expect((problem.errors as Array<{ field: string }>).map((error) => error.field)).toContain(field);
    expect((await settingsOf(ctx, session)).set_by_session).toEqual({ max_log_entries: 7, fix_detection_window: null });
  });

  it("refuses a log larger than the service keeps, naming TOOL_LOG_MAX_ENTRIES, and stores nothing", async () => {
    const session = uniqueId("session");
    const problem = expectProblem(await ctx.http.put(`/sessions/${session}/settings`).send({ max_log_entries: 51 }), 400);
    expect(problem.detail).toBe("max_log_entries may be at most 50, the service's TOOL_LOG_MAX_ENTRIES.");
    expect((await settingsOf(ctx, session)).set_by_session).toEqual({ max_log_entries: null, fix_detection_window: null });
    expect((await ctx.http.put(`/sessions/${session}/settings`).send({ max_log_entries: 50 })).status).toBe(200);
  });

  it("refuses a body that is not JSON with a 415, and stores nothing", async () => {
    const session = uniqueId("session");
    expectProblem(await ctx.http.put(`/sessions/${session}/settings`).set("content-type", "text/plain").send("max_log_entries=3"), 415);
    expect((await settingsOf(ctx, session)).set_by_session).toEqual({ max_log_entries: null, fix_detection_window: null });
  });
});
