// Tenant isolation over HTTP: random operation sequences by two tenants on shared ids, on every route, never cross tenants,
// each done with a key of a random scope: one below what the operation needs is refused and changes nothing.
// The shared tool knowledge, failure signatures and known fixes are per tenant too: what one
// tenant's sessions and tasks learn never reaches the other's, even for the very same signature.
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { allows, type Scope } from "../../src/auth/scopes.js";
import { categoriseError } from "../../src/domain/lessons/categorise.js";
import { templateSignature } from "../../src/domain/lessons/signature.js";
import { prepareMessage } from "../../src/domain/failures/templates.js";
import { buildTestApp } from "../helpers/app.js";
import { expectProblem, useHttpApp } from "../helpers/http.js";
import { bothStores, DEFAULT_LIMITS, type StoreFactory } from "../helpers/stores.js";

type Tenant = "A" | "B";
type Outcome = "success" | "failure" | "timeout" | "partial";
type Method = "GET" | "POST" | "PUT" | "DELETE";

const TENANTS: readonly Tenant[] = ["A", "B"];
const KEYS: Record<Tenant, string> = { A: "isolation-key-A-0123456789", B: "isolation-key-B-9876543210" };
/** Each tenant's key of each scope; KEYS (no scope given) are admin, as keys were before scopes. */
const SCOPED_KEYS: Record<Tenant, Record<Scope, string>> = {
  A: { admin: KEYS.A, write: `${KEYS.A}-write`, read: `${KEYS.A}-read` },
  B: { admin: KEYS.B, write: `${KEYS.B}-write`, read: `${KEYS.B}-read` },
};
const API_KEYS = [
  `${KEYS.A}:tenantA,${KEYS.B}:tenantB`,
  ...TENANTS.flatMap((tenant) => (["write", "read"] as const).map((scope) => `${SCOPED_KEYS[tenant][scope]}:tenant${tenant}:${scope}`)),
].join(",");
const TASKS = ["t1", "t2"] as const;
const SESSIONS = ["s1", "s2"] as const;
const TOOLS = ["a", "b"] as const;
const FIX_WINDOW = DEFAULT_LIMITS.fixDetectionWindow;
const NEVER_ISSUED = "lsn_never_issued_0000";
const other = (tenant: Tenant): Tenant => (tenant === "A" ? "B" : "A");

// ---------------------------------------------------------------- the model

interface LessonModel {
  id: string;
  marker: string;
  tier: 1 | 2 | 3;
  category: string;
}
interface TaskModel {
  lessons: LessonModel[];
  captured: number;
}
interface CallModel {
  id: string;
  tool: string;
  outcome: Outcome;
  errorType: string | null;
  goal: string | null;
  marker: string;
  fixedBy: string | null;
  fixFor: string | null;
}
interface ToolModel {
  total: number;
  successes: number;
  failures: number;
  /** Per error type, the markers of the latest failure → success fix. */
  fixes: Record<string, { from: string; to: string }>;
  successPatterns: Array<{ goal: string | null; marker: string }>;
}
interface SessionModel {
  log: CallModel[];
  allocated: number;
  fixes: number;
  tools: Record<string, ToolModel>;
}
/** What a tenant knows about one tool across its sessions. */
interface SharedToolModel {
  total: number;
  fixesLearned: number;
  sessions: Set<string>;
  /** Per error type, the latest fix: every marker differs, so each fix is applied once and the latest is typical. */
  typical: Record<string, { from: string; to: string }>;
  /** Every marker of the tenant's calls of this tool. */
  markers: Set<string>;
}
/** A task's resolution and the signatures it linked, tenant-wide. */
interface LinkModel {
  marker: string;
  signatures: Set<string>;
}
interface SignatureModel {
  occurrences: number;
  tasks: Set<string>;
}
interface World {
  tasks: Record<Tenant, Record<string, TaskModel>>;
  /** Per tenant: every signature's captures; per task, its signatures since the last clear; resolutions. */
  signatures: Record<Tenant, Map<string, SignatureModel>>;
  taskSignatures: Record<Tenant, Record<string, Set<string>>>;
  links: Record<Tenant, Map<string, LinkModel>>;
  sessions: Record<Tenant, Record<string, SessionModel>>;
  shared: Record<Tenant, Record<string, SharedToolModel>>;
  /** Every lesson id either tenant got back, in order. */
  lessonIds: string[];
  markers: number;
}

const emptyTask = (): TaskModel => ({ lessons: [], captured: 0 });
const emptySession = (): SessionModel => ({ log: [], allocated: 0, fixes: 0, tools: {} });

function newWorld(): World {
  const tasks = () => Object.fromEntries(TASKS.map((task) => [task, emptyTask()]));
  const sessions = () => Object.fromEntries(SESSIONS.map((session) => [session, emptySession()]));
  return {
    tasks: { A: tasks(), B: tasks() },
    signatures: { A: new Map(), B: new Map() },
    taskSignatures: { A: {}, B: {} },
    links: { A: new Map(), B: new Map() },
    sessions: { A: sessions(), B: sessions() },
    shared: { A: {}, B: {} },
    lessonIds: [],
    markers: 0,
  };
}

/** A text unique to one write of one tenant; it never occurs in ids, so finding it in a response says whose data that is. */
function nextMarker(world: World, tenant: Tenant): string {
  world.markers += 1;
  // A word holding a digit, which templates mask: the same failure of two tenants shares one
  // signature, so the test sees whether their tenant-wide counts stay apart.
  return `mk~'${tenant}'~${world.markers}~`;
}

const markersIn = (text: string): string[] => [...new Set(text.match(/mk~'[AB]'~\d+~/g) ?? [])].sort();

const callId = (n: number) => `call-${String(n).padStart(4, "0")}`;
const isFailure = (outcome: Outcome) => outcome === "failure" || outcome === "timeout";

