// The differential tests' shared parts: random sequences of what the services send a store, applied to a store as they send it, and everything a store keeps read back through the port.
import fc from "fast-check";
import type { Lesson } from "../../src/domain/lessons/types.js";
import type { FailureToSign } from "../../src/domain/failures/store.js";
import type { NewToolCall } from "../../src/domain/tools/store.js";
import type { Store } from "../../src/storage/port.js";
import { timelineRange } from "../../src/domain/activity/timeline.js";
import { aCall, aLesson, keyed } from "./fixtures.js";

export const TENANT = "fleet";
const SESSIONS = ["s1", "s2", "s3"] as const;
const TASKS = ["a", "b", "c"] as const;
const TOOLS = ["search", "fetch"] as const;
// Messages of a few templates, with values that vary: the stores must place each alike.
export const MESSAGES = [
  "Request to /srv/build-1.sh timed out after 12s",
  "Request to /srv/build-7.sh timed out after 90s",
  "ENOENT: no such file or directory, open 'README.md'",
  "ENOENT: no such file or directory, open 'setup.cfg'",
  "permission denied for user alice on table events",
  "permission denied for user bob on table events",
  "connection refused",
] as const;
export const BASE_MS = Date.UTC(2026, 5, 1);

export const callOp = fc.record({
  kind: fc.constant("call" as const),
  session: fc.constantFrom(...SESSIONS),
  tool: fc.constantFrom(...TOOLS),
  outcome: fc.constantFrom("success" as const, "failure" as const, "failure" as const, "timeout" as const),
  // More values than an argument keeps (MAX_VALUES_PER_ARGUMENT): the oldest go.
  q: fc.integer({ min: 0, max: 6 }),
  limit: fc.constantFrom(10, 10, 10, 1),
  // An argument sometimes there and sometimes not: fixes that add or remove one.
  extra: fc.option(fc.constantFrom("a", "b"), { nil: null, freq: 3 }),
  errorType: fc.constantFrom("ValueError", "TimeoutError"),
  message: fc.option(fc.constantFrom(...MESSAGES.slice(0, 3)), { nil: null }),
  offer: fc.boolean(),
  key: fc.option(fc.constantFrom("k1", "k2"), { nil: null }),
});
const lessonOp = fc.record({
  kind: fc.constant("lesson" as const),
  task: fc.constantFrom(...TASKS),
  errorType: fc.constantFrom("TimeoutError", "PermissionError"),
  message: fc.constantFrom(...MESSAGES.slice(0, 2), ...MESSAGES.slice(4)),
  key: fc.option(fc.constantFrom("k1", "k2"), { nil: null }),
});
const resolveOp = fc.record({ kind: fc.constant("resolve" as const), task: fc.constantFrom(...TASKS), approach: fc.constantFrom("retried with a longer timeout", "pinned the dependency") });
// A resolution removed: what it added to its signatures' efficacy is taken back, and a later one is counted anew.
const unresolveOp = fc.record({ kind: fc.constant("unresolve" as const), task: fc.constantFrom(...TASKS) });
// What an operator or a session's owner does between them: a lesson deleted (by its step, kept or not), a task's lessons
// cleared, a session reset or resized (its log trimmed at its next call), a tool's shared knowledge forgotten.
const deleteOp = fc.record({ kind: fc.constant("delete" as const), task: fc.constantFrom(...TASKS), back: fc.integer({ min: 1, max: 4 }) });
const clearOp = fc.record({ kind: fc.constant("clear" as const), task: fc.constantFrom(...TASKS) });
const resetOp = fc.record({ kind: fc.constant("reset" as const), session: fc.constantFrom(...SESSIONS) });
const settingsOp = fc.record({
  kind: fc.constant("settings" as const),
  session: fc.constantFrom(...SESSIONS),
  maxLog: fc.constantFrom(2, 3, null),
  window: fc.constantFrom(1, 2, null),
});
const forgetOp = fc.record({ kind: fc.constant("forget" as const), tool: fc.constantFrom(...TOOLS) });
// A session's memory exported and imported into another (or the same) session.
const importOp = fc.record({ kind: fc.constant("import" as const), from: fc.constantFrom(...SESSIONS), to: fc.constantFrom(...SESSIONS) });
/** What an arbitrary makes. */
type Made<A> = A extends fc.Arbitrary<infer T> ? T : never;
export type Op =
  | Made<typeof callOp>
  | Made<typeof lessonOp>
  | Made<typeof resolveOp>
  | Made<typeof unresolveOp>
  | Made<typeof deleteOp>
  | Made<typeof clearOp>
  | Made<typeof resetOp>
  | Made<typeof settingsOp>
  | Made<typeof forgetOp>
  | Made<typeof importOp>;
