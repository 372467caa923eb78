// Contract tests of retention: a task's or session's data lives a fixed time after its last write, all of it together.
import { describe, expect, it } from "vitest";
import type { Store, StoreLimits } from "../../src/storage/port.js";
import type { SessionRef, TaskRef } from "../../src/domain/refs.js";
import { aCall, aLesson, aSession, aTask, valueOf, ZERO_LESSON_COUNTERS, ZERO_SESSION_COUNTERS } from "../helpers/fixtures.js";
import type { StoreFactory } from "../helpers/stores.js";
import { closingAfterEach } from "./open-stores.js";
import { appendLesson, recordCall } from "../helpers/writes.js";

const ONE_SECOND: Partial<StoreLimits> = { lessonsTtlSeconds: 1, sessionsTtlSeconds: 1 };


export function retentionContract(factory: StoreFactory, elapse: (ms: number) => Promise<void>): void {
  describe("retention", () => {
    const open = closingAfterEach(factory);

    /** A task with two lessons of different categories, so that every counter is set. */
    async function fillTask(store: Store, task: TaskRef) {
      const lessons = [aLesson({ category: "syntax", tier: 1 }), aLesson({ category: "api", tier: 3 })];
      for (const lesson of lessons) await appendLesson(store, task, lesson);
      return lessons;
    }

    /** A session with a failure fixed by a success, so that log, calls, patterns, fixes and meta all exist. */
    async function fillSession(store: Store, session: SessionRef) {
      await recordCall(store, session, aCall("t", "failure", { x: 1 }, { error_type: "bad" }));
      await recordCall(store, session, aCall("t", "success", { x: 2 }));
    }

    async function expectTaskGone(store: Store, task: TaskRef) {
      expect(await store.listLessons(task)).toEqual([]);
      expect(await store.lessonCounters(task)).toEqual(ZERO_LESSON_COUNTERS);
    }

    async function expectSessionGone(store: Store, session: SessionRef) {
      expect(await store.readToolLog(session)).toEqual([]);
      expect(await store.getToolCall(session, "call-0001")).toBeNull();
      expect(await store.getPatterns(session)).toEqual({});
      expect(await store.getPattern(session, "t")).toBeNull();
      expect(await store.toolContexts(session, null, 3)).toEqual([]);
      expect(await store.sessionCounters(session)).toEqual(ZERO_SESSION_COUNTERS);
      expect(await store.exportMemory(session)).toBeNull();
    }

    it("forgets a task's lessons and counters and a session's whole memory together once the period passes without writes", async () => {
      const store = await open(ONE_SECOND);
      const task = aTask();
      const session = aSession();
      const lessons = await fillTask(store, task);
      await fillSession(store, session);
      expect(await store.listLessons(task)).toEqual(lessons);
      expect((await store.sessionCounters(session)).total_fixes_detected).toBe(1);

      await elapse(1200);
      await expectTaskGone(store, task);
      await expectSessionGone(store, session);

      // Nothing outlived the data it described: a new write starts from scratch.
      await appendLesson(store, task, aLesson({ category: "type", tier: 2 }));
      expect(await store.lessonCounters(task)).toEqual({
        total_lessons: 1,
        total_captured: 1,
        by_category: { type: 1 },
        by_tier: { "1": 0, "2": 1, "3": 0 },
      });
      const first = await recordCall(store, session, aCall("t", "success", { x: 3 }));
      expect(first).toMatchObject({ id: "call-0001", fix_for: null });
      expect(await store.sessionCounters(session)).toMatchObject({ total_calls: 1, total_fixes_detected: 0, tools_tracked: 1 });
    });

    it("pushes the expiry out on every write (append, delete, record, import) but not on reads", async () => {
      const store = await open(ONE_SECOND);
      const appended = aTask();
      const deletedFrom = aTask();
      const onlyRead = aTask();
      const recorded = aSession();
      const imported = aSession();
      const readSession = aSession();

      // t = 0: every task and session is written once.
      await fillTask(store, appended);
      const [toDelete] = await fillTask(store, deletedFrom);
      await fillTask(store, onlyRead);
      await fillSession(store, recorded);
      await fillSession(store, imported);
      await fillSession(store, readSession);
      const memory = (await store.exportMemory(imported))!;

      // t = 0.7 s: each is written again in its own way, except the two that are only read.
      await elapse(700);
      await appendLesson(store, appended, aLesson());
      expect(await store.deleteLesson(deletedFrom, toDelete!.lesson_id)).toBe(true);
      await recordCall(store, recorded, aCall("u", "partial"));
      await store.importMemory(imported, memory);
      expect(await store.listLessons(onlyRead)).toHaveLength(2);
      expect((await store.sessionCounters(readSession)).total_calls).toBe(2);

      // t = 1.4 s: the written ones live on, whole; the read ones are gone.
      await elapse(700);
      expect(await store.lessonCounters(appended)).toMatchObject({ total_lessons: 3, total_captured: 3 });
      expect(await store.listLessons(deletedFrom)).toHaveLength(1);
      expect(await store.lessonCounters(deletedFrom)).toMatchObject({ total_lessons: 1, total_captured: 2 });
      expect(await store.sessionCounters(recorded)).toMatchObject({ total_calls: 3, total_fixes_detected: 1, tools_tracked: 2 });
      expect(await store.exportMemory(imported)).toEqual(memory);
      await expectTaskGone(store, onlyRead);
      await expectSessionGone(store, readSession);

      // t = 2.1 s: 1.4 s after their last write, they are gone too.
      await elapse(700);
      for (const task of [appended, deletedFrom]) await expectTaskGone(store, task);
      for (const session of [recorded, imported]) await expectSessionGone(store, session);
    });

    it("keeps each kind of data forever when its retention is 0, whatever the other kind's", async () => {
      const sessionsExpire = await open({ lessonsTtlSeconds: 0, sessionsTtlSeconds: 1 });
      const lessonsExpire = await open({ lessonsTtlSeconds: 1, sessionsTtlSeconds: 0 });
      const task = aTask();
      const session = aSession();
      const lessons = await fillTask(sessionsExpire, task);
      await fillTask(lessonsExpire, task);
      await fillSession(sessionsExpire, session);
      await fillSession(lessonsExpire, session);
      const memory = await lessonsExpire.exportMemory(session);

      await elapse(1200);
      expect(await sessionsExpire.listLessons(task)).toEqual(lessons);
      expect(await sessionsExpire.lessonCounters(task)).toMatchObject({ total_lessons: 2, total_captured: 2 });
      await expectSessionGone(sessionsExpire, session);
      expect(await lessonsExpire.exportMemory(session)).toEqual(memory);
      expect((await lessonsExpire.sessionCounters(session)).total_calls).toBe(2);
      await expectTaskGone(lessonsExpire, task);
    });

    it("forgets a signature's tenant-wide counts and links once the period passes without an update", async () => {
      const store = await open({ lessonsTtlSeconds: 1 });
      const [task, other] = [aTask(), aTask()];
      const lesson = aLesson({ signature: "cccccccccccccccc" });
      await store.captureLesson(task, lesson, null);
      await store.resolveTask(task, { task_id: task.taskId, attempt_number: 2, approach: "a", model: null, resolved_at: new Date(0).toISOString() });
      expect(await store.listTenantSignatures("default", 10)).toMatchObject([{ occurrences: 1, resolved_tasks: 1 }]);

      await elapse(1200);
      expect(await store.listTenantSignatures("default", 10)).toEqual([]);
      expect((await store.knownFixes("default", [lesson.signature])).size).toBe(0);
      // A new capture starts the signature afresh.
      expect(valueOf(await store.captureLesson(other, aLesson({ signature: lesson.signature }), null)).knownFixes).toEqual([]);
      expect(await store.listTenantSignatures("default", 10)).toMatchObject([{ occurrences: 1, tasks: 1, resolved_tasks: 0 }]);
    });

    it("lets a signature's counts and its links expire apart, each after its own last update", async () => {
      const store = await open({ lessonsTtlSeconds: 1 });
      const task = aTask();
      const lesson = aLesson({ signature: "dddddddddddddddd" });
      await store.captureLesson(task, lesson, null);
      await elapse(700);
      await store.resolveTask(task, { task_id: task.taskId, attempt_number: 2, approach: "a", model: null, resolved_at: new Date(0).toISOString() });
      await elapse(500);
      // 1.2 s after the capture its counts are gone; 0.5 s after the resolution its link is not.
      expect(await store.listTenantSignatures("default", 10)).toEqual([]);
      expect((await store.knownFixes("default", [lesson.signature])).get(lesson.signature)).toMatchObject([{ task_id: task.taskId }]);
    });

    it("unlinks a deleted resolution even after the task's own links record expired", async () => {
      const store = await open({ lessonsTtlSeconds: 1 });
      const [a, b] = [aTask(), aTask()];
      const signature = "eeeeeeeeeeeeeeee";
      const resolve = (task: TaskRef) =>
        store.resolveTask(task, { task_id: task.taskId, attempt_number: 2, approach: task.taskId, model: null, resolved_at: new Date(0).toISOString() });
      await store.captureLesson(a, aLesson({ signature }), null);
      await store.captureLesson(b, aLesson({ signature }), null);
      await resolve(a);
      // B's resolution keeps the signature's links alive, A's lessons keep A's resolution alive.
      await elapse(800);
      await resolve(b);
      await store.captureLesson(a, aLesson({ signature }), null);
      await elapse(400);
      expect(await store.unresolveTask(a)).toBe(true);
      expect((await store.knownFixes("default", [signature])).get(signature)!.map((fix) => fix.task_id)).toEqual([b.taskId]);
    });

    it("forgets a tool's shared knowledge once the tenant has not called it for the period, tool by tool", async () => {
      const store = await open({ toolsTtlSeconds: 1 });
      const session = aSession();
      const record = (tool: string) => store.recordSharedToolCall(session, aCall(tool, "success"), null);
      await record("kept");
      await record("dropped");

      // t = 0.7 s: a call to one tool renews it alone.
      await elapse(700);
      await record("kept");

      // t = 1.4 s: the idle tool is gone from reads and listings; the session, kept forever here, is not.
      await elapse(700);
      expect(await store.sharedToolKnowledge("default", ["kept", "dropped"])).toMatchObject([{ tool_name: "kept", total_calls: 2 }]);
      expect((await store.listSharedTools("default", 10)).map((tool) => tool.tool_name)).toEqual(["kept"]);
      expect((await store.sessionCounters(session)).total_calls).toBe(3);

      // A call after expiry starts the tool afresh.
      await record("dropped");
      expect(await store.listSharedTools("default", 10)).toMatchObject([
        { tool_name: "kept", total_calls: 2 },
        { tool_name: "dropped", total_calls: 1, sessions_seen: 1 },
      ]);
    });
  });
}
