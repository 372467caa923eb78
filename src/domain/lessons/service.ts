// The lessons use cases: capture a failure as a lesson, read lessons back, format them, count them.
import { createHash } from "node:crypto";
import { keyReused, notFound } from "../../errors.js";
import type { SignedFailureStore } from "../failures/store.js";
import type { LessonStore, SignatureKnowledgeStore } from "./store.js";
import type { TaskRef } from "../refs.js";
import { redactFailureReport, redactResolution } from "../redaction/inputs.js";
import { RedactionTally, type Redactor } from "../redaction/redactor.js";
import { idempotencyKeyOf, type IdempotencyRequest } from "../idempotency.js";
import { assessSeverity, categoriseError, hypothesiseFix } from "./categorise.js";
import { formatGroupedPrompt, formatLessonsForPrompt, groupLessons, type KnownFixLine } from "./prompt.js";
import { bySignatureRank } from "./signature.js";
import { CATEGORIES } from "./rules.js";
import { truncateText } from "../text/text-format.js";
import { KEPT_MESSAGE_CHARS } from "../failures/templates.js";
import type { FailureReport, FailureSignature, KnownFix, Lesson, LessonCounters, Resolution, ResolutionReport, TenantSignature } from "./types.js";

// The accumulator cut long texts so that a lesson stays small enough to inject into a prompt (the message: KEPT_MESSAGE_CHARS).
const MAX_CONTEXT_CHARS = 200;

/** A lesson as an agent reads it: with the fixes that worked for its signature in any task. */
export type LessonWithFixes = Lesson & { known_fixes: KnownFix[] };

export interface LessonServiceDeps {
  store: LessonStore & SignatureKnowledgeStore & SignedFailureStore;
  clock: () => Date;
  newLessonId: () => string;
  /** Replaces secrets in what agents send, before the store sees it. */
  redactor: Redactor;
  /** Told what a stored write redacted (the metric). */
  countRedactions?: (tally: RedactionTally) => void;
}

export interface LessonStats extends LessonCounters {
  task_id: string;
  most_common_error: string | null;
  resolved: boolean;
}

/** What an agent reports when a task finally succeeded. */
/** The category with the most kept lessons; ties go to the category that comes first in the rule table. */
export function mostCommonCategory(byCategory: Record<string, number>): string | null {
  let best: string | null = null;
  let bestCount = 0;
  const ordered = [...CATEGORIES, ...Object.keys(byCategory).filter((name) => !CATEGORIES.includes(name))];
  for (const category of ordered) {
    const count = byCategory[category] ?? 0;
    if (count > bestCount) [best, bestCount] = [category, count];
  }
  return best;
}

/**
 * A keyed capture's id comes from its key, so that every attempt of one request names the same
 * lesson: the task's own record and the tenant's event agree even when a reply was lost between them.
 */
function keyedLessonId(task: TaskRef, key: string): string {
  return `lsn_${createHash("sha256").update(`${task.tenant}\u0000${task.taskId}\u0000${key}`).digest("hex").slice(0, 32)}`;
}

