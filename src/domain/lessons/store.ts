// The lessons' ports: what the lesson service needs from a store for a task's lessons and resolution, and for what the tenant learns from them.
import type { FailureSignature, KnownFix, Lesson, LessonCounters, Resolution, ResolutionInput, TenantSignature } from "./types.js";
import type { SignatureEfficacySums } from "./efficacy.js";
import type { TaskRef } from "../refs.js";
import type { IdempotencyKey, KeyedWrite } from "../idempotency.js";

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

/** A task's lessons, signatures and resolution as one read saw them. */
export interface TaskSnapshot {
  lessons: Lesson[];
  signatures: FailureSignature[];
  resolution: Resolution | null;
}
