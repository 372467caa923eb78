// Contract tests of the listings by id prefix: tasks, sessions and tools in id order, a page at a time, on every adapter.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Page } from "../../src/domain/activity/types.js";
import type { Store } from "../../src/storage/port.js";
import type { SessionRef, TaskRef } from "../../src/domain/refs.js";
import { aCall, aLesson } from "../helpers/fixtures.js";
import type { StoreFactory } from "../helpers/stores.js";
import { closingAfterEach } from "./open-stores.js";

const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();
const task = (taskId: string, tenant = "default"): TaskRef => ({ tenant, taskId });
const session = (sessionId: string, tenant = "default"): SessionRef => ({ tenant, sessionId });

/** Every page of a prefix listing, with `limit` per page: the ids in the order listed, and how many pages it took. */
async function walk(read: (after: string | null) => Promise<Page<{ id: string }, string>>): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let after: string | null = null;
  for (let pages = 1; pages <= 100; pages += 1) {
    const page: Page<{ id: string }, string> = await read(after);
    ids.push(...page.items.map((item) => item.id));
    if (!page.next) return { ids, pages };
    after = page.next;
  }
  throw new Error("the walk did not end");
}

const tasksOf = (store: Store, prefix: string, limit: number) => async (after: string | null) => {
  const page = await store.listTasksByPrefix("default", prefix, limit, after);
  return { items: page.items.map((item) => ({ id: item.task_id })), next: page.next };
};
const sessionsOf = (store: Store, prefix: string, limit: number) => async (after: string | null) => {
  const page = await store.listSessionsByPrefix("default", prefix, limit, after);
  return { items: page.items.map((item) => ({ id: item.session_id })), next: page.next };
};
const toolsOf = (store: Store, prefix: string, limit: number) => async (after: string | null) => {
  const page = await store.listSharedToolsByPrefix("default", prefix, limit, after);
  return { items: page.items.map((item) => ({ id: item.tool_name })), next: page.next };
};

// Byte order, with ids that share prefixes, ':' and '.' (which sort before digits and letters) and case.
const IDS = ["build", "build-1", "build-10", "build-2", "build.x", "build:a", "buildZ", "builder", "Build-3", "bui", "deploy-1"];
const BUILD_MATCHES = ["build", "build-1", "build-10", "build-2", "build.x", "build:a", "buildZ", "builder"];

