// The storage port: what the domain needs from a store, with no word of how a store keeps it.
import type {
  FailureSignature,
  KnownFix,
  Lesson,
  LessonCounters,
  Resolution,
  ResolutionInput,
  TenantSignature,
} from "../domain/lessons/types.js";
import type { SignatureEfficacySums } from "../domain/lessons/efficacy.js";
import type { TimelineRange } from "../domain/activity/timeline.js";
import type { ActivityCounts, ListingCursor, Page, SessionSummary, TaskSummary, TenantEvent } from "../domain/activity/types.js";
import type { KnownSharedFix, SharedToolKnowledge, SharedToolSummary } from "../domain/shared-tools/types.js";
import type { FixRanking } from "../domain/shared-tools/efficacy.js";
import type { StoredMemory, ToolLogEntry, ToolPattern } from "../domain/tools/types.js";
import type { SessionSettingOverrides } from "../domain/tools/session-settings.js";
import type { SessionRef, TaskRef } from "../domain/refs.js";
import type { EfficacyReportData } from "../domain/efficacy/ranks.js";
import type { IdempotencyKey } from "../domain/idempotency.js";
import type { LearnedFailureTemplate } from "../domain/failures/templates.js";
import type { RecalledTemplate, TemplateQuery, UseReport } from "../domain/recall/ranking.js";

/** Limits every adapter enforces inside its atomic operations. */
export interface StoreLimits {
  /** Lessons kept per task; older ones are trimmed, counters follow. */
  maxLessonsPerTask: number;
  /** Log entries kept per session; older ones are trimmed, patterns keep their counts. */
  maxToolLogEntries: number;
  /** How many previous log entries a success looks back through for a failure it fixes. */
  fixDetectionWindow: number;
  /** Seconds a task's keys live after its last write; 0 keeps them forever. */
  lessonsTtlSeconds: number;
  /** Seconds a session's keys live after its last write; 0 keeps them forever. */
  sessionsTtlSeconds: number;
  /** Seconds a tool's shared knowledge lives after the tenant last called it; 0 keeps it forever. */
  toolsTtlSeconds: number;
  /** Seconds a tenant-level write remembers its write id, so that a retry is not counted twice. */
  idempotencyTtlSeconds: number;
  /** Events kept per tenant for replay (about that many on Redis, which trims in whole nodes). */
  eventsMaxPerTenant: number;
  /** Seconds a tenant's event log lives after its last event. */
  eventsTtlSeconds: number;
  /** How fixes are ranked and offered: by the Wilson bound of their efficacy (the default), or by times applied. */
  fixRanking?: FixRanking;
  /** Failure templates a tenant keeps (MAX_TEMPLATES unless configured); past it the one seen least recently is forgotten. */
  maxTemplatesPerTenant?: number;
}

export interface LessonStore {
  /** The kept lessons, oldest first; with `newest`, only the most recent `newest` of them. */
  listLessons(task: TaskRef, newest?: number): Promise<Lesson[]>;

  /** One kept lesson, or null. */
  getLesson(task: TaskRef, lessonId: string): Promise<Lesson | null>;

  /** Removes one lesson and uncounts it; false when the task did not keep it. */
  deleteLesson(task: TaskRef, lessonId: string): Promise<boolean>;

  /** Removes every lesson, counter and signature of the task, `total_captured` included; the resolution stays. */
  clearLessons(task: TaskRef): Promise<void>;

  /** Counters over the kept lessons, read without reading the lessons; zeros for an unknown task. */
  lessonCounters(task: TaskRef): Promise<LessonCounters>;

  /**
   * The task's failure signatures, in no particular order. Each counts every capture of its
   * signature (trimmed and deleted lessons included) until `clearLessons`.
   */
  lessonSignatures(task: TaskRef): Promise<FailureSignature[]>;

