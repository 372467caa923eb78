// The efficacy of known fixes over HTTP: offers made by captures, outcomes counted by resolutions, per signature, both stores.
import supertest from "supertest";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../helpers/app.js";
import { NO_SIGNATURE_EFFICACY, uniqueId } from "../helpers/fixtures.js";
import { expectProblem, useHttpApp, type HttpContext } from "../helpers/http.js";
import { bothStores, lostReplyOnce, type StoreFactory } from "../helpers/stores.js";

const timeout = (attempt: number) => ({ attempt_number: attempt, tier: 2, error_type: "TimeoutError", error_message: "build timed out after 30s" });
const typeError = (attempt: number) => ({ attempt_number: attempt, tier: 1, error_type: "TypeError", error_message: "bad operand" });

type Failure = ReturnType<typeof timeout>;

/** Captures the failure and answers how many known fixes its 201 carried. */
async function capture(http: HttpContext["http"], task: string, body: Failure, key?: string): Promise<number> {
  const request = http.post(`/tasks/${task}/lessons`);
  const response = await (key ? request.set("Idempotency-Key", key) : request).send(body);
  expect(response.status).toBe(201);
  return response.body.known_fixes.length;
}

async function resolve(http: HttpContext["http"], task: string, attempt: number): Promise<void> {
  const response = await http.put(`/tasks/${task}/resolution`).send({ attempt_number: attempt, approach: `what worked in ${task}` });
  expect([200, 201]).toContain(response.status);
}

/** Per error type, the efficacy GET /lessons/signatures lists. */
async function efficacies(http: HttpContext["http"]): Promise<Record<string, unknown>> {
  const response = await http.get("/lessons/signatures?limit=1000");
  expect(response.status).toBe(200);
  return Object.fromEntries(response.body.signatures.map((s: { error_type: string; efficacy: unknown }) => [s.error_type, s.efficacy]));
}

