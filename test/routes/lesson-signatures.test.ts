// Failure signatures and resolutions over HTTP: repeats grouped, what worked remembered, both stores.
import supertest from "supertest";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../helpers/app.js";
import { NO_SIGNATURE_EFFICACY, uniqueId } from "../helpers/fixtures.js";
import { expectProblem, useHttpApp, type HttpContext } from "../helpers/http.js";
import { bothStores, keysWritten, lostReplyOnce, type StoreFactory } from "../helpers/stores.js";

const INSTRUCTIONS = [
  "## INSTRUCTIONS",
  "- Do NOT repeat the same mistakes",
  "- Apply the hypothesized fixes",
  "- Try a DIFFERENT approach if similar approaches have failed",
  "",
];
const TIMEOUT_FIX = "Reduce task complexity. Consider breaking into smaller steps.";
const timeout = (attempt: number, seconds: number) => ({
  attempt_number: attempt,
  tier: 2,
  error_type: "TimeoutError",
  error_message: `Request to /srv/build-${attempt}.sh timed out after ${seconds}s`,
});
const typeError = (attempt: number) => ({ attempt_number: attempt, tier: 1, error_type: "TypeError", error_message: "bad operand" });

async function capture(ctx: HttpContext, task: string, bodies: object[]) {
  const lessons = [];
  for (const body of bodies) {
    const response = await ctx.http.post(`/tasks/${task}/lessons`).send(body);
    expect(response.status).toBe(201);
    lessons.push(response.body);
  }
  return lessons;
}


const text = (ctx: HttpContext, path: string) => ctx.http.get(path).set("Accept", "text/plain");