export const ops = fc.array(
  fc.oneof(
    { arbitrary: callOp, weight: 12 },
    { arbitrary: lessonOp, weight: 6 },
    { arbitrary: resolveOp, weight: 2 },
    { arbitrary: unresolveOp, weight: 2 },
    { arbitrary: deleteOp, weight: 1 },
    { arbitrary: clearOp, weight: 1 },
    { arbitrary: resetOp, weight: 1 },
    { arbitrary: settingsOp, weight: 1 },
    { arbitrary: forgetOp, weight: 1 },
    { arbitrary: importOp, weight: 1 },
  ),
  { minLength: 1, maxLength: 40, size: "max" },
);

/** A deletion as sent: the lesson captured `back` lessons ago (its task's, or another's: then the task keeps none of that id), or none yet. */
type Step = Exclude<Op, Made<typeof deleteOp>> | (Made<typeof deleteOp> & { lessonStep: number });

/** Each deletion aimed at a lesson the sequence captured before it. */
export function lessonTargets(sequence: readonly Op[]): Step[] {
  const captured: number[] = [];
  return sequence.map((op, step) => {
    if (op.kind === "lesson") captured.push(step);
    if (op.kind !== "delete") return op;
    return { ...op, lessonStep: captured[captured.length - op.back] ?? step };
  });
}

/** One step applied to a store, as the services send it, and what the store answered. */
export async function apply(store: Store, op: Step, step: number): Promise<unknown> {
  const at = BASE_MS + step * 1000;
  // A key names one request: its retry sends the same content again (the same fingerprint), another request another one.
  const fingerprint = JSON.stringify({ ...op, key: undefined });
  if (op.kind === "unresolve") return store.unresolveTask({ tenant: TENANT, taskId: op.task });
  // A lesson's id is its step's (lessonTargets chose which).
  if (op.kind === "delete") return store.deleteLesson({ tenant: TENANT, taskId: op.task }, `lsn_${op.lessonStep}`);
  if (op.kind === "clear") return store.clearLessons({ tenant: TENANT, taskId: op.task });
  if (op.kind === "reset") return store.resetSession({ tenant: TENANT, sessionId: op.session });
  if (op.kind === "settings") return store.writeSessionSettings({ tenant: TENANT, sessionId: op.session }, { max_log_entries: op.maxLog, fix_detection_window: op.window });
  if (op.kind === "forget") return store.forgetSharedTool(TENANT, op.tool);
  if (op.kind === "import") {
    const memory = await store.exportMemory({ tenant: TENANT, sessionId: op.from });
    if (memory) await store.importMemory({ tenant: TENANT, sessionId: op.to }, memory);
    return memory !== null;
  }
  if (op.kind === "resolve") {
    return store.resolveTask({ tenant: TENANT, taskId: op.task }, { task_id: op.task, attempt_number: step, approach: op.approach, model: null, resolved_at: new Date(at).toISOString() });
  }
  if (op.kind === "lesson") {
    const task = { tenant: TENANT, taskId: op.task };
    const key = op.key && keyed(op.key, fingerprint);
    const lesson: Lesson = aLesson({ lesson_id: `lsn_${step}`, task_id: op.task, attempt_number: step, error_type: op.errorType, error_message: op.message, timestamp: new Date(at).toISOString(), signature: "" });
    const failure: FailureToSign = { errorType: op.errorType, message: op.message, write: key && { scope: `lesson:${op.task}`, key }, where: { kind: "lesson", tool: "", ref: op.task, at } };
    return store.captureSignedLesson(task, lesson, key, failure);
  }
  const session = { tenant: TENANT, sessionId: op.session };
  const key = op.key && keyed(op.key, fingerprint);
  const failed = op.outcome !== "success";
  const call: NewToolCall = aCall(op.tool, op.outcome, { q: `v${op.q}`, limit: op.limit, ...(op.extra === null ? {} : { extra: op.extra }) }, {
    timestamp: new Date(at).toISOString(),
    error_type: failed ? op.errorType : null,
    error_message: failed ? op.message : null,
    execution_time_ms: 40 + op.q,
  });
  if (!failed || op.message === null) return store.recordSharedToolCall(session, call, key, op.offer);
  const failure: FailureToSign = { errorType: op.errorType, message: op.message, write: key && { scope: `call:${op.session}`, key }, where: { kind: "tool", tool: op.tool, ref: op.session, at } };
  return store.recordSignedToolCall(session, call, key, op.offer, failure);
}

