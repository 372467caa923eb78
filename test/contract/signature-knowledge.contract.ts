// Contract tests of SignatureKnowledgeStore: failures counted across a tenant's tasks, and what worked linked to them.
import { describe, expect, it } from "vitest";
import type { Lesson } from "../../src/domain/lessons/types.js";
import { SIGNATURES_LISTED_PER_TASK } from "../../src/domain/lessons/store.js";
import { type Store } from "../../src/storage/port.js";
import type { IdempotencyKey } from "../../src/domain/idempotency.js";
import type { TaskRef } from "../../src/domain/refs.js";
import { aCall, aLesson, aTask, keyed, NO_SIGNATURE_EFFICACY, valueOf } from "../helpers/fixtures.js";
import type { StoreFactory } from "../helpers/stores.js";
import { closingAfterEach } from "./open-stores.js";
import { signatureEfficacyContract } from "./signature-efficacy.contract.js";

const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();
const TIMEOUT = { signature: "aaaaaaaaaaaaaaaa", error_type: "TimeoutError", category: "timeout", error_message: "took 30s" };
const KEYERROR = { signature: "bbbbbbbbbbbbbbbb", error_type: "KeyError", category: "general", error_message: "'k'" };

export function signatureKnowledgeStoreContract(factory: StoreFactory): void {
  describe("signature knowledge store", () => {
    const open = closingAfterEach(factory);

    const capture = async (store: Store, task: TaskRef, lesson: Partial<Lesson>, idempotencyKey: IdempotencyKey | null = null) =>
      valueOf(await store.captureLesson(task, aLesson(lesson), idempotencyKey)).knownFixes;
    const resolve = (store: Store, task: TaskRef, approach: string, second: number) =>
      store.resolveTask(task, { task_id: task.taskId, attempt_number: 3, approach, model: null, resolved_at: at(second) });

    it("keeps the latest template a capture gave on the task's and the tenant's signature, and keeps it through a capture without one", async () => {
      const store = await open();
      const task = aTask();
      const read = async () => ({
        task: (await store.lessonSignatures(task)).map((s) => s.template),
        tenant: (await store.listTenantSignatures("default", 10)).map((s) => s.template),
      });
      await store.captureLesson(task, aLesson({ ...TIMEOUT, error_message: "took 30s" }), null, "took 30s");
      expect(await read()).toEqual({ task: ["took 30s"], tenant: ["took 30s"] });
      // The template grew a wildcard when a second duration joined it: the signature shows what it reads now.
      await store.captureLesson(task, aLesson({ ...TIMEOUT, error_message: "took 45s" }), null, "took <*>");
      expect(await read()).toEqual({ task: ["took <*>"], tenant: ["took <*>"] });
      await store.captureLesson(task, aLesson(TIMEOUT), null);
      expect(await read()).toEqual({ task: ["took <*>"], tenant: ["took <*>"] });
    });

    it("learns failure templates per tenant: a message that differs only in its variables gets its template's id, another tenant starts afresh", async () => {
      const store = await open();
      const first = valueOf(await store.learnFailureTemplate("acme", "ENOENT: no such file or directory, open 'README.txt'"));
      expect(first).toMatchObject({ template: "ENOENT: no such file or directory, open <*>", change: "created", forgotten: null });
      expect(first.templateId).toMatch(/^[0-9a-f]{16}$/);
      const again = valueOf(await store.learnFailureTemplate("acme", "ENOENT: no such file or directory, open 'CHANGELOG.md'"));
      expect(again).toEqual({ ...first, change: "seen" });
      // A word masking cannot tell is a variable (a user name) joins the template as <*>; the id stays.
      const alice = valueOf(await store.learnFailureTemplate("acme", "permission denied for user alice on table events"));
      const bob = valueOf(await store.learnFailureTemplate("acme", "permission denied for user bob on table events"));
      expect(bob).toEqual({ templateId: alice.templateId, template: "permission denied for user <*> on table events", change: "generalised", forgotten: null });
      expect(valueOf(await store.learnFailureTemplate("globex", "permission denied for user bob on table events")).change).toBe("created");
    });

    it("makes a keyed template step part of its write: a retry is answered again and learns nothing, a reused key changes nothing", async () => {
      const store = await open();
      const write = (key: ReturnType<typeof keyed>, scope = "lesson:t1") => ({ scope, key });
      const alice = "permission denied for user alice on table events";
      const first = await store.learnFailureTemplate("acme", alice, write(keyed("k1")));
      expect(first).toMatchObject({ outcome: "applied", value: { template: alice, change: "created" } });
      // Refused before anything is learned: bob's message would otherwise have turned alice's template into user <*>.
      const reused = await store.learnFailureTemplate("acme", "permission denied for user bob on table events", write(keyed("k1", "another-request")));
      expect(reused).toEqual({ outcome: "mismatch" });
      const carol = valueOf(await store.learnFailureTemplate("acme", "permission denied for user carol on table events"));
      expect(carol).toMatchObject({ template: "permission denied for user <*> on table events", change: "generalised" });
      // The retry answers the first answer, whatever the template became since.
      const retry = await store.learnFailureTemplate("acme", alice, write(keyed("k1")));
      expect(retry).toEqual({ outcome: "replayed", value: { ...valueOf(first), change: "seen" } });
      // The key is the write's: the same key in another task or session is another write.
      expect((await store.learnFailureTemplate("acme", alice, write(keyed("k1", "another-request"), "call:s1"))).outcome).toBe("applied");
      expect((await store.learnFailureTemplate("globex", alice, write(keyed("k1", "another-request")))).outcome).toBe("applied");
    });

    it("offers what worked in one task to a later capture of the same signature in another", async () => {
      const store = await open();
      const [a, b] = [aTask("acme"), aTask("acme")];
      expect(await capture(store, a, TIMEOUT)).toEqual([]);
      await capture(store, a, KEYERROR);
      const { resolution } = await resolve(store, a, "raise the timeout to 60s", 1);
      expect(resolution.signatures).toEqual([KEYERROR.signature, TIMEOUT.signature].sort());
      expect(await store.listLessons(a)).toHaveLength(2);

      const known = [{ task_id: a.taskId, approach: "raise the timeout to 60s", resolved_at: at(1) }];
      expect(await capture(store, b, TIMEOUT)).toEqual(known);
      expect((await store.knownFixes("acme", [TIMEOUT.signature, "cccccccccccccccc"])).get(TIMEOUT.signature)).toEqual(known);
      expect((await store.knownFixes("acme", ["cccccccccccccccc"])).size).toBe(0);
    });

    it("lists the tenant's signatures most recurring first, with tasks, resolved tasks and the latest fix", async () => {
      const store = await open();
      const [a, b, c] = [aTask(), aTask(), aTask()];
      for (const task of [a, b, c]) await capture(store, task, TIMEOUT);
      await capture(store, a, TIMEOUT);
      await capture(store, c, KEYERROR);
      await resolve(store, a, "first fix", 1);
      await resolve(store, b, "second fix", 2);
      expect(await store.listTenantSignatures("default", 10)).toEqual([
        {
          signature: TIMEOUT.signature,
          error_type: "TimeoutError",
          category: "timeout",
          normalized_message: "took <n>s",
          template: null,
          occurrences: 4,
          tasks: 3,
          resolved_tasks: 2,
          latest_known_fix: { task_id: b.taskId, approach: "second fix", resolved_at: at(2) },
          // Every capture came before any fix, so both resolutions count without an offer.
          efficacy: { ...NO_SIGNATURE_EFFICACY, tasks_resolved_without_offer: 2, mean_attempts_without_offer: 3 },
        },
        {
          signature: KEYERROR.signature,
          error_type: "KeyError",
          category: "general",
          normalized_message: "<str>",
          template: null,
          occurrences: 1,
          tasks: 1,
          resolved_tasks: 0,
          latest_known_fix: null,
          efficacy: NO_SIGNATURE_EFFICACY,
        },
      ]);
      expect(await store.listTenantSignatures("default", 1)).toHaveLength(1);
    });

    it("answers the three most recent fixes, newest first", async () => {
      const store = await open();
      const tasks = [aTask(), aTask(), aTask(), aTask()];
      for (const [i, task] of tasks.entries()) {
        await capture(store, task, TIMEOUT);
        await resolve(store, task, `fix ${i}`, i);
      }
      const known = await capture(store, aTask(), TIMEOUT);
      expect(known.map((fix) => fix.approach)).toEqual(["fix 3", "fix 2", "fix 1"]);
      expect((await store.listTenantSignatures("default", 10))[0]!.resolved_tasks).toBe(4);
    });

    it("replaces a task's links when it is resolved again, and removes them with its resolution", async () => {
      const store = await open();
      const task = aTask();
      await capture(store, task, TIMEOUT);
      await resolve(store, task, "first", 1);
      await store.clearLessons(task);
      await capture(store, task, KEYERROR);
      // Resolved again: the task's failures are now only the KeyError.
      expect((await resolve(store, task, "second", 2)).replaced).toBe(true);
      const known = await store.knownFixes("default", [TIMEOUT.signature, KEYERROR.signature]);
      expect(known.has(TIMEOUT.signature)).toBe(false);
      expect(known.get(KEYERROR.signature)).toEqual([{ task_id: task.taskId, approach: "second", resolved_at: at(2) }]);

      expect(await store.unresolveTask(task)).toBe(true);
      expect(await store.unresolveTask(task)).toBe(false);
      expect((await store.knownFixes("default", [KEYERROR.signature])).size).toBe(0);
      expect((await store.listTenantSignatures("default", 10)).map((s) => s.resolved_tasks)).toEqual([0, 0]);
    });

    it("reads a task with the known fixes of its lessons' signatures, those it listed and those it did not", async () => {
      const store = await open();
      const [a, b] = [aTask(), aTask()];
      await capture(store, a, TIMEOUT);
      await resolve(store, a, "raise the timeout", 1);
      await capture(store, b, TIMEOUT);
      await capture(store, b, KEYERROR);
      const read = await store.taskWithKnownFixes(b);
      expect(read.lessons.map((lesson) => lesson.error_type)).toEqual(["TimeoutError", "KeyError"]);
      expect(read.knownFixes).toEqual(new Map([[TIMEOUT.signature, [{ task_id: a.taskId, approach: "raise the timeout", resolved_at: at(1) }]]]));
      expect(read).toMatchObject({ resolution: null, signatures: expect.any(Array) });

    });

    it("finds the fixes of a kept lesson whose signature the tenant no longer lists for its task (it lists the newest 64)", async () => {
      const store = await open({ maxLessonsPerTask: SIGNATURES_LISTED_PER_TASK + 10 });
      const [a, c] = [aTask(), aTask()];
      await capture(store, a, TIMEOUT);
      await resolve(store, a, "raise the timeout", 1);
      await capture(store, c, TIMEOUT);
      for (let i = 0; i < SIGNATURES_LISTED_PER_TASK; i += 1) await capture(store, c, { ...KEYERROR, signature: `cccccccccccc${i.toString(16).padStart(4, "0")}` });
      const read = await store.taskWithKnownFixes(c);
      expect(read.lessons).toHaveLength(SIGNATURES_LISTED_PER_TASK + 1);
      expect(read.knownFixes).toEqual(new Map([[TIMEOUT.signature, [{ task_id: a.taskId, approach: "raise the timeout", resolved_at: at(1) }]]]));
    });

    it("keeps and counts a keyed capture once, answering a retry with the first lesson and refusing another request", async () => {
      const store = await open();
      const task = aTask();
      const first = await store.captureLesson(task, aLesson(TIMEOUT), keyed("key-1"));
      const retry = await store.captureLesson(task, aLesson({ ...TIMEOUT, timestamp: at(7) }), keyed("key-1"));
      expect(first.outcome).toBe("applied");
      // Only the id and the time of a retried lesson are new; the replay answers the first one's.
      expect(retry).toEqual({ outcome: "replayed", value: valueOf(first) });
      expect(await store.captureLesson(task, aLesson(KEYERROR), keyed("key-1", "another-request"))).toEqual({ outcome: "mismatch" });
      await capture(store, task, TIMEOUT, keyed("key-2"));
      expect((await store.lessonCounters(task)).total_captured).toBe(2);
      expect((await store.listLessons(task)).map((lesson) => lesson.error_type)).toEqual(["TimeoutError", "TimeoutError"]);
      expect((await store.listTenantSignatures("default", 10)).map((s) => [s.signature, s.occurrences])).toEqual([[TIMEOUT.signature, 2]]);
    });

    it("scopes a key to its task: the same key in another task is another write", async () => {
      const store = await open();
      const [a, b] = [aTask(), aTask()];
      expect((await store.captureLesson(a, aLesson(TIMEOUT), keyed("key"))).outcome).toBe("applied");
      expect((await store.captureLesson(b, aLesson(TIMEOUT), keyed("key", "another-path"))).outcome).toBe("applied");
      expect((await store.listTenantSignatures("default", 10))[0]!.occurrences).toBe(2);
    });

    it("counts two keyed captures whose task and key split alike at ':' each once", async () => {
      const store = await open();
      // Task `a` with key `b:c` and task `a:b` with key `c`: another write each, though `<task>:<key>` reads the same.
      expect((await store.captureLesson({ tenant: "colons", taskId: "a" }, aLesson(TIMEOUT), keyed("b:c", "first"))).outcome).toBe("applied");
      expect((await store.captureLesson({ tenant: "colons", taskId: "a:b" }, aLesson(TIMEOUT), keyed("c", "second"))).outcome).toBe("applied");
      expect((await store.listTenantSignatures("colons", 10))[0]!.occurrences).toBe(2);
    });

    it("counts a lesson and a tool call that share a write id each once", async () => {
      const store = await open();
      const task = aTask();
      await capture(store, task, TIMEOUT, keyed("shared-key"));
      await store.recordSharedToolCall({ tenant: "default", sessionId: "s" }, aCall("search", "success"), keyed("shared-key"));
      expect((await store.listTenantSignatures("default", 10))[0]!.occurrences).toBe(1);
      expect((await store.listSharedTools("default", 10))[0]!.total_calls).toBe(1);
    });

    it("keeps each tenant's signatures and fixes apart", async () => {
      const store = await open();
      const mine = aTask("one");
      const theirs = { tenant: "two", taskId: mine.taskId };
      await capture(store, mine, TIMEOUT);
      await resolve(store, mine, "mine", 1);
      expect(await capture(store, theirs, TIMEOUT)).toEqual([]);
      expect((await store.listTenantSignatures("two", 10))[0]).toMatchObject({ occurrences: 1, resolved_tasks: 0, latest_known_fix: null });
      expect((await store.listTenantSignatures("one", 10))[0]).toMatchObject({ occurrences: 1, resolved_tasks: 1 });
    });
  });
  signatureEfficacyContract(factory);
}