  /** In one read: the kept lessons (oldest first; the newest `newest` ≥ 1 when given), the signatures and the resolution. */
  taskSnapshot(task: TaskRef, newest?: number): Promise<TaskSnapshot>;

  /**
   * Records what worked for the task, replacing any earlier resolution, atomically with reading the
   * task's signatures into it. `version` grows with every change of the task's resolution.
   */
  setResolution(task: TaskRef, input: ResolutionInput): Promise<ResolutionChange & { resolution: Resolution; replaced: boolean }>;

  getResolution(task: TaskRef): Promise<Resolution | null>;

  /** Removes the resolution; `removed` is false when there was none. */
  deleteResolution(task: TaskRef): Promise<ResolutionChange & { removed: boolean }>;
}

/** What a change of a task's resolution tells the tenant: its order, and what the replaced one listed. */
export interface ResolutionChange {
  /** Grows with every change of the task's resolution. */
  version: number;
  /** The signatures of the resolution it replaced or removed (none when there was none). */
  previousSignatures: string[];
}

/** What a write with a key did: applied now, replayed (the key's first write, answered again), or refused. */
export type KeyedWrite<T> = { outcome: "applied" | "replayed"; value: T } | { outcome: "mismatch" };

export interface CapturedLesson {
  lesson: Lesson;
  knownFixes: KnownFix[];
}

/** Known fixes answered per signature: the most recent, newest first. */
export const KNOWN_FIXES_PER_SIGNATURE = 3;

/** Signatures the tenant lists per task for reading their fixes beside the task: the most recently captured. */
export const SIGNATURES_LISTED_PER_TASK = 64;

/**
 * What the tenant learns from its tasks' failures and resolutions. The task's own write is atomic
 * as in LessonStore; the tenant's part follows it (cross-slot-write.ts on Redis).
 */
export interface SignatureKnowledgeStore {
  /**
   * Appends the lesson to its task, atomically (trims the task to `maxLessonsPerTask`, oldest out, counts it in
   * `total_captured` and under its signature, and keeps the per-category and per-tier counters equal to the lessons
   * kept), then counts it under its signature tenant-wide and
   * records the activity (listing, `lesson.captured` event, minute counts). Returns the lesson as
   * kept and its signature's known fixes. Known fixes answered make an offer to the task: the store
   * keeps, per signature and task, the attempt of the first such capture (for the efficacy).
   *
   * With a write key, the task keeps the key's record in the same atomic write: a later write with
   * the same key and fingerprint changes nothing and answers the first one's lesson ("replayed"),
   * and one with another fingerprint changes nothing either ("mismatch"). A replay counts nothing
   * again tenant-wide, its offer included.
   *
   * `template` is the lesson's message as learnFailureTemplate gave it: the signature's records (the
   * task's and the tenant's) keep the latest one. Without it they keep none.
   */
  captureLesson(task: TaskRef, lesson: Lesson, idempotencyKey: IdempotencyKey | null, template?: string): Promise<KeyedWrite<CapturedLesson>>;

  /**
   * Sets the task's resolution (as setResolution), then links its signatures to it tenant-wide,
   * replacing the task's earlier links, and logs a `task.resolved` event (once per version).
   * Each linked signature counts the task as resolved after an offer (with the attempts since the
   * first offer) or without one; the replaced resolution's contribution is taken back first.
   */
  resolveTask(task: TaskRef, input: ResolutionInput): Promise<{ resolution: Resolution; replaced: boolean }>;

  /** Deletes the task's resolution (as deleteResolution), then removes its links and its efficacy contribution; false when there was none. */
  unresolveTask(task: TaskRef): Promise<boolean>;

  /** Per signature asked for, its known fixes (most recent first; signatures without any are left out). */
  knownFixes(tenant: string, signatures: readonly string[]): Promise<Map<string, KnownFix[]>>;

