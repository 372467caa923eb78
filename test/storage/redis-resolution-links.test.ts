// A resolution and its links are decided in TypeScript on what was read, and written only if it still reads so: a capture, its offer or another change of the task landing in between sends the decision back.
import { afterEach, describe, expect, it } from "vitest";
import { SUM_FIELDS } from "../../src/domain/lessons/efficacy.js";
import type { TaskRef } from "../../src/domain/refs.js";
import { createKeys } from "../../src/storage/redis/keys.js";
import { createRedisStore } from "../../src/storage/redis/index.js";
import type { Store } from "../../src/storage/port.js";
import { aLesson, aTask, valueOf } from "../helpers/fixtures.js";
import { DEFAULT_LIMITS, rawRedis, replicaWaitOfRun, scriptedRedisForFile, uniquePrefix } from "../helpers/stores.js";

const SIGNATURE = "cccccccccccccccc";
const TIMEOUT = { signature: SIGNATURE, error_type: "TimeoutError", category: "timeout", error_message: "took 30s" };
const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();

const opened: Store[] = [];
afterEach(async () => Promise.all(opened.splice(0).map((store) => store.close())));
const scripted = scriptedRedisForFile();

function replica(prefix: string): Store {
  const store = createRedisStore({
    client: rawRedis(),
    keyPrefix: prefix,
    commandTimeoutMs: 2000,
    limits: DEFAULT_LIMITS,
    ...replicaWaitOfRun(),
  });
  opened.push(store);
  return store;
}

const capture = async (store: Store, task: TaskRef, attempt: number) =>
  valueOf(await store.captureLesson(task, aLesson({ ...TIMEOUT, task_id: task.taskId, attempt_number: attempt }), null)).knownFixes;
const resolveAt = (store: Store, task: TaskRef, attempt: number) =>
  store.resolveTask(task, { task_id: task.taskId, attempt_number: attempt, approach: `fix of ${task.taskId}`, model: null, resolved_at: at(attempt) });

/** A task resolved without an offer, so that later captures of the signature are offered its fix. */
async function seedFix(store: Store): Promise<void> {
  const seed = aTask();
  await capture(store, seed, 1);
  await resolveAt(store, seed, 2);
}

