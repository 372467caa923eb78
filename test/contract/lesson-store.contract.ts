// Contract tests of LessonStore: every adapter must pass them unchanged.
import { describe, expect, it } from "vitest";
import { aLesson, aTask, ZERO_LESSON_COUNTERS } from "../helpers/fixtures.js";
import type { StoreFactory } from "../helpers/stores.js";
import { closingAfterEach } from "./open-stores.js";

export function lessonStoreContract(factory: StoreFactory): void {
  describe("lesson store", () => {
    const open = closingAfterEach(factory);

    it("keeps lessons in the order they were appended and returns them whole", async () => {
      const store = await open();
      const task = aTask();
      const first = aLesson({ error_message: "first" });
      const second = aLesson({ error_message: "second", tier: 2, category: "syntax" });
      await store.appendLesson(task, first);
      await store.appendLesson(task, second);
      expect(await store.listLessons(task)).toEqual([first, second]);
    });

    it("returns only the newest lessons when asked, still oldest first", async () => {
      const store = await open();
      const task = aTask();
      const lessons = [1, 2, 3, 4].map((n) => aLesson({ attempt_number: n }));
      for (const lesson of lessons) await store.appendLesson(task, lesson);
      expect(await store.listLessons(task, 2)).toEqual(lessons.slice(2));
      expect(await store.listLessons(task, 10)).toEqual(lessons);
    });

    it("reads an unknown task as empty with zero counters", async () => {
      const store = await open();
      const task = aTask();
      expect(await store.listLessons(task)).toEqual([]);
      expect(await store.getLesson(task, "nope")).toBeNull();
      expect(await store.lessonCounters(task)).toEqual(ZERO_LESSON_COUNTERS);
    });

    it("trims the oldest lessons past the cap and keeps counters equal to what is kept", async () => {
      const store = await open({ maxLessonsPerTask: 3 });
      const task = aTask();
      const categories = ["syntax", "api", "api", "type", "type"] as const;
      const lessons = categories.map((category, i) => aLesson({ category, tier: ((i % 3) + 1) as 1 | 2 | 3 }));
      for (const lesson of lessons) await store.appendLesson(task, lesson);

      const kept = await store.listLessons(task);
      expect(kept).toEqual(lessons.slice(2));
      expect(await store.lessonCounters(task)).toEqual({
        total_lessons: 3,
        total_captured: 5,
        by_category: { api: 1, type: 2 },
        by_tier: { "1": 1, "2": 1, "3": 1 },
      });
    });

    it("finds and deletes one lesson by id, uncounting it", async () => {
      const store = await open();
      const task = aTask();
      const keep = aLesson({ category: "api", tier: 3 });
      const drop = aLesson({ category: "syntax", tier: 1 });
      await store.appendLesson(task, keep);
      await store.appendLesson(task, drop);

      expect(await store.getLesson(task, drop.lesson_id)).toEqual(drop);
      expect(await store.deleteLesson(task, drop.lesson_id)).toBe(true);
      expect(await store.deleteLesson(task, drop.lesson_id)).toBe(false);
      expect(await store.getLesson(task, drop.lesson_id)).toBeNull();
      expect(await store.listLessons(task)).toEqual([keep]);
      expect(await store.lessonCounters(task)).toEqual({
        total_lessons: 1,
        total_captured: 2,
        by_category: { api: 1 },
        by_tier: { "1": 0, "2": 0, "3": 1 },
      });
    });

    it("clears a task entirely, captured count included", async () => {
      const store = await open();
      const task = aTask();
      await store.appendLesson(task, aLesson());
      await store.clearLessons(task);
      expect(await store.listLessons(task)).toEqual([]);
      expect((await store.lessonCounters(task)).total_captured).toBe(0);
    });

    it("keeps tasks of different tenants apart even with the same id", async () => {
      const store = await open();
      const mine = aTask("tenant-a");
      const theirs = { tenant: "tenant-b", taskId: mine.taskId };
      const lesson = aLesson();
      await store.appendLesson(mine, lesson);
      expect(await store.listLessons(theirs)).toEqual([]);
      expect(await store.getLesson(theirs, lesson.lesson_id)).toBeNull();
      expect(await store.deleteLesson(theirs, lesson.lesson_id)).toBe(false);
      await store.clearLessons(theirs);
      expect(await store.listLessons(mine)).toEqual([lesson]);
    });

    it("hands out copies: changing a returned lesson changes nothing stored", async () => {
      const store = await open();
      const task = aTask();
      const lesson = aLesson();
      await store.appendLesson(task, lesson);
      lesson.error_message = "changed after append";
      const [read] = await store.listLessons(task);
      read!.error_message = "changed after read";
      expect((await store.listLessons(task))[0]!.error_message).toBe("boom");
    });
  });
}