  /**
   * The task's snapshot (as taskSnapshot) with the known fixes of every signature among its
   * lessons (and perhaps of a few more). On Redis the two are read together, one round trip, from
   * the task's signatures as its captures listed them tenant-wide; a signature the list misses (a
   * lesson kept before the list existed) costs one more.
   */
  taskWithKnownFixes(task: TaskRef, newest?: number): Promise<TaskSnapshot & { knownFixes: Map<string, KnownFix[]> }>;

  /** The tenant's most recurring failure signatures across tasks, at most `limit`, each with its efficacy. */
  listTenantSignatures(tenant: string, limit: number): Promise<TenantSignature[]>;

  /**
   * The efficacy sums of every live signature of the tenant (every one listTenantSignatures would
   * list without a limit), added up: exactly the sum of what each signature's efficacy counts.
   */
  signatureEfficacyTotals(tenant: string): Promise<SignatureEfficacySums>;
}

/**
 * The tenant's failure templates (domain/failures/templates.ts), learned online from its failures' messages,
 * with the state in the store so that every replica places a message against the same templates.
 */
export interface FailureTemplateStore {
  /**
   * Learns one message, atomically: its template's id and text, and what changed. A message placed in a
   * template is placed there again for as long as the template is kept (`maxTemplatesPerTenant`, the least
   * recently seen forgotten first); the state lives `lessonsTtlSeconds` after its last write.
   * With `write`, the step is the first of that keyed write: a retry answers the first answer again and
   * learns nothing, and a key reused for another request is refused before anything is learned.
   * The same step indexes the template for recall: the message's terms while the template has room, and
   * `use` (what failed, where and when) counted among its uses.
   */
  learnFailureTemplate(tenant: string, message: string, write?: TemplateWriteKey | null, use?: UseReport | null): Promise<KeyedWrite<LearnedFailureTemplate>>;

  /**
   * The tenant's templates that match a query, best first (domain/recall/ranking.ts): the template the query's
   * tokens would be placed in, then by BM25 over the terms the same step indexed (MAX_TERMS_PER_TEMPLATE a
   * template). One entry per use of a template that passes the query's filters, at most `query.limit`.
   */
  recallTemplates(tenant: string, query: TemplateQuery): Promise<RecalledTemplate[]>;
}

/** The keyed write a template step belongs to: its scope (`lesson:<task>` or `call:<session>`) and its idempotency key. */
export interface TemplateWriteKey {
  scope: string;
  key: IdempotencyKey;
}

/** A failure whose signature its own write makes (signed-capture.ts, and a single Redis server's one script): its message, placed in the tenant's templates under the write's key. */
export interface FailureToSign {
  errorType: string;
  /** The message as kept (KEPT_MESSAGE_CHARS). */
  message: string;
  write: TemplateWriteKey | null;
  /** What failed, where and when, for recall (its error type is errorType). */
  where: Omit<UseReport, "error_type">;
}

/** Writes that make their failure's signature as they store it. */
export interface SignedFailureStore {
  /**
   * captureLesson, with the lesson's signature made in the same write: its message placed in the tenant's templates
   * (learnFailureTemplate) and the signature made from the error type and the template's id (templateSignature),
   * which replaces the lesson's own. On a single Redis server that is one script, one round trip; elsewhere the
   * template step goes first. A key reused for another request is refused before its message touches the templates.
   */
  captureSignedLesson(
    task: TaskRef,
    lesson: Lesson,
    idempotencyKey: IdempotencyKey | null,
    failure: FailureToSign,
  ): Promise<KeyedWrite<CapturedLesson & { template: string }>>;

  /**
   * recordSharedToolCall for a failed or timed-out call with a message, with the call's signature and template made in
   * the same write, as captureSignedLesson makes a lesson's (the call's own are replaced). On a single Redis server one
   * script and one round trip; elsewhere the template step goes first.
   */
  recordSignedToolCall(
    session: SessionRef,
    call: NewToolCall,
    idempotencyKey: IdempotencyKey | null,
    offer: boolean,
    failure: FailureToSign,
  ): Promise<KeyedWrite<RecordedToolCall>>;
}