/** The model's version of recording a call: next id, fix detection over the window, pattern counts. */
function recordInModel(session: SessionModel, call: Omit<CallModel, "id" | "fixedBy" | "fixFor">): CallModel {
  session.allocated += 1;
  const entry: CallModel = { ...call, id: callId(session.allocated), fixedBy: null, fixFor: null };
  const tool = (session.tools[call.tool] ??= { total: 0, successes: 0, failures: 0, fixes: {}, successPatterns: [] });
  tool.total += 1;
  if (call.outcome === "success") tool.successes += 1;
  if (isFailure(call.outcome)) tool.failures += 1;
  if (call.outcome === "success") {
    const window = session.log.slice(-FIX_WINDOW);
    const target = [...window].reverse().find((prior) => prior.tool === call.tool && isFailure(prior.outcome) && prior.fixedBy === null);
    if (target) {
      target.fixedBy = entry.id;
      entry.fixFor = target.id;
      session.fixes += 1;
      // A failure without an error type learns its fix under "unknown", where its pattern filed it.
      tool.fixes[target.errorType ?? "unknown"] = { from: target.marker, to: call.marker };
      tool.successPatterns = [...tool.successPatterns, { goal: call.goal, marker: call.marker }].slice(-10);
    }
  }
  session.log.push(entry);
  return entry;
}

/** The model's version of the tenant learning from a recorded call (after the session did). */
function shareInModel(world: World, tenant: Tenant, sessionId: string, entry: CallModel, fixed: CallModel | null): void {
  const tool = (world.shared[tenant][entry.tool] ??= { total: 0, fixesLearned: 0, sessions: new Set(), typical: {}, markers: new Set() });
  tool.total += 1;
  tool.sessions.add(sessionId);
  tool.markers.add(entry.marker);
  if (fixed) {
    tool.fixesLearned += 1;
    // The fixed failure may have come into the session by an import (even one copied from the other
    // tenant): it is this session's data now, and its arguments are in the fix the tenant learns.
    tool.markers.add(fixed.marker);
    tool.typical[fixed.errorType ?? "unknown"] = { from: fixed.marker, to: entry.marker };
  }
}

const sessionMarkers = (session: SessionModel, tool?: string) =>
  [...new Set(session.log.filter((call) => tool === undefined || call.tool === tool).map((call) => call.marker))].sort();

/** Markers of the tenant's resolutions: they may show wherever a known fix does. */
const resolutionMarkers = (world: World, tenant: Tenant) => [...world.links[tenant].values()].map((link) => link.marker);

/** The markers found that the model does not allow here: always expected to be none. */
const foreign = (found: string[], allowed: string[]) => found.filter((marker) => !allowed.includes(marker));

// ---------------------------------------------------------------- HTTP

interface Reply {
  status: number;
  headers: Record<string, unknown>;
  body: any;
  text: string;
}

/** The scope of the key the operation being applied is sent with; checks read with admin keys. */
let acting: Scope = "admin";

