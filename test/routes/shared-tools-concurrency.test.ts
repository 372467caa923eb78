// Shared tool knowledge under concurrent load: 8 sessions × 50 mixed calls on 3 tools at once sum up exactly.
import { describe, expect, it } from "vitest";
import type { ToolPattern } from "../../src/domain/tools/types.js";
import { uniqueId } from "../helpers/fixtures.js";
import { useHttpApp } from "../helpers/http.js";
import { bothStores, type StoreFactory } from "../helpers/stores.js";

const TOOLS = ["search", "read_file", "run_sql"];
const SESSIONS = 8;
const CALLS_PER_SESSION = 50;

/** A session's calls: failures of two error types, timeouts, successes that fix them, partials. */
function plannedCalls(seed: number) {
  return Array.from({ length: CALLS_PER_SESSION }, (_, i) => {
    const kind = (i + seed) % 6;
    const outcome = kind < 2 ? "failure" : kind === 2 ? "timeout" : kind === 5 ? "partial" : "success";
    return {
      tool_name: TOOLS[(i + seed) % TOOLS.length]!,
      arguments: { n: (i * 7 + seed) % 4, page: i % 2 },
      outcome,
      execution_time_ms: i % 3 === 0 ? 0 : 10 + i,
      ...(outcome === "failure" || outcome === "timeout" ? { error_type: `E${i % 2}` } : {}),
    };
  });
}

describe.each(bothStores())("shared tool knowledge under concurrent load (%s store)", (_name, factory: StoreFactory) => {
  const ctx = useHttpApp(factory);

  it("counts every call of every session exactly once, and every detected fix", async () => {
    const sessions = Array.from({ length: SESSIONS }, () => uniqueId("session"));
    // All 400 at once: which failure each success fixes depends on arrival, the sums must not.
    const responses = await Promise.all(
      sessions.flatMap((session, seed) => plannedCalls(seed).map((call) => ctx.http.post(`/sessions/${session}/tool-calls`).send(call))),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(SESSIONS * CALLS_PER_SESSION).fill(201));

    const patterns = await Promise.all(
      sessions.map(async (session) => (await ctx.http.get(`/sessions/${session}/patterns`)).body.patterns as Record<string, ToolPattern>),
    );
    const fixesPerTool = new Map<string, number>();
    for (const session of sessions) {
      const log = (await ctx.http.get(`/sessions/${session}/tool-calls?limit=1000&only_fixes=true`)).body.calls as Array<{ tool_name: string }>;
      for (const entry of log) fixesPerTool.set(entry.tool_name, (fixesPerTool.get(entry.tool_name) ?? 0) + 1);
    }

    for (const tool of TOOLS) {
      const own = patterns.map((byTool) => byTool[tool]).filter((pattern): pattern is ToolPattern => pattern !== undefined);
      const sum = (pick: (pattern: ToolPattern) => number) => own.reduce((total, pattern) => total + pick(pattern), 0);
      const shared = (await ctx.http.get(`/tools/${tool}`)).body;
      expect(shared).toMatchObject({
        total_calls: sum((p) => p.total_calls),
        success_count: sum((p) => p.success_count),
        failure_count: sum((p) => p.failure_count),
        timed_calls: sum((p) => p.timed_calls),
        fixes_learned: fixesPerTool.get(tool) ?? 0,
        sessions_seen: own.length,
      });
      const timedSum = sum((p) => (p.avg_execution_ms ?? 0) * p.timed_calls);
      expect(shared.avg_execution_ms).toBeCloseTo(timedSum / shared.timed_calls, 6);
      for (const errorType of ["E0", "E1"]) {
        const count = own.flatMap((p) => p.error_patterns).filter((ep) => ep.error_type === errorType).reduce((total, ep) => total + ep.count, 0);
        expect(shared.error_patterns.find((ep: { error_type: string }) => ep.error_type === errorType)?.count ?? 0).toBe(count);
      }
    }
    const listed = (await ctx.http.get("/tools")).body.tools as Array<{ total_calls: number; fixes_learned: number }>;
    expect(listed.reduce((total, tool) => total + tool.total_calls, 0)).toBe(SESSIONS * CALLS_PER_SESSION);
    expect(listed.reduce((total, tool) => total + tool.fixes_learned, 0)).toBeGreaterThan(0);
  });
});
