// Redis lesson storage: a list of lesson JSON per task and a counters hash, changed only by Lua scripts.
import type { Lesson, LessonCounters } from "../../domain/lessons/types.js";
import type { LessonStore, StoreLimits } from "../port.js";
import { guarded } from "./errors.js";
import type { Keys } from "./keys.js";
import type { ScriptedRedis } from "./scripts.js";

function parseLessons(raw: string[]): Lesson[] {
  return raw.map((json) => JSON.parse(json) as Lesson);
}

function countersFrom(hash: Record<string, string>): LessonCounters {
  const byCategory: Record<string, number> = {};
  for (const [field, value] of Object.entries(hash)) {
    if (field.startsWith("cat:")) byCategory[field.slice(4)] = Number(value);
  }
  return {
    total_lessons: Number(hash.kept ?? 0),
    total_captured: Number(hash.captured ?? 0),
    by_category: byCategory,
    by_tier: { "1": Number(hash["tier:1"] ?? 0), "2": Number(hash["tier:2"] ?? 0), "3": Number(hash["tier:3"] ?? 0) },
  };
}

export function createRedisLessonStore(
  redis: ScriptedRedis,
  keys: Keys,
  limits: Pick<StoreLimits, "maxLessonsPerTask" | "lessonsTtlSeconds">,
): LessonStore {
  return {
    async appendLesson(task, lesson) {
      const { lessons, counters } = keys.task(task);
      const json = JSON.stringify(lesson);
      await guarded(() =>
        redis.appendLesson(lessons, counters, json, lesson.category, lesson.tier, limits.maxLessonsPerTask, limits.lessonsTtlSeconds),
      );
    },

    async listLessons(task, newest) {
      const start = newest === undefined ? 0 : -newest;
      if (newest === 0) return [];
      return parseLessons(await guarded(() => redis.lrange(keys.task(task).lessons, start, -1)));
    },

    async getLesson(task, lessonId) {
      const lessons = parseLessons(await guarded(() => redis.lrange(keys.task(task).lessons, 0, -1)));
      return lessons.find((lesson) => lesson.lesson_id === lessonId) ?? null;
    },

    async deleteLesson(task, lessonId) {
      const { lessons, counters } = keys.task(task);
      return (await guarded(() => redis.deleteLesson(lessons, counters, lessonId, limits.lessonsTtlSeconds))) === 1;
    },

    async clearLessons(task) {
      const { lessons, counters } = keys.task(task);
      await guarded(() => redis.del(lessons, counters));
    },

    async lessonCounters(task) {
      return countersFrom(await guarded(() => redis.hgetall(keys.task(task).counters)));
    },
  };
}
