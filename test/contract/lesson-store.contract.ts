// Contract tests of LessonStore: every adapter must pass them unchanged.
import { describe, expect, it } from "vitest";
import { aLesson, aTask, ZERO_LESSON_COUNTERS } from "../helpers/fixtures.js";
import type { StoreFactory } from "../helpers/stores.js";
import { closingAfterEach } from "./open-stores.js";
import { appendLesson } from "../helpers/writes.js";

export function lessonStoreContract(factory: StoreFactory): void {
  describe("lesson store", () => {
    const open = closingAfterEach(factory);

    it("keeps lessons in the order they were appended and returns them whole", async () => {
      const store = await open();
      const task = aTask();
      const first = aLesson({ error_message: "first" });
      const second = aLesson({ error_message: "second", tier: 2, category: "syntax" });
      await appendLesson(store, task, first);
      await appendLesson(store, task, second);
      expect(await store.listLessons(task)).toEqual([first, second]);
    });

    it("returns only the newest lessons when asked, still oldest first", async () => {
      const store = await open();
      const task = aTask();
      const lessons = [1, 2, 3, 4].map((n) => aLesson({ attempt_number: n }));
      for (const lesson of lessons) await appendLesson(store, task, lesson);
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
      for (const lesson of lessons) await appendLesson(store, task, lesson);

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
      await appendLesson(store, task, keep);
      await appendLesson(store, task, drop);

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
      await appendLesson(store, task, aLesson());
      await store.clearLessons(task);
      expect(await store.listLessons(task)).toEqual([]);
      expect((await store.lessonCounters(task)).total_captured).toBe(0);
    });

    it("keeps tasks of different tenants apart even with the same id", async () => {
      const store = await open();
      const mine = aTask("tenant-a");
      const theirs = { tenant: "tenant-b", taskId: mine.taskId };
      const lesson = aLesson();
      await appendLesson(store, mine, lesson);
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
      await appendLesson(store, task, lesson);
      lesson.error_message = "changed after append";
      const [read] = await store.listLessons(task);
      read!.error_message = "changed after read";
      expect((await store.listLessons(task))[0]!.error_message).toBe("boom");
    });

    it("counts every capture under its signature, trimmed ones too, with the first and the latest capture", async () => {
      const store = await open({ maxLessonsPerTask: 2 });
      const task = aTask();
      const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();
      const signature = "0123456789abcdef";
      for (const n of [1, 2, 3]) {
        await appendLesson(store, task, aLesson({ signature, attempt_number: n, error_message: `took ${n}s`, timestamp: at(n), hypothesized_fix: `fix ${n}` }));
      }
      await appendLesson(store, task, aLesson({ error_type: "KeyError", error_message: "k", timestamp: at(4) }));
      const signatures = await store.lessonSignatures(task);
      expect(signatures.find((s) => s.signature === signature)).toEqual({
        signature,
        error_type: "TypeError",
        category: "type",
        normalized_message: "took <n>s",
        // appendLesson is given no template: only a capture through the service learns one.
        template: null,
        example_message: "took 3s",
        occurrences: 3,
        first_attempt: 1,
        last_attempt: 3,
        first_seen_at: at(1),
        last_seen_at: at(3),
        hypothesized_fix: "fix 3",
      });
      expect(signatures).toHaveLength(2);

      const snapshot = await store.taskSnapshot(task);
      expect(snapshot.lessons.map((lesson) => lesson.attempt_number)).toEqual([3, 1]);
      expect(snapshot.signatures).toHaveLength(2);
      expect(snapshot.resolution).toBeNull();
      expect((await store.taskSnapshot(task, 1)).lessons.map((lesson) => lesson.error_type)).toEqual(["KeyError"]);

      await store.clearLessons(task);
      expect(await store.lessonSignatures(task)).toEqual([]);
    });

    it("keeps the largest safe attempt numbers exact in signatures and resolutions", async () => {
      const store = await open();
      const task = aTask();
      const attempt = Number.MAX_SAFE_INTEGER;
      await appendLesson(store, task, aLesson({ attempt_number: attempt }));
      expect((await store.lessonSignatures(task))[0]).toMatchObject({ first_attempt: attempt, last_attempt: attempt });
      const input = { task_id: task.taskId, attempt_number: attempt, approach: "a", model: null, resolved_at: new Date(0).toISOString() };
      expect((await store.setResolution(task, input)).resolution.attempt_number).toBe(attempt);
      expect((await store.getResolution(task))!.attempt_number).toBe(attempt);
    });

    it("records a resolution with the task's signatures, most recurring first, and versions every change", async () => {
      const store = await open();
      const task = aTask();
      await appendLesson(store, task, aLesson({ signature: "aaaaaaaaaaaaaaaa" }));
      await appendLesson(store, task, aLesson({ signature: "bbbbbbbbbbbbbbbb" }));
      await appendLesson(store, task, aLesson({ signature: "bbbbbbbbbbbbbbbb" }));
      const input = { task_id: task.taskId, attempt_number: 4, approach: "pin the version", model: null, resolved_at: new Date(0).toISOString() };

      const first = await store.setResolution(task, input);
      expect(first).toEqual({ resolution: { ...input, signatures: ["bbbbbbbbbbbbbbbb", "aaaaaaaaaaaaaaaa"] }, replaced: false, version: 1, previousSignatures: [] });
      const second = await store.setResolution(task, { ...input, approach: "pin it harder", model: "m" });
      expect(second).toMatchObject({ replaced: true, version: 2, resolution: { approach: "pin it harder", model: "m" }, previousSignatures: ["bbbbbbbbbbbbbbbb", "aaaaaaaaaaaaaaaa"] });
      expect(await store.getResolution(task)).toEqual(second.resolution);
      expect((await store.taskSnapshot(task)).resolution).toEqual(second.resolution);

      // Clearing the lessons leaves the resolution; deleting it bumps the version, with or without one.
      await store.clearLessons(task);
      expect(await store.getResolution(task)).toEqual(second.resolution);
      expect(await store.deleteResolution(task)).toEqual({ removed: true, version: 3, previousSignatures: ["bbbbbbbbbbbbbbbb", "aaaaaaaaaaaaaaaa"] });
      expect(await store.deleteResolution(task)).toEqual({ removed: false, version: 4, previousSignatures: [] });
      expect(await store.getResolution(task)).toBeNull();
      expect(await store.setResolution(task, input)).toEqual({ resolution: { ...input, signatures: [] }, replaced: false, version: 5, previousSignatures: [] });
    });
  });
}