/** A task's lessons, signatures and resolution as one read saw them. */
export interface TaskSnapshot {
  lessons: Lesson[];
  signatures: FailureSignature[];
  resolution: Resolution | null;
}

/** A tool call as the service prepares it: the store adds the id and the fix links. */
export type NewToolCall = Omit<ToolLogEntry, "id" | "fixed_by" | "fix_for" | "delta_args">;

/** A tool's pattern with its most recent calls, newest first. */
export interface ToolContext {
  pattern: ToolPattern;
  recent: ToolLogEntry[];
}

/** Counters over a session's kept log, and its lifetime facts. */
export interface SessionCounters {
  total_calls: number;
  success_count: number;
  failure_count: number;
  total_fixes_detected: number;
  tools_tracked: number;
  /** Tools whose pattern was forgotten past MAX_TOOLS_PER_SESSION; present once one was. */
  dropped_tools?: number;
  created_at: string | null;
  updated_at: string | null;
}

export interface ToolMemoryStore {
  /** The kept log, newest first; with `newest`, only that many of the most recent entries. */
  readToolLog(session: SessionRef, newest?: number): Promise<ToolLogEntry[]>;

  /** One kept entry, or null. */
  getToolCall(session: SessionRef, callId: string): Promise<ToolLogEntry | null>;

  /**
   * Each given tool's pattern with its most recent kept entries (newest first, at most `perTool`),
   * in the order asked; with `tools` null, every tool of the session in order of first use.
   * Tools without calls are left out.
   */
  toolContexts(session: SessionRef, tools: readonly string[] | null, perTool: number): Promise<ToolContext[]>;

  /** Every tool's pattern, keyed by tool name. */
  getPatterns(session: SessionRef): Promise<Record<string, ToolPattern>>;

  /** One tool's pattern, or null when the tool has no calls. */
  getPattern(session: SessionRef, toolName: string): Promise<ToolPattern | null>;

  /** Counters over the kept log; zeros and null times for an empty session. */
  sessionCounters(session: SessionRef): Promise<SessionCounters>;

  /** The whole procedural memory, or null when the session has none. */
  exportMemory(session: SessionRef): Promise<StoredMemory | null>;

  /** Replaces everything the session had with the given memory, atomically, then lists the session as active. */
  importMemory(session: SessionRef, memory: StoredMemory): Promise<void>;

  /** Forgets the session: log, patterns, fixes and the id sequence; its settings stay. */
  resetSession(session: SessionRef): Promise<void>;

  /** What the session sets for itself (nulls where the service's settings apply). */
  readSessionSettings(session: SessionRef): Promise<SessionSettingOverrides>;

  /**
   * Replaces what the session sets for itself, atomically; they live as long as the session's
   * other keys, and its next recorded call uses them (trimming its log then, not now).
   */
  writeSessionSettings(session: SessionRef, overrides: SessionSettingOverrides): Promise<void>;
}

/** A recorded call, and the fix the tenant knows for its error type when it failed (else null). */
export interface RecordedToolCall {
  entry: ToolLogEntry;
  knownFix: KnownSharedFix | null;
}

