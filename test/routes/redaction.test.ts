// Secrets in writes, over HTTP on both stores: what the 201 says and what is kept, fix learning after redaction, idempotent retries, the metric, and the settings.
import { describe, expect, it } from "vitest";
import { fakeSecrets } from "../helpers/fake-secrets.js";
import { uniqueId } from "../helpers/fixtures.js";
import { useHttpApp, type HttpContext } from "../helpers/http.js";
import { bothStores, memoryStoreFactory } from "../helpers/stores.js";

const [aws, github, , gitlab] = fakeSecrets("http");
const otherGithub = fakeSecrets("http-2")[1]!;

const failure = (message: string, extra: Record<string, unknown> = {}) => ({ attempt_number: 1, tier: 1, error_type: "RuntimeError", error_message: message, ...extra });

function call(ctx: HttpContext, session: string, body: Record<string, unknown>, key?: string) {
  const request = ctx.http.post(`/sessions/${session}/tool-calls`);
  if (key) request.set("idempotency-key", key);
  return request.send(body);
}

describe.each(bothStores())("redaction (%s store)", (_name, factory) => {
  const ctx = useHttpApp(factory);

  it("keeps a lesson with its secrets replaced, says how many in its 201, and never shows them again", async () => {
    const task = uniqueId("task");
    const sent = failure(aws!.text, { error_context: github!.text, fix_approach: `use ${gitlab!.secret} instead` });
    const created = await ctx.http.post(`/tasks/${task}/lessons`).send(sent);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      error_message: "export AWS_ACCESS_KEY_ID=[REDACTED:aws_access_key] in the CI env",
      fix_approach: "use [REDACTED:gitlab_token] instead",
      redactions: 3,
    });
    // The context is cut to 200 characters after redaction, so the marker stays whole.
    expect(created.body.error_context).toContain("[REDACTED:github_token]");
    const everywhere = [
      await ctx.http.get(`/tasks/${task}/lessons`),
      await ctx.http.get(`/tasks/${task}/lessons/prompt`).set("accept", "text/plain"),
      await ctx.http.get(`/context?task_id=${task}`).set("accept", "text/plain"),
      await ctx.http.get(`/tasks/${task}/lessons/signatures`),
    ].map((response) => response.text);
    for (const text of everywhere) for (const fake of [aws!, github!, gitlab!]) expect(text).not.toContain(fake.secret);
  });

  it("gives repeats of one failure one signature, whatever secret each carried", async () => {
    const task = uniqueId("task");
    const first = await ctx.http.post(`/tasks/${task}/lessons`).send(failure(`push failed with ${github!.secret}`));
    const second = await ctx.http.post(`/tasks/${task}/lessons`).send(failure(`push failed with ${otherGithub.secret}`));
    expect(first.body.signature).toBe(second.body.signature);
  });

  it("redacts a resolution's approach and says so in its 201 and 200", async () => {
    const task = uniqueId("task");
    const first = await ctx.http.put(`/tasks/${task}/resolution`).send({ attempt_number: 2, approach: `log in with ${aws!.secret} first` });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ approach: "log in with [REDACTED:aws_access_key] first", redactions: 1 });
    const again = await ctx.http.put(`/tasks/${task}/resolution`).send({ attempt_number: 2, approach: "cache the deps" });
    expect([again.status, again.body.redactions]).toEqual([200, 0]);
  });

  it("redacts a tool call's arguments at any depth, its result before the summary, its goal and its error", async () => {
    const session = uniqueId("session");
    const created = await call(ctx, session, {
      tool_name: "http_request",
      arguments: { url: "https://api.example.com", headers: { Authorization: `Bearer ${github!.secret}` }, body: { note: aws!.text }, password: "hunter2" },
      result: { result: github!.secret },
      outcome: "failure",
      error_type: "HTTPError",
      error_message: `401 for token ${otherGithub.secret}`,
      context_goal: `call the API as ${gitlab!.secret}`,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      arguments: { url: "https://api.example.com", headers: { Authorization: "[REDACTED]" }, body: { note: "export AWS_ACCESS_KEY_ID=[REDACTED:aws_access_key] in the CI env" }, password: "[REDACTED]" },
      result_summary: "[REDACTED:github_token]",
      error_message: "401 for token [REDACTED:github_token]",
      context_goal: "call the API as [REDACTED:gitlab_token]",
      redactions: 6,
    });
    const exported = await ctx.http.get(`/sessions/${session}/memory`);
    for (const fake of [aws!, github!, gitlab!, otherGithub]) expect(exported.text).not.toContain(fake.secret);
    expect(exported.text).not.toContain("hunter2");
  });

  it("learns no fix from a change inside a secret, and learns the rest of a change with the secret hidden", async () => {
    const session = uniqueId("session");
    const deploy = (command: string, outcome: string) => call(ctx, session, { tool_name: "shell", arguments: { command }, outcome, ...(outcome === "failure" ? { error_type: "exit_code_1" } : {}) });
    await deploy(`deploy --token ${github!.secret}`, "failure");
    const onlySecret = await deploy(`deploy --token ${otherGithub.secret}`, "success");
    expect([onlySecret.body.fix_for, onlySecret.body.delta_args]).toEqual([null, null]);

    await deploy(`deploy --token ${github!.secret} --region us`, "failure");
    const real = await deploy(`deploy --token ${otherGithub.secret} --region eu`, "success");
    expect(real.body.fix_for).toBe("call-0003");
    expect(real.body.delta_args).toEqual({
      changed: { command: { from: "deploy --token [REDACTED:github_token] --region us", to: "deploy --token [REDACTED:github_token] --region eu" } },
    });

    // A secret-named argument hides both sides: no change of it is a fix.
    await call(ctx, session, { tool_name: "api", arguments: { api_key: "old-key", limit: 0 }, outcome: "failure", error_type: "Bad" });
    const fixed = await call(ctx, session, { tool_name: "api", arguments: { api_key: "new-key", limit: 10 }, outcome: "success" });
    expect(fixed.body.delta_args).toEqual({ changed: { limit: { from: 0, to: 10 } } });
    const other = await call(ctx, uniqueId("session"), { tool_name: "api", arguments: { api_key: "third-key", limit: 0 }, outcome: "failure", error_type: "Bad" });
    expect(other.body.known_fix).toMatchObject({ fix_delta: { changed: { limit: { from: 0, to: 10 } } } });
  });

  it("answers a retry with the same key from the first write, with the same count, even when only its secret differs", async () => {
    const session = uniqueId("session");
    const body = { tool_name: "git", arguments: { remote: github!.text }, outcome: "success" };
    const first = await call(ctx, session, body, "retry-1");
    const retried = await call(ctx, session, body, "retry-1");
    expect(retried.headers["idempotent-replayed"]).toBe("true");
    expect([retried.body.id, retried.body.redactions]).toEqual([first.body.id, 1]);
    // What is stored is the same for both: the same request, as far as the store can tell.
    const sameOnceRedacted = await call(ctx, session, { ...body, arguments: { remote: github!.text.replace(github!.secret, otherGithub.secret) } }, "retry-1");
    expect([sameOnceRedacted.status, sameOnceRedacted.headers["idempotent-replayed"]]).toEqual([201, "true"]);
    expect((await ctx.http.get(`/sessions/${session}/tool-calls`)).body.calls).toHaveLength(1);
  });

  it("redacts an imported memory by the same rules, fixing the hash of the arguments it changed", async () => {
    const session = uniqueId("session");
    const entry = {
      id: "call-0001",
      timestamp: "2026-12-01T00:00:00.000Z",
      tool_name: "db",
      arguments: { dsn: "postgres://app:db-pw-9@db/app", password: "pw-1" },
      arguments_hash: "000000000000",
      context_goal: null,
      preceding_call_id: null,
      outcome: "failure",
      result_summary: `failed with ${github!.secret}`,
      result_type: "string",
      execution_time_ms: null,
      error_type: "DbError",
      error_message: null,
      fixed_by: null,
      fix_for: null,
      delta_args: null,
    };
    const pattern = {
      tool_name: "db",
      total_calls: 1,
      success_count: 0,
      failure_count: 1,
      common_args: { password: ["pw-1", "pw-2"], dsn: ["postgres://app:db-pw-9@db/app"] },
      error_patterns: [{ error_type: "DbError", count: 1, contexts: [github!.text], example_args: { password: "pw-1" }, typical_fix: "change password: pw-1 -> pw-2", fix_delta: { changed: { password: { from: "pw-1", to: "pw-2" } } } }],
      success_patterns: [],
      avg_execution_ms: null,
      timed_calls: 0,
      updated_at: "2026-12-01T00:00:00.000Z",
    };
    const imported = await ctx.http.put(`/sessions/${session}/memory`).send({ tool_log: [entry], tool_patterns: { db: pattern }, fix_relations: [] });
    expect(imported.status).toBe(204);
    const exported = (await ctx.http.get(`/sessions/${session}/memory`)).body;
    expect(exported.tool_log[0]).toMatchObject({ arguments: { dsn: "postgres://app:[REDACTED:url_password]@db/app", password: "[REDACTED]" }, result_summary: "failed with [REDACTED:github_token]" });
    expect(exported.tool_log[0].arguments_hash).not.toBe("000000000000");
    expect(exported.tool_patterns.db.common_args).toEqual({ password: ["[REDACTED]"], dsn: ["postgres://app:[REDACTED:url_password]@db/app"] });
    expect(exported.tool_patterns.db.error_patterns[0]).toMatchObject({
      example_args: { password: "[REDACTED]" },
      typical_fix: "change password: [REDACTED] -> [REDACTED]",
      fix_delta: { changed: { password: { from: "[REDACTED]", to: "[REDACTED]" } } },
    });
    const text = JSON.stringify(exported);
    for (const secret of [github!.secret, "db-pw-9", "pw-1", "pw-2"]) expect(text).not.toContain(secret);
  });

  it("counts redactions by kind in /metrics, for writes that were stored", async () => {
    const task = uniqueId("task");
    await ctx.http.post(`/tasks/${task}/lessons`).set("idempotency-key", "m-1").send(failure(`${aws!.text} and ${github!.text}`));
    await ctx.http.post(`/tasks/${task}/lessons`).set("idempotency-key", "m-1").send(failure(`${aws!.text} and ${github!.text}`));
    const metrics = (await ctx.http.get("/metrics")).text;
    expect(metrics).toMatch(/^redactions_total\{kind="aws_access_key"\} 1$/m);
    expect(metrics).toMatch(/^redactions_total\{kind="github_token"\} 1$/m);
  });
});

describe("REDACTION=off, for a deployment that scrubs before the service", () => {
  const ctx = useHttpApp(memoryStoreFactory, { REDACTION: "off" });

  it("stores what was sent, and says it redacted nothing", async () => {
    const created = await ctx.http.post(`/tasks/${uniqueId("task")}/lessons`).send(failure(aws!.text));
    expect(created.body).toMatchObject({ error_message: aws!.text, redactions: 0 });
  });
});

describe("REDACT_KEYS", () => {
  const ctx = useHttpApp(memoryStoreFactory, { REDACT_KEYS: "ssn, customer_id" });

  it("hides the values of the names it adds, as arguments and in key=value text", async () => {
    const created = await call(ctx, uniqueId("session"), {
      tool_name: "crm",
      arguments: { customerId: "c-991", ssn: "078-05-1120", name: "Ada" },
      outcome: "failure",
      error_type: "Denied",
      error_message: "lookup ssn=078-05-1120 denied",
    });
    expect(created.body).toMatchObject({ arguments: { customerId: "[REDACTED]", ssn: "[REDACTED]", name: "Ada" }, error_message: "lookup ssn=[REDACTED:secret_assignment] denied", redactions: 3 });
  });
});
