// Embedded lesson storage: per-task arrays and counters in this process's memory.
import type { Lesson, LessonCounters } from "../../domain/lessons/types.js";
import type { LessonStore, StoreLimits, TaskRef } from "../port.js";
import { ExpiringMap } from "./expiring-map.js";

interface TaskLessons {
  lessons: Lesson[];
  captured: number;
  byCategory: Map<string, number>;
  byTier: Map<number, number>;
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
): LessonStore & { sweep(): void } {
  const tasks = new ExpiringMap<TaskLessons>(limits.lessonsTtlSeconds * 1000, now);

  /** The task's state for a write, which starts its retention period again. */
  function writableStateOf(task: TaskRef): TaskLessons {
    return tasks.upsert(taskKey(task), () => ({ lessons: [], captured: 0, byCategory: new Map(), byTier: new Map() }));
  }

  return {
    sweep: () => tasks.sweep(),

    async appendLesson(task, lesson) {
      const state = writableStateOf(task);
      state.lessons.push(structuredClone(lesson));
      state.captured += 1;
      bump(state.byCategory, lesson.category, 1);
      bump(state.byTier, lesson.tier, 1);
      while (state.lessons.length > limits.maxLessonsPerTask) uncount(state, state.lessons.shift()!);
    },

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
      tasks.delete(taskKey(task));
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
  };
}