export function createLessonService({ store, clock, newLessonId, redactor, countRedactions = () => {} }: LessonServiceDeps) {
  /**
   * Per signature of the given lessons, the most recent fix that worked in another task. The
   * task's own resolution is left out: its prompt says what worked under WHAT WORKED already.
   */
  function fixesFromOtherTasks(task: TaskRef, known: Map<string, KnownFix[]>, lessons: readonly Lesson[]): Map<string, KnownFixLine> {
    const lines = new Map<string, KnownFixLine>();
    for (const lesson of lessons) {
      const other = known.get(lesson.signature)?.find((fix) => fix.task_id !== task.taskId);
      if (other) lines.set(lesson.signature, other);
    }
    return lines;
  }

  return {
    /**
     * Redacts secrets, categorises the failure, judges its severity, hypothesises a fix and keeps the
     * lesson; the tenant counts its signature. With an idempotency key, a retry answers the first
     * capture again (`replayed`), and a key used for another request is refused. `redactions`
     * counts the values replaced.
     */
    async capture(
      task: TaskRef,
      sent: FailureReport,
      idempotency: IdempotencyRequest | null = null,
    ): Promise<{ lesson: LessonWithFixes; replayed: boolean; redactions: number }> {
      const tally = new RedactionTally();
      const report = redactFailureReport(redactor, sent, tally);
      const idempotencyKey = idempotencyKeyOf(idempotency, report);
      const category = categoriseError(report.error_type, report.error_message);
      // Cut after redaction, so that no secret is ever cut in half where redaction could not see it whole;
      // by code points, as the accumulator cut, so that no surrogate pair is split into a lone half.
      const message = truncateText(report.error_message, KEPT_MESSAGE_CHARS, "");
      const lesson: Lesson = {
        lesson_id: idempotencyKey ? keyedLessonId(task, idempotencyKey.key) : newLessonId(),
        task_id: task.taskId,
        attempt_number: report.attempt_number,
        tier: report.tier,
        error_type: report.error_type,
        error_message: message,
        error_context: report.error_context ? truncateText(report.error_context, MAX_CONTEXT_CHARS, "") : null,
        hypothesized_fix: hypothesiseFix(report.error_message, category),
        fix_approach: report.fix_approach || null,
        // Absent and empty both read as null, like every other field a report may leave out.
        model: report.model || null,
        timestamp: clock().toISOString(),
        duration_ms: report.duration_ms ?? null,
        tokens_used: report.tokens_used ?? null,
        category,
        severity: assessSeverity(category),
        // Made by the write itself: the tenant's templates place the message as kept, so that every replica, and a
        // retry, gets one signature for it; a retry learns nothing again, and a key reused for another capture is
        // refused before anything is learned (failures/store.ts: captureSignedLesson).
        signature: "",
      };
      const captured = await store.captureSignedLesson(task, lesson, idempotencyKey, {
        errorType: report.error_type,
        message,
        write: idempotencyKey && { scope: `lesson:${task.taskId}`, key: idempotencyKey },
        where: { kind: "lesson", tool: "", ref: task.taskId, at: clock().getTime() },
      });
      if (captured.outcome === "mismatch") throw keyReused();
      if (captured.outcome === "applied") countRedactions(tally);
      return {
        lesson: { ...captured.value.lesson, known_fixes: captured.value.knownFixes },
        replayed: captured.outcome === "replayed",
        redactions: tally.total,
      };
    },

    list(task: TaskRef, limit?: number): Promise<Lesson[]> {
      return store.listLessons(task, limit);
    },

    async get(task: TaskRef, lessonId: string): Promise<LessonWithFixes> {
      const lesson = await store.getLesson(task, lessonId);
      if (!lesson) throw notFound(`Task '${task.taskId}' has no lesson '${lessonId}'.`);
      const known = await store.knownFixes(task.tenant, [lesson.signature]);
      return { ...lesson, known_fixes: known.get(lesson.signature) ?? [] };
    },

    async remove(task: TaskRef, lessonId: string): Promise<void> {
      if (!(await store.deleteLesson(task, lessonId))) {
        throw notFound(`Task '${task.taskId}' has no lesson '${lessonId}'.`);
      }
    },

    clear(task: TaskRef): Promise<void> {
      return store.clearLessons(task);
    },

    /**
     * The prompt block over the most recent `maxLessons` lessons or, grouped by signature, the most
     * recent `maxLessons` distinct failures; with what worked when the task is resolved.
     */
    async prompt(task: TaskRef, maxLessons: number, group?: "signature"): Promise<{ lesson_count: number; prompt: string }> {
      const snapshot = await store.taskWithKnownFixes(task, group ? undefined : maxLessons);
      if (!group) {
        const extras = { resolution: snapshot.resolution, knownFixes: fixesFromOtherTasks(task, snapshot.knownFixes, snapshot.lessons) };
        return { lesson_count: snapshot.lessons.length, prompt: formatLessonsForPrompt(snapshot.lessons, extras) };
      }
      // Known fixes are shown for the failures shown only.
      const shown = groupLessons(snapshot.lessons, snapshot.signatures).slice(-maxLessons);
      const extras = { resolution: snapshot.resolution, knownFixes: fixesFromOtherTasks(task, snapshot.knownFixes, shown.map((g) => g.latest)) };
      return { lesson_count: shown.length, prompt: formatGroupedPrompt(shown, extras) };
    },

    /** The task's distinct failures, most recurring first. */
    async signatures(task: TaskRef): Promise<FailureSignature[]> {
      return (await store.lessonSignatures(task)).sort(bySignatureRank);
    },

    async stats(task: TaskRef): Promise<LessonStats> {
      const [counters, resolution] = await Promise.all([store.lessonCounters(task), store.getResolution(task)]);
      return { task_id: task.taskId, ...counters, most_common_error: mostCommonCategory(counters.by_category), resolved: resolution !== null };
    },

    /** Records what worked (secrets redacted), and links it to the task's signatures tenant-wide; `created` is false when it replaced one. */
    async resolve(task: TaskRef, sent: ResolutionReport): Promise<{ resolution: Resolution; created: boolean; redactions: number }> {
      const tally = new RedactionTally();
      const report = redactResolution(redactor, sent, tally);
      const { resolution, replaced } = await store.resolveTask(task, {
        task_id: task.taskId,
        attempt_number: report.attempt_number,
        approach: report.approach,
        model: report.model ?? null,
        resolved_at: clock().toISOString(),
      });
      countRedactions(tally);
      return { resolution, created: !replaced, redactions: tally.total };
    },

    async resolution(task: TaskRef): Promise<Resolution> {
      const resolution = await store.getResolution(task);
      if (!resolution) throw notFound(`Task '${task.taskId}' has no resolution.`);
      return resolution;
    },

    async unresolve(task: TaskRef): Promise<void> {
      await store.unresolveTask(task);
    },

    /** The tenant's most recurring failures across tasks. */
    tenantSignatures(tenant: string, limit: number): Promise<TenantSignature[]> {
      return store.listTenantSignatures(tenant, limit);
    },
  };
}

export type LessonService = ReturnType<typeof createLessonService>;
