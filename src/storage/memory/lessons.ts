// Embedded lesson storage: per-task arrays, counters, signatures and resolution in this process's memory.
import { bySignatureRank, normaliseMessage } from "../../domain/lessons/signature.js";
import type { FailureSignature, Lesson, LessonCounters, Resolution } from "../../domain/lessons/types.js";
import type { LessonStore } from "../../domain/lessons/store.js";
import type { StoreLimits } from "../port.js";
import type { TaskRef } from "../../domain/refs.js";
import { ExpiringMap } from "./expiring-map.js";

interface TaskLessons {
  lessons: Lesson[];
  captured: number;
  byCategory: Map<string, number>;
  byTier: Map<number, number>;
  signatures: Map<string, FailureSignature>;
  resolution: Resolution | null;
  /** Bumped by every change of the resolution; survives clearLessons, as on Redis. */
  resolutionVersion: number;
}

const emptyTask = (): TaskLessons => ({
  lessons: [],
  captured: 0,
  byCategory: new Map(),
  byTier: new Map(),
  signatures: new Map(),
  resolution: null,
  resolutionVersion: 0,
});

/**
 * Counts one capture under its signature: every capture counts, trimmed or deleted later or not. The
 * template is the latest capture's that had one.
 */
function countSignature(state: TaskLessons, lesson: Lesson, template: string | undefined): void {
  const known = state.signatures.get(lesson.signature);
  state.signatures.set(lesson.signature, {
    signature: lesson.signature,
    error_type: lesson.error_type,
    normalized_message: known?.normalized_message ?? normaliseMessage(lesson.error_message),
    // "" is no template, as on Redis, where an empty argument leaves the one kept.
    template: template || (known?.template ?? null),
    occurrences: (known?.occurrences ?? 0) + 1,
    first_attempt: known?.first_attempt ?? lesson.attempt_number,
    first_seen_at: known?.first_seen_at ?? lesson.timestamp,
    category: lesson.category,
    example_message: lesson.error_message,
    hypothesized_fix: lesson.hypothesized_fix,
    last_attempt: lesson.attempt_number,
    last_seen_at: lesson.timestamp,
  });
}



function taskKey(task: TaskRef): string {
  return `${task.tenant}\u0000${task.taskId}`;
}

function bump(counter: Map<string | number, number>, key: string | number, by: number): void {
  const next = (counter.get(key) ?? 0) + by;
  if (next === 0) counter.delete(key);
  else counter.set(key, next);
}

function uncount(state: TaskLessons, lesson: Lesson): void {
  bump(state.byCategory, lesson.category, -1);
  bump(state.byTier, lesson.tier, -1);
}

export function createMemoryLessonStore(
  limits: Pick<StoreLimits, "maxLessonsPerTask" | "lessonsTtlSeconds">,
  now: () => number,
): LessonStore & { sweep(): void; appendNow(task: TaskRef, lesson: Lesson, template?: string): void } {
  const tasks = new ExpiringMap<TaskLessons>(limits.lessonsTtlSeconds * 1000, now);

  /** The task's state for a write, which starts its retention period again. */
  function writableStateOf(task: TaskRef): TaskLessons {
    return tasks.upsert(taskKey(task), emptyTask);
  }

  /** Appends a lesson to its task, synchronously, so that a keyed capture can check its key and write in one step. */
  function appendNow(task: TaskRef, lesson: Lesson, template?: string): void {
    const state = writableStateOf(task);
    state.lessons.push(structuredClone(lesson));
    state.captured += 1;
    bump(state.byCategory, lesson.category, 1);
    bump(state.byTier, lesson.tier, 1);
    countSignature(state, lesson, template);
    while (state.lessons.length > limits.maxLessonsPerTask) uncount(state, state.lessons.shift()!);
  }

  return {
    sweep: () => tasks.sweep(),
    appendNow,

    async listLessons(task, newest) {
      const lessons = tasks.get(taskKey(task))?.lessons ?? [];
      const kept = newest === undefined ? lessons : lessons.slice(Math.max(0, lessons.length - newest));
      return structuredClone(kept);
    },

    async getLesson(task, lessonId) {
      const found = tasks.get(taskKey(task))?.lessons.find((lesson) => lesson.lesson_id === lessonId);
      return found ? structuredClone(found) : null;
    },

    async deleteLesson(task, lessonId) {
      const index = tasks.get(taskKey(task))?.lessons.findIndex((lesson) => lesson.lesson_id === lessonId) ?? -1;
      if (index === -1) return false;
      const state = writableStateOf(task);
      uncount(state, state.lessons.splice(index, 1)[0]!);
      return true;
    },

    async clearLessons(task) {
      const state = tasks.get(taskKey(task));
      if (!state) return;
      // The resolution has its own DELETE; everything else of the task goes.
      if (state.resolution === null && state.resolutionVersion === 0) tasks.delete(taskKey(task));
      else Object.assign(state, { ...emptyTask(), resolution: state.resolution, resolutionVersion: state.resolutionVersion });
    },

    async lessonCounters(task): Promise<LessonCounters> {
      const state = tasks.get(taskKey(task));
      return {
        total_lessons: state?.lessons.length ?? 0,
        total_captured: state?.captured ?? 0,
        by_category: Object.fromEntries(state?.byCategory ?? []),
        by_tier: {
          "1": state?.byTier.get(1) ?? 0,
          "2": state?.byTier.get(2) ?? 0,
          "3": state?.byTier.get(3) ?? 0,
        },
      };
    },

    async lessonSignatures(task) {
      return structuredClone([...(tasks.get(taskKey(task))?.signatures.values() ?? [])]);
    },

    async taskSnapshot(task, newest) {
      const state = tasks.get(taskKey(task));
      const lessons = state?.lessons ?? [];
      return structuredClone({
        lessons: newest === undefined ? lessons : lessons.slice(Math.max(0, lessons.length - newest)),
        signatures: [...(state?.signatures.values() ?? [])],
        resolution: state?.resolution ?? null,
      });
    },

    async setResolution(task, input) {
      const state = writableStateOf(task);
      const previousSignatures = state.resolution?.signatures ?? [];
      const signatures = [...state.signatures.values()].sort(bySignatureRank).map((s) => s.signature);
      const replaced = state.resolution !== null;
      state.resolution = { ...structuredClone(input), signatures };
      state.resolutionVersion += 1;
      return { resolution: structuredClone(state.resolution), replaced, version: state.resolutionVersion, previousSignatures };
    },

    async getResolution(task) {
      return structuredClone(tasks.get(taskKey(task))?.resolution ?? null);
    },

    async deleteResolution(task) {
      const state = writableStateOf(task);
      const removed = state.resolution !== null;
      const previousSignatures = state.resolution?.signatures ?? [];
      state.resolution = null;
      state.resolutionVersion += 1;
      return { removed, version: state.resolutionVersion, previousSignatures };
    },
  };
}
