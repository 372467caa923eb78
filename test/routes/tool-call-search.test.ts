// Searching a session's tool calls over HTTP: newest first, each filter, booleans as query strings, and limits.
import { beforeEach, describe, expect, it } from "vitest";
import { uniqueId } from "../helpers/fixtures.js";
import { expectProblem, useHttpApp } from "../helpers/http.js";
import { bothStores, type StoreFactory } from "../helpers/stores.js";

// A small history: two fixes, a goal-less call, a timeout and a partial.
const HISTORY = [
  { tool_name: "read_file", arguments: { path: "a" }, outcome: "failure", error_type: "ENOENT", context_goal: "Load the Config" }, // 1
  { tool_name: "read_file", arguments: { path: "b" }, outcome: "success", context_goal: "load the config file" }, // 2 fixes 1
  { tool_name: "grep", arguments: { q: "x" }, outcome: "failure", error_type: "EACCES" }, // 3, no goal
  { tool_name: "grep", arguments: { q: "y" }, outcome: "timeout", error_type: "ETIMEDOUT", context_goal: "search logs" }, // 4
  { tool_name: "grep", arguments: { q: "z" }, outcome: "success", context_goal: "search logs" }, // 5 fixes 4
  { tool_name: "read_file", arguments: { path: "c" }, outcome: "partial", context_goal: "CONFIG check" }, // 6
];

const idsOf = (body: { calls: Array<{ id: string }> }) => body.calls.map((call) => call.id);

describe.each(bothStores())("searching tool calls (%s store)", (_name, factory: StoreFactory) => {
  const ctx = useHttpApp(factory);
  let session: string;

  beforeEach(async () => {
    session = uniqueId("session");
    for (const call of HISTORY) {
      expect((await ctx.http.post(`/sessions/${session}/tool-calls`).send(call)).status).toBe(201);
    }
  });

  const search = (query = "") => ctx.http.get(`/sessions/${session}/tool-calls${query}`);

  it("lists the session's calls newest first with its session id", async () => {
    const response = await search();
    expect(response.status).toBe(200);
    expect(response.body.session_id).toBe(session);
    expect(idsOf(response.body)).toEqual(["call-0006", "call-0005", "call-0004", "call-0003", "call-0002", "call-0001"]);
    expect(response.body.calls[4]).toMatchObject({ id: "call-0002", fix_for: "call-0001" });
    expect(response.body.calls[5]).toMatchObject({ id: "call-0001", fixed_by: "call-0002" });
  });

  it("filters by tool name", async () => {
    expect(idsOf((await search("?tool_name=grep")).body)).toEqual(["call-0005", "call-0004", "call-0003"]);
    expect(idsOf((await search("?tool_name=nothing")).body)).toEqual([]);
  });

  it("matches goals case-insensitively and never matches calls without a goal", async () => {
    expect(idsOf((await search("?goal_contains=config")).body)).toEqual(["call-0006", "call-0002", "call-0001"]);
    expect(idsOf((await search("?goal_contains=SEARCH%20LOGS")).body)).toEqual(["call-0005", "call-0004"]);
    // The goal-less call-0003 would match any substring search if it were treated as "".
    expect(idsOf((await search("?tool_name=grep&goal_contains=s")).body)).toEqual(["call-0005", "call-0004"]);
  });

  it("filters by outcome and by error type", async () => {
    expect(idsOf((await search("?outcome=failure")).body)).toEqual(["call-0003", "call-0001"]);
    expect(idsOf((await search("?outcome=timeout")).body)).toEqual(["call-0004"]);
    expect(idsOf((await search("?error_type=ENOENT")).body)).toEqual(["call-0001"]);
    expect(idsOf((await search("?error_type=enoent")).body)).toEqual([]);
  });

  it("keeps only successes that fixed something with only_fixes=true", async () => {
    const response = await search("?only_fixes=true");
    expect(idsOf(response.body)).toEqual(["call-0005", "call-0002"]);
    expect(response.body.calls.every((call: { fix_for: string | null }) => call.fix_for !== null)).toBe(true);
  });

  it("keeps only failures that were fixed with only_fixed=true", async () => {
    const response = await search("?only_fixed=true");
    expect(idsOf(response.body)).toEqual(["call-0004", "call-0001"]);
    expect(response.body.calls.map((call: { fixed_by: string }) => call.fixed_by)).toEqual(["call-0005", "call-0002"]);
  });

  it("does not filter with only_fixes=false or only_fixed=false", async () => {
    expect(idsOf((await search("?only_fixes=false&only_fixed=false")).body)).toHaveLength(6);
  });

  it("combines filters: every given filter must hold", async () => {
    expect(idsOf((await search("?tool_name=grep&only_fixed=true")).body)).toEqual(["call-0004"]);
    expect(idsOf((await search("?tool_name=read_file&outcome=success&goal_contains=config")).body)).toEqual(["call-0002"]);
    expect(idsOf((await search("?tool_name=read_file&only_fixes=true&only_fixed=true")).body)).toEqual([]);
  });

  it("returns the newest matches up to limit", async () => {
    expect(idsOf((await search("?limit=2")).body)).toEqual(["call-0006", "call-0005"]);
    expect(idsOf((await search("?tool_name=read_file&limit=2")).body)).toEqual(["call-0006", "call-0002"]);
    expect(idsOf((await search("?limit=1000")).body)).toHaveLength(6);
  });

  it("returns 10 calls by default", async () => {
    for (let i = 0; i < 6; i += 1) {
      await ctx.http.post(`/sessions/${session}/tool-calls`).send({ tool_name: "more", outcome: "success", arguments: { i } });
    }
    const response = await search();
    expect(idsOf(response.body)).toEqual(Array.from({ length: 10 }, (_, i) => `call-${String(12 - i).padStart(4, "0")}`));
  });

  it("rejects a limit above 1000", async () => {
    const problem = expectProblem(await search("?limit=1001"), 400);
    expect(problem.errors).toEqual([expect.objectContaining({ field: "querystring.limit" })]);
  });

  it("returns an empty list for a session without calls", async () => {
    const other = uniqueId("session");
    const response = await ctx.http.get(`/sessions/${other}/tool-calls?tool_name=grep`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ session_id: other, calls: [] });
  });
});