describe.each(bothStores())("failure signatures and resolutions (%s store)", (_name, factory: StoreFactory) => {
  const ctx = useHttpApp(factory, { LESSONS_MAX_PER_TASK: "4" });

  it("gives five timeouts of different durations one signature seen 5 times, and one REPEATED FAILURE block", async () => {
    const task = uniqueId("task");
    const lessons = await capture(ctx, task, [1, 2, 3, 4, 5].map((n) => timeout(n, n * 10)));
    expect(new Set(lessons.map((lesson) => lesson.signature)).size).toBe(1);
    expect(lessons[0].signature).toMatch(/^[0-9a-f]{16}$/);

    const signatures = await ctx.http.get(`/tasks/${task}/lessons/signatures`);
    expect(signatures.status).toBe(200);
    expect(signatures.body).toEqual({
      task_id: task,
      signatures: [
        {
          signature: lessons[0].signature,
          error_type: "TimeoutError",
          category: "timeout",
          normalized_message: "request to <path> timed out after <n>s",
          template: "Request to <*> timed out after <*>",
          example_message: "Request to /srv/build-5.sh timed out after 50s",
          // The cap keeps 4 lessons; the signature counts all 5 captures.
          occurrences: 5,
          first_attempt: 1,
          last_attempt: 5,
          first_seen_at: lessons[0].timestamp,
          last_seen_at: lessons[4].timestamp,
          hypothesized_fix: TIMEOUT_FIX,
        },
      ],
    });

    const grouped = await text(ctx, `/tasks/${task}/lessons/prompt?group=signature`);
    expect(grouped.text).toBe(
      [
        "## LEARNINGS FROM PREVIOUS ATTEMPTS",
        "The following attempts have been made. Learn from these failures:",
        "",
        "REPEATED FAILURE (seen 5 times, last on attempt #5):",
        "Error Type: TimeoutError",
        "Error: Request to /srv/build-5.sh timed out after 50s",
        `Hypothesized Fix: ${TIMEOUT_FIX}`,
        "",
        ...INSTRUCTIONS,
      ].join("\n"),
    );
    expect((await ctx.http.get(`/tasks/${task}/lessons/prompt?group=signature`)).body.lesson_count).toBe(1);
  });

  it("equals the default prompt byte for byte when nothing repeats, and leaves the default as it was", async () => {
    const task = uniqueId("task");
    await capture(ctx, task, [typeError(1), timeout(2, 30), { ...typeError(3), error_message: "other", fix_approach: "cast it" }]);
    const plain = await text(ctx, `/tasks/${task}/lessons/prompt`);
    const grouped = await text(ctx, `/tasks/${task}/lessons/prompt?group=signature`);
    expect(grouped.text).toBe(plain.text);
    expect(plain.text).toContain("PREVIOUS ATTEMPT #3 FAILED:\nError Type: TypeError\nError: other\n");
  });

  it("orders groups by their latest capture and keeps the most recent max_lessons distinct failures", async () => {
    const task = uniqueId("task");
    await capture(ctx, task, [timeout(1, 5), typeError(2), timeout(3, 9), { ...typeError(4), error_type: "KeyError", error_message: "'k'" }]);
    const grouped = (await text(ctx, `/tasks/${task}/lessons/prompt?group=signature`)).text;
    const headers = grouped.split("\n").filter((line) => /FAILED:|FAILURE/.test(line));
    expect(headers).toEqual(["PREVIOUS ATTEMPT #2 FAILED:", "REPEATED FAILURE (seen 2 times, last on attempt #3):", "PREVIOUS ATTEMPT #4 FAILED:"]);
    const two = (await text(ctx, `/tasks/${task}/lessons/prompt?group=signature&max_lessons=2`)).text;
    expect(two.split("\n").filter((line) => /FAILED:|FAILURE/.test(line))).toEqual([
      "REPEATED FAILURE (seen 2 times, last on attempt #3):",
      "PREVIOUS ATTEMPT #4 FAILED:",
    ]);

    const listed = (await ctx.http.get(`/tasks/${task}/lessons/signatures`)).body.signatures;
    expect(listed.map((s: { error_type: string; occurrences: number }) => [s.error_type, s.occurrences])).toEqual([
      ["TimeoutError", 2],
      ["KeyError", 1],
      ["TypeError", 1],
    ]);
  });

  it("keeps counting a signature when its lessons are deleted, and forgets it when the task is cleared", async () => {
    const task = uniqueId("task");
    const [first] = await capture(ctx, task, [timeout(1, 5), timeout(2, 6)]);
    expect((await ctx.http.delete(`/tasks/${task}/lessons/${first.lesson_id}`)).status).toBe(204);
    expect((await ctx.http.get(`/tasks/${task}/lessons/signatures`)).body.signatures[0]).toMatchObject({ occurrences: 2, first_attempt: 1 });
    expect((await text(ctx, `/tasks/${task}/lessons/prompt?group=signature`)).text).toContain("REPEATED FAILURE (seen 2 times, last on attempt #2):");
    expect((await ctx.http.delete(`/tasks/${task}/lessons`)).status).toBe(204);
    expect((await ctx.http.get(`/tasks/${task}/lessons/signatures`)).body).toEqual({ task_id: task, signatures: [] });
  });

  it("records what worked: 201, then 200 on replacing it, with the task's signatures, in stats and in both prompts", async () => {
    const task = uniqueId("task");
    const [timeoutLesson, typeLesson] = await capture(ctx, task, [timeout(1, 5), typeError(2), timeout(3, 7)]);
    const seedPrompt = (await text(ctx, `/tasks/${task}/lessons/prompt`)).text;
    expect((await ctx.http.get(`/tasks/${task}/lessons/stats`)).body.resolved).toBe(false);

    const first = await ctx.http.put(`/tasks/${task}/resolution`).send({ attempt_number: 4, approach: "split the build into two steps" });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      task_id: task,
      attempt_number: 4,
      approach: "split the build into two steps",
      model: null,
      resolved_at: expect.any(String),
      signatures: [timeoutLesson.signature, typeLesson.signature],
      redactions: 0,
    });
    const replaced = await ctx.http.put(`/tasks/${task}/resolution`).send({ attempt_number: 5, approach: "cache the deps", model: "m-1" });
    expect(replaced.status).toBe(200);
    expect({ ...(await ctx.http.get(`/tasks/${task}/resolution`)).body, redactions: 0 }).toEqual(replaced.body);
    expect((await ctx.http.get(`/tasks/${task}/lessons/stats`)).body.resolved).toBe(true);

    const whatWorked = "## WHAT WORKED\nAttempt #5 succeeded: cache the deps\n\n## INSTRUCTIONS";
    const plain = (await text(ctx, `/tasks/${task}/lessons/prompt`)).text;
    expect(plain).toBe(seedPrompt.replace("## INSTRUCTIONS", whatWorked));
    expect((await text(ctx, `/tasks/${task}/lessons/prompt?group=signature`)).text).toContain(`\n\n${whatWorked}\n`);

    expect((await ctx.http.delete(`/tasks/${task}/resolution`)).status).toBe(204);
    expect((await ctx.http.delete(`/tasks/${task}/resolution`)).status).toBe(204);
    expectProblem(await ctx.http.get(`/tasks/${task}/resolution`), 404);
    expect((await text(ctx, `/tasks/${task}/lessons/prompt`)).text).toBe(seedPrompt);
    expect((await ctx.http.get(`/tasks/${task}/lessons/stats`)).body.resolved).toBe(false);
  });

  it("keeps the resolution when the lessons are cleared", async () => {
    const task = uniqueId("task");
    await capture(ctx, task, [timeout(1, 5)]);
    expect((await ctx.http.put(`/tasks/${task}/resolution`).send({ attempt_number: 2, approach: "wait" })).status).toBe(201);
    expect((await ctx.http.delete(`/tasks/${task}/lessons`)).status).toBe(204);
    expect((await ctx.http.get(`/tasks/${task}/resolution`)).status).toBe(200);
    expect((await ctx.http.get(`/tasks/${task}/lessons/stats`)).body).toMatchObject({ total_lessons: 0, resolved: true });
  });

  it("rejects a bad group, a bad resolution and a bad id with 400 problems, storing nothing", async () => {
    const task = uniqueId("task");
    expectProblem(await ctx.http.get(`/tasks/${task}/lessons/prompt?group=category`), 400);
    for (const body of [
      { attempt_number: 1, approach: "x".repeat(4001) },
      { attempt_number: 1, approach: "" },
      { attempt_number: 0, approach: "ok" },
      { approach: "ok" },
      { attempt_number: 1, approach: "ok", extra: true },
      { attempt_number: 1, approach: "ok", model: "m".repeat(201) },
    ]) {
      expectProblem(await ctx.http.put(`/tasks/${task}/resolution`).send(body), 400);
    }
    expectProblem(await ctx.http.put(`/tasks/bad%20id/resolution`).send({ attempt_number: 1, approach: "ok" }), 400);
    expectProblem(await ctx.http.put(`/tasks/${task}/resolution`).set("content-type", "text/plain").send("ok"), 415);
    expectProblem(await ctx.http.get(`/tasks/${task}/resolution`), 404);
    const keys = await keysWritten(ctx.store);
    if (keys !== null) expect(keys.filter((key) => !key.includes(":ratelimit:"))).toEqual([]);
  });
});