// app.inject runs the whole request lifecycle without a socket, which keeps the many requests of each run cheap.
async function send(app: FastifyInstance, tenant: Tenant, method: Method, url: string, payload?: unknown, accept?: string): Promise<Reply> {
  const response = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${SCOPED_KEYS[tenant][acting]}`, ...(accept ? { accept } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  const type = String(response.headers["content-type"] ?? "");
  return {
    status: response.statusCode,
    headers: response.headers,
    body: type.includes("json") ? response.json() : undefined,
    text: response.body,
  };
}

/** A problem reply: status, problem+json and the fields every problem has. */
function expectProblemReply(reply: Reply, status: number, code: string): void {
  expect(reply.status, reply.text).toBe(status);
  expect(String(reply.headers["content-type"])).toMatch(/^application\/problem\+json/);
  expect(reply.body).toMatchObject({ status, code, title: expect.any(String), detail: expect.any(String) });
}

/** The answer to a lesson id this tenant does not have must be the answer to one nobody was ever given. */
async function expectLikeNeverIssued(app: FastifyInstance, tenant: Tenant, method: Method, task: string, id: string, reply: Reply) {
  const never = await send(app, tenant, method, `/tasks/${task}/lessons/${NEVER_ISSUED}`);
  expectProblemReply(reply, 404, "NOT_FOUND");
  expect({ status: reply.status, code: reply.body.code, title: reply.body.title, type: reply.body.type }).toEqual({
    status: never.status,
    code: never.body.code,
    title: never.body.title,
    type: never.body.type,
  });
  expect(String(reply.body.detail).replace(id, "ID")).toBe(String(never.body.detail).replace(NEVER_ISSUED, "ID"));
}

// ---------------------------------------------------------------- whole-resource checks

async function checkTask(app: FastifyInstance, world: World, tenant: Tenant, task: string): Promise<void> {
  const model = world.tasks[tenant][task]!;
  const list = await send(app, tenant, "GET", `/tasks/${task}/lessons`);
  expect(list.status).toBe(200);
  const lessons = list.body.lessons as Array<{ lesson_id: string; error_message: string }>;
  expect(lessons.map((lesson) => lesson.lesson_id)).toEqual(model.lessons.map((lesson) => lesson.id));
  expect(lessons.map((lesson) => markersIn(lesson.error_message))).toEqual(model.lessons.map((lesson) => [lesson.marker]));

  const stats = await send(app, tenant, "GET", `/tasks/${task}/lessons/stats`);
  expect(stats.status).toBe(200);
  const byCategory: Record<string, number> = {};
  for (const lesson of model.lessons) byCategory[lesson.category] = (byCategory[lesson.category] ?? 0) + 1;
  const tierCount = (tier: number) => model.lessons.filter((lesson) => lesson.tier === tier).length;
  expect(stats.body).toMatchObject({
    task_id: task,
    total_lessons: model.lessons.length,
    total_captured: model.captured,
    by_category: byCategory,
    by_tier: { "1": tierCount(1), "2": tierCount(2), "3": tierCount(3) },
    resolved: world.links[tenant].has(task),
  });
}

/** GET /lessons/signatures lists exactly the tenant's signatures, its own counts, and only its own fixes. */
async function checkTenantSignatures(app: FastifyInstance, world: World, tenant: Tenant): Promise<void> {
  const reply = await send(app, tenant, "GET", "/lessons/signatures?limit=1000");
  expect(reply.status).toBe(200);
  const resolvedTasks = (signature: string) => [...world.links[tenant].values()].filter((link) => link.signatures.has(signature)).length;
  const expected = [...world.signatures[tenant]]
    .sort(([a, x], [b, y]) => y.occurrences - x.occurrences || (a < b ? -1 : 1))
    .map(([signature, model]) => ({ signature, occurrences: model.occurrences, tasks: model.tasks.size, resolved_tasks: resolvedTasks(signature) }));
  expect(reply.body.signatures).toMatchObject(expected);
  expect(reply.body.signatures).toHaveLength(expected.length);
  expect(foreign(markersIn(reply.text), resolutionMarkers(world, tenant))).toEqual([]);
}

async function checkSession(app: FastifyInstance, world: World, tenant: Tenant, session: string): Promise<void> {
  const model = world.sessions[tenant][session]!;
  const calls = await send(app, tenant, "GET", `/sessions/${session}/tool-calls?limit=1000`);
  expect(calls.status).toBe(200);
  const seen = (calls.body.calls as Array<Record<string, unknown>>).map((call) => ({
    id: call.id,
    marker: (call.arguments as { m?: unknown }).m,
    fixed_by: call.fixed_by,
    fix_for: call.fix_for,
  }));
  const expected = [...model.log].reverse().map((call) => ({ id: call.id, marker: call.marker, fixed_by: call.fixedBy, fix_for: call.fixFor }));
  expect(seen).toEqual(expected);

  const stats = await send(app, tenant, "GET", `/sessions/${session}/stats`);
  expect(stats.status).toBe(200);
  expect(stats.body).toMatchObject({
    session_id: session,
    total_calls: model.log.length,
    success_count: model.log.filter((call) => call.outcome === "success").length,
    failure_count: model.log.filter((call) => isFailure(call.outcome)).length,
    total_fixes_detected: model.fixes,
    tools_tracked: Object.keys(model.tools).length,
  });
}

async function checkPatterns(app: FastifyInstance, world: World, tenant: Tenant, session: string): Promise<void> {
  const model = world.sessions[tenant][session]!;
  const reply = await send(app, tenant, "GET", `/sessions/${session}/patterns`);
  expect(reply.status).toBe(200);
  const patterns = reply.body.patterns as Record<string, { total_calls: number; success_count: number; failure_count: number }>;
  expect(Object.keys(patterns).sort()).toEqual(Object.keys(model.tools).sort());
  for (const [name, tool] of Object.entries(model.tools)) {
    expect(patterns[name]).toMatchObject({ total_calls: tool.total, success_count: tool.successes, failure_count: tool.failures });
  }
  expect(foreign(markersIn(reply.text), sessionMarkers(model))).toEqual([]);
}

async function checkExport(app: FastifyInstance, world: World, tenant: Tenant, session: string): Promise<Reply> {
  const model = world.sessions[tenant][session]!;
  const reply = await send(app, tenant, "GET", `/sessions/${session}/memory`);
  expect(reply.status).toBe(200);
  expect(reply.body.session_id).toBe(session);
  expect((reply.body.tool_log as Array<{ id: string; arguments: { m: string } }>).map((call) => [call.id, call.arguments.m])).toEqual(
    model.log.map((call) => [call.id, call.marker]),
  );
  expect(reply.body.next_call_id).toBe(model.allocated + 1);
  expect(reply.body.fix_relations).toHaveLength(model.fixes);
  expect(markersIn(reply.text)).toEqual(sessionMarkers(model));
  return reply;
}

async function checkLessonPrompt(app: FastifyInstance, world: World, tenant: Tenant, task: string, max?: number, asText = false) {
  const model = world.tasks[tenant][task]!;
  const query = max === undefined ? "" : `?max_lessons=${max}`;
  const reply = await send(app, tenant, "GET", `/tasks/${task}/lessons/prompt${query}`, undefined, asText ? "text/plain" : undefined);
  expect(reply.status).toBe(200);
  const shown = model.lessons.slice(-(max ?? 5));
  if (!asText) expect(reply.body).toMatchObject({ task_id: task, lesson_count: shown.length });
  const prompt = asText ? reply.text : (reply.body.prompt as string);
  // Every shown lesson, plus what worked (its own resolution, other tasks' known fixes) of this tenant only.
  const found = markersIn(prompt);
  expect(foreign(shown.map((lesson) => lesson.marker), found)).toEqual([]);
  expect(foreign(found, [...shown.map((lesson) => lesson.marker), ...resolutionMarkers(world, tenant)])).toEqual([]);
}

async function checkEverything(app: FastifyInstance, world: World): Promise<void> {
  for (const tenant of TENANTS) {
    for (const task of TASKS) {
      await checkTask(app, world, tenant, task);
      await checkLessonPrompt(app, world, tenant, task, 1000);
      for (const id of world.lessonIds) {
        const own = world.tasks[tenant][task]!.lessons.some((lesson) => lesson.id === id);
        const reply = await send(app, tenant, "GET", `/tasks/${task}/lessons/${id}`);
        if (own) expect(reply.status).toBe(200);
        else await expectLikeNeverIssued(app, tenant, "GET", task, id, reply);
      }
    }
    for (const session of SESSIONS) {
      await checkSession(app, world, tenant, session);
      await checkPatterns(app, world, tenant, session);
      await checkExport(app, world, tenant, session);
    }
    await checkTenantSignatures(app, world, tenant);
    await checkSharedTools(app, world, tenant);
    for (const tool of TOOLS) await checkSharedTool(app, world, tenant, tool);
  }
}

/** GET /tools lists exactly the tenant's tools, most calls first, with its own counts. */
async function checkSharedTools(app: FastifyInstance, world: World, tenant: Tenant): Promise<void> {
  const reply = await send(app, tenant, "GET", "/tools");
  expect(reply.status).toBe(200);
  const expected = Object.entries(world.shared[tenant])
    .sort(([a, x], [b, y]) => y.total - x.total || (a < b ? -1 : 1))
    .map(([name, tool]) => ({ tool_name: name, total_calls: tool.total, fixes_learned: tool.fixesLearned, sessions_seen: tool.sessions.size }));
  expect(reply.body.tools).toMatchObject(expected);
  expect(reply.body.tools).toHaveLength(expected.length);
}

/** GET /tools/{tool}: 404 unless the tenant called it; its counts, and only its own markers. */
async function checkSharedTool(app: FastifyInstance, world: World, tenant: Tenant, name: string): Promise<void> {
  const tool = world.shared[tenant][name];
  const reply = await send(app, tenant, "GET", `/tools/${name}`);
  if (!tool) return expectProblemReply(reply, 404, "NOT_FOUND");
  expect(reply.status).toBe(200);
  expect(reply.body).toMatchObject({ tool_name: name, total_calls: tool.total, fixes_learned: tool.fixesLearned, sessions_seen: tool.sessions.size });
  for (const [errorType, fix] of Object.entries(tool.typical)) {
    const pattern = (reply.body.error_patterns as Array<{ error_type: string; fix_delta: unknown }>).find((ep) => ep.error_type === errorType);
    expect(pattern?.fix_delta).toEqual({ changed: { m: { from: fix.from, to: fix.to } } });
  }
  expect(foreign(markersIn(reply.text), [...tool.markers])).toEqual([]);
}

// ---------------------------------------------------------------- operations

const tenantArb = fc.constantFrom<Tenant>(...TENANTS);
const taskArb = fc.constantFrom(...TASKS);
const sessionArb = fc.constantFrom(...SESSIONS);
const toolArb = fc.constantFrom(...TOOLS);
// "unknown" is where failures without an error type are filed, so lookups by it must find them.
const errorTypeArb = fc.constantFrom("E1", "E2", "unknown");
const goalArb = fc.constantFrom("deploy", "build");
const onTask = { tenant: tenantArb, task: taskArb };
const onSession = { tenant: tenantArb, session: sessionArb };
// With `aimed` set, a read targets something the acting tenant has (when it has any), so found answers get checked too.
const aim = { aimed: fc.boolean(), pick: fc.nat() };
const callArb = fc.record({
  tool: toolArb,
  outcome: fc.constantFrom<Outcome>("success", "success", "failure", "failure", "timeout", "partial"),
  errorType: fc.option(errorTypeArb, { nil: null, freq: 4 }),
  goal: fc.option(goalArb, { nil: null, freq: 3 }),
});

const unscopedOperationArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("captureLesson" as const),
      ...onTask,
      tier: fc.constantFrom<1 | 2 | 3>(1, 2, 3),
      errorType: fc.constantFrom("TypeError", "TimeoutError", "SyntaxError", "PermissionError", "Oops"),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("listLessons" as const), ...onTask, limit: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("getLesson" as const), ...onTask, pick: fc.nat(), preferOwn: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("deleteLesson" as const), ...onTask, pick: fc.nat(), preferOwn: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("lessonPrompt" as const),
      ...onTask,
      max: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
      asText: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("lessonStats" as const), ...onTask }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("clearTask" as const), ...onTask }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("resolveTask" as const), ...onTask }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("unresolveTask" as const), ...onTask }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("tenantSignatures" as const), tenant: tenantArb }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("recordCalls" as const),
      ...onSession,
      calls: fc.array(callArb, { minLength: 1, maxLength: 4 }),
    }),
  },
  {
    // A failure and then a success of the same tool: a fix, unless an older unfixed failure takes it.
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("recordCalls" as const),
      ...onSession,
      calls: fc
        .tuple(toolArb, fc.constantFrom<Outcome>("failure", "timeout"), errorTypeArb, fc.option(goalArb, { nil: null }))
        .map(([tool, outcome, errorType, goal]) => [
          { tool, outcome, errorType, goal: null },
          { tool, outcome: "success" as Outcome, errorType: null, goal },
        ]),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("searchCalls" as const),
      ...onSession,
      filter: fc.record(
        {
          tool_name: toolArb,
          outcome: fc.constantFrom<Outcome>("success", "failure", "timeout", "partial"),
          error_type: errorTypeArb,
          goal_contains: fc.constantFrom("deploy", "BUILD", "mk~"),
          only_fixes: fc.boolean(),
          only_fixed: fc.boolean(),
          limit: fc.integer({ min: 1, max: 1000 }),
        },
        { requiredKeys: [] },
      ),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("getCall" as const), ...onSession, n: fc.integer({ min: 1, max: 8 }), ...aim }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("patterns" as const), ...onSession }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("pattern" as const), ...onSession, tool: toolArb, ...aim }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("knownFix" as const), ...onSession, tool: toolArb, errorType: errorTypeArb, ...aim }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("hints" as const), ...onSession, tool: toolArb, goal: goalArb, ...aim }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("guidance" as const), ...onSession, tool: toolArb, errorType: errorTypeArb, ...aim }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("template" as const), ...onSession, tool: toolArb, goal: goalArb, ...aim }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("sessionStats" as const), ...onSession }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("sessionPrompt" as const),
      ...onSession,
      variant: fc.constantFrom("plain", "allArgs", "toolA", "goal", "compact", "shared"),
      asText: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("summary" as const), ...onSession, asText: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("exportMemory" as const), ...onSession }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("copyMemoryToOther" as const), ...onSession }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("resetMemory" as const), ...onSession }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("sharedTools" as const), tenant: tenantArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("sharedTool" as const), tenant: tenantArb, tool: toolArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("sharedFix" as const), tenant: tenantArb, tool: toolArb, errorType: errorTypeArb, asGuidance: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("forgetSharedTool" as const), tenant: tenantArb, tool: toolArb }) },
);

// Mostly keys that may do the operation, so the sequences still build up state; often enough one that may not.
const scopeArb = fc.constantFrom<Scope>("admin", "admin", "admin", "write", "read");
const operationArb = fc.tuple(unscopedOperationArb, scopeArb).map(([op, scope]) => ({ ...op, scope }));

type Operation = typeof operationArb extends fc.Arbitrary<infer T> ? T : never;

/** What each operation's routes need; the reads are left out: every key may read. */
const NEEDED: Partial<Record<Operation["kind"], Scope>> = {
  captureLesson: "write",
  resolveTask: "write",
  recordCalls: "write",
  deleteLesson: "admin",
  clearTask: "admin",
  unresolveTask: "admin",
  copyMemoryToOther: "admin",
  resetMemory: "admin",
  forgetSharedTool: "admin",
};

/** The operation's write as a key below its scope sends it: refused with a 403, and (checkTouched shows) nothing changed. */
async function expectRefused(app: FastifyInstance, op: Operation, needed: Scope): Promise<void> {
  const sessionMemory = { tool_log: [], tool_patterns: {}, fix_relations: [] };
  const lessonBody = { attempt_number: 1, tier: 1, error_type: "RefusedError", error_message: "refused" };
  const request: [Method, string, unknown?] =
    op.kind === "captureLesson" ? ["POST", `/tasks/${op.task}/lessons`, lessonBody]
    : op.kind === "resolveTask" ? ["PUT", `/tasks/${op.task}/resolution`, { attempt_number: 1, approach: "refused" }]
    : op.kind === "recordCalls" ? ["POST", `/sessions/${op.session}/tool-calls`, { tool_name: "a", outcome: "success" }]
    : op.kind === "deleteLesson" ? ["DELETE", `/tasks/${op.task}/lessons/${NEVER_ISSUED}`]
    : op.kind === "clearTask" ? ["DELETE", `/tasks/${op.task}/lessons`]
    : op.kind === "unresolveTask" ? ["DELETE", `/tasks/${op.task}/resolution`]
    : op.kind === "copyMemoryToOther" ? ["PUT", `/sessions/${op.session}/memory`, sessionMemory]
    : op.kind === "resetMemory" ? ["DELETE", `/sessions/${op.session}/memory`]
    : ["DELETE", `/tools/${"tool" in op ? op.tool : "a"}`];
  const reply = await send(app, op.tenant, ...request);
  expect(reply.status, reply.text).toBe(403);
  expect(reply.body).toMatchObject({ code: "INSUFFICIENT_SCOPE", detail: expect.stringContaining(`'${needed}'`) });
}

/** What an aimed read targets: one of the acting tenant's own candidates when it has any, else the generated one. */
function aimAt<T>(op: { aimed: boolean; pick: number }, candidates: readonly T[], generated: T): T {
  return op.aimed && candidates.length > 0 ? candidates[op.pick % candidates.length]! : generated;
}

/** Runs one operation with a key of its scope: refused below what it needs, else checked against the model, which it updates. */
async function apply(app: FastifyInstance, world: World, op: Operation): Promise<void> {
  acting = op.scope;
  try {
    const needed = NEEDED[op.kind];
    if (needed && !allows(op.scope, needed)) return await expectRefused(app, op, needed);
    return await applyAllowed(app, world, op);
  } finally {
    acting = "admin";
  }
}

async function applyAllowed(app: FastifyInstance, world: World, op: Operation): Promise<void> {
  const { tenant } = op;
  switch (op.kind) {
    case "captureLesson": {
      const marker = nextMarker(world, tenant);
      const message = `failed at ${marker}`;
      const body = { attempt_number: 1, tier: op.tier, error_type: op.errorType, error_message: message };
      const reply = await send(app, tenant, "POST", `/tasks/${op.task}/lessons`, body);
      expect(reply.status, reply.text).toBe(201);
      const id = reply.body.lesson_id as string;
      // Every message masks to `failed at <*>`, so each tenant's templates make one template of them,
      // whose id is that of the masked tokens: the same failure of two tenants shares one signature.
      const signature = templateSignature(op.errorType, prepareMessage(message).id);
      expect(reply.body).toMatchObject({ task_id: op.task, category: categoriseError(op.errorType, message), signature });
      // Known fixes: this tenant's resolutions that list the signature, the three most recent.
      const linked = [...world.links[tenant]].filter(([, link]) => link.signatures.has(signature));
      const known = reply.body.known_fixes as Array<{ task_id: string; approach: string }>;
      expect(known).toHaveLength(Math.min(3, linked.length));
      for (const fix of known) expect(linked.map(([task, link]) => `${task} ${link.marker}`)).toContain(`${fix.task_id} ${markersIn(fix.approach)[0]}`);
      const counted = world.signatures[tenant].get(signature) ?? { occurrences: 0, tasks: new Set<string>() };
      counted.occurrences += 1;
      counted.tasks.add(op.task);
      world.signatures[tenant].set(signature, counted);
      (world.taskSignatures[tenant][op.task] ??= new Set()).add(signature);
      expect(reply.headers.location).toBe(`/tasks/${op.task}/lessons/${id}`);
      expect(world.lessonIds).not.toContain(id);
      world.lessonIds.push(id);
      const task = world.tasks[tenant][op.task]!;
      task.lessons.push({ id, marker, tier: op.tier, category: reply.body.category as string });
      task.captured += 1;
      return;
    }
    case "listLessons": {
      const reply = await send(app, tenant, "GET", `/tasks/${op.task}/lessons${op.limit ? `?limit=${op.limit}` : ""}`);
      expect(reply.status).toBe(200);
      const expected = world.tasks[tenant][op.task]!.lessons.slice(op.limit ? -op.limit : 0).map((lesson) => lesson.id);
      expect((reply.body.lessons as Array<{ lesson_id: string }>).map((lesson) => lesson.lesson_id)).toEqual(expected);
      return;
    }
    case "getLesson":
    case "deleteLesson": {
      // Half the time one of this tenant's own lessons of the task (when it has any), else any id either tenant got.
      const task = world.tasks[tenant][op.task]!;
      const ownIds = task.lessons.map((lesson) => lesson.id);
      const pool = op.preferOwn && ownIds.length > 0 ? ownIds : [...world.lessonIds, NEVER_ISSUED];
      const id = pool[op.pick % pool.length]!;
      const own = task.lessons.find((lesson) => lesson.id === id);
      const method = op.kind === "getLesson" ? "GET" : "DELETE";
      const reply = await send(app, tenant, method, `/tasks/${op.task}/lessons/${id}`);
      if (!own) return expectLikeNeverIssued(app, tenant, method, op.task, id, reply);
      if (method === "GET") {
        expect(reply.status).toBe(200);
        expect(reply.body).toMatchObject({ lesson_id: id, task_id: op.task, tier: own.tier });
        expect(markersIn(reply.text)).toContain(own.marker);
        expect(foreign(markersIn(reply.text), [own.marker, ...resolutionMarkers(world, tenant)])).toEqual([]);
      } else {
        expect(reply.status).toBe(204);
        task.lessons = task.lessons.filter((lesson) => lesson.id !== id);
      }
      return;
    }
    case "lessonPrompt":
      return checkLessonPrompt(app, world, tenant, op.task, op.max, op.asText);
    case "lessonStats":
      return checkTask(app, world, tenant, op.task);
    case "clearTask": {
      expect((await send(app, tenant, "DELETE", `/tasks/${op.task}/lessons`)).status).toBe(204);
      world.tasks[tenant][op.task] = emptyTask();
      // Its signatures go with it; its resolution and links, and the tenant's counts, stay.
      world.taskSignatures[tenant][op.task] = new Set();
      return;
    }
    case "resolveTask": {
      const marker = nextMarker(world, tenant);
      const reply = await send(app, tenant, "PUT", `/tasks/${op.task}/resolution`, { attempt_number: 2, approach: `worked ${marker}` });
      expect(reply.status, reply.text).toBe(world.links[tenant].has(op.task) ? 200 : 201);
      const signatures = new Set(world.taskSignatures[tenant][op.task] ?? []);
      expect(new Set(reply.body.signatures)).toEqual(signatures);
      world.links[tenant].set(op.task, { marker, signatures });
      return;
    }
    case "unresolveTask": {
      expect((await send(app, tenant, "DELETE", `/tasks/${op.task}/resolution`)).status).toBe(204);
      world.links[tenant].delete(op.task);
      return;
    }
    case "tenantSignatures":
      return checkTenantSignatures(app, world, tenant);
    case "recordCalls": {
      for (const call of op.calls) {
        const marker = nextMarker(world, tenant);
        const errorType = isFailure(call.outcome) ? call.errorType : null;
        const goal = call.goal === null ? null : `${call.goal} ${marker}`;
        const body = { tool_name: call.tool, arguments: { m: marker }, outcome: call.outcome, error_type: errorType, context_goal: goal };
        const reply = await send(app, tenant, "POST", `/sessions/${op.session}/tool-calls`, body);
        expect(reply.status, reply.text).toBe(201);
        const session = world.sessions[tenant][op.session]!;
        const entry = recordInModel(session, { tool: call.tool, outcome: call.outcome, errorType, goal, marker });
        const fixed = entry.fixFor === null ? null : session.log.find((prior) => prior.id === entry.fixFor)!;
        shareInModel(world, tenant, op.session, entry, fixed);
        // Every call's m is new, so a fix the tenant learned (changing m from another call's value) never
        // applies to it, and none is offered (applicability.ts): another tenant's least of all.
        expect(reply.body).toMatchObject({
          id: entry.id,
          fix_for: entry.fixFor,
          delta_args: fixed ? { changed: { m: { from: fixed.marker, to: marker } } } : null,
          known_fix: null,
        });
        expect(reply.headers.location).toBe(`/sessions/${op.session}/tool-calls/${entry.id}`);
      }
      return;
    }
    case "searchCalls": {
      const { limit, ...filter } = op.filter;
      const query = new URLSearchParams(Object.entries(op.filter).map(([key, value]): [string, string] => [key, String(value)]));
      const reply = await send(app, tenant, "GET", `/sessions/${op.session}/tool-calls?${query}`);
      expect(reply.status, reply.text).toBe(200);
      const expected = [...world.sessions[tenant][op.session]!.log]
        .reverse()
        .filter((call) => !filter.tool_name || call.tool === filter.tool_name)
        .filter((call) => !filter.outcome || call.outcome === filter.outcome)
        .filter((call) => !filter.error_type || (isFailure(call.outcome) ? (call.errorType ?? "unknown") : call.errorType) === filter.error_type)
        .filter((call) => !filter.goal_contains || (call.goal ?? "").toLowerCase().includes(filter.goal_contains.toLowerCase()))
        .filter((call) => !filter.only_fixes || call.fixFor !== null)
        .filter((call) => !filter.only_fixed || call.fixedBy !== null)
        .slice(0, limit ?? 10)
        .map((call) => [call.id, call.marker]);
      expect((reply.body.calls as Array<{ id: string; arguments: { m: string } }>).map((call) => [call.id, call.arguments.m])).toEqual(expected);
      return;
    }
    case "getCall": {
      const log = world.sessions[tenant][op.session]!.log;
      const id = aimAt(op, log.map((call) => call.id), callId(op.n));
      const own = log.find((call) => call.id === id);
      const reply = await send(app, tenant, "GET", `/sessions/${op.session}/tool-calls/${id}`);
      if (!own) return expectProblemReply(reply, 404, "NOT_FOUND");
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ id, tool_name: own.tool, arguments: { m: own.marker }, fixed_by: own.fixedBy, fix_for: own.fixFor });
      return;
    }
    case "patterns":
      return checkPatterns(app, world, tenant, op.session);
    case "pattern": {
      const session = world.sessions[tenant][op.session]!;
      const name = aimAt(op, Object.keys(session.tools), op.tool);
      const tool = session.tools[name];
      const reply = await send(app, tenant, "GET", `/sessions/${op.session}/patterns/${name}`);
      if (!tool) return expectProblemReply(reply, 404, "NOT_FOUND");
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ tool_name: name, total_calls: tool.total, success_count: tool.successes, failure_count: tool.failures });
      expect(foreign(markersIn(reply.text), sessionMarkers(session, name))).toEqual([]);
      return;
    }
    case "knownFix": {
      const tools = world.sessions[tenant][op.session]!.tools;
      const known = Object.entries(tools).flatMap(([name, tool]) => Object.keys(tool.fixes).map((errorType) => [name, errorType] as const));
      const [name, errorType] = aimAt(op, known, [op.tool, op.errorType] as const);
      const fix = tools[name]?.fixes[errorType];
      const reply = await send(app, tenant, "GET", `/sessions/${op.session}/patterns/${name}/fix?error_type=${errorType}`);
      if (!fix) return expectProblemReply(reply, 404, "NOT_FOUND");
      expect(reply.status).toBe(200);
      expect(reply.body.fix_delta).toEqual({ changed: { m: { from: fix.from, to: fix.to } } });
      return;
    }
    case "hints":
    case "template": {
      const tools = world.sessions[tenant][op.session]!.tools;
      const withGoals = Object.entries(tools).flatMap(([name, tool]) =>
        tool.successPatterns.flatMap((pattern) => (pattern.goal ? [[name, pattern.goal.split(" ")[0]!] as const] : [])),
      );
      const [name, goal] = aimAt(op, withGoals, [op.tool, op.goal] as const);
      const match = (tools[name]?.successPatterns ?? []).find((pattern) => pattern.goal?.toLowerCase().includes(goal));
      const reply = await send(app, tenant, "GET", `/sessions/${op.session}/patterns/${name}/${op.kind}?goal=${goal}`);
      if (!match) return expectProblemReply(reply, 404, "NOT_FOUND");
      expect(reply.status).toBe(200);
      if (op.kind === "hints") expect(reply.body).toEqual({ tool_name: name, goal, arg_hints: { m: match.marker } });
      else expect(markersIn(reply.body.prompt as string)).toEqual([match.marker]);
      return;
    }
    case "guidance": {
      const session = world.sessions[tenant][op.session]!;
      const name = aimAt(op, Object.keys(session.tools), op.tool);
      const tool = session.tools[name];
      const errorType = op.aimed ? aimAt(op, Object.keys(tool?.fixes ?? {}), op.errorType) : op.errorType;
      const reply = await send(app, tenant, "GET", `/sessions/${op.session}/patterns/${name}/guidance?error_type=${errorType}`);
      if (!tool) return expectProblemReply(reply, 404, "NOT_FOUND");
      expect(reply.status).toBe(200);
      const prompt = reply.body.prompt as string;
      expect(prompt.includes("Previous fix")).toBe(tool.fixes[errorType] !== undefined);
      expect(foreign(markersIn(prompt), sessionMarkers(session, name))).toEqual([]);
      return;
    }
    case "sessionStats":
      return checkSession(app, world, tenant, op.session);
    case "sessionPrompt": {
      const session = world.sessions[tenant][op.session]!;
      const query = {
        plain: "",
        allArgs: "?include_args=true&max_recent_calls=50",
        toolA: "?tools=a&include_args=true",
        goal: "?goal=deploy&include_timing=true",
        compact: "?compact=true",
        shared: "?tools=a,b&shared=true",
      }[op.variant];
      const reply = await send(app, tenant, "GET", `/sessions/${op.session}/prompt${query}`, undefined, op.asText ? "text/plain" : undefined);
      expect(reply.status).toBe(200);
      const prompt = op.asText ? reply.text : (reply.body.prompt as string);
      if (op.variant === "shared") {
        // The tenant's other sessions may add their fixes; the other tenant's never.
        const tenantMarkers = Object.values(world.shared[tenant]).flatMap((tool) => [...tool.markers]);
        expect(foreign(markersIn(prompt), [...sessionMarkers(session), ...tenantMarkers])).toEqual([]);
        return;
      }
      const relevant = sessionMarkers(session, op.variant === "toolA" ? "a" : undefined);
      expect(prompt === "").toBe(relevant.length === 0);
      if (op.variant === "allArgs") expect(markersIn(prompt)).toEqual(relevant);
      else expect(foreign(markersIn(prompt), relevant)).toEqual([]);
      return;
    }
    case "summary": {
      const session = world.sessions[tenant][op.session]!;
      const reply = await send(app, tenant, "GET", `/sessions/${op.session}/prompt/summary`, undefined, op.asText ? "text/plain" : undefined);
      expect(reply.status).toBe(200);
      const prompt = op.asText ? reply.text : (reply.body.prompt as string);
      if (session.log.length === 0) expect(prompt).toBe("");
      else expect(prompt).toContain(`Total: ${session.log.length} calls`);
      if (session.log.length > 0) expect(prompt).toContain(`${session.fixes} fixes detected`);
      return;
    }
    case "exportMemory":
      await checkExport(app, world, tenant, op.session);
      return;
    case "copyMemoryToOther": {
      const exported = await checkExport(app, world, tenant, op.session);
      const to = other(tenant);
      const reply = await send(app, to, "PUT", `/sessions/${op.session}/memory`, exported.body);
      expect(reply.status, reply.text).toBe(204);
      world.sessions[to][op.session] = structuredClone(world.sessions[tenant][op.session]!);
      return;
    }
    case "resetMemory": {
      // Resetting a session leaves the tenant's shared knowledge as it was.
      expect((await send(app, tenant, "DELETE", `/sessions/${op.session}/memory`)).status).toBe(204);
      world.sessions[tenant][op.session] = emptySession();
      return;
    }
    case "sharedTools":
      return checkSharedTools(app, world, tenant);
    case "sharedTool":
      return checkSharedTool(app, world, tenant, op.tool);
    case "sharedFix": {
      const tool = world.shared[tenant][op.tool];
      const fix = tool?.typical[op.errorType];
      if (op.asGuidance) {
        const reply = await send(app, tenant, "GET", `/tools/${op.tool}/guidance?error_type=${op.errorType}`);
        if (!tool) return expectProblemReply(reply, 404, "NOT_FOUND");
        expect(reply.status).toBe(200);
        expect((reply.body.prompt as string).includes("Previous fix")).toBe(fix !== undefined);
        expect(foreign(markersIn(reply.text), [...tool.markers])).toEqual([]);
        return;
      }
      const reply = await send(app, tenant, "GET", `/tools/${op.tool}/fix?error_type=${op.errorType}`);
      if (!fix) return expectProblemReply(reply, 404, "NOT_FOUND");
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ tool_name: op.tool, error_type: op.errorType, fix_delta: { changed: { m: { from: fix.from, to: fix.to } } } });
      expect(foreign(markersIn(reply.text), [...tool!.markers])).toEqual([]);
      return;
    }
    case "forgetSharedTool": {
      expect((await send(app, tenant, "DELETE", `/tools/${op.tool}`)).status).toBe(204);
      delete world.shared[tenant][op.tool];
      return;
    }
  }
}

/** After each step, both tenants' views of whatever the step touched must still equal their own models. */
async function checkTouched(app: FastifyInstance, world: World, op: Operation): Promise<void> {
  for (const tenant of TENANTS) {
    if ("task" in op) await checkTask(app, world, tenant, op.task);
    else if ("session" in op) await checkSession(app, world, tenant, op.session);
    else await checkSharedTools(app, world, tenant);
    if ("task" in op || op.kind === "tenantSignatures") await checkTenantSignatures(app, world, tenant);
  }
}

describe.each(bothStores())("tenant isolation (%s store)", (_name, factory: StoreFactory) => {
  it("keeps each tenant's lessons, calls, patterns and prompts to itself under random operations on shared ids", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operationArb, { minLength: 1, maxLength: 40, size: "max" }), async (operations) => {
        const store = await factory();
        const app = await buildTestApp(store, { API_KEYS });
        try {
          const world = newWorld();
          for (const op of operations) {
            await apply(app, world, op);
            await checkTouched(app, world, op);
          }
          await checkEverything(app, world);
        } finally {
          await app.close();
          await store.close();
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});

describe.each(bothStores())("tenants sharing ids (%s store)", (_name, factory: StoreFactory) => {
  const ctx = useHttpApp(factory, { API_KEYS });
  const as = (tenant: Tenant) => ({
    get: (url: string) => ctx.http.get(url).set("authorization", `Bearer ${KEYS[tenant]}`),
    post: (url: string, body: object) => ctx.http.post(url).set("authorization", `Bearer ${KEYS[tenant]}`).send(body),
    delete: (url: string) => ctx.http.delete(url).set("authorization", `Bearer ${KEYS[tenant]}`),
  });
  const lesson = (message: string) => ({ attempt_number: 1, tier: 2, error_type: "TypeError", error_message: message });

  it("keeps the same task id under two tenants as two separate tasks", async () => {
    expect((await as("A").post("/tasks/shared/lessons", lesson("first of A"))).status).toBe(201);
    expect((await as("A").post("/tasks/shared/lessons", lesson("second of A"))).status).toBe(201);
    expect((await as("B").post("/tasks/shared/lessons", lesson("only of B"))).status).toBe(201);

    const listA = await as("A").get("/tasks/shared/lessons");
    const listB = await as("B").get("/tasks/shared/lessons");
    expect(listA.body.lessons.map((l: { error_message: string }) => l.error_message)).toEqual(["first of A", "second of A"]);
    expect(listB.body.lessons.map((l: { error_message: string }) => l.error_message)).toEqual(["only of B"]);
    expect((await as("B").get("/tasks/shared/lessons/stats")).body).toMatchObject({ total_lessons: 1, total_captured: 1 });

    expect((await as("B").delete("/tasks/shared/lessons")).status).toBe(204);
    expect((await as("B").get("/tasks/shared/lessons/stats")).body).toMatchObject({ total_lessons: 0, total_captured: 0 });
    expect((await as("A").get("/tasks/shared/lessons/stats")).body).toMatchObject({ total_lessons: 2, total_captured: 2 });
    const prompt = await as("A").get("/tasks/shared/lessons/prompt");
    expect(prompt.body.prompt).toContain("second of A");
    expect(prompt.body.prompt).not.toContain("only of B");
  });

  it("answers another tenant's lesson id exactly like a nonexistent one, for reads and deletes", async () => {
    const created = await as("A").post("/tasks/shared/lessons", lesson("secret of A"));
    expect(created.status).toBe(201);
    const id = created.body.lesson_id as string;

    for (const method of ["get", "delete"] as const) {
      const theirs = expectProblem(await as("B")[method](`/tasks/shared/lessons/${id}`), 404);
      const missing = expectProblem(await as("B")[method](`/tasks/shared/lessons/${NEVER_ISSUED}`), 404);
      expect([theirs.status, theirs.code, theirs.title, theirs.type]).toEqual([missing.status, missing.code, missing.title, missing.type]);
      expect(String(theirs.detail).replace(id, "ID")).toBe(String(missing.detail).replace(NEVER_ISSUED, "ID"));
      expect(JSON.stringify(theirs)).not.toContain("secret of A");
    }
    const stillThere = await as("A").get(`/tasks/shared/lessons/${id}`);
    expect(stillThere.status).toBe(200);
    expect(stillThere.body.error_message).toBe("secret of A");
  });

  it("numbers each tenant's calls in a shared session id from call-0001, apart", async () => {
    const call = (outcome: string, m: string) => ({ tool_name: "run", arguments: { m }, outcome, error_type: outcome === "failure" ? "E" : null });
    expect((await as("A").post("/sessions/shared/tool-calls", call("failure", "a1"))).body.id).toBe("call-0001");
    const fixB = await as("B").post("/sessions/shared/tool-calls", call("success", "b1"));
    expect(fixB.body).toMatchObject({ id: "call-0001", fix_for: null });
    const fixA = await as("A").post("/sessions/shared/tool-calls", call("success", "a2"));
    expect(fixA.body).toMatchObject({ id: "call-0002", fix_for: "call-0001" });

    expect((await as("B").get("/sessions/shared/tool-calls/call-0002")).status).toBe(404);
    expect((await as("B").get("/sessions/shared/tool-calls/call-0001")).body.arguments).toEqual({ m: "b1" });
    expect((await as("B").get("/sessions/shared/stats")).body).toMatchObject({ total_calls: 1, total_fixes_detected: 0 });
    expect((await as("A").get("/sessions/shared/stats")).body).toMatchObject({ total_calls: 2, total_fixes_detected: 1 });
    expectProblem(await as("B").get("/sessions/shared/patterns/run/fix?error_type=E"), 404);
  });

  it("does not replay one tenant's idempotent response to another tenant using the same key", async () => {
    const body = lesson("same body");
    const first = await as("A").post("/tasks/shared/lessons", body).set("idempotency-key", "shared-key-1");
    const second = await ctx.http
      .post("/tasks/shared/lessons")
      .set("authorization", `Bearer ${KEYS.B}`)
      .set("idempotency-key", "shared-key-1")
      .send(body);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers["idempotent-replayed"]).toBeUndefined();
    expect(second.body.lesson_id).not.toBe(first.body.lesson_id);
    expect((await as("B").get("/tasks/shared/lessons/stats")).body.total_lessons).toBe(1);
  });
});