describe.each(bothStores())("efficacy of known fixes (%s store)", (_name, factory: StoreFactory) => {
  const ctx = useHttpApp(factory);

  /** A task resolved at `attempt` before any fix was known, so later timeouts are offered its fix. */
  async function seedFix(attempt: number): Promise<string> {
    const seed = uniqueId("seed");
    expect(await capture(ctx.http, seed, timeout(1))).toBe(0);
    await resolve(ctx.http, seed, attempt);
    return seed;
  }

  it("counts the tasks offered a fix and those resolved with and without one, with the exact mean attempts of each", async () => {
    await seedFix(4);
    const [b, c, d, e] = [uniqueId("task"), uniqueId("task"), uniqueId("task"), uniqueId("task")];
    expect(await capture(ctx.http, b, timeout(2))).toBe(1);
    await resolve(ctx.http, b, 5);
    expect(await capture(ctx.http, c, timeout(1))).toBe(2);
    await resolve(ctx.http, c, 2);
    expect(await capture(ctx.http, d, timeout(3))).toBe(3);
    expect(await capture(ctx.http, e, typeError(1))).toBe(0);
    await resolve(ctx.http, e, 6);

    expect(await efficacies(ctx.http)).toEqual({
      TimeoutError: {
        tasks_offered: 3,
        tasks_resolved_after_offer: 2,
        tasks_resolved_without_offer: 1,
        mean_attempts_with_offer: 3.5,
        mean_attempts_without_offer: 4,
        mean_attempts_after_offer: 2,
      },
      TypeError: { ...NO_SIGNATURE_EFFICACY, tasks_resolved_without_offer: 1, mean_attempts_without_offer: 6 },
    });
  });

  it("counts the attempts after a task's first offer, whatever it was offered later", async () => {
    const task = uniqueId("task");
    expect(await capture(ctx.http, task, timeout(1))).toBe(0);
    await seedFix(9);
    expect(await capture(ctx.http, task, timeout(3))).toBe(1);
    expect(await capture(ctx.http, task, timeout(6))).toBe(1);
    await resolve(ctx.http, task, 7);
    expect((await efficacies(ctx.http)).TimeoutError).toMatchObject({ tasks_offered: 1, tasks_resolved_after_offer: 1, mean_attempts_with_offer: 7, mean_attempts_after_offer: 4 });
  });

  it("counts an offer once when the capture is retried with the same Idempotency-Key", async () => {
    await seedFix(2);
    const task = uniqueId("task");
    for (let i = 0; i < 3; i += 1) expect(await capture(ctx.http, task, timeout(1), "capture-once")).toBe(1);
    await resolve(ctx.http, task, 4);
    expect((await efficacies(ctx.http)).TimeoutError).toMatchObject({ tasks_offered: 1, tasks_resolved_after_offer: 1, mean_attempts_after_offer: 3 });
  });

  it("replaces a task's contribution with its replaced resolution, and removes it with a deleted one", async () => {
    await seedFix(4);
    const task = uniqueId("task");
    await capture(ctx.http, task, timeout(2));
    await resolve(ctx.http, task, 5);
    await resolve(ctx.http, task, 8);
    expect((await efficacies(ctx.http)).TimeoutError).toEqual({
      tasks_offered: 1,
      tasks_resolved_after_offer: 1,
      tasks_resolved_without_offer: 1,
      mean_attempts_with_offer: 8,
      mean_attempts_without_offer: 4,
      mean_attempts_after_offer: 6,
    });

    expect((await ctx.http.delete(`/tasks/${task}/resolution`)).status).toBe(204);
    // The offer was made and stays counted; the outcome went with the resolution.
    expect((await efficacies(ctx.http)).TimeoutError).toEqual({ ...NO_SIGNATURE_EFFICACY, tasks_offered: 1, tasks_resolved_without_offer: 1, mean_attempts_without_offer: 4 });
  });

  it("keeps exact counts and means when many tasks are captured and resolved at once", async () => {
    await seedFix(1);
    const tasks = Array.from({ length: 30 }, (_, i) => ({ task: uniqueId("task"), failure: i % 2 === 0 ? timeout : typeError, at: (i % 3) + 1, resolvedAt: (i % 3) + 2 + (i % 4) }));
    // A TypeError task may be offered the fix of another resolved meanwhile, so offers are taken from the 201s.
    const offered = new Set<string>();
    await Promise.all(
      tasks.map(async ({ task, failure, at, resolvedAt }) => {
        if ((await capture(ctx.http, task, failure(at))) > 0) offered.add(task);
        // Two racing resolutions of the same attempt: whichever is applied last, the task counts once.
        await Promise.all([resolve(ctx.http, task, resolvedAt), resolve(ctx.http, task, resolvedAt)]);
      }),
    );
    const mean = (values: number[]) => (values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : null);
    const expected = (failure: typeof timeout, seeded: number[]) => {
      const of = tasks.filter((t) => t.failure === failure);
      const yes = of.filter((t) => offered.has(t.task));
      const no = of.filter((t) => !offered.has(t.task));
      return {
        tasks_offered: yes.length,
        tasks_resolved_after_offer: yes.length,
        tasks_resolved_without_offer: no.length + seeded.length,
        mean_attempts_with_offer: mean(yes.map((t) => t.resolvedAt)),
        mean_attempts_without_offer: mean([...no.map((t) => t.resolvedAt), ...seeded]),
        mean_attempts_after_offer: mean(yes.map((t) => t.resolvedAt - t.at)),
      };
    };
    const listed = await efficacies(ctx.http);
    expect(listed.TimeoutError).toEqual(expected(timeout, [1]));
    expect(listed.TimeoutError).toMatchObject({ tasks_offered: 15 });
    expect(listed.TypeError).toEqual(expected(typeError, []));
  });

  it("changes nothing for a rejected capture or resolution", async () => {
    await seedFix(3);
    const task = uniqueId("task");
    await capture(ctx.http, task, timeout(1), "first");
    const before = await efficacies(ctx.http);
    expectProblem(await ctx.http.post(`/tasks/${task}/lessons`).send({ ...timeout(2), attempt_number: 0 }), 400);
    expectProblem(await ctx.http.post(`/tasks/${uniqueId("task")}/lessons`).send({ ...timeout(2), extra: true }), 400);
    expectProblem(await ctx.http.post(`/tasks/${task}/lessons`).set("Idempotency-Key", "first").send(timeout(5)), 422);
    expectProblem(await ctx.http.put(`/tasks/${task}/resolution`).send({ attempt_number: 0, approach: "x" }), 400);
    expectProblem(await ctx.http.put(`/tasks/${task}/resolution`).send({ attempt_number: 2 }), 400);
    expect(await efficacies(ctx.http)).toEqual(before);
    expect(before.TimeoutError).toMatchObject({ tasks_offered: 1, tasks_resolved_after_offer: 0 });
  });
});

describe.each(bothStores())("an offered capture whose tenant write failed (%s store)", (_name, factory: StoreFactory) => {
  it("answers 503, and a retry with the same Idempotency-Key counts its offer once", async () => {
    const store = await factory();
    const seeded = await buildTestApp(store);
    // The first capture (its template step, the task's write and the tenant's) is applied, then its reply is lost, as when Redis answers after the timeout.
    const app = await buildTestApp(lostReplyOnce(store, "captureSignedLesson"));
    try {
      const seed = supertest(seeded.server);
      await capture(seed, "seed", timeout(1));
      await resolve(seed, "seed", 2);
      const http = supertest(app.server);
      const post = () => http.post("/tasks/t1/lessons").set("Idempotency-Key", "k-1").send(timeout(1));
      expectProblem(await post(), 503);
      expect((await post()).body.known_fixes).toHaveLength(1);
      await resolve(http, "t1", 3);
      expect((await efficacies(http)).TimeoutError).toMatchObject({ tasks_offered: 1, tasks_resolved_after_offer: 1, mean_attempts_after_offer: 2 });
    } finally {
      await app.close();
      await seeded.close();
      await store.close();
    }
  });
});
