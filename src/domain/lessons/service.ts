// The lessons use cases: capture a failure as a lesson, read lessons back, format them, count them.
import { notFound } from "../../errors.js";
import type { LessonStore, TaskRef } from "../../storage/port.js";
import { assessSeverity, categoriseError, hypothesiseFix } from "./categorise.js";
import { formatLessonsForPrompt } from "./prompt.js";
import { CATEGORIES } from "./rules.js";
import type { FailureReport, Lesson, LessonCounters } from "./types.js";

// The seed cut long texts so that a lesson stays small enough to inject into a prompt.
const MAX_MESSAGE_CHARS = 500;
const MAX_CONTEXT_CHARS = 200;

export interface LessonServiceDeps {
  store: LessonStore;
  clock: () => Date;
  newLessonId: () => string;
}

export interface LessonStats extends LessonCounters {
  task_id: string;
  most_common_error: string | null;
}

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

export function createLessonService({ store, clock, newLessonId }: LessonServiceDeps) {
  return {
    /** Categorises the failure, judges its severity, hypothesises a fix and keeps the lesson. */
    async capture(task: TaskRef, report: FailureReport): Promise<Lesson> {
      const category = categoriseError(report.error_type, report.error_message);
      const lesson: Lesson = {
        lesson_id: newLessonId(),
        task_id: task.taskId,
        attempt_number: report.attempt_number,
        tier: report.tier,
        error_type: report.error_type,
        error_message: report.error_message.slice(0, MAX_MESSAGE_CHARS),
        error_context: report.error_context ? report.error_context.slice(0, MAX_CONTEXT_CHARS) : null,
        hypothesized_fix: hypothesiseFix(report.error_message, category),
        fix_approach: report.fix_approach || null,
        model: report.model ?? "",
        timestamp: clock().toISOString(),
        duration_ms: report.duration_ms ?? null,
        tokens_used: report.tokens_used ?? null,
        category,
        severity: assessSeverity(category),
      };
      await store.appendLesson(task, lesson);
      return lesson;
    },

    list(task: TaskRef, limit?: number): Promise<Lesson[]> {
      return store.listLessons(task, limit);
    },

    async get(task: TaskRef, lessonId: string): Promise<Lesson> {
      const lesson = await store.getLesson(task, lessonId);
      if (!lesson) throw notFound(`Task '${task.taskId}' has no lesson '${lessonId}'.`);
      return lesson;
    },

    async remove(task: TaskRef, lessonId: string): Promise<void> {
      if (!(await store.deleteLesson(task, lessonId))) {
        throw notFound(`Task '${task.taskId}' has no lesson '${lessonId}'.`);
      }
    },

    clear(task: TaskRef): Promise<void> {
      return store.clearLessons(task);
    },

    /** The prompt block over the most recent `maxLessons` lessons. */
    async prompt(task: TaskRef, maxLessons: number): Promise<{ lesson_count: number; prompt: string }> {
      const lessons = await store.listLessons(task, maxLessons);
      return { lesson_count: lessons.length, prompt: formatLessonsForPrompt(lessons) };
    },

    async stats(task: TaskRef): Promise<LessonStats> {
      const counters = await store.lessonCounters(task);
      return { task_id: task.taskId, ...counters, most_common_error: mostCommonCategory(counters.by_category) };
    },
  };
}

export type LessonService = ReturnType<typeof createLessonService>;
