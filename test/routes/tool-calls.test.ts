// Recording tool calls over HTTP: the stored entry, ids, Location, argument hashes, result summaries, reading one call.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { uniqueId } from "../helpers/fixtures.js";
import { expectProblem, useHttpApp, type HttpContext } from "../helpers/http.js";
import { bothStores, type StoreFactory } from "../helpers/stores.js";

/** Compact JSON with object keys sorted at every depth, computed here independently of the service. */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${sortedJson(record[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

const expectedHash = (args: Record<string, unknown>) =>
  createHash("sha256").update(sortedJson(args), "utf8").digest("hex").slice(0, 12);

function post(ctx: HttpContext, session: string, body: Record<string, unknown>) {
  return ctx.http.post(`/sessions/${session}/tool-calls`).send(body);
}

const longText = "abcdefghij".repeat(15); // 150 characters

// [what the tool returned, result_summary, result_type]
const RESULT_SUMMARIES: Array<[label: string, result: unknown, summary: string, type: string]> = [
  ["null", null, "null", "null"],
  ["true", true, "true", "boolean"],
  ["false", false, "false", "boolean"],
  ["a number", 3.5, "3.5", "number"],
  ["a short string", "all good", "all good", "string"],
  ["a string of exactly 100 characters", "x".repeat(100), "x".repeat(100), "string"],
  ["a longer string", longText, `${longText.slice(0, 97)}...`, "string"],
  ["an array", [1, "two", { three: 3 }], "list[3]", "list"],
  ["an empty array", [], "list[0]", "list"],
  ["an object with a status", { status: "ok", rows: 4 }, "status=ok", "ok"],
  ["an object with a numeric status", { status: 404 }, "status=404", "404"],
  ["an object with an error", { error: "disk full", code: 28 }, "error: disk full", "object"],
  ["an object with a result", { result: [1, 2] }, "list[2]", "object"],
  ["an object with a string result", { result: "done" }, "done", "object"],
  ["any other object", { a: 1, b: 2, c: 3 }, "object[3 keys]", "object"],
];

describe.each(bothStores())("recording tool calls (%s store)", (_name, factory: StoreFactory) => {
  const ctx = useHttpApp(factory);

  it("returns the stored entry with 201 and a Location that reads it back", async () => {
    const session = uniqueId("session");
    const body = {
      tool_name: "search_files",
      arguments: { pattern: "*.ts", limit: 5 },
      result: ["a.ts", "b.ts"],
      outcome: "success",
      context_goal: "find the sources",
      execution_time_ms: 42,
      preceding_call_id: "call-0000",
    };
    const created = await post(ctx, session, body);

    expect(created.status).toBe(201);
    expect(created.headers["content-type"]).toMatch(/^application\/json/);
    expect(created.headers.location).toBe(`/sessions/${session}/tool-calls/call-0001`);
    expect(created.body).toEqual({
      id: "call-0001",
      timestamp: expect.any(String),
      tool_name: "search_files",
      arguments: { pattern: "*.ts", limit: 5 },
      arguments_hash: expectedHash({ pattern: "*.ts", limit: 5 }),
      context_goal: "find the sources",
      preceding_call_id: "call-0000",
      outcome: "success",
      result_summary: "list[2]",
      result_type: "list",
      execution_time_ms: 42,
      error_type: null,
      error_message: null,
      fixed_by: null,
      fix_for: null,
      delta_args: null,
      known_fix: null,
      redactions: 0,
    });
    expect(Number.isNaN(Date.parse(created.body.timestamp))).toBe(false);

    // The stored entry is the response without what the tenant knew at the time.
    const read = await ctx.http.get(created.headers.location!);
    expect(read.status).toBe(200);
    const { known_fix: _known, redactions: _none, ...entry } = created.body;
    expect(read.body).toEqual(entry);
  });

  it("keeps a failure's error type and message", async () => {
    const session = uniqueId("session");
    const created = await post(ctx, session, {
      tool_name: "run_sql",
      arguments: { query: "SELEC 1" },
      outcome: "failure",
      error_type: "SyntaxError",
      error_message: "near SELEC",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ outcome: "failure", error_type: "SyntaxError", error_message: "near SELEC" });
  });

  it("numbers calls call-0001, call-0002, … separately in each session", async () => {
    const first = uniqueId("session");
    const second = uniqueId("session");
    const ids: string[] = [];
    for (const session of [first, first, second, first, second]) {
      ids.push((await post(ctx, session, { tool_name: "t", outcome: "success" })).body.id);
    }
    expect(ids).toEqual(["call-0001", "call-0002", "call-0001", "call-0003", "call-0002"]);
  });

  it("treats missing arguments as an empty object and a missing result as null", async () => {
    const created = await post(ctx, uniqueId("session"), { tool_name: "ping", outcome: "cancelled" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      arguments: {},
      arguments_hash: expectedHash({}),
      result_summary: "null",
      result_type: "null",
      context_goal: null,
      preceding_call_id: null,
      execution_time_ms: null,
    });
  });

  it("hashes arguments by their content, not by the order of their keys", async () => {
    const session = uniqueId("session");
    const args = { b: [1, { d: 1, c: 2 }], a: "x", nested: { z: null, y: true } };
    const reordered = { nested: { y: true, z: null }, a: "x", b: [1, { c: 2, d: 1 }] };
    const one = await post(ctx, session, { tool_name: "t", arguments: args, outcome: "success" });
    const two = await post(ctx, session, { tool_name: "t", arguments: reordered, outcome: "success" });
    const other = await post(ctx, session, { tool_name: "t", arguments: { ...args, a: "y" }, outcome: "success" });

    expect(one.body.arguments_hash).toBe(expectedHash(args));
    expect(one.body.arguments_hash).toMatch(/^[0-9a-f]{12}$/);
    expect(two.body.arguments_hash).toBe(one.body.arguments_hash);
    expect(other.body.arguments_hash).not.toBe(one.body.arguments_hash);
    expect(two.body.arguments).toEqual(reordered);
  });

  it.each(RESULT_SUMMARIES)("summarises %s as the tool log shows it", async (_label, result, summary, type) => {
    const created = await post(ctx, uniqueId("session"), { tool_name: "t", outcome: "success", result });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ result_summary: summary, result_type: type });
  });

  it("keeps the summary, not the raw result", async () => {
    const session = uniqueId("session");
    await post(ctx, session, { tool_name: "t", outcome: "success", result: { secret: "s3cr3t", other: 1 } });
    const read = await ctx.http.get(`/sessions/${session}/tool-calls/call-0001`);
    expect(read.body.result_summary).toBe("object[2 keys]");
    expect(JSON.stringify(read.body)).not.toContain("s3cr3t");
  });

  it("shows a failure's fixed_by once a later success fixes it", async () => {
    const session = uniqueId("session");
    await post(ctx, session, { tool_name: "t", arguments: { x: 1 }, outcome: "failure" });
    await post(ctx, session, { tool_name: "t", arguments: { x: 2 }, outcome: "success" });
    const failure = await ctx.http.get(`/sessions/${session}/tool-calls/call-0001`);
    expect(failure.status).toBe(200);
    expect(failure.body).toMatchObject({ id: "call-0001", outcome: "failure", fixed_by: "call-0002" });
  });

  it("answers 404 problem+json for a call the session does not have", async () => {
    const session = uniqueId("session");
    await post(ctx, session, { tool_name: "t", outcome: "success" });
    const missing = await ctx.http.get(`/sessions/${session}/tool-calls/call-0002`);
    expect(expectProblem(missing, 404)).toMatchObject({ code: "NOT_FOUND" });

    const otherSession = await ctx.http.get(`/sessions/${uniqueId("session")}/tool-calls/call-0001`);
    expectProblem(otherSession, 404);
  });
});
