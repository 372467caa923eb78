// The lessons API over HTTP, against the embedded store and a real Redis.
import { describe, expect, it } from "vitest";
import { bothStores, onCluster, onSentinel, type StoreFactory } from "../helpers/stores.js";
import { expectProblem, useHttpApp } from "../helpers/http.js";
import { uniqueId } from "../helpers/fixtures.js";

const SEED_PROMPT = [
  "## LEARNINGS FROM PREVIOUS ATTEMPTS",
  "The following attempts have been made. Learn from these failures:",
  "",
  "PREVIOUS ATTEMPT #1 FAILED:",
  "Error Type: SyntaxError",
  "Error: invalid syntax on line 42",
  "Hypothesized Fix: Check indentation, brackets, and quotes. Verify Python syntax.",
  "",
  "PREVIOUS ATTEMPT #2 FAILED:",
  "Error Type: TypeError",
  "Error: 'NoneType' object has no attribute 'get'",
  "Hypothesized Fix: Check variable types. Ensure correct attribute access. Add null/None checks.",
  "",
  "## INSTRUCTIONS",
  "- Do NOT repeat the same mistakes",
  "- Apply the hypothesized fixes",
  "- Try a DIFFERENT approach if similar approaches have failed",
  "",
].join("\n");

const failure = (overrides: Record<string, unknown> = {}) => ({
  attempt_number: 1,
  tier: 1,
  error_type: "TypeError",
  error_message: "bad operand",
  ...overrides,
});