describe("a resolution and its links decided on a read (redis)", () => {
  it("refuses a decision an offer landed after, and one as old as the change applied, changing nothing", async () => {
    const prefix = uniquePrefix();
    const store = replica(prefix);
    const shared = createKeys(prefix).shared("default");
    await seedFix(store);
    const task = aTask();
    expect(await capture(store, task, 2)).toHaveLength(1);
    const before = await rawRedis().hgetall(shared.signatureEfficacy(SIGNATURE));
    expect(before[`o:${task.taskId}`]).toBe("2");

    // Decided as though the task had never been offered a fix: the offer's field no longer reads as the decision read it.
    const decidedBeforeTheOffer = {
      task: task.taskId,
      prefix: shared.prefix,
      version: 1,
      read_version: 0,
      expected: { [SIGNATURE]: { offered: "", contribution: "" } },
      unlinked: [],
      linked: [SIGNATURE],
      fix: JSON.stringify({ approach: "x", resolved_at: at(3) }),
      records: { [SIGNATURE]: "3" },
      deltas: { [SIGNATURE]: { tasks_resolved_without_offer: "1", attempts_without_offer_sum: "3" } },
      at_ms: String(Date.parse(at(3))),
      ttl: 0,
      events_kept: 10,
      events_ttl: 0,
      event: "",
    };
    const links = shared.taskLinks(task.taskId);
    expect(JSON.parse(await scripted().relinkResolution(links, JSON.stringify(decidedBeforeTheOffer)))).toEqual({ outcome: "conflict" });
    expect(await rawRedis().hgetall(shared.signatureEfficacy(SIGNATURE))).toEqual(before);
    expect(await rawRedis().exists(links)).toBe(0);

    // The store's own write reads again and counts the task after the offer; the same change sent again is stale.
    await resolveAt(store, task, 3);
    expect((await rawRedis().hgetall(shared.signatureEfficacy(SIGNATURE)))[`r:${task.taskId}`]).toBe("3 1");
    const applied = { ...decidedBeforeTheOffer, expected: { [SIGNATURE]: { offered: "2", contribution: "3 1" } } };
    const after = await rawRedis().hgetall(shared.signatureEfficacy(SIGNATURE));
    expect(JSON.parse(await scripted().relinkResolution(links, JSON.stringify(applied)))).toEqual({ outcome: "stale" });
    expect(await rawRedis().hgetall(shared.signatureEfficacy(SIGNATURE))).toEqual(after);
  });

  it("refuses a resolution ranked on signatures a capture changed since, changing nothing, and ranks them again", async () => {
    const prefix = uniquePrefix();
    const store = replica(prefix);
    const task = aTask();
    const k = createKeys(prefix).task(task);
    await capture(store, task, 1);
    const before = await rawRedis().hgetall(k.counters);
    expect(before.captured).toBe("1");
    // Decided when the task had captured nothing: its `captured` count no longer reads as the decision read it.
    const decidedBeforeTheCapture = {
      keys: ["lessons", "counters", "signatures", "resolution"],
      captured: "",
      doc: JSON.stringify({ task_id: task.taskId, attempt_number: 2, approach: "x", model: null, resolved_at: at(2), signatures: [] }),
      ttl: 0,
    };
    const answer = await scripted().setResolution(k.lessons, k.counters, k.signatures, k.resolution, JSON.stringify(decidedBeforeTheCapture));
    expect(JSON.parse(answer)).toEqual({ outcome: "conflict" });
    expect(await rawRedis().exists(k.resolution)).toBe(0);
    expect(await rawRedis().hgetall(k.counters)).toEqual(before);

    // The store's own write reads the signatures again, so the resolution lists the one captured.
    expect((await resolveAt(store, task, 2)).resolution.signatures).toEqual([SIGNATURE]);
  });

  it("keeps the sums exactly what the tasks' records add up to while replicas resolve, re-resolve and offer to the same tasks at once", async () => {
    const prefix = uniquePrefix();
    const [one, two] = [replica(prefix), replica(prefix)];
    const shared = createKeys(prefix).shared("default");
    const tasks = Array.from({ length: 12 }, () => aTask());
    // Each task has the signature before any fix is known (so no offer yet), then a fix is known and each is resolved.
    await Promise.all(tasks.map((task) => capture(one, task, 1)));
    await seedFix(one);
    await Promise.all(tasks.map((task) => resolveAt(one, task, 1)));
    // Each task is offered a fix on one replica while both replicas replace its resolution, three times over.
    await Promise.all(
      tasks.flatMap((task) => [capture(two, task, 2), resolveAt(one, task, 3), resolveAt(two, task, 4), resolveAt(one, task, 5), resolveAt(two, task, 6)]),
    );

    const efficacy = await rawRedis().hgetall(shared.signatureEfficacy(SIGNATURE));
    const records = Object.entries(efficacy).filter(([field]) => field.startsWith("r:"));
    expect(records).toHaveLength(tasks.length + 1);
    const expected = Object.fromEntries(SUM_FIELDS.map((field) => [field, 0])) as Record<(typeof SUM_FIELDS)[number], number>;
    for (const [, record] of records) {
      const [attempt, after] = record.split(" ").map(Number);
      if (after === undefined) {
        expected.tasks_resolved_without_offer += 1;
        expected.attempts_without_offer_sum += attempt!;
      } else {
        expected.tasks_resolved_after_offer += 1;
        expected.attempts_with_offer_sum += attempt!;
        expected.attempts_after_offer_sum += after;
      }
    }
    expected.tasks_offered = tasks.length;
    const stored = Object.fromEntries(SUM_FIELDS.map((field) => [field, Number(efficacy[field] ?? 0)]));
    expect(stored).toEqual(expected);
    expect(await one.signatureEfficacyTotals("default")).toEqual(expected);
  });
});
