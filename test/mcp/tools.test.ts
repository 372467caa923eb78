// The MCP tools through the SDK's own client against the listening service: listing, each tool's real results, parity with the routes, on both stores.
import { describe, expect, it } from "vitest";
import { uniqueId } from "../helpers/fixtures.js";
import { bothStores, type StoreFactory } from "../helpers/stores.js";
import { call, textOf, useMcpService } from "./service.js";

const TOOLS = [
  "record_failure",
  "get_lessons_prompt",
  "record_tool_call",
  "set_session_settings",
  "get_procedural_memory",
  "get_tool_fix",
  "resolve_task",
  "get_context",
  "recall",
];

const failure = (task_id: string, attempt: number, message: string, error_type = "TimeoutError") => ({
  task_id,
  attempt_number: attempt,
  tier: 2,
  error_type,
  error_message: message,
});

describe.each(bothStores())("MCP tools (%s store)", (_name, factory: StoreFactory) => {
  const service = useMcpService(factory);
  const text = (path: string) => service.http.get(path).set("accept", "text/plain");

  it("lists the nine tools, each with the route's fields in one flat input schema", async () => {
    const client = await service.connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...TOOLS].sort());
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));

    const record = byName.record_failure!.inputSchema;
    expect(Object.keys(record.properties ?? {})).toEqual([
      "task_id",
      "attempt_number",
      "tier",
      "error_type",
      "error_message",
      "model",
      "error_context",
      "fix_approach",
      "duration_ms",
      "tokens_used",
    ]);
    expect(record.required).toEqual(["task_id", "attempt_number", "tier", "error_type", "error_message"]);
    expect(record).toMatchObject({ type: "object", additionalProperties: false });

    expect(byName.record_tool_call!.inputSchema.required).toEqual(["session_id", "tool_name", "outcome"]);
    expect(byName.get_lessons_prompt!.inputSchema.properties).toMatchObject({ task_id: { type: "string" }, max_lessons: { type: "integer" } });
    // Query booleans are listed as booleans, and a model may send real ones (see below).
    expect(byName.get_procedural_memory!.inputSchema.properties).toMatchObject({
      session_id: { type: "string" },
      include_args: { type: "boolean" },
      shared: { type: "boolean" },
      max_recent_calls: { type: "integer", default: 3 },
    });
    expect(byName.get_tool_fix!.inputSchema.required).toEqual(["tool_name", "error_type"]);
    expect(byName.resolve_task!.inputSchema.required).toEqual(["task_id", "attempt_number", "approach"]);
    expect(Object.keys(byName.get_context!.inputSchema.properties ?? {})).toEqual(["task_id", "session_id", "tools", "max_tokens"]);
    expect(byName.recall!.inputSchema).toMatchObject({ required: ["q"], properties: { limit: { type: "integer", maximum: 50 } } });

    for (const tool of tools) {
      expect(tool.description).toMatch(/^Call (when|at|after|once)/);
      expect(tool.annotations?.readOnlyHint).toBe(tool.name.startsWith("get_") || tool.name === "recall");
    }
  });

  it("records a failure that get_lessons_prompt then shows, as the routes do", async () => {
    const client = await service.connect();
    const task = uniqueId("task");
    const recorded = await call(client, "record_failure", { ...failure(task, 1, "Request to /srv/build-1.sh timed out after 12s"), fix_approach: "use --jobs 1" });
    expect(recorded.isError).toBeFalsy();
    const lesson = recorded.structuredContent as Record<string, unknown>;
    expect(lesson).toMatchObject({ task_id: task, attempt_number: 1, category: "timeout", known_fixes: [] });
    expect(JSON.parse(textOf(recorded))).toEqual(lesson);
    // What the tool returned is what the route returns for the stored lesson, and how much it redacted.
    expect({ ...(await service.http.get(`/tasks/${task}/lessons/${String(lesson.lesson_id)}`)).body, redactions: 0 }).toEqual(lesson);

    const prompt = await call(client, "get_lessons_prompt", { task_id: task, max_lessons: 5 });
    expect(textOf(prompt)).toContain("PREVIOUS ATTEMPT #1 FAILED:\nError Type: TimeoutError\nError: Request to /srv/build-1.sh timed out after 12s");
    expect(textOf(prompt)).toContain("Suggested Approach: use --jobs 1");
    expect(textOf(prompt)).toBe((await text(`/tasks/${task}/lessons/prompt?max_lessons=5`)).text);
    expect(prompt.structuredContent).toEqual({ task_id: task, lesson_count: 1, prompt: textOf(prompt) });
  });

  it("groups repeated failures with group=signature, counting max_lessons sent as a JSON number", async () => {
    const client = await service.connect();
    const task = uniqueId("task");
    for (const n of [1, 2, 3]) await call(client, "record_failure", failure(task, n, `Request to /srv/x.sh timed out after ${n * 10}s`));
    const grouped = await call(client, "get_lessons_prompt", { task_id: task, max_lessons: 1, group: "signature" });
    expect(textOf(grouped)).toContain("REPEATED FAILURE (seen 3 times, last on attempt #3):");
    expect(textOf(grouped)).toBe((await text(`/tasks/${task}/lessons/prompt?max_lessons=1&group=signature`)).text);
  });

  it("says in words that a task without failures has none, and keeps the empty prompt in the structured result", async () => {
    const client = await service.connect();
    const task = uniqueId("task");
    const prompt = await call(client, "get_lessons_prompt", { task_id: task });
    expect(prompt.isError).toBeFalsy();
    expect(textOf(prompt)).toBe(`Task '${task}' has no recorded failures yet.`);
    expect(prompt.structuredContent).toEqual({ task_id: task, lesson_count: 0, prompt: "" });
  });

  it("records a failed tool call and its fix, which get_procedural_memory then shows", async () => {
    const client = await service.connect();
    const session = uniqueId("session");
    const failed = await call(client, "record_tool_call", { session_id: session, tool_name: "t", arguments: { x: 1 }, outcome: "failure", error_type: "unsat" });
    expect(failed.structuredContent).toMatchObject({ id: "call-0001", outcome: "failure", fixed_by: null, known_fix: null });
    const fixed = await call(client, "record_tool_call", { session_id: session, tool_name: "t", arguments: { x: 2 }, outcome: "success", result: "ok" });
    expect(fixed.structuredContent).toMatchObject({ id: "call-0002", fix_for: "call-0001", delta_args: { changed: { x: { from: 1, to: 2 } } } });
    const { known_fix: _known, redactions, ...entry } = fixed.structuredContent as Record<string, unknown>;
    expect(redactions).toBe(0);
    expect((await service.http.get(`/sessions/${session}/tool-calls/call-0002`)).body).toEqual(entry);

    const memory = await call(client, "get_procedural_memory", { session_id: session });
    expect(textOf(memory)).toContain('<tool_memory name="t">');
    expect(textOf(memory)).toContain("    - unsat -> fix: change x: 1 -> 2");
    // The route sends text/plain with its last line ended; the tool answers the prompt as the JSON field holds it.
    expect(`${textOf(memory)}\n`).toBe((await text(`/sessions/${session}/prompt`)).text);
    expect(memory.structuredContent).toEqual({ session_id: session, prompt: textOf(memory) });
  });

  it("sets a session's own log size and window with set_session_settings, as PUT settings does, refusing a bad one", async () => {
    const client = await service.connect();
    const session = uniqueId("session");
    const set = await call(client, "set_session_settings", { session_id: session, max_log_entries: 2, fix_detection_window: 0 });
    expect(set.isError).toBeFalsy();
    expect(set.structuredContent).toEqual({
      session_id: session,
      max_log_entries: 2,
      fix_detection_window: 0,
      set_by_session: { max_log_entries: 2, fix_detection_window: 0 },
    });
    expect((await service.http.get(`/sessions/${session}/settings`)).body).toEqual(set.structuredContent);
    await call(client, "record_tool_call", { session_id: session, tool_name: "t", arguments: { x: 1 }, outcome: "failure" });
    const unfixed = await call(client, "record_tool_call", { session_id: session, tool_name: "t", arguments: { x: 2 }, outcome: "success" });
    expect(unfixed.structuredContent).toMatchObject({ id: "call-0002", fix_for: null });
    await call(client, "record_tool_call", { session_id: session, tool_name: "t", arguments: { x: 3 }, outcome: "success" });
    expect((await service.http.get(`/sessions/${session}/stats`)).body).toMatchObject({ total_calls: 2 });

    const refused = await call(client, "set_session_settings", { session_id: session, max_log_entries: 0 });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toMatchObject({ code: "VALIDATION_FAILED", status: 400 });
    expect((await service.http.get(`/sessions/${session}/settings`)).body).toEqual(set.structuredContent);
  });

  it("takes real JSON booleans, numbers and lists for the prompt's query options", async () => {
    const client = await service.connect();
    const session = uniqueId("session");
    await call(client, "record_tool_call", { session_id: session, tool_name: "t", arguments: { x: 1 }, outcome: "failure", error_type: "unsat", execution_time_ms: 7 });
    await call(client, "record_tool_call", { session_id: session, tool_name: "t", arguments: { x: 2 }, outcome: "success", execution_time_ms: 123 });
    await call(client, "record_tool_call", { session_id: session, tool_name: "u", arguments: {}, outcome: "success" });

    const options = { include_timing: true, compact: true, include_args: false, max_recent_calls: 1, tools: ["t"], goal: null };
    const memory = await call(client, "get_procedural_memory", { session_id: session, ...options });
    expect(memory.isError).toBeFalsy();
    expect(textOf(memory)).toContain("[123ms]");
    expect(textOf(memory)).not.toContain("success_rate");
    expect(textOf(memory)).not.toContain('name="u"');
    const viaHttp = await text(`/sessions/${session}/prompt?include_timing=true&compact=true&include_args=false&max_recent_calls=1&tools=t`);
    expect(`${textOf(memory)}\n`).toBe(viaHttp.text);
    // The strings a query would carry work too.
    const asStrings = await call(client, "get_procedural_memory", { session_id: session, include_timing: "true", compact: "yes", max_recent_calls: "1", tools: "t" });
    expect(`${textOf(asStrings)}\n`).toBe(viaHttp.text);
  });

  it("resolves a task, and a later failure with the same signature in another task gets its fix", async () => {
    const client = await service.connect();
    const [done, todo] = [uniqueId("task"), uniqueId("task")];
    const first = await call(client, "record_failure", failure(done, 1, "Request to /srv/build.sh timed out after 30s"));
    const resolved = await call(client, "resolve_task", { task_id: done, attempt_number: 2, approach: "run the build with --jobs 1" });
    expect(resolved.structuredContent).toMatchObject({
      task_id: done,
      attempt_number: 2,
      approach: "run the build with --jobs 1",
      model: null,
      signatures: [(first.structuredContent as { signature: string }).signature],
    });
    expect({ ...(await service.http.get(`/tasks/${done}/resolution`)).body, redactions: 0 }).toEqual(resolved.structuredContent);

    const later = await call(client, "record_failure", failure(todo, 1, "Request to /srv/other.sh timed out after 5s"));
    const resolvedAt = (resolved.structuredContent as { resolved_at: string }).resolved_at;
    expect((later.structuredContent as { known_fixes: unknown[] }).known_fixes).toEqual([
      { task_id: done, approach: "run the build with --jobs 1", resolved_at: resolvedAt },
    ]);
    const prompt = await call(client, "get_lessons_prompt", { task_id: todo });
    expect(textOf(prompt)).toContain(`Known Fix (worked in task ${done}): run the build with --jobs 1`);

    // Resolving again replaces the approach (the route's 200), with the same document shape.
    const again = await call(client, "resolve_task", { task_id: done, attempt_number: 3, approach: "cache the deps" });
    expect(again.structuredContent).toMatchObject({ attempt_number: 3, approach: "cache the deps" });
    expect(textOf(await call(client, "get_lessons_prompt", { task_id: done }))).toContain("## WHAT WORKED\nAttempt #3 succeeded: cache the deps");
  });

  it("gives the tenant's shared fix for a tool's error with get_tool_fix, and NOT_FOUND when none is known", async () => {
    const client = await service.connect();
    for (const session of [uniqueId("session"), uniqueId("session")]) {
      await call(client, "record_tool_call", { session_id: session, tool_name: "search", arguments: { limit: 0 }, outcome: "failure", error_type: "ValueError" });
      await call(client, "record_tool_call", { session_id: session, tool_name: "search", arguments: { limit: 10 }, outcome: "success" });
    }
    const fix = await call(client, "get_tool_fix", { tool_name: "search", error_type: "ValueError" });
    expect(fix.structuredContent).toMatchObject({
      tool_name: "search",
      error_type: "ValueError",
      fix_delta: { changed: { limit: { from: 0, to: 10 } } },
      times_applied: 2,
      // The second session was offered the first one's fix and took it: that shows.
      efficacy: { offered: 1, adopted: 1, worked: 1, failed: 0, other_fix: 0, ignored: 0, retired: false },
      alternatives: [],
    });
    expect((await service.http.get("/tools/search/fix?error_type=ValueError")).body).toEqual(fix.structuredContent);

    // A third session's failure is told the fix at once.
    const fresh = await call(client, "record_tool_call", { session_id: uniqueId("session"), tool_name: "search", arguments: { limit: 0 }, outcome: "failure", error_type: "ValueError" });
    expect(fresh.structuredContent).toMatchObject({
      known_fix: { fix_delta: { changed: { limit: { from: 0, to: 10 } } }, times_applied: 2, offer_id: expect.stringMatching(/^offer-\d+$/), efficacy: { offered: 2 } },
    });

    const unknown = await call(client, "get_tool_fix", { tool_name: "search", error_type: "KeyError" });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toBe("NOT_FOUND: No fix is known for 'KeyError' errors of tool 'search' in any session.");
    expect(unknown.structuredContent).toMatchObject({ code: "NOT_FOUND", status: 404 });
  });

  it("builds get_context's block within max_tokens, the same as GET /context", async () => {
    const client = await service.connect();
    const [done, todo, session] = [uniqueId("task"), uniqueId("task"), uniqueId("session")];
    await call(client, "record_failure", failure(done, 1, "Request to /srv/build.sh timed out after 30s"));
    await call(client, "resolve_task", { task_id: done, attempt_number: 2, approach: "run the build with --jobs 1" });
    await call(client, "record_failure", failure(todo, 1, "Request to /srv/x.sh timed out after 10s"));
    await call(client, "record_tool_call", { session_id: session, tool_name: "read_file", arguments: { path: "a" }, outcome: "success", result: "ok" });

    const block = await call(client, "get_context", { task_id: todo, session_id: session, tools: ["read_file"], max_tokens: 2000 });
    expect(textOf(block)).toContain(`## WHAT WORKED\nKnown fix for TimeoutError (worked in task ${done}): run the build with --jobs 1`);
    expect(textOf(block)).toContain('<tool_memory name="read_file">');
    const viaHttp = await service.http.get(`/context?task_id=${todo}&session_id=${session}&tools=read_file&max_tokens=2000`);
    expect(block.structuredContent).toEqual(viaHttp.body);
    expect(textOf(block)).toBe(viaHttp.body.prompt);

    const tight = await call(client, "get_context", { task_id: todo, session_id: session, max_tokens: 50 });
    expect((tight.structuredContent as { tokens: number }).tokens).toBeLessThanOrEqual(50);

    const nothing = await call(client, "get_context", { session_id: uniqueId("session") });
    expect(textOf(nothing)).toBe("Nothing is known yet about this task or session.");
  });

  it("recalls a failure met in another task with its resolution, the same as POST /recall, and answers no matches for one never met", async () => {
    const client = await service.connect();
    const done = uniqueId("task");
    await call(client, "record_failure", failure(done, 1, "Request to /srv/build.sh timed out after 30s"));
    await call(client, "resolve_task", { task_id: done, attempt_number: 2, approach: "run the build with --jobs 1" });

    const recalled = await call(client, "recall", { q: "Request to /srv/deploy.sh timed out after 90s", limit: 3 });
    expect(recalled.isError).toBeFalsy();
    const answer = recalled.structuredContent as { matches: Array<Record<string, unknown>> };
    expect(answer.matches[0]).toMatchObject({
      kind: "lesson",
      error_type: "TimeoutError",
      why: { same_template: true },
      task_ids: [done],
      resolution: { task_id: done, approach: "run the build with --jobs 1" },
    });
    const viaHttp = await service.http.post("/recall").send({ q: "Request to /srv/deploy.sh timed out after 90s", limit: 3 });
    expect(answer).toEqual(viaHttp.body);
    expect(JSON.parse(textOf(recalled))).toEqual(answer);

    expect((await call(client, "recall", { q: "quota exceeded for project billing" })).structuredContent).toEqual({ matches: [] });
    const refused = await call(client, "recall", { q: "timed out", limit: 51 });
    expect(refused.isError).toBe(true);
  });
});