describe.each(bothStores())("known fixes across tasks (%s store)", (_name, factory: StoreFactory) => {
  const ctx = useHttpApp(factory);

  it("shows a resolution of task A as a known fix on task B's lesson: in its 201, its GET, its prompt and the tenant's signatures", async () => {
    const [a, b] = [uniqueId("task"), uniqueId("task")];
    await capture(ctx, a, [timeout(1, 30), timeout(2, 45)]);
    const resolved = await ctx.http.put(`/tasks/${a}/resolution`).send({ attempt_number: 3, approach: "run the build with --jobs 1" });
    expect(resolved.status).toBe(201);
    const known = [{ task_id: a, approach: "run the build with --jobs 1", resolved_at: resolved.body.resolved_at }];

    const [lesson] = await capture(ctx, b, [timeout(1, 12)]);
    expect(lesson.known_fixes).toEqual(known);
    expect({ ...(await ctx.http.get(`/tasks/${b}/lessons/${lesson.lesson_id}`)).body, redactions: 0 }).toEqual(lesson);
    const [other] = await capture(ctx, b, [typeError(2)]);
    expect(other.known_fixes).toEqual([]);

    const prompt = (await text(ctx, `/tasks/${b}/lessons/prompt`)).text;
    expect(prompt).toBe(
      [
        "## LEARNINGS FROM PREVIOUS ATTEMPTS",
        "The following attempts have been made. Learn from these failures:",
        "",
        "PREVIOUS ATTEMPT #1 FAILED:",
        "Error Type: TimeoutError",
        "Error: Request to /srv/build-1.sh timed out after 12s",
        `Hypothesized Fix: ${TIMEOUT_FIX}`,
        `Known Fix (worked in task ${a}): run the build with --jobs 1`,
        "",
        "PREVIOUS ATTEMPT #2 FAILED:",
        "Error Type: TypeError",
        "Error: bad operand",
        "Hypothesized Fix: Check variable types. Ensure correct attribute access.",
        "",
        ...INSTRUCTIONS,
      ].join("\n"),
    );
    expect((await text(ctx, `/tasks/${b}/lessons/prompt?group=signature`)).text).toBe(prompt);
    // Task A's own prompt says what worked once, under WHAT WORKED, not again on each lesson.
    expect((await text(ctx, `/tasks/${a}/lessons/prompt`)).text).not.toContain("Known Fix");

    const listed = await ctx.http.get("/lessons/signatures");
    expect(listed.status).toBe(200);
    expect(listed.body.signatures).toEqual([
      {
        signature: lesson.signature,
        error_type: "TimeoutError",
        category: "timeout",
        normalized_message: "request to <path> timed out after <n>s",
        template: "Request to <*> timed out after <*>",
        occurrences: 3,
        tasks: 2,
        resolved_tasks: 1,
        latest_known_fix: known[0],
        // B's capture was answered A's fix (an offer); A was resolved, at attempt 3, before any was known.
        efficacy: { ...NO_SIGNATURE_EFFICACY, tasks_offered: 1, tasks_resolved_without_offer: 1, mean_attempts_without_offer: 3 },
      },
      {
        signature: other.signature,
        error_type: "TypeError",
        category: "type",
        normalized_message: "bad operand",
        template: "bad operand",
        occurrences: 1,
        tasks: 1,
        resolved_tasks: 0,
        latest_known_fix: null,
        efficacy: NO_SIGNATURE_EFFICACY,
      },
    ]);
    expect((await ctx.http.get("/lessons/signatures?limit=1")).body.signatures).toHaveLength(1);

    // Removing A's resolution takes its known fix away everywhere.
    expect((await ctx.http.delete(`/tasks/${a}/resolution`)).status).toBe(204);
    expect((await ctx.http.get(`/tasks/${b}/lessons/${lesson.lesson_id}`)).body.known_fixes).toEqual([]);
    expect((await text(ctx, `/tasks/${b}/lessons/prompt`)).text).not.toContain("Known Fix");
    expect((await ctx.http.get("/lessons/signatures")).body.signatures[0]).toMatchObject({ resolved_tasks: 0, latest_known_fix: null });
  });

  it("counts an idempotent retry of a capture once, tenant-wide", async () => {
    const task = uniqueId("task");
    for (let i = 0; i < 2; i += 1) {
      expect((await ctx.http.post(`/tasks/${task}/lessons`).set("Idempotency-Key", "capture-1").send(timeout(1, 5))).status).toBe(201);
    }
    expect((await ctx.http.get("/lessons/signatures")).body.signatures[0].occurrences).toBe(1);
  });

  it("rejects a bad limit with a 400 problem", async () => {
    for (const query of ["limit=0", "limit=1001", "limit=x", "other=1"]) expectProblem(await ctx.http.get(`/lessons/signatures?${query}`), 400);
  });
});

describe.each(bothStores())("a lesson capture whose tenant write failed (%s store)", (_name, factory: StoreFactory) => {
  it("answers 503, and a retry with the same Idempotency-Key is counted once tenant-wide", async () => {
    const store = await factory();
    // The first capture (its template step, the task's write and the tenant's) is applied, then its reply is lost, as when Redis answers after the timeout.
    const flaky = lostReplyOnce(store, "captureSignedLesson");
    const app = await buildTestApp(flaky);
    try {
      const http = supertest(app.server);
      const post = () => http.post("/tasks/t1/lessons").set("Idempotency-Key", "k-1").send(timeout(1, 30));
      expectProblem(await post(), 503);
      expect((await post()).status).toBe(201);
      expect((await http.get("/lessons/signatures")).body.signatures).toMatchObject([{ occurrences: 1, tasks: 1 }]);
    } finally {
      await app.close();
      await store.close();
    }
  });
});
