// Contract tests of ActivityStore: listings of tasks and sessions, the event log and the overview's counts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LATENCY_BUCKETS, latencyBucket } from "../../src/domain/activity/latency.js";
import { emptyCounts, timelineRange } from "../../src/domain/activity/timeline.js";
import type { ListingCursor, Page, TenantEvent } from "../../src/domain/activity/types.js";
import { aCall, aLesson, aSession, aTask, keyed, valueOf } from "../helpers/fixtures.js";
import type { StoreFactory } from "../helpers/stores.js";
import { closingAfterEach } from "./open-stores.js";
import { recordCall } from "../helpers/writes.js";

const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();

/** Every page of a listing, walked with `limit` per page. */
async function walk<T>(read: (after: ListingCursor | null) => Promise<Page<T>>): Promise<T[]> {
  const seen: T[] = [];
  let after: ListingCursor | null = null;
  for (let pages = 0; pages < 100; pages += 1) {
    const page: Page<T> = await read(after);
    seen.push(...page.items);
    if (!page.next) return seen;
    after = page.next;
  }
  throw new Error("the walk did not end");
}

const dataOf = (events: TenantEvent[]) => events.map((event) => ({ type: event.type, data: JSON.parse(event.data) as unknown }));

export function activityStoreContract(factory: StoreFactory, elapse: (ms: number) => Promise<void>): void {
  describe("activity store", () => {
    const open = closingAfterEach(factory);

    it("lists tasks that keep lessons, most recently active first, with their counts", async () => {
      const store = await open();
      const [a, b] = [aTask(), aTask()];
      await store.captureLesson(a, aLesson({ timestamp: at(1), category: "timeout", error_type: "TimeoutError" }), null);
      await store.captureLesson(b, aLesson({ timestamp: at(2), category: "api" }), null);
      await store.captureLesson(a, aLesson({ timestamp: at(3), category: "syntax", error_type: "SyntaxError" }), null);
      await store.resolveTask(b, { task_id: b.taskId, attempt_number: 2, approach: "retry", model: null, resolved_at: at(2) });

      expect(await store.listTasks("default", 10, null)).toEqual({
        items: [
          { task_id: a.taskId, total_lessons: 2, total_captured: 2, by_category: { timeout: 1, syntax: 1 }, last_error_type: "SyntaxError", resolved: false, updated_at: at(3) },
          { task_id: b.taskId, total_lessons: 1, total_captured: 1, by_category: { api: 1 }, last_error_type: "TypeError", resolved: true, updated_at: at(2) },
        ],
        next: null,
      });
      expect(await store.listTasks("other", 10, null)).toEqual({ items: [], next: null });
    });

    it("lists sessions that keep calls, with their success rate, fixes and tools", async () => {
      const store = await open();
      const [s, t] = [aSession(), aSession()];
      await store.recordSharedToolCall(s, aCall("search", "failure", { q: 1 }, { timestamp: at(1) }), null);
      await store.recordSharedToolCall(t, aCall("fetch", "success", {}, { timestamp: at(2) }), null);
      await store.recordSharedToolCall(s, aCall("search", "success", { q: 2 }, { timestamp: at(3) }), null);
      await store.recordSharedToolCall(s, aCall("read", "success", {}, { timestamp: at(4) }), null);

      expect((await store.listSessions("default", 10, null)).items).toEqual([
        { session_id: s.sessionId, total_calls: 3, success_rate: 2 / 3, total_fixes_detected: 1, tools_tracked: 2, updated_at: at(4) },
        { session_id: t.sessionId, total_calls: 1, success_rate: 1, total_fixes_detected: 0, tools_tracked: 1, updated_at: at(2) },
      ]);
    });

    it("walks every task exactly once in pages, ties of time included", async () => {
      const store = await open();
      const tasks = Array.from({ length: 7 }, () => aTask());
      // Three share one time, so the cursor must order them by id.
      for (const [i, task] of tasks.entries()) await store.captureLesson(task, aLesson({ timestamp: at(i < 3 ? 0 : i) }), null);

      for (const limit of [1, 2, 3, 7, 50]) {
        const listed = await walk((after) => store.listTasks("default", limit, after));
        expect(listed.map((task) => task.task_id).sort()).toEqual(tasks.map((task) => task.taskId).sort());
        expect(listed.map((task) => task.updated_at)).toEqual([...listed.map((task) => task.updated_at)].sort().reverse());
      }
      const firstPage = await store.listTasks("default", 3, null);
      expect(firstPage.items.map((task) => task.task_id)).toEqual([tasks[6]!.taskId, tasks[5]!.taskId, tasks[4]!.taskId]);
      expect(firstPage.next).not.toBeNull();
    });

    it("lists each item not written during a walk exactly once, whatever is written meanwhile", async () => {
      const store = await open();
      const sessions = Array.from({ length: 9 }, () => aSession());
      for (const [i, session] of sessions.entries()) await store.recordSharedToolCall(session, aCall("t", "success", {}, { timestamp: at(i) }), null);

      const seen: string[] = [];
      const first = await store.listSessions("default", 3, null);
      seen.push(...first.items.map((item) => item.session_id));
      // One already listed and one not yet listed are written again; a new session appears.
      const written = [sessions[8]!, sessions[2]!, aSession()];
      for (const [i, session] of written.entries()) await store.recordSharedToolCall(session, aCall("t", "success", {}, { timestamp: at(20 + i) }), null);
      let after = first.next;
      while (after) {
        const page = await store.listSessions("default", 3, after);
        seen.push(...page.items.map((item) => item.session_id));
        after = page.next;
      }

      expect(new Set(seen).size).toBe(seen.length);
      const untouched = sessions.filter((session) => !written.includes(session)).map((session) => session.sessionId);
      for (const id of untouched) expect(seen).toContain(id);
    });

    it("lists each session not written during a walk exactly once, for any interleaving of writes and pages", async () => {
      const store = await open();
      const step = fc.oneof(fc.record({ write: fc.nat({ max: 11 }), tick: fc.boolean() }), fc.record({ page: fc.integer({ min: 1, max: 4 }) }));
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(step, { maxLength: 30 }), async (steps) => {
          const tenant = `walk-${(run += 1)}`;
          const sessions = Array.from({ length: 12 }, () => aSession(tenant));
          let clock = 0;
          const write = (i: number) => store.recordSharedToolCall(sessions[i]!, aCall("t", "success", {}, { timestamp: at(clock) }), null);
          // Half of the sessions exist before the walk, several at one time.
          for (let i = 0; i < 6; i += 1) {
            clock += i % 2;
            await write(i);
          }
          const listed: string[] = [];
          const writtenDuringWalk = new Set<string>();
          let after: ListingCursor | null = null;
          let done = false;
          const page = async (limit: number) => {
            const result: Page<{ session_id: string }> = await store.listSessions(tenant, limit, after);
            listed.push(...result.items.map((item) => item.session_id));
            after = result.next;
            done = result.next === null;
          };
          for (const s of steps) {
            if ("write" in s) {
              if (s.tick) clock += 1;
              writtenDuringWalk.add(sessions[s.write]!.sessionId);
              await write(s.write);
            } else if (!done) await page(s.page);
          }
          while (!done) await page(3);

          expect(new Set(listed).size).toBe(listed.length);
          for (const session of sessions.slice(0, 6)) {
            if (!writtenDuringWalk.has(session.sessionId)) expect(listed.filter((id) => id === session.sessionId)).toHaveLength(1);
          }
        }),
        { numRuns: 40 },
      );
    });

    it("never lists a cleared task or a reset session, until it is written again", async () => {
      const store = await open();
      const [kept, cleared] = [aTask(), aTask()];
      const [live, reset] = [aSession(), aSession()];
      await store.captureLesson(kept, aLesson({ timestamp: at(1) }), null);
      await store.captureLesson(cleared, aLesson({ timestamp: at(2) }), null);
      await store.recordSharedToolCall(live, aCall("t", "success", {}, { timestamp: at(1) }), null);
      await store.recordSharedToolCall(reset, aCall("t", "success", {}, { timestamp: at(2) }), null);
      await store.clearLessons(cleared);
      await store.resetSession(reset);

      // A page of one must skip the dead entry at the top and still find the live one.
      expect((await store.listTasks("default", 1, null)).items.map((task) => task.task_id)).toEqual([kept.taskId]);
      expect((await store.listSessions("default", 1, null)).items.map((session) => session.session_id)).toEqual([live.sessionId]);
      expect(await store.listTasks("default", 1, null)).toEqual(await store.listTasks("default", 1, null));

      await store.captureLesson(cleared, aLesson({ timestamp: at(3) }), null);
      expect((await store.listTasks("default", 10, null)).items.map((task) => task.task_id)).toEqual([cleared.taskId, kept.taskId]);
    });

    it("never lists a task or session whose data expired", async () => {
      const store = await open({ lessonsTtlSeconds: 1, sessionsTtlSeconds: 1 });
      const now = new Date().toISOString();
      await store.captureLesson(aTask(), aLesson({ timestamp: now }), null);
      await store.recordSharedToolCall(aSession(), aCall("t", "success", {}, { timestamp: now }), null);
      expect((await store.listTasks("default", 10, null)).items).toHaveLength(1);
      await elapse(1200);
      expect(await store.listTasks("default", 10, null)).toEqual({ items: [], next: null });
      expect(await store.listSessions("default", 10, null)).toEqual({ items: [], next: null });
    });

    it("keeps a task listed while a deleted lesson or a removed resolution keeps its data alive", async () => {
      const store = await open({ lessonsTtlSeconds: 3600 });
      const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000).toISOString();
      const [deleted, unresolved, later] = [aTask(), aTask(), aTask()];
      for (const task of [deleted, unresolved]) {
        await store.captureLesson(task, aLesson({ timestamp: twoHoursAgo }), null);
        await store.captureLesson(task, aLesson({ timestamp: twoHoursAgo }), null);
      }
      await store.resolveTask(unresolved, { task_id: unresolved.taskId, attempt_number: 2, approach: "x", model: null, resolved_at: twoHoursAgo });
      // Both writes renew the task's keys for another hour; their listing entries must follow.
      const [first] = await store.listLessons(deleted);
      expect(await store.deleteLesson(deleted, first!.lesson_id)).toBe(true);
      expect(await store.unresolveTask(unresolved)).toBe(true);
      // A write now drops listing entries older than the retention (two hours old ones among them).
      await store.captureLesson(later, aLesson({ timestamp: new Date().toISOString() }), null);

      const listed = (await store.listTasks("default", 10, null)).items.map((task) => task.task_id);
      expect(listed.sort()).toEqual([deleted.taskId, unresolved.taskId, later.taskId].sort());
    });

    it("lists an imported session", async () => {
      const store = await open();
      // The source is another tenant's session, so only the import lists a session in this one.
      const [source, copy] = [aSession("other"), aSession()];
      await recordCall(store, source, aCall("t", "success"));
      await store.importMemory(copy, { ...(await store.exportMemory(source))!, session_id: copy.sessionId });
      expect((await store.listSessions("default", 10, null)).items.map((session) => session.session_id)).toEqual([copy.sessionId]);
    });

    it("logs each write's events once, in order, and replays them after any id", async () => {
      const store = await open();
      const task = aTask();
      const session = aSession();
      expect(await store.latestEventId("default")).toBeNull();
      const lesson = aLesson({ timestamp: at(1), task_id: task.taskId });
      await store.captureLesson(task, lesson, keyed("key-1"));
      await store.captureLesson(task, lesson, keyed("key-1"));
      await store.recordSharedToolCall(session, aCall("t", "failure", { x: 1 }), null);
      const { entry } = valueOf(await store.recordSharedToolCall(session, aCall("t", "success", { x: 2 }), keyed("key-2")));
      await store.recordSharedToolCall(session, aCall("t", "success", { x: 2 }), keyed("key-2"));
      const { resolution } = await store.resolveTask(task, { task_id: task.taskId, attempt_number: 2, approach: "retry", model: null, resolved_at: at(5) });

      const events = await store.readEvents("default", null, 100);
      expect(events.map((event) => [event.type, event.task_id, event.session_id])).toEqual([
        ["lesson.captured", task.taskId, null],
        ["tool_call.recorded", null, session.sessionId],
        ["tool_call.recorded", null, session.sessionId],
        ["fix.detected", null, session.sessionId],
        ["task.resolved", task.taskId, null],
      ]);
      expect(dataOf(events)[0]!.data).toEqual(lesson);
      expect(dataOf(events)[2]!.data).toEqual({ session_id: session.sessionId, ...entry });
      expect(dataOf(events)[3]!.data).toEqual({ session_id: session.sessionId, tool_name: "t", failed_call_id: "call-0001", fix_call_id: "call-0002", delta_args: entry.delta_args });
      expect(dataOf(events)[4]!.data).toEqual(resolution);
      expect(await store.latestEventId("default")).toBe(events[4]!.id);
      expect(await store.readEvents("default", events[1]!.id, 2)).toEqual(events.slice(2, 4));
      expect(await store.readEvents("default", events[4]!.id, 10)).toEqual([]);
      expect(await store.readEvents("other", null, 10)).toEqual([]);
    });

    it("keeps about eventsMaxPerTenant events", async () => {
      const store = await open({ eventsMaxPerTenant: 10 });
      const session = aSession();
      for (let i = 0; i < 250; i += 1) await store.recordSharedToolCall(session, aCall("t", "success", { i }), null);
      const kept = await store.readEvents("default", null, 1000);
      // Redis trims whole stream nodes (100 entries) at a time; the newest are always kept.
      expect(kept.length).toBeGreaterThanOrEqual(10);
      expect(kept.length).toBeLessThanOrEqual(110);
      expect(JSON.parse(kept.at(-1)!.data)).toMatchObject({ arguments: { i: 249 } });
    });

    it("counts active tasks and sessions, failures by category and activity per minute", async () => {
      const store = await open();
      const now = Date.UTC(2026, 0, 1, 12, 0, 0);
      const iso = (ms: number) => new Date(ms).toISOString();
      await store.captureLesson(aTask(), aLesson({ timestamp: iso(now - 10 * 60_000), category: "timeout" }), null);
      await store.captureLesson(aTask(), aLesson({ timestamp: iso(now - 3 * 3_600_000), category: "timeout" }), null);
      await store.captureLesson(aTask(), aLesson({ timestamp: iso(now - 30 * 3_600_000), category: "api" }), null);
      const session = aSession();
      await store.recordSharedToolCall(session, aCall("t", "failure", { x: 1 }, { timestamp: iso(now - 60_000) }), null);
      await store.recordSharedToolCall(session, aCall("t", "success", { x: 2 }, { timestamp: iso(now - 60_000) }), null);

      const totals = await store.activityTotals("default", now, timelineRange("hour", now));
      expect(totals.tasks).toEqual({ active_last_hour: 1, active_last_day: 2 });
      expect(totals.sessions).toEqual({ active_last_hour: 1, active_last_day: 1 });
      expect(totals.failures_by_category).toEqual({ timeout: 2, api: 1 });
      expect(Object.fromEntries(totals.counts)).toEqual({
        [Math.floor(now / 60_000) - 10]: { ...emptyCounts(), lessons: 1 },
        [Math.floor(now / 60_000) - 1]: { ...emptyCounts(), tool_calls: 2, successes: 1, fixes: 1 },
      });
    });

    it("counts per hour for 7 days, with the tokens and time failed attempts spent", async () => {
      const store = await open();
      const now = Date.UTC(2026, 0, 8, 12, 30, 0);
      const hour = Math.floor(now / 3_600_000);
      const iso = (ms: number) => new Date(ms).toISOString();
      await store.captureLesson(aTask(), aLesson({ timestamp: iso(now - 60_000), tokens_used: 1200, duration_ms: 3400 }), null);
      await store.captureLesson(aTask(), aLesson({ timestamp: iso(now - 120_000), tokens_used: null, duration_ms: 600 }), null);
      await store.captureLesson(aTask(), aLesson({ timestamp: iso(now - 3 * 86_400_000), tokens_used: 50 }), null);
      // Older than the week: its day's hash may still exist, but the range does not read it.
      await store.captureLesson(aTask(), aLesson({ timestamp: iso(now - 8 * 86_400_000), tokens_used: 7 }), null);
      await store.recordSharedToolCall(aSession(), aCall("t", "success", {}, { timestamp: iso(now - 5 * 3_600_000) }), null);

      const week = await store.activityTotals("default", now, timelineRange("week", now));
      expect(Object.fromEntries(week.counts)).toEqual({
        [hour]: { ...emptyCounts(), lessons: 2, tokens_used: 1200, duration_ms: 4000 },
        [hour - 72]: { ...emptyCounts(), lessons: 1, tokens_used: 50 },
        [hour - 5]: { ...emptyCounts(), tool_calls: 1, successes: 1 },
      });
      const day = await store.activityTotals("default", now, timelineRange("day", now));
      expect([...day.counts.keys()].sort()).toEqual([hour - 5, hour]);
      const minutes = await store.activityTotals("default", now, timelineRange("hour", now));
      expect(minutes.counts.get(Math.floor(now / 60_000) - 1)).toEqual({ ...emptyCounts(), lessons: 1, tokens_used: 1200, duration_ms: 3400 });
    });

    it("counts each timed call in its tool's latency bucket, per hour", async () => {
      const store = await open();
      const now = Date.UTC(2026, 0, 8, 12, 30, 0);
      const iso = (ms: number) => new Date(ms).toISOString();
      const session = aSession();
      const call = (tool: string, ms: number | null, ago: number) =>
        store.recordSharedToolCall(session, aCall(tool, "success", { ms, ago }, { timestamp: iso(now - ago), execution_time_ms: ms }), null);
      await call("search", 40, 60_000);
      await call("search", 40, 120_000);
      await call("search", 900, 2 * 3_600_000);
      await call("fetch", 5, 60_000);
      await call("fetch", null, 60_000);
      await call("fetch", 250_000, 3 * 86_400_000);

      const bucketsOf = (totals: { latency: Map<string, number[]> }, tool: string) =>
        Object.fromEntries((totals.latency.get(tool) ?? []).flatMap((n, bucket) => (n > 0 ? [[bucket, n]] : [])));
      const day = await store.activityTotals("default", now, timelineRange("day", now));
      expect(bucketsOf(day, "search")).toEqual({ [latencyBucket(40)]: 2, [latencyBucket(900)]: 1 });
      expect(bucketsOf(day, "fetch")).toEqual({ [latencyBucket(5)]: 1 });
      const week = await store.activityTotals("default", now, timelineRange("week", now));
      expect(bucketsOf(week, "fetch")).toEqual({ [latencyBucket(5)]: 1, [latencyBucket(250_000)]: 1 });
      // The hour window reads this clock hour and the one before: not the call 2 hours ago.
      const hourWindow = await store.activityTotals("default", now, timelineRange("hour", now));
      expect(bucketsOf(hourWindow, "search")).toEqual({ [latencyBucket(40)]: 2 });
    });

    it("counts each tool's calls and successes per hour, and keeps its 20 most recent sessions", async () => {
      const store = await open();
      const now = Date.UTC(2026, 0, 8, 12, 30, 0);
      const hour = Math.floor(now / 3_600_000);
      const iso = (ms: number) => new Date(ms).toISOString();
      const sessions = Array.from({ length: 22 }, (_, i) => ({ tenant: "default", sessionId: `s-${String(i).padStart(2, "0")}` }));
      for (const [i, session] of sessions.entries()) {
        await store.recordSharedToolCall(session, aCall("search", i % 3 === 0 ? "failure" : "success", { i }, { timestamp: iso(now - (22 - i) * 60_000), execution_time_ms: 40 }), null);
      }
      await store.recordSharedToolCall(sessions[0]!, aCall("search", "success", { again: 1 }, { timestamp: iso(now - 30 * 3_600_000) }), null);
      await store.recordSharedToolCall(sessions[1]!, aCall("other", "success", {}, { timestamp: iso(now) }), null);

      const day = await store.toolActivity("default", "search", now, hour - 23, 20);
      expect(Object.fromEntries(day.hours)).toEqual({ [hour]: { calls: 22, successes: 14 } });
      expect(day.latency[latencyBucket(40)]).toBe(22);
      expect(day.latency.reduce((a, b) => a + b, 0)).toBe(22);
      // The latest first; s-00 and s-01 were the oldest of 22, so only 20 are kept (s-00's later call is older still).
      expect(day.recentSessions.map((s) => s.sessionId)).toEqual(sessions.slice(2).reverse().map((s) => s.sessionId));
      expect(day.recentSessions[0]!.at).toBe(now - 60_000);
      const week = await store.toolActivity("default", "search", now, hour - 167, 5);
      expect(Object.fromEntries(week.hours)).toEqual({ [hour]: { calls: 22, successes: 14 }, [hour - 30]: { calls: 1, successes: 1 } });
      expect(week.recentSessions).toHaveLength(5);
      expect(await store.toolActivity("default", "never-called", now, hour - 23, 20)).toEqual({ hours: new Map(), latency: new Array(LATENCY_BUCKETS).fill(0), recentSessions: [] });
    });

    it("finds the event before the newest N, or null when no more than N are kept", async () => {
      const store = await open();
      expect(await store.eventIdBefore("default", 3)).toBeNull();
      const task = aTask();
      for (let i = 0; i < 5; i += 1) await store.captureLesson(task, aLesson({ error_message: `m${i}` }), null);
      const ids = (await store.readEvents("default", null, 10)).map((event) => event.id);
      expect(await store.eventIdBefore("default", 3)).toBe(ids[1]);
      expect(await store.eventIdBefore("default", 1)).toBe(ids[3]);
      expect(await store.eventIdBefore("default", 5)).toBeNull();
      expect(await store.eventIdBefore("other", 1)).toBeNull();
    });
  });
}
