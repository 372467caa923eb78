// What agents send under load (lesson captures, tool calls that fail and get fixed, reads), and the check that every 201 was kept.
import { isDeepStrictEqual } from "node:util";
import type { FastifyInstance } from "fastify";
import type { Outcome, RequestSpec } from "./load.js";

const ERROR_TYPES = ["TypeError", "TimeoutError", "ImportError", "AssertionError", "RateLimitError", "ValueError"];
const TOOLS = ["read_file", "run_tests", "search_code"];

export interface TrafficOptions {
  tasks: readonly string[];
  sessions: readonly string[];
  /** Share of requests (0-1) that are big: tool calls with a ~480 KB result, and prompt or export reads. */
  bigShare?: number;
}

// A result near the 1 MB body limit's half: parsed and summarised by the service, never stored.
const BIG_RESULT = "r".repeat(480_000);

export function lessonCapture(taskId: string, n: number): RequestSpec {
  return {
    kind: "lesson",
    method: "POST",
    path: `/tasks/${taskId}/lessons`,
    target: taskId,
    body: JSON.stringify({
      attempt_number: n + 1,
      tier: (n % 3) + 1,
      error_type: ERROR_TYPES[n % ERROR_TYPES.length],
      error_message: `attempt ${n} failed`,
    }),
  };
}

export function toolCall(sessionId: string, n: number, big = false): RequestSpec {
  const failed = n % 2 === 0;
  return {
    kind: big ? "big-tool-call" : "tool-call",
    method: "POST",
    path: `/sessions/${sessionId}/tool-calls`,
    target: sessionId,
    body: JSON.stringify({
      tool_name: TOOLS[n % TOOLS.length],
      arguments: { path: `/src/file-${n % 5}.ts`, attempt: n % 3 },
      outcome: failed ? "failure" : "success",
      ...(failed ? { error_type: "bad_args", error_message: `call ${n} failed` } : {}),
      result: big ? BIG_RESULT : failed ? { error: "bad args" } : { status: "ok" },
    }),
  };
}

/** The requests of a crowd of agents: mostly writes spread over a few tasks and sessions, some reads, some big. */
export function agentTraffic({ tasks, sessions, bigShare = 0 }: TrafficOptions): (worker: number, iteration: number) => RequestSpec {
  return (worker, iteration) => {
    const n = worker * 100_000 + iteration;
    const task = tasks[(worker + iteration) % tasks.length]!;
    const session = sessions[(worker + iteration) % sessions.length]!;
    const slot = (worker * 7 + iteration) % 20;
    if (slot < bigShare * 20) {
      if (slot % 3 === 0) return toolCall(session, n, true);
      if (slot % 3 === 1) return { kind: "big-read", method: "GET", path: `/tasks/${task}/lessons/prompt?max_lessons=1000`, target: task };
      return { kind: "big-read", method: "GET", path: `/sessions/${session}/memory`, target: session };
    }
    if (slot % 10 === 9) return { kind: "read", method: "GET", path: `/sessions/${session}/stats`, target: session };
    if (slot % 10 === 8) return { kind: "read", method: "GET", path: `/tasks/${task}/lessons?limit=5`, target: task };
    return slot % 2 === 0 ? lessonCapture(task, n) : toolCall(session, n);
  };
}

export interface StoredCheck {
  acknowledged: number;
  /** Entries found in the store for the tasks or sessions written to (503'd writes may be among them). */
  stored: number;
  /** Acknowledged ids the store does not hold. */
  missing: string[];
  /** Acknowledged ids the store holds with other content than the 201 showed. */
  changed: string[];
  /** Ids the store holds more than once. */
  duplicated: string[];
}

function acknowledged(outcomes: readonly Outcome[], pathEnd: string): Map<string, Array<Record<string, unknown>>> {
  const byTarget = new Map<string, Array<Record<string, unknown>>>();
  for (const outcome of outcomes) {
    if (outcome.method !== "POST" || !outcome.path.endsWith(pathEnd) || !outcome.complete || outcome.status !== 201) continue;
    const list = byTarget.get(outcome.target) ?? [];
    list.push(outcome.json as Record<string, unknown>);
    byTarget.set(outcome.target, list);
  }
  return byTarget;
}

function compare(
  byTarget: Map<string, Array<Record<string, unknown>>>,
  storedOf: Map<string, Array<Record<string, unknown>>>,
  idKey: string,
  comparable: (entry: Record<string, unknown>) => unknown,
): StoredCheck {
  const check: StoredCheck = { acknowledged: 0, stored: 0, missing: [], changed: [], duplicated: [] };
  for (const [target, acked] of byTarget) {
    const stored = storedOf.get(target) ?? [];
    check.stored += stored.length;
    const byId = new Map<string, Record<string, unknown>>();
    for (const entry of stored) {
      const id = String(entry[idKey]);
      if (byId.has(id)) check.duplicated.push(`${target}/${id}`);
      byId.set(id, entry);
    }
    for (const entry of acked) {
      check.acknowledged += 1;
      const id = String(entry[idKey]);
      const kept = byId.get(id);
      if (!kept) check.missing.push(`${target}/${id}`);
      else if (!isDeepStrictEqual(comparable(kept), comparable(entry))) check.changed.push(`${target}/${id}`);
    }
  }
  return check;
}

