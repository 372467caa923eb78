// Concurrent tool-call recording against Redis: 100 parallel POSTs to one session keep ids, counts and fix links consistent.
import { describe, expect, it } from "vitest";
import { uniqueId } from "../helpers/fixtures.js";
import { useHttpApp } from "../helpers/http.js";
import { redisStoreFactory } from "../helpers/stores.js";
import type { ToolLogEntry } from "../../src/domain/tools/types.js";

/** Calls as they come back over HTTP: the wire format of the log. */
type Entry = ToolLogEntry;

const TOOLS = ["read_file", "grep", "run_sql", "fetch"];
const CALLS = 100;

/** 100 calls over 4 tools: failures, timeouts, successes and a few partials, with varied arguments. */
function plannedCalls() {
  return Array.from({ length: CALLS }, (_, i) => {
    const tool = TOOLS[i % TOOLS.length]!;
    const kind = i % 7;
    const outcome = kind < 3 ? "failure" : kind === 3 ? "timeout" : kind === 6 ? "partial" : "success";
    // Some arguments repeat across calls so that identical-argument successes occur too.
    const args = { n: i % 5, ...(i % 3 === 0 ? { flag: true } : {}), nested: { k: i % 2 } };
    return {
      tool_name: tool,
      arguments: args,
      outcome,
      ...(outcome === "failure" || outcome === "timeout" ? { error_type: `E${i % 3}` } : {}),
    };
  });
}

describe("concurrent tool calls (redis store)", () => {
  const ctx = useHttpApp(redisStoreFactory());

  it("records 100 parallel calls to one session with unique ids, exact counts and consistent fix links", async () => {
    const session = uniqueId("session");
    const planned = plannedCalls();

    const responses = await Promise.all(planned.map((call) => ctx.http.post(`/sessions/${session}/tool-calls`).send(call)));
    expect(responses.map((response) => response.status)).toEqual(Array(CALLS).fill(201));

    // Ids: exactly call-0001 … call-0100, each once.
    const returnedIds = responses.map((response) => (response.body as Entry).id);
    const expectedIds = Array.from({ length: CALLS }, (_, i) => `call-${String(i + 1).padStart(4, "0")}`);
    expect(new Set(returnedIds).size).toBe(CALLS);
    expect([...returnedIds].sort()).toEqual(expectedIds);

    // The log holds every call, each as it was sent.
    const listed = await ctx.http.get(`/sessions/${session}/tool-calls?limit=1000`);
    const log = listed.body.calls as Entry[];
    expect(log).toHaveLength(CALLS);
    expect(log.map((entry) => entry.id)).toEqual([...expectedIds].reverse());
    for (const [i, response] of responses.entries()) {
      const stored = log.find((entry) => entry.id === (response.body as Entry).id)!;
      expect(stored).toMatchObject({ tool_name: planned[i]!.tool_name, outcome: planned[i]!.outcome, arguments: planned[i]!.arguments });
    }

    // Stats equal the counts of what was sent.
    const sentSuccesses = planned.filter((call) => call.outcome === "success").length;
    const sentFailures = planned.filter((call) => call.outcome === "failure" || call.outcome === "timeout").length;
    const fixes = log.filter((entry) => entry.fix_for !== null);
    const stats = await ctx.http.get(`/sessions/${session}/stats`);
    expect(stats.body).toMatchObject({
      total_calls: CALLS,
      success_count: sentSuccesses,
      failure_count: sentFailures,
      success_rate: sentSuccesses / CALLS,
      total_fixes_detected: fixes.length,
      tools_tracked: TOOLS.length,
    });
    expect(fixes.length).toBeGreaterThan(0);

    // Each failure is fixed at most once, by a success of the same tool that it points back to.
    const byId = new Map(log.map((entry) => [entry.id, entry]));
    expect(new Set(fixes.map((entry) => entry.fix_for)).size).toBe(fixes.length);
    for (const success of fixes) {
      const failure = byId.get(success.fix_for!)!;
      expect(success.outcome).toBe("success");
      expect(failure).toBeDefined();
      expect(failure.tool_name).toBe(success.tool_name);
      expect(["failure", "timeout"]).toContain(failure.outcome);
      expect(failure.fixed_by).toBe(success.id);
      expect(success.delta_args).not.toBeNull();
      expect(failure.arguments).not.toEqual(success.arguments);
    }
    const fixedFailures = log.filter((entry) => entry.fixed_by !== null);
    expect(fixedFailures).toHaveLength(fixes.length);
    for (const failure of fixedFailures) expect(byId.get(failure.fixed_by!)!.fix_for).toBe(failure.id);

    // The fix each POST returned is the one the log keeps.
    for (const response of responses) {
      const returned = response.body as Entry;
      expect(byId.get(returned.id)!.fix_for).toBe(returned.fix_for);
    }

    // Patterns count every call once, per tool.
    const patterns = (await ctx.http.get(`/sessions/${session}/patterns`)).body.patterns as Record<string, { total_calls: number; success_count: number; failure_count: number }>;
    expect(Object.keys(patterns).sort()).toEqual([...TOOLS].sort());
    expect(Object.values(patterns).reduce((sum, pattern) => sum + pattern.total_calls, 0)).toBe(CALLS);
    for (const tool of TOOLS) {
      const sent = planned.filter((call) => call.tool_name === tool);
      expect(patterns[tool]).toMatchObject({
        total_calls: sent.length,
        success_count: sent.filter((call) => call.outcome === "success").length,
        failure_count: sent.filter((call) => call.outcome === "failure" || call.outcome === "timeout").length,
      });
    }

    // The exported fix relations agree with the links on the log.
    const memory = (await ctx.http.get(`/sessions/${session}/memory`)).body;
    expect(memory.next_call_id).toBe(CALLS + 1);
    expect(
      (memory.fix_relations as Array<{ failed_call_id: string; success_call_id: string }>)
        .map((fix) => `${fix.failed_call_id}->${fix.success_call_id}`)
        .sort(),
    ).toEqual(fixes.map((entry) => `${entry.fix_for}->${entry.id}`).sort());
  });

  it("keeps parallel sessions apart: each numbers its own calls from call-0001", async () => {
    const sessions = [uniqueId("session"), uniqueId("session"), uniqueId("session")];
    const requests = sessions.flatMap((session) =>
      Array.from({ length: 20 }, (_, i) =>
        ctx.http.post(`/sessions/${session}/tool-calls`).send({ tool_name: "t", arguments: { i }, outcome: i % 2 ? "success" : "failure" }),
      ),
    );
    const responses = await Promise.all(requests);
    expect(responses.every((response) => response.status === 201)).toBe(true);
    for (const session of sessions) {
      const log = (await ctx.http.get(`/sessions/${session}/tool-calls?limit=1000`)).body.calls as Entry[];
      expect(log.map((entry) => entry.id).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `call-${String(i + 1).padStart(4, "0")}`));
      expect((await ctx.http.get(`/sessions/${session}/stats`)).body).toMatchObject({ total_calls: 20, success_count: 10, failure_count: 10 });
    }
  });
});