describe.each(bothStores())("lessons API (%s store)", (_name, factory: StoreFactory) => {
  const ctx = useHttpApp(factory);

  it("reproduces the seed's own example: categories, severities, fixes, prompt and stats", async () => {
    const task = "test-task-001";
    const first = await ctx.http.post(`/tasks/${task}/lessons`).send(
      failure({ error_type: "SyntaxError", error_message: "invalid syntax on line 42", model: "gemini-flash" }),
    );
    const second = await ctx.http.post(`/tasks/${task}/lessons`).send(
      failure({ attempt_number: 2, error_message: "'NoneType' object has no attribute 'get'", model: "gemini-flash" }),
    );
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ category: "syntax", severity: "low", model: "gemini-flash" });
    expect(second.body).toMatchObject({
      category: "type",
      severity: "medium",
      hypothesized_fix: "Check variable types. Ensure correct attribute access. Add null/None checks.",
    });

    const text = await ctx.http.get(`/tasks/${task}/lessons/prompt`).set("accept", "text/plain");
    expect(text.headers["content-type"]).toMatch(/^text\/plain/);
    expect(text.text).toBe(SEED_PROMPT);

    const stats = await ctx.http.get(`/tasks/${task}/lessons/stats`);
    expect(stats.body).toEqual({
      task_id: task,
      total_lessons: 2,
      total_captured: 2,
      by_category: { syntax: 1, type: 1 },
      by_tier: { "1": 2, "2": 0, "3": 0 },
      most_common_error: "syntax",
      resolved: false,
    });
  });

  it("stores a capture with every field, cuts long texts, and points Location at it", async () => {
    const task = uniqueId("task");
    const response = await ctx.http.post(`/tasks/${task}/lessons`).send(
      failure({
        tier: 3,
        error_message: "m".repeat(600),
        error_context: "c".repeat(250),
        fix_approach: "retry with a smaller batch",
        duration_ms: 1200,
        tokens_used: 0,
      }),
    );
    expect(response.status).toBe(201);
    const lesson = response.body;
    expect(lesson).toMatchObject({
      task_id: task,
      attempt_number: 1,
      tier: 3,
      error_message: "m".repeat(500),
      error_context: "c".repeat(200),
      fix_approach: "retry with a smaller batch",
      model: null,
      duration_ms: 1200,
      tokens_used: 0,
    });
    expect(lesson.lesson_id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(new Date(lesson.timestamp).toISOString()).toBe(lesson.timestamp);
    expect(response.headers.location).toBe(`/tasks/${task}/lessons/${lesson.lesson_id}`);
    expect({ ...(await ctx.http.get(response.headers.location!)).body, redactions: 0 }).toEqual(lesson);
  });

  it("reads null optional fields as absent", async () => {
    const response = await ctx.http
      .post(`/tasks/${uniqueId("task")}/lessons`)
      .send(failure({ model: null, error_context: null, fix_approach: null, duration_ms: null, tokens_used: null }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ model: null, error_context: null, fix_approach: null, duration_ms: null });
  });

  it("lists lessons oldest first, and the most recent N with limit", async () => {
    const task = uniqueId("task");
    for (const attempt of [1, 2, 3]) await ctx.http.post(`/tasks/${task}/lessons`).send(failure({ attempt_number: attempt }));
    const all = await ctx.http.get(`/tasks/${task}/lessons`);
    expect(all.body.task_id).toBe(task);
    expect(all.body.lessons.map((lesson: { attempt_number: number }) => lesson.attempt_number)).toEqual([1, 2, 3]);
    const recent = await ctx.http.get(`/tasks/${task}/lessons?limit=2`);
    expect(recent.body.lessons.map((lesson: { attempt_number: number }) => lesson.attempt_number)).toEqual([2, 3]);
  });

  it("reads an unknown task as empty: no lessons, zero stats, empty prompt", async () => {
    const task = uniqueId("task");
    expect((await ctx.http.get(`/tasks/${task}/lessons`)).body).toEqual({ task_id: task, lessons: [] });
    expect((await ctx.http.get(`/tasks/${task}/lessons/prompt`)).body).toEqual({ task_id: task, lesson_count: 0, prompt: "" });
    expect((await ctx.http.get(`/tasks/${task}/lessons/prompt`).set("accept", "text/plain")).text).toBe("");
    expect((await ctx.http.get(`/tasks/${task}/lessons/stats`)).body).toEqual({
      task_id: task,
      total_lessons: 0,
      total_captured: 0,
      by_category: {},
      by_tier: { "1": 0, "2": 0, "3": 0 },
      most_common_error: null,
      resolved: false,
    });
  });

  it("formats only the most recent max_lessons lessons, with the suggested approach when given", async () => {
    const task = uniqueId("task");
    await ctx.http.post(`/tasks/${task}/lessons`).send(failure({ attempt_number: 1 }));
    await ctx.http.post(`/tasks/${task}/lessons`).send(failure({ attempt_number: 2, fix_approach: "use ints" }));
    const response = await ctx.http.get(`/tasks/${task}/lessons/prompt?max_lessons=1`);
    expect(response.body.lesson_count).toBe(1);
    expect(response.body.prompt).not.toContain("ATTEMPT #1");
    expect(response.body.prompt).toContain(
      "PREVIOUS ATTEMPT #2 FAILED:\nError Type: TypeError\nError: bad operand\n" +
        "Hypothesized Fix: Check variable types. Ensure correct attribute access.\nSuggested Approach: use ints\n\n",
    );
  });

  it("gets, deletes one lesson (404 afterwards) and clears a task", async () => {
    const task = uniqueId("task");
    const created = await ctx.http.post(`/tasks/${task}/lessons`).send(failure());
    await ctx.http.post(`/tasks/${task}/lessons`).send(failure({ error_type: "SyntaxError" }));
    const path = `/tasks/${task}/lessons/${created.body.lesson_id}`;

    expect((await ctx.http.delete(path)).status).toBe(204);
    expectProblem(await ctx.http.get(path), 404);
    expectProblem(await ctx.http.delete(path), 404);
    expect((await ctx.http.get(`/tasks/${task}/lessons/stats`)).body).toMatchObject({
      total_lessons: 1,
      total_captured: 2,
      by_category: { syntax: 1 },
    });

    expect((await ctx.http.delete(`/tasks/${task}/lessons`)).status).toBe(204);
    expect((await ctx.http.get(`/tasks/${task}/lessons/stats`)).body).toMatchObject({ total_lessons: 0, total_captured: 0 });
  });

  it("breaks a tie for the most common error by the rule table's order", async () => {
    const task = uniqueId("task");
    await ctx.http.post(`/tasks/${task}/lessons`).send(failure({ error_type: "PermissionError" }));
    await ctx.http.post(`/tasks/${task}/lessons`).send(failure({ error_type: "TimeoutError" }));
    const stats = await ctx.http.get(`/tasks/${task}/lessons/stats`);
    expect(stats.body.most_common_error).toBe("timeout");
  });

  it("answers liveness and readiness", async () => {
    expect((await ctx.http.get("/health/live")).body).toEqual({ status: "ok" });
    const topology = _name === "memory" ? "memory" : onCluster() ? "cluster" : onSentinel() ? "sentinel" : "single";
    expect((await ctx.http.get("/health/ready")).body).toEqual({ status: "ok", store: _name, topology, role: _name === "memory" || topology === "cluster" ? null : "master" });
  });
});

describe.each(bothStores())("lesson cap (%s store)", (_name, factory: StoreFactory) => {
  const ctx = useHttpApp((limits) => factory({ ...limits, maxLessonsPerTask: 3 }));

  it("keeps the newest lessons up to the cap, with stats exact over the kept ones", async () => {
    const task = uniqueId("task");
    const types = ["SyntaxError", "SyntaxError", "TimeoutError", "TypeError", "TypeError"];
    for (const [i, error_type] of types.entries()) {
      await ctx.http.post(`/tasks/${task}/lessons`).send(failure({ attempt_number: i + 1, error_type, tier: (i % 3) + 1 }));
    }
    const lessons = (await ctx.http.get(`/tasks/${task}/lessons`)).body.lessons;
    expect(lessons.map((lesson: { attempt_number: number }) => lesson.attempt_number)).toEqual([3, 4, 5]);
    expect((await ctx.http.get(`/tasks/${task}/lessons/stats`)).body).toEqual({
      task_id: task,
      total_lessons: 3,
      total_captured: 5,
      by_category: { timeout: 1, type: 2 },
      by_tier: { "1": 1, "2": 1, "3": 1 },
      most_common_error: "type",
      resolved: false,
    });
  });
});
