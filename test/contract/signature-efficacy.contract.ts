// Contract tests of the efficacy of known fixes: offers made by captures, outcomes counted by resolutions, exact sums.
import { describe, expect, it } from "vitest";
import type { Lesson } from "../../src/domain/lessons/types.js";
import type { Store } from "../../src/storage/port.js";
import type { IdempotencyKey } from "../../src/domain/idempotency.js";
import type { TaskRef } from "../../src/domain/refs.js";
import { aLesson, aTask, keyed, NO_SIGNATURE_EFFICACY, valueOf } from "../helpers/fixtures.js";
import type { StoreFactory } from "../helpers/stores.js";
import { closingAfterEach } from "./open-stores.js";

const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();
const TIMEOUT = { signature: "aaaaaaaaaaaaaaaa", error_type: "TimeoutError", category: "timeout", error_message: "took 30s" };
const KEYERROR = { signature: "bbbbbbbbbbbbbbbb", error_type: "KeyError", category: "general", error_message: "'k'" };

export function signatureEfficacyContract(factory: StoreFactory): void {
  describe("efficacy of offered fixes", () => {
    const open = closingAfterEach(factory);

    const capture = async (store: Store, task: TaskRef, lesson: Partial<Lesson>, idempotencyKey: IdempotencyKey | null = null) =>
      valueOf(await store.captureLesson(task, aLesson(lesson), idempotencyKey)).knownFixes;
    const captureAt = (store: Store, task: TaskRef, kind: Partial<Lesson>, attempt: number, idempotencyKey: IdempotencyKey | null = null) =>
      capture(store, task, { ...kind, attempt_number: attempt }, idempotencyKey);
    const resolveAt = (store: Store, task: TaskRef, attempt: number) =>
      store.resolveTask(task, { task_id: task.taskId, attempt_number: attempt, approach: `fix of ${task.taskId}`, model: null, resolved_at: at(attempt) });
    const efficacyOf = async (store: Store, signature: string) =>
      (await store.listTenantSignatures("default", 10)).find((listed) => listed.signature === signature)?.efficacy;
    /** A task resolved without an offer, so that later captures of `kind` are answered its fix. */
    const seedFix = async (store: Store, kind: Partial<Lesson>, attempt: number) => {
      const seed = aTask();
      expect(await captureAt(store, seed, kind, 1)).toEqual([]);
      await resolveAt(store, seed, attempt);
      return seed;
    };

    it("counts tasks resolved after an offer and without one, with exact means and totals over every signature", async () => {
      const store = await open();
      await seedFix(store, TIMEOUT, 4);
      const [b, c, d, e] = [aTask(), aTask(), aTask(), aTask()];
      expect(await captureAt(store, b, TIMEOUT, 2)).toHaveLength(1);
      await resolveAt(store, b, 5);
      await captureAt(store, c, TIMEOUT, 1);
      await resolveAt(store, c, 2);
      // Offered, never resolved: counted as offered only.
      await captureAt(store, d, TIMEOUT, 3);
      await captureAt(store, e, KEYERROR, 1);
      await resolveAt(store, e, 6);

      expect(await efficacyOf(store, TIMEOUT.signature)).toEqual({
        tasks_offered: 3,
        tasks_resolved_after_offer: 2,
        tasks_resolved_without_offer: 1,
        mean_attempts_with_offer: 3.5,
        mean_attempts_without_offer: 4,
        mean_attempts_after_offer: 2,
      });
      expect(await efficacyOf(store, KEYERROR.signature)).toEqual({ ...NO_SIGNATURE_EFFICACY, tasks_resolved_without_offer: 1, mean_attempts_without_offer: 6 });
      expect(await store.signatureEfficacyTotals("default")).toEqual({
        tasks_offered: 3,
        tasks_resolved_after_offer: 2,
        tasks_resolved_without_offer: 2,
        attempts_with_offer_sum: 7,
        attempts_without_offer_sum: 10,
        attempts_after_offer_sum: 4,
      });
      expect(await store.signatureEfficacyTotals("another")).toEqual({
        tasks_offered: 0,
        tasks_resolved_after_offer: 0,
        tasks_resolved_without_offer: 0,
        attempts_with_offer_sum: 0,
        attempts_without_offer_sum: 0,
        attempts_after_offer_sum: 0,
      });
    });

    it("counts attempts after a task's first offer: not its first capture, and not a later offer", async () => {
      const store = await open();
      const early = aTask();
      await captureAt(store, early, TIMEOUT, 1);
      await seedFix(store, TIMEOUT, 3);
      // Its first capture came before the fix; its second is the first offer.
      await captureAt(store, early, TIMEOUT, 4);
      await captureAt(store, early, TIMEOUT, 5);
      const later = aTask();
      await captureAt(store, later, TIMEOUT, 2);
      await captureAt(store, later, TIMEOUT, 5);
      // No fix is known for the KeyError, so the task counts under it as resolved without an offer.
      await captureAt(store, later, KEYERROR, 3);
      await resolveAt(store, early, 6);
      await resolveAt(store, later, 7);

      expect(await efficacyOf(store, TIMEOUT.signature)).toMatchObject({
        tasks_offered: 2,
        tasks_resolved_after_offer: 2,
        mean_attempts_with_offer: 6.5,
        mean_attempts_after_offer: (6 - 4 + (7 - 2)) / 2,
      });
      expect(await efficacyOf(store, KEYERROR.signature)).toEqual({ ...NO_SIGNATURE_EFFICACY, tasks_resolved_without_offer: 1, mean_attempts_without_offer: 7 });
    });

    it("counts a keyed capture's offer once: neither a retry nor a replay answered fixes later counts one", async () => {
      const store = await open();
      const [offered, before] = [aTask(), aTask()];
      await captureAt(store, before, TIMEOUT, 1, keyed("before-fix"));
      await seedFix(store, TIMEOUT, 2);
      for (let i = 0; i < 3; i += 1) await captureAt(store, offered, TIMEOUT, 1, keyed("offered"));
      // The replay answers the fix known now; the capture it replays was answered none.
      expect(await captureAt(store, before, TIMEOUT, 1, keyed("before-fix"))).toHaveLength(1);
      await resolveAt(store, before, 3);
      expect(await efficacyOf(store, TIMEOUT.signature)).toMatchObject({ tasks_offered: 1, tasks_resolved_without_offer: 2, mean_attempts_without_offer: 2.5 });
    });

    it("replaces a task's contribution when its resolution is replaced, and removes it with the resolution", async () => {
      const store = await open();
      await seedFix(store, TIMEOUT, 4);
      const task = aTask();
      await captureAt(store, task, TIMEOUT, 2);
      await resolveAt(store, task, 5);
      await resolveAt(store, task, 8);
      expect(await efficacyOf(store, TIMEOUT.signature)).toEqual({
        tasks_offered: 1,
        tasks_resolved_after_offer: 1,
        tasks_resolved_without_offer: 1,
        mean_attempts_with_offer: 8,
        mean_attempts_without_offer: 4,
        mean_attempts_after_offer: 6,
      });

      // Resolved again with only a KeyError: its contribution moves with its links.
      await store.clearLessons(task);
      await captureAt(store, task, KEYERROR, 9);
      await resolveAt(store, task, 10);
      expect(await efficacyOf(store, TIMEOUT.signature)).toMatchObject({ tasks_offered: 1, tasks_resolved_after_offer: 0, mean_attempts_with_offer: null });
      expect(await efficacyOf(store, KEYERROR.signature)).toMatchObject({ tasks_resolved_without_offer: 1, mean_attempts_without_offer: 10 });

      expect(await store.unresolveTask(task)).toBe(true);
      expect(await efficacyOf(store, KEYERROR.signature)).toEqual(NO_SIGNATURE_EFFICACY);
      expect(await store.signatureEfficacyTotals("default")).toEqual({
        tasks_offered: 1,
        tasks_resolved_after_offer: 0,
        tasks_resolved_without_offer: 1,
        attempts_with_offer_sum: 0,
        attempts_without_offer_sum: 4,
        attempts_after_offer_sum: 0,
      });
    });

    it("keeps exact sums under concurrent captures and resolutions of many tasks", async () => {
      const store = await open();
      await seedFix(store, TIMEOUT, 1);
      const tasks = Array.from({ length: 40 }, (_, i) => ({ task: aTask(), kind: i % 2 === 0 ? TIMEOUT : KEYERROR, first: (i % 3) + 1, resolvedAt: (i % 3) + 12 + (i % 5) }));
      // A KeyError task may be offered the fix of another resolved meanwhile, so offers are taken from the answers.
      const offeredAt = new Map<TaskRef, number>();
      await Promise.all(
        tasks.map(async ({ task, kind, first, resolvedAt }) => {
          // In order within a task, so which capture was its first offer is known.
          for (const attempt of [first, first + 10]) {
            if ((await captureAt(store, task, kind, attempt)).length > 0 && !offeredAt.has(task)) offeredAt.set(task, attempt);
          }
          // Two racing resolutions of one task: whichever is applied last, the task counts once.
          await Promise.all([resolveAt(store, task, resolvedAt), resolveAt(store, task, resolvedAt)]);
        }),
      );
      const offered = tasks.filter(({ task }) => offeredAt.has(task));
      const notOffered = tasks.filter(({ task }) => !offeredAt.has(task));
      expect(offered.length).toBeGreaterThanOrEqual(20);
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      expect(await store.signatureEfficacyTotals("default")).toEqual({
        tasks_offered: offered.length,
        tasks_resolved_after_offer: offered.length,
        tasks_resolved_without_offer: notOffered.length + 1,
        attempts_with_offer_sum: sum(offered.map((t) => t.resolvedAt)),
        attempts_without_offer_sum: sum(notOffered.map((t) => t.resolvedAt)) + 1,
        attempts_after_offer_sum: sum(offered.map((t) => t.resolvedAt - offeredAt.get(t.task)!)),
      });
      const listed = await store.listTenantSignatures("default", 10);
      expect(sum(listed.map((s) => s.efficacy.tasks_offered))).toBe(offered.length);
    });
  });
}
