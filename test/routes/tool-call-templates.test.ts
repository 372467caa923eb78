// Failure templates of tool calls: a failed call's message gets the template and signature a lesson's would, on both stores.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { groupingAccuracy } from "../../scripts/eval/grouping-accuracy.js";
import { uniqueId } from "../helpers/fixtures.js";
import { useHttpApp } from "../helpers/http.js";
import { bothStores, type StoreFactory } from "../helpers/stores.js";

interface Fixture {
  group: string;
  message: string;
}

const FIXTURES: Fixture[] = JSON.parse(readFileSync(new URL("../fixtures/failures/agent-errors.json", import.meta.url), "utf8"));

const ENOENT = "ENOENT: no such file or directory, open '/srv/app/README.txt'";

describe.each(bothStores())("tool-call failure templates (%s store)", (_name, factory: StoreFactory) => {
  const ctx = useHttpApp(factory);

  async function call(session: string, body: Record<string, unknown>, key?: string) {
    const request = ctx.http.post(`/sessions/${session}/tool-calls`);
    if (key) request.set("Idempotency-Key", key);
    const reply = await request.send({ tool_name: "read_file", arguments: { path: "README.txt" }, ...body });
    expect(reply.status).toBe(201);
    return reply.body as { id: string; signature?: string; template?: string };
  }

  it("gives every agent-style failure, recorded in order across sessions, exactly its true group's signature", async () => {
    const signatures: string[] = [];
    for (const [i, { message }] of FIXTURES.entries()) {
      const entry = await call(uniqueId(`session-${i % 5}`), { outcome: "failure", error_type: "Error", error_message: message });
      signatures.push(entry.signature as string);
    }
    expect(signatures.every((signature) => /^[0-9a-f]{16}$/.test(signature))).toBe(true);
    expect(groupingAccuracy(signatures, FIXTURES.map((fixture) => fixture.group))).toBe(1);
  });

  it("shares its signature with a lesson of the same error type and message, and keeps it on the stored call", async () => {
    const session = uniqueId("session");
    const failed = await call(session, { outcome: "failure", error_type: "ENOENT", error_message: ENOENT });
    const other = await call(session, {
      arguments: { path: "CHANGELOG.md" },
      outcome: "timeout",
      error_type: "ENOENT",
      error_message: "ENOENT: no such file or directory, open '/srv/app/CHANGELOG.md'",
    });
    expect(other.signature).toBe(failed.signature);
    expect(other.template).toBe("ENOENT: no such file or directory, open <*>");

    const lesson = await ctx.http.post(`/tasks/${uniqueId("task")}/lessons`).send({ attempt_number: 1, tier: 1, error_type: "ENOENT", error_message: ENOENT });
    expect(lesson.body.signature).toBe(failed.signature);
    // Another error type, the same message: another failure.
    const typed = await call(session, { outcome: "failure", error_type: "FileNotFoundError", error_message: ENOENT });
    expect(typed.signature).not.toBe(failed.signature);

    const stored = await ctx.http.get(`/sessions/${session}/tool-calls/${other.id}`);
    expect(stored.body).toMatchObject({ signature: other.signature, template: "ENOENT: no such file or directory, open <*>" });
    const listed = (await ctx.http.get(`/sessions/${session}/tool-calls`)).body.calls as Array<{ id: string; signature?: string }>;
    expect(listed.map((entry) => entry.signature)).toEqual([typed.signature, other.signature, failed.signature]);
  });

  it("gives none to a success, to a failure without a message, or to a partial or cancelled call", async () => {
    const session = uniqueId("session");
    const calls = [
      await call(session, { outcome: "success", result: { text: "hello" } }),
      await call(session, { outcome: "failure", error_type: "ENOENT" }),
      await call(session, { outcome: "partial", error_type: "ENOENT", error_message: ENOENT }),
      await call(session, { outcome: "cancelled", error_message: ENOENT }),
    ];
    for (const entry of calls) {
      expect(entry).not.toHaveProperty("signature");
      expect(entry).not.toHaveProperty("template");
    }
  });

  it("signs a failure without an error type as the memory counts it, under 'unknown'", async () => {
    const session = uniqueId("session");
    const untyped = await call(session, { outcome: "failure", error_message: "connection reset by peer 10.0.0.7:5432" });
    const unknown = await call(session, { outcome: "failure", error_type: "unknown", error_message: "connection reset by peer 10.0.0.9:5432" });
    expect(untyped.signature).toBeDefined();
    expect(unknown.signature).toBe(untyped.signature);
  });

  it("answers a retried call with the first one's template and signature, and a memory export and import keep them", async () => {
    const session = uniqueId("session");
    const body = { outcome: "failure", error_type: "PermissionError", error_message: "permission denied for user alice on table events" };
    const first = await call(session, body, "call-1");
    expect(first.template).toBe("permission denied for user alice on table events");
    // Another user's failure turns the template's user into <*>; the retry still answers what the first call was.
    const bob = await call(uniqueId("session"), { ...body, error_message: "permission denied for user bob on table events" });
    expect(bob).toMatchObject({ signature: first.signature, template: "permission denied for user <*> on table events" });
    const retry = await call(session, body, "call-1");
    expect(retry).toEqual(first);

    const exported = await ctx.http.get(`/sessions/${session}/memory`);
    expect(exported.body.tool_log).toMatchObject([{ id: first.id, signature: first.signature, template: first.template }]);
    const copy = uniqueId("copy");
    expect((await ctx.http.put(`/sessions/${copy}/memory`).send(exported.body)).status).toBe(204);
    expect((await ctx.http.get(`/sessions/${copy}/tool-calls/${first.id}`)).body).toMatchObject({ signature: first.signature, template: first.template });
  });

  it("learns nothing from a lesson or a call refused for reusing its key, nor again from a retry", async () => {
    const task = uniqueId("task");
    const session = uniqueId("session");
    const lesson = (message: string) => ctx.http.post(`/tasks/${task}/lessons`).set("Idempotency-Key", "lesson-1").send({ attempt_number: 1, tier: 1, error_type: "AccessError", error_message: message });
    expect((await lesson("grant missing for role reader on schema public")).status).toBe(201);
    const reused = await lesson("quota exhausted for project alpha in region north");
    expect(reused.status).toBe(422);
    expect(reused.headers["content-type"]).toContain("application/problem+json");

    const failure = { outcome: "failure", error_type: "QuotaError" };
    await call(session, { ...failure, error_message: "disk full on volume data while writing segment" }, "call-1");
    const callReused = await ctx.http
      .post(`/sessions/${session}/tool-calls`)
      .set("Idempotency-Key", "call-1")
      .send({ tool_name: "read_file", ...failure, error_message: "lease expired for worker gamma in pool east" });
    expect(callReused.status).toBe(422);

    // Had either refused message been learned, these (one word apart from it) would join its template as <*>.
    const region = await call(session, { ...failure, error_message: "quota exhausted for project alpha in region south" });
    expect(region.template).toBe("quota exhausted for project alpha in region south");
    const pool = await call(session, { ...failure, error_message: "lease expired for worker gamma in pool west" });
    expect(pool.template).toBe("lease expired for worker gamma in pool west");
    expect((await ctx.http.get(`/sessions/${session}/tool-calls`)).body.calls).toHaveLength(3);
    expect((await ctx.http.get(`/tasks/${task}/lessons`)).body.lessons).toHaveLength(1);

    // A key first used for a success is refused by the session's record when it comes back with a failure.
    await call(session, { outcome: "success" }, "call-2");
    const successReused = await ctx.http.post(`/sessions/${session}/tool-calls`).set("Idempotency-Key", "call-2").send({ tool_name: "read_file", ...failure, error_message: "disk full" });
    expect(successReused.status).toBe(422);
    expect((await ctx.http.get(`/sessions/${session}/tool-calls`)).body.calls).toHaveLength(4);
  });

  it("refuses an imported signature that is not one, and keeps an imported template's secrets out", async () => {
    const session = uniqueId("session");
    const entry = await call(session, { outcome: "failure", error_type: "AuthError", error_message: "token rejected for user alice" });
    const exported = (await ctx.http.get(`/sessions/${session}/memory`)).body;
    const copy = uniqueId("copy");

    const bad = await ctx.http.put(`/sessions/${copy}/memory`).send({ ...exported, tool_log: [{ ...exported.tool_log[0], signature: "sk-live-not-a-signature" }] });
    expect(bad.status).toBe(400);
    expect(bad.headers["content-type"]).toContain("application/problem+json");
    expect((await ctx.http.get(`/sessions/${copy}/memory`)).body.tool_log).toEqual([]);

    const secret = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8";
    const planted = await ctx.http.put(`/sessions/${copy}/memory`).send({ ...exported, tool_log: [{ ...exported.tool_log[0], template: `token ${secret} rejected` }] });
    expect(planted.status).toBe(204);
    const stored = (await ctx.http.get(`/sessions/${copy}/tool-calls/${entry.id}`)).body as { template: string };
    expect(stored.template).not.toContain(secret);
    expect(stored.template).toContain("token ");
  });
});