export function prefixListingsContract(factory: StoreFactory, elapse: (ms: number) => Promise<void>): void {
  describe("listings by id prefix", () => {
    const open = closingAfterEach(factory);

    it("lists the tasks whose id starts with the prefix, in byte order of their ids, with what the listing shows", async () => {
      const store = await open();
      // Written in another order than the ids', so the order listed is not the order of activity.
      for (const [i, id] of [...IDS].reverse().entries()) await store.captureLesson(task(id), aLesson({ task_id: id, timestamp: at(i), error_type: `E${i}` }), null);
      await store.resolveTask(task("build-2"), { task_id: "build-2", attempt_number: 2, approach: "retry", model: null, resolved_at: at(30) });

      const page = await store.listTasksByPrefix("default", "build", 50, null);
      expect(page.items.map((item) => item.task_id)).toEqual(BUILD_MATCHES);
      expect(page.next).toBeNull();
      expect(page.items.find((item) => item.task_id === "build-2")).toEqual({
        task_id: "build-2",
        total_lessons: 1,
        total_captured: 1,
        by_category: { type: 1 },
        last_error_type: "E7",
        resolved: true,
        updated_at: at(30),
      });
      // The item is the one the listing by activity shows.
      const recent = await store.listTasks("default", 50, null);
      expect(recent.items.find((item) => item.task_id === "build-2")).toEqual(page.items.find((item) => item.task_id === "build-2"));
      expect((await store.listTasksByPrefix("default", "build-1", 50, null)).items.map((item) => item.task_id)).toEqual(["build-1", "build-10"]);
      expect((await store.listTasksByPrefix("default", "Build", 50, null)).items.map((item) => item.task_id)).toEqual(["Build-3"]);
      expect((await store.listTasksByPrefix("default", "deploy-1", 50, null)).items.map((item) => item.task_id)).toEqual(["deploy-1"]);
    });

    it("lists the sessions whose id starts with the prefix, in byte order, each as the listing by activity shows it", async () => {
      const store = await open();
      for (const [i, id] of [...IDS].reverse().entries()) await store.recordSharedToolCall(session(id), aCall("t", "success", {}, { timestamp: at(i) }), null);
      await store.recordSharedToolCall(session("build-1"), aCall("u", "failure", { x: 1 }, { timestamp: at(40) }), null);

      const page = await store.listSessionsByPrefix("default", "build", 50, null);
      expect(page.items.map((item) => item.session_id)).toEqual(BUILD_MATCHES);
      expect(page.items.find((item) => item.session_id === "build-1")).toEqual({
        session_id: "build-1",
        total_calls: 2,
        success_rate: 0.5,
        total_fixes_detected: 0,
        tools_tracked: 2,
        updated_at: at(40),
      });
      expect((await store.listSessionsByPrefix("default", "de", 50, null)).items.map((item) => item.session_id)).toEqual(["deploy-1"]);
    });

    it("lists the tools whose name starts with the prefix, in byte order, each as the listing by calls shows it", async () => {
      const store = await open();
      for (const [i, name] of IDS.entries()) {
        for (let n = 0; n <= i % 3; n += 1) await store.recordSharedToolCall(session(`s-${i}`), aCall(name, "success", { n }, { timestamp: at(i) }), null);
      }
      const page = await store.listSharedToolsByPrefix("default", "build", 50, null);
      expect(page.items.map((item) => item.tool_name)).toEqual(BUILD_MATCHES);
      expect(page.next).toBeNull();
      const byCalls = await store.listSharedTools("default", 50);
      for (const item of page.items) expect(item).toEqual(byCalls.find((tool) => tool.tool_name === item.tool_name));
      expect((await store.listSharedToolsByPrefix("default", "build:", 50, null)).items.map((item) => item.tool_name)).toEqual(["build:a"]);
    });

    it("walks every match exactly once in pages of any size, and says when no match is left", async () => {
      const store = await open();
      for (const id of IDS) {
        await store.captureLesson(task(id), aLesson({ task_id: id, timestamp: at(1) }), null);
        await store.recordSharedToolCall(session(id), aCall(id, "success", {}, { timestamp: at(1) }), null);
      }
      for (const limit of [1, 2, 3, 7, 8, 9, 50]) {
        for (const read of [tasksOf, sessionsOf, toolsOf]) {
          const { ids, pages } = await walk(read(store, "build", limit));
          expect({ limit, ids }).toEqual({ limit, ids: BUILD_MATCHES });
          // A page looks one entry ahead, so a walk never ends with an empty page.
          expect({ limit, pages }).toEqual({ limit, pages: Math.ceil(BUILD_MATCHES.length / limit) });
        }
      }
      const first = await store.listTasksByPrefix("default", "build", 3, null);
      expect(first).toEqual({ items: expect.any(Array), next: "build-10" });
      expect((await store.listTasksByPrefix("default", "build", 3, first.next)).items.map((item) => item.task_id)).toEqual(["build-2", "build.x", "build:a"]);
    });

    it("answers an empty page for a prefix that matches nothing, and for a tenant that has nothing", async () => {
      const store = await open();
      await store.captureLesson(task("build-1"), aLesson({ timestamp: at(1) }), null);
      await store.recordSharedToolCall(session("build-1"), aCall("build-1", "success", {}, { timestamp: at(1) }), null);
      for (const prefix of ["build-2", "buil-", "c", "build-1-", "B"]) {
        expect(await store.listTasksByPrefix("default", prefix, 10, null)).toEqual({ items: [], next: null });
        expect(await store.listSessionsByPrefix("default", prefix, 10, null)).toEqual({ items: [], next: null });
        expect(await store.listSharedToolsByPrefix("default", prefix, 10, null)).toEqual({ items: [], next: null });
      }
      expect(await store.listTasksByPrefix("other", "build", 10, null)).toEqual({ items: [], next: null });
      expect(await store.listSessionsByPrefix("other", "build", 10, null)).toEqual({ items: [], next: null });
      expect(await store.listSharedToolsByPrefix("other", "build", 10, null)).toEqual({ items: [], next: null });
      // After the last match, nothing is left.
      expect(await store.listTasksByPrefix("default", "build", 10, "build-1")).toEqual({ items: [], next: null });
    });

    it("keeps a tenant's matches to its own", async () => {
      const store = await open();
      await store.captureLesson(task("build-1", "acme"), aLesson({ timestamp: at(1) }), null);
      await store.captureLesson(task("build-2", "globex"), aLesson({ timestamp: at(1) }), null);
      expect((await store.listTasksByPrefix("acme", "build", 10, null)).items.map((item) => item.task_id)).toEqual(["build-1"]);
      expect((await store.listTasksByPrefix("globex", "build", 10, null)).items.map((item) => item.task_id)).toEqual(["build-2"]);
    });

    it("never lists a cleared task, a reset session or a forgotten tool, and lists them again once written", async () => {
      const store = await open();
      for (const id of ["build-1", "build-2", "build-3"]) {
        await store.captureLesson(task(id), aLesson({ timestamp: at(1) }), null);
        await store.recordSharedToolCall(session(id), aCall(id, "success", {}, { timestamp: at(1) }), null);
      }
      await store.clearLessons(task("build-1"));
      await store.clearLessons(task("build-2"));
      await store.resetSession(session("build-1"));
      await store.resetSession(session("build-2"));
      await store.forgetSharedTool("default", "build-1");
      await store.forgetSharedTool("default", "build-2");

      // A page of one must skip the dead entries first in order and still find the live one.
      expect(await store.listTasksByPrefix("default", "build", 1, null)).toEqual({ items: [expect.objectContaining({ task_id: "build-3" })], next: null });
      expect(await store.listSessionsByPrefix("default", "build", 1, null)).toEqual({ items: [expect.objectContaining({ session_id: "build-3" })], next: null });
      expect(await store.listSharedToolsByPrefix("default", "build", 1, null)).toEqual({ items: [expect.objectContaining({ tool_name: "build-3" })], next: null });
      expect((await store.listTasks("default", 10, null)).items.map((item) => item.task_id)).toEqual(["build-3"]);

      await store.captureLesson(task("build-1"), aLesson({ timestamp: at(2) }), null);
      await store.recordSharedToolCall(session("build-2"), aCall("build-2", "success", {}, { timestamp: at(2) }), null);
      expect((await store.listTasksByPrefix("default", "build", 10, null)).items.map((item) => item.task_id)).toEqual(["build-1", "build-3"]);
      expect((await store.listSessionsByPrefix("default", "build", 10, null)).items.map((item) => item.session_id)).toEqual(["build-2", "build-3"]);
      expect((await store.listSharedToolsByPrefix("default", "build", 10, null)).items.map((item) => item.tool_name)).toEqual(["build-2", "build-3"]);
    });

    it("never lists a task, session or tool whose data expired, before or after another write", async () => {
      const store = await open({ lessonsTtlSeconds: 1, sessionsTtlSeconds: 1, toolsTtlSeconds: 1 });
      const writeBoth = async (id: string) => {
        const now = new Date().toISOString();
        await store.captureLesson(task(id), aLesson({ timestamp: now }), null);
        await store.recordSharedToolCall(session(id), aCall(id, "success", {}, { timestamp: now }), null);
      };
      const listed = async () => ({
        tasks: (await store.listTasksByPrefix("default", "build", 10, null)).items.map((item) => item.task_id),
        sessions: (await store.listSessionsByPrefix("default", "build", 10, null)).items.map((item) => item.session_id),
        tools: (await store.listSharedToolsByPrefix("default", "build", 10, null)).items.map((item) => item.tool_name),
      });
      await writeBoth("build-1");
      expect(await listed()).toEqual({ tasks: ["build-1"], sessions: ["build-1"], tools: ["build-1"] });
      await elapse(1200);
      expect(await listed()).toEqual({ tasks: [], sessions: [], tools: [] });
      // A write keeps the indexes alive: the expired entry is still met (within the minute of slack), and skipped.
      await writeBoth("build-0");
      expect(await listed()).toEqual({ tasks: ["build-0"], sessions: ["build-0"], tools: ["build-0"] });
      expect(await store.listTasksByPrefix("default", "build", 1, null)).toEqual({ items: [expect.objectContaining({ task_id: "build-0" })], next: null });
    });

    it("drops the entries a write drops from the listing by activity: older than the retention", async () => {
      const store = await open({ lessonsTtlSeconds: 3600, sessionsTtlSeconds: 3600 });
      const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000).toISOString();
      await store.captureLesson(task("build-old"), aLesson({ timestamp: twoHoursAgo }), null);
      await store.recordSharedToolCall(session("build-old"), aCall("t", "success", {}, { timestamp: twoHoursAgo }), null);
      expect((await store.listTasksByPrefix("default", "build", 10, null)).items.map((item) => item.task_id)).toEqual(["build-old"]);
      // A write now drops entries older than the retention, although this task's keys were written just now.
      const now = new Date().toISOString();
      await store.captureLesson(task("build-new"), aLesson({ timestamp: now }), null);
      await store.recordSharedToolCall(session("build-new"), aCall("t", "success", {}, { timestamp: now }), null);

      expect((await store.listTasksByPrefix("default", "build", 10, null)).items.map((item) => item.task_id)).toEqual(["build-new"]);
      expect((await store.listSessionsByPrefix("default", "build", 10, null)).items.map((item) => item.session_id)).toEqual(["build-new"]);
      expect((await store.listTasks("default", 10, null)).items.map((item) => item.task_id)).toEqual(["build-new"]);
      // Written again, it is back in both listings.
      await store.captureLesson(task("build-old"), aLesson({ timestamp: now }), null);
      expect((await store.listTasksByPrefix("default", "build", 10, null)).items.map((item) => item.task_id)).toEqual(["build-new", "build-old"]);
    });

    it("lists each task that keeps lessons throughout a walk exactly once, whatever is written meanwhile", async () => {
      const store = await open();
      const step = fc.oneof(fc.record({ write: fc.nat({ max: 11 }) }), fc.record({ clear: fc.nat({ max: 11 }) }), fc.record({ page: fc.integer({ min: 1, max: 4 }) }));
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(step, { maxLength: 30 }), async (steps) => {
          const tenant = `walk-${(run += 1)}`;
          const ids = Array.from({ length: 12 }, (_, i) => `t-${String.fromCharCode(97 + i)}`);
          let clock = 0;
          const write = (i: number) => store.captureLesson(task(ids[i]!, tenant), aLesson({ timestamp: at((clock += 1)) }), null);
          for (let i = 0; i < 12; i += 2) await write(i);
          const listed: string[] = [];
          const cleared = new Set<string>();
          let after: string | null = null;
          let done = false;
          const page = async (limit: number) => {
            const result: Page<{ task_id: string }, string> = await store.listTasksByPrefix(tenant, "t-", limit, after);
            listed.push(...result.items.map((item) => item.task_id));
            after = result.next;
            done = result.next === null;
          };
          for (const s of steps) {
            if ("write" in s) await write(s.write);
            else if ("clear" in s) {
              cleared.add(ids[s.clear]!);
              await store.clearLessons(task(ids[s.clear]!, tenant));
            } else if (!done) await page(s.page);
          }
          while (!done) await page(3);

          expect(listed).toEqual([...listed].sort());
          expect(new Set(listed).size).toBe(listed.length);
          for (let i = 0; i < 12; i += 2) if (!cleared.has(ids[i]!)) expect(listed).toContain(ids[i]);
        }),
        { numRuns: 30 },
      );
    });
  });
}
