// Failure templates through the service: lessons whose messages differ only in their variables share a signature, on both stores.
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

describe.each(bothStores())("failure templates (%s store)", (_name, factory: StoreFactory) => {
  const ctx = useHttpApp(factory);

  it("gives every agent-style failure, captured in order across tasks, exactly its true group's signature", async () => {
    const signatures: string[] = [];
    for (const [i, { message }] of FIXTURES.entries()) {
      const reply = await ctx.http.post(`/tasks/${uniqueId(`task-${i % 5}`)}/lessons`).send({ attempt_number: 1, tier: 1, error_type: "Error", error_message: message });
      expect(reply.status).toBe(201);
      signatures.push(reply.body.signature);
    }
    expect(groupingAccuracy(signatures, FIXTURES.map((fixture) => fixture.group))).toBe(1);
  });

  it("lists a signature with its template, the same for a different missing file, and apart from another error type", async () => {
    const capture = async (task: string, error_type: string, error_message: string) => {
      const reply = await ctx.http.post(`/tasks/${task}/lessons`).send({ attempt_number: 1, tier: 1, error_type, error_message });
      expect(reply.status).toBe(201);
      return reply.body.signature as string;
    };
    const [a, b] = [uniqueId("task"), uniqueId("task")];
    const readme = await capture(a, "ENOENT", "ENOENT: no such file or directory, open '/srv/app/README.txt'");
    const changelog = await capture(b, "ENOENT", "ENOENT: no such file or directory, open '/srv/app/CHANGELOG.md'");
    const otherType = await capture(b, "FileNotFoundError", "ENOENT: no such file or directory, open '/srv/app/CHANGELOG.md'");
    expect(changelog).toBe(readme);
    expect(otherType).not.toBe(readme);

    const listed = (await ctx.http.get("/lessons/signatures?limit=1000")).body.signatures as Array<{ signature: string; template: string; tasks: number }>;
    expect(listed.find((s) => s.signature === readme)).toMatchObject({ template: "ENOENT: no such file or directory, open <*>", tasks: 2 });
    const own = (await ctx.http.get(`/tasks/${b}/lessons/signatures`)).body.signatures as Array<{ signature: string; template: string }>;
    expect(own.map((s) => [s.signature, s.template]).sort()).toEqual(
      [
        [readme, "ENOENT: no such file or directory, open <*>"],
        [otherType, "ENOENT: no such file or directory, open <*>"],
      ].sort(),
    );
  });

  it("answers a retried capture with the signature of the first, learning nothing new", async () => {
    const task = uniqueId("task");
    const body = { attempt_number: 1, tier: 1, error_type: "Error", error_message: "permission denied for user alice on table events" };
    const first = await ctx.http.post(`/tasks/${task}/lessons`).set("Idempotency-Key", "capture-1").send(body);
    const retry = await ctx.http.post(`/tasks/${task}/lessons`).set("Idempotency-Key", "capture-1").send(body);
    expect(first.status).toBe(201);
    expect(retry.body.signature).toBe(first.body.signature);
    const bob = await ctx.http.post(`/tasks/${task}/lessons`).send({ ...body, error_message: "permission denied for user bob on table events" });
    // bob is a variable masking cannot see: the template learns it, and the signature stays alice's.
    expect(bob.body.signature).toBe(first.body.signature);
    const listed = (await ctx.http.get(`/tasks/${task}/lessons/signatures`)).body.signatures;
    expect(listed).toMatchObject([{ signature: first.body.signature, template: "permission denied for user <*> on table events", occurrences: 2 }]);
  });
});
