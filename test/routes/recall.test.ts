// Recall over HTTP: "have we seen this failure?" by free text, on both stores, with what is known of each match.
import { describe, expect, it } from "vitest";
import { uniqueId } from "../helpers/fixtures.js";
import { expectProblem, useHttpApp } from "../helpers/http.js";
import { bothStores, type StoreFactory } from "../helpers/stores.js";

const TIMEOUT = "Connection to db-7.internal:5432 timed out after 30000 ms while running migration 0042_add_index";
const ENOENT = "ENOENT: no such file or directory, open '/srv/app/config/settings.yml'";

interface Match {
  kind: string;
  signature: string;
  template: string;
  error_type: string;
  tool_name: string | null;
  score: number;
  why: { same_template: boolean; terms: string[] };
  occurrences: number;
  task_ids: string[];
  session_ids: string[];
  resolution: { task_id: string; approach: string } | null;
  fix: { fix_text: string; times_applied: number } | null;
}

describe.each(bothStores())("recall (%s store)", (_name, factory: StoreFactory) => {
  const ctx = useHttpApp(factory);

  async function lesson(task: string, error_type: string, error_message: string) {
    const reply = await ctx.http.post(`/tasks/${task}/lessons`).send({ attempt_number: 1, tier: 1, error_type, error_message });
    expect(reply.status).toBe(201);
    return reply.body as { signature: string };
  }

  async function call(session: string, body: Record<string, unknown>) {
    const reply = await ctx.http.post(`/sessions/${session}/tool-calls`).send({ tool_name: "read_file", ...body });
    expect(reply.status).toBe(201);
    return reply.body as { signature?: string };
  }

  async function recall(query: Record<string, string | number>): Promise<Match[]> {
    const reply = await ctx.http.get("/recall").query(query);
    expect(reply.status).toBe(200);
    return reply.body.matches as Match[];
  }

  it("recognises a failure phrased with other values as its own template, first, with its tasks and latest resolution", async () => {
    const [first, second] = [uniqueId("task"), uniqueId("task")];
    const captured = await lesson(first, "TimeoutError", TIMEOUT);
    await lesson(second, "TimeoutError", "Connection to db-2.internal:5432 timed out after 5000 ms while running migration 0007_users");
    await lesson(uniqueId("task"), "ValueError", "invalid literal for int() with base 10: 'abc'");
    await ctx.http.put(`/tasks/${first}/resolution`).send({ attempt_number: 2, approach: "raised statement_timeout to 120 s for migrations" }).expect(201);

    const [match, ...rest] = await recall({ q: "Connection to db-9.internal:5432 timed out after 100 ms while running migration 0100_x" });
    expect(match).toMatchObject({
      kind: "lesson",
      signature: captured.signature,
      error_type: "TimeoutError",
      tool_name: null,
      why: { same_template: true },
      occurrences: 2,
      task_ids: [second, first],
      session_ids: [],
      resolution: { task_id: first, approach: "raised statement_timeout to 120 s for migrations" },
      fix: null,
    });
    expect(match!.template).toContain("timed out after");
    expect(match!.why.terms).toEqual(expect.arrayContaining(["connection", "timed", "migration"]));
    expect(rest.every((other) => other.signature !== captured.signature)).toBe(true);
  });

  it("finds a tool's failure by its error code and a path part alone, with the tool's best fix", async () => {
    const session = uniqueId("session");
    const failed = await call(session, { arguments: { path: "config/settings.yml" }, outcome: "failure", error_type: "ENOENT", error_message: ENOENT });
    await call(session, { arguments: { path: "config/settings.yaml" }, outcome: "success", result: "ok" });

    const [match] = await recall({ q: "enoent settings" });
    expect(match).toMatchObject({
      kind: "tool",
      signature: failed.signature,
      tool_name: "read_file",
      error_type: "ENOENT",
      why: { same_template: false, terms: ["enoent", "settings"] },
      session_ids: [session],
      task_ids: [],
      resolution: null,
      fix: { times_applied: 1 },
    });
    expect(match!.fix!.fix_text).toBe("change path: config/settings.yml → config/settings.yaml");
  });

  it("answers no matches, never a guess, for a failure it has not met", async () => {
    await lesson(uniqueId("task"), "TimeoutError", TIMEOUT);
    expect(await recall({ q: "quota exceeded for project billing" })).toEqual([]);
    const empty = await ctx.http.get("/recall").query({ q: "quota exceeded" });
    expect(empty.body).toEqual({ matches: [] });
  });

  it("filters by kind, tool and error type, and answers at most `limit` matches", async () => {
    const session = uniqueId("session");
    await lesson(uniqueId("task"), "ENOENT", ENOENT);
    await call(session, { arguments: { path: "a" }, outcome: "failure", error_type: "ENOENT", error_message: ENOENT });
    await call(session, { tool_name: "write_file", arguments: { path: "a" }, outcome: "failure", error_type: "ENOENT", error_message: ENOENT });

    const all = await recall({ q: ENOENT });
    expect(all.map((match) => [match.kind, match.tool_name])).toEqual([
      ["tool", "write_file"],
      ["tool", "read_file"],
      ["lesson", null],
    ]);
    expect(new Set(all.map((match) => match.score)).size).toBe(1);
    expect((await recall({ q: ENOENT, kind: "lessons" })).map((match) => match.kind)).toEqual(["lesson"]);
    expect((await recall({ q: ENOENT, kind: "tools", tool: "read_file" })).map((match) => match.tool_name)).toEqual(["read_file"]);
    expect(await recall({ q: ENOENT, error_type: "EACCES" })).toEqual([]);
    expect(await recall({ q: ENOENT, limit: 2 })).toHaveLength(2);
  });

  it("takes a pasted trace of 100,000 characters in a body, reading its start, and refuses a longer one or a bad query without a change", async () => {
    await lesson(uniqueId("task"), "TimeoutError", TIMEOUT);
    const trace = `${TIMEOUT}\n${"    at Object.<anonymous> (/srv/app/node_modules/pg/lib/client.js:123:45)\n".repeat(1_500)}`.slice(0, 100_000);
    const pasted = await ctx.http.post("/recall").send({ q: trace });
    expect(pasted.status).toBe(200);
    // The trace as a whole is no failure met before; the error that heads it is.
    expect(pasted.body.matches[0]).toMatchObject({ kind: "lesson", error_type: "TimeoutError", why: { same_template: true } });

    const before = await ctx.http.get("/lessons/signatures");
    expectProblem(await ctx.http.post("/recall").send({ q: "x".repeat(100_001) }), 400);
    expectProblem(await ctx.http.get("/recall"), 400);
    expectProblem(await ctx.http.get("/recall").query({ q: "timed out", limit: 51 }), 400);
    expectProblem(await ctx.http.get("/recall").query({ q: "timed out", kind: "everything" }), 400);
    expectProblem(await ctx.http.post("/recall").send({ q: "timed out", extra: 1 }), 400);
    // Recall reads; a query, good or bad, learns nothing.
    await recall({ q: "Connection to x timed out, a failure of its own kind nobody captured" });
    expect((await ctx.http.get("/lessons/signatures")).body).toEqual(before.body);
  });
});

describe.each(bothStores())("recall across tenants (%s store)", (_name, factory: StoreFactory) => {
  const ctx = useHttpApp(factory, { API_KEYS: "recall-key-north-0123456789:north,recall-key-south-0123456789:south" });

  it("never answers one tenant's failures to another", async () => {
    const north = (path: string) => ctx.http.post(path).set("Authorization", "Bearer recall-key-north-0123456789");
    await north(`/tasks/${uniqueId("task")}/lessons`).send({ attempt_number: 1, tier: 1, error_type: "TimeoutError", error_message: TIMEOUT }).expect(201);
    const asNorth = await ctx.http.get("/recall").query({ q: TIMEOUT }).set("Authorization", "Bearer recall-key-north-0123456789");
    expect(asNorth.body.matches).toHaveLength(1);
    const asSouth = await ctx.http.get("/recall").query({ q: TIMEOUT }).set("Authorization", "Bearer recall-key-south-0123456789");
    expect(asSouth.status).toBe(200);
    expect(asSouth.body).toEqual({ matches: [] });
  });
});