export interface SharedToolStore {
  /**
   * Records one call in its session, atomically per session: allocates the next id (`call-0001`, …), links it to
   * the most recent unfixed failure of the same tool within the session's fix-detection window
   * (`fixDetectionWindow` unless the session sets its own; see `lookBack`) when it is a success with
   * different arguments (each failure is fixed at most once), updates the tool's pattern, and trims
   * the log to the session's size (`maxToolLogEntries` unless the session sets a smaller one). Then it folds it into the
   * tenant's shared knowledge of the tool: counts, argument values, error patterns, and the fix it
   * made if any. The session's part is atomic as before; the tenant's part is atomic on its own,
   * with the activity it makes (listing, `tool_call.recorded` and `fix.detected` events, minute
   * counts). Returns the entry and, for a failure or timeout, the tenant's best offerable fix for
   * its error type (ranked by `fixRanking`).
   *
   * Offers: the tenant's part first decides the session's pending offer for this tool, when this
   * call is the next call of the tool after the offered failure (adopted or not, succeeded or not:
   * the offered fix's counts and the tool's change, and a `fix.outcome` event is logged); any call
   * of the tool ends the pending offer. Only then is this call's own fix chosen: a failure offered a
   * fix becomes the session's pending offer for the tool (with a new `offer_id`, counted as offered,
   * and a `fix.offered` event).
   *
   * With `offer` false (a capture that cannot show a fix to the model: an exporter, a drop-in) no fix is
   * offered, so none is counted as ignored; a pending offer of the tool is still decided.
   *
   * With a write key, the session keeps the key's record in its own atomic write, as captureLesson
   * does: a replay answers the first call's entry and known fix (the same offer) as they were
   * answered, and counts nothing again.
   */
  recordSharedToolCall(session: SessionRef, call: NewToolCall, idempotencyKey: IdempotencyKey | null, offer?: boolean): Promise<KeyedWrite<RecordedToolCall>>;

  /** The tenant's tools, most calls first (ties by name), at most `limit`. */
  listSharedTools(tenant: string, limit: number): Promise<SharedToolSummary[]>;

  /**
   * The tenant's tools whose name starts with `prefix`, in name order (byte order), a page of
   * `limit` after the name `after`; `next` is the last name the page looked at, null once no match
   * is left. Read from an index in name order, so a page costs the log of the tenant's tools and
   * its own size; tools whose knowledge expired or was forgotten are never listed (and are dropped
   * from the index as they are met).
   */
  listSharedToolsByPrefix(tenant: string, prefix: string, limit: number, after: string | null): Promise<Page<SharedToolSummary, string>>;

  /** The tenant's knowledge of each named tool, in the order asked; tools it never called are left out. */
  sharedToolKnowledge(tenant: string, toolNames: readonly string[]): Promise<SharedToolKnowledge[]>;

  /** Forgets everything the tenant learned about one tool. */
  forgetSharedTool(tenant: string, toolName: string): Promise<void>;

  /**
   * The tenant's efficacy report in one read, whatever the number of its tools: offers of tool fixes
   * and their outcomes, counted as each was decided (in the same step that decided it), and the
   * `listed` best fixes (domain/efficacy/ranks.ts: bestRank, highest first) and worst ones (worstRank,
   * lowest first, only fixes that failed when taken). A fix of a tool whose knowledge expired or was
   * forgotten is never listed.
   */
  efficacyReport(tenant: string, listed: number): Promise<EfficacyReportData>;
}

/** What the tenant's writes add up to, as the overview reads it. */
export interface ActivityTotals {
  tasks: { active_last_hour: number; active_last_day: number };
  sessions: { active_last_hour: number; active_last_day: number };
  failures_by_category: Record<string, number>;
  /** Counts per minute or hour since the epoch (the range's unit), from the range's first on. */
  counts: Map<number, ActivityCounts>;
  /** Each tool's timed calls per latency bucket (domain/activity/latency.ts), from the range's latencyFirstHour on. */
  latency: Map<string, number[]>;
}

/** What one tool's calls add up to, as its dashboard view reads it. */
export interface ToolActivityTotals {
  hours: Map<number, { calls: number; successes: number }>;
  latency: number[];
  recentSessions: Array<{ sessionId: string; at: number }>;
}

/**
 * What the tenant's writes leave behind for dashboards. The writes above record it in their
 * tenant-level step; these methods read it. No read costs more than its page.
 */
export interface ActivityStore {
  /**
   * The tenant's tasks that keep lessons, most recently active first (ties by id), starting after
   * `after`. Every task not written during a walk is listed exactly once in it; expired and
   * emptied tasks are never listed (and are dropped from the index as they are met).
   */
  listTasks(tenant: string, limit: number, after: ListingCursor | null): Promise<Page<TaskSummary>>;