/** What a step's answer shows, for the sequences' coverage. */
export function happeningOf(op: Step, answer: unknown): string {
  // What an operator does is named by what it is; deleteLesson answers whether the task kept the lesson.
  if (["clear", "reset", "settings", "forget"].includes(op.kind)) return op.kind;
  if (op.kind === "import") return answer ? "imported" : "none to import";
  if (op.kind === "delete") return answer ? "deleted" : "none to delete";
  // unresolveTask answers whether there was a resolution to remove.
  if (typeof answer === "boolean") return answer ? "unresolved" : "applied";
  const written = answer as { outcome?: string; value?: { entry?: { fix_for: string | null }; knownFix?: unknown; knownFixes?: unknown[] }; resolution?: unknown };
  if (written.resolution) return "resolved";
  if (written.outcome !== "applied") return written.outcome ?? "unknown";
  if (written.value?.knownFix) return "fix offered";
  if (written.value?.entry?.fix_for) return "fix detected";
  if ((written.value?.knownFixes ?? []).length > 0) return "resolution known";
  return "applied";
}

/**
 * A listing page, where an operator's step (a lesson deleted, a resolution removed) dated an item by each store's own
 * clock, not by the sequence's: such an item says only that it was written now.
 */
function whenWritten<T extends { items: Array<{ updated_at: string | null }> }>(page: T): T {
  const now = (at: string | null) => at !== null && Date.parse(at) > BASE_MS + 86_400_000;
  return { ...page, items: page.items.map((item) => (now(item.updated_at) ? { ...item, updated_at: "now" } : item)) };
}

/** Everything a store keeps for the tenant, read back through the port. */
export async function keptBy(store: Store): Promise<unknown> {
  const sessions = await Promise.all(SESSIONS.map(async (sessionId) => {
    const session = { tenant: TENANT, sessionId };
    return {
      memory: await store.exportMemory(session),
      patterns: await store.getPatterns(session),
      counters: await store.sessionCounters(session),
      settings: await store.readSessionSettings(session),
    };
  }));
  const tasks = await Promise.all(TASKS.map(async (taskId) => {
    const task = { tenant: TENANT, taskId };
    const snapshot = await store.taskSnapshot(task);
    return { ...snapshot, signatures: [...snapshot.signatures].sort((a, b) => (a.signature < b.signature ? -1 : 1)), counters: await store.lessonCounters(task) };
  }));
  // Events are compared by what they say: their ids are each store's own clock.
  const events = (await store.readEvents(TENANT, null, 1000)).map(({ id: _id, ...said }) => said);
  const nowMs = BASE_MS + 3_600_000;
  const signatures = await store.listTenantSignatures(TENANT, 100);
  const signatureIds = signatures.map((entry) => entry.signature);
  return {
    sessions,
    tasks,
    signatures,
    knownFixes: Object.fromEntries(await store.knownFixes(TENANT, signatureIds)),
    efficacyTotals: await store.signatureEfficacyTotals(TENANT),
    tools: await store.listSharedTools(TENANT, 100),
    knowledge: await store.sharedToolKnowledge(TENANT, TOOLS),
    efficacy: await store.efficacyReport(TENANT, 10),
    listed: { tasks: whenWritten(await store.listTasks(TENANT, 10, null)), sessions: whenWritten(await store.listSessions(TENANT, 10, null)) },
    events,
    activity: await store.activityTotals(TENANT, nowMs, timelineRange("day", nowMs)),
    recall: await store.recallTemplates(TENANT, { placements: [], terms: ["timed", "denied", "enoent", "refused"], kind: null, tool: null, error_type: null, limit: 20 }),
  };
}