/** Where the checks read back from: the app in this process, or the base URL of a service process. */
export type ApiReader = FastifyInstance | string;

/** GET of a JSON body that must answer 200. */
export async function getJson(reader: ApiReader, url: string): Promise<Record<string, unknown>> {
  const { status, body } =
    typeof reader === "string"
      ? await fetch(`${reader}${url}`).then(async (response) => ({ status: response.status, body: await response.text() }))
      : await reader.inject({ method: "GET", url }).then((response) => ({ status: response.statusCode, body: response.body }));
  if (status !== 200) throw new Error(`GET ${url} answered ${status}: ${body.slice(0, 300)}`);
  return JSON.parse(body) as Record<string, unknown>;
}

/** Reads back, through the API, every lesson that got a 201 and compares it with what the 201 showed. */
export async function checkLessonsKept(app: ApiReader, outcomes: readonly Outcome[]): Promise<StoredCheck> {
  const byTarget = acknowledged(outcomes, "/lessons");
  const stored = new Map<string, Array<Record<string, unknown>>>();
  for (const task of byTarget.keys()) {
    stored.set(task, (await getJson(app, `/tasks/${task}/lessons?limit=10000`)).lessons as Array<Record<string, unknown>>);
  }
  // known_fixes is what the tenant knew when it answered, and redactions what the write replaced: neither is part of the stored lesson.
  return compare(byTarget, stored, "lesson_id", ({ known_fixes: _knownFixes, redactions: _redactions, ...lesson }) => lesson);
}

/**
 * Reads back, through the memory export, every tool call that got a 201; fixed_by may have been set
 * since, and known_fix (what the tenant knew when it answered) and redactions are not part of the entry.
 */
export async function checkToolCallsKept(app: ApiReader, outcomes: readonly Outcome[]): Promise<StoredCheck> {
  const byTarget = acknowledged(outcomes, "/tool-calls");
  const stored = new Map<string, Array<Record<string, unknown>>>();
  for (const session of byTarget.keys()) {
    stored.set(session, (await getJson(app, `/sessions/${session}/memory`)).tool_log as Array<Record<string, unknown>>);
  }
  return compare(byTarget, stored, "id", ({ fixed_by: _fixedBy, known_fix: _knownFix, redactions: _redactions, ...entry }) => entry);
}

/** Per tool: calls acknowledged (201), calls the sessions kept, and calls the tenant's shared knowledge counted. */
export interface SharedCount {
  tool: string;
  acknowledged: number;
  inSessions: number;
  shared: number;
}

/**
 * Compares the tenant's shared knowledge with the sessions after faults. A 201 is counted exactly
 * once and a 503 at most once, and the tenant counts only what a session kept, so per tool
 * `acknowledged <= shared <= inSessions` must hold. Returns the tools where it does not.
 */
export async function checkSharedToolCounts(app: ApiReader, outcomes: readonly Outcome[]): Promise<{ counts: SharedCount[]; violations: SharedCount[] }> {
  const calls = outcomes.filter((o) => o.method === "POST" && o.path.endsWith("/tool-calls"));
  const counts = new Map<string, SharedCount>();
  const countOf = (tool: string) => counts.get(tool) ?? counts.set(tool, { tool, acknowledged: 0, inSessions: 0, shared: 0 }).get(tool)!;
  for (const outcome of calls) {
    if (outcome.complete && outcome.status === 201) countOf(String((outcome.json as { tool_name: string }).tool_name)).acknowledged += 1;
  }
  for (const session of new Set(calls.map((o) => o.target))) {
    const patterns = (await getJson(app, `/sessions/${session}/patterns`)).patterns as Record<string, { total_calls: number }>;
    for (const [tool, pattern] of Object.entries(patterns)) countOf(tool).inSessions += pattern.total_calls;
  }
  for (const tool of (await getJson(app, "/tools?limit=1000")).tools as Array<{ tool_name: string; total_calls: number }>) {
    countOf(tool.tool_name).shared = tool.total_calls;
  }
  const all = [...counts.values()];
  return { counts: all, violations: all.filter((c) => c.shared < c.acknowledged || c.shared > c.inSessions) };
}

/** Lessons acknowledged per task, for checks that read Redis directly. */
export function acknowledgedLessonIds(outcomes: readonly Outcome[]): Map<string, string[]> {
  const ids = new Map<string, string[]>();
  for (const [task, lessons] of acknowledged(outcomes, "/lessons")) ids.set(task, lessons.map((lesson) => String(lesson.lesson_id)));
  return ids;
}