  /** The tenant's sessions that keep calls, as listTasks lists tasks. */
  listSessions(tenant: string, limit: number, after: ListingCursor | null): Promise<Page<SessionSummary>>;

  /**
   * The tenant's tasks that keep lessons and whose id starts with `prefix`, in id order (byte
   * order), a page of `limit` after the id `after`; `next` is the last id the page looked at. Read
   * from an index in id order kept beside the time-ordered one (written, and pruned of expired
   * entries, in the same atomic step), so a page costs the log of the tenant's tasks and its own
   * size. Every task that keeps lessons throughout a walk is listed exactly once in it.
   */
  listTasksByPrefix(tenant: string, prefix: string, limit: number, after: string | null): Promise<Page<TaskSummary, string>>;

  /** The tenant's sessions that keep calls and whose id starts with `prefix`, as listTasksByPrefix lists tasks. */
  listSessionsByPrefix(tenant: string, prefix: string, limit: number, after: string | null): Promise<Page<SessionSummary, string>>;

  /** At most `limit` events after the one with id `after` (null: from the oldest kept), oldest first. */
  readEvents(tenant: string, after: string | null, limit: number): Promise<TenantEvent[]>;

  /** The id of the tenant's newest event, or null when it has none. */
  latestEventId(tenant: string): Promise<string | null>;

  /** The id of the newest event older than the tenant's `count` newest, or null when it keeps no more than `count`. */
  eventIdBefore(tenant: string, count: number): Promise<string | null>;

  /** Active tasks and sessions around `nowMs`, failures by category, and the counts and latency of `range`. */
  activityTotals(tenant: string, nowMs: number, range: TimelineRange): Promise<ActivityTotals>;

  /**
   * One tool's calls and successes per hour from `firstHour` to the hour of `nowMs` (hours without
   * calls left out), its timed calls per latency bucket over those hours, and at most `sessionsListed`
   * of the sessions that called it most recently (of the 20 kept; those whose data expired left out),
   * the latest first (ties: the greater id first).
   */
  toolActivity(tenant: string, tool: string, nowMs: number, firstHour: number, sessionsListed: number): Promise<ToolActivityTotals>;
}

/** Request counts that every replica adds to, so that they share one rate-limit budget. */
export interface RateCountStore {
  /**
   * Adds each subject's requests to its count in the window that starts at `windowStartMs`, and
   * returns each subject's new total. The counts of that window are forgotten `forgetInMs` from now:
   * the caller's clock decides when a window ends, never the store's.
   */
  addRequestCounts(windowStartMs: number, forgetInMs: number, counts: ReadonlyMap<string, number>): Promise<Map<string, number>>;
}

/** How the store keeps data, and the role of the Redis server it talks to (null where there is no one server). */
export interface StoreTopology {
  mode: "memory" | "single" | "sentinel" | "cluster";
  role: "master" | null;
}

export interface Store
  extends LessonStore,
    SignatureKnowledgeStore,
    FailureTemplateStore,
    SignedFailureStore,
    ToolMemoryStore,
    SharedToolStore,
    ActivityStore,
    RateCountStore {
  /** "memory" keeps data in this process only; "redis" keeps it in Redis. */
  readonly kind: "memory" | "redis";

  /**
   * Resolves with what the store talks to when it can serve requests; rejects with
   * StoreUnavailableError otherwise, also when the Redis it reached is not a primary.
   */
  ping(): Promise<StoreTopology>;

  /**
   * Brings what the store keeps to the layout this code writes, each versioned migration once (storage/redis/migrations.ts);
   * null for a store with nothing kept from before (the embedded one).
   */
  migrate(): Promise<{ version: number; applied: Array<{ name: string; moved: number }> } | null>;

  /** Releases connections; the store is unusable afterwards. */
  close(): Promise<void>;
}
