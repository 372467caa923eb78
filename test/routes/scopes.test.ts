// Every operation of the OpenAPI document tried with a key of every scope: what the scope allows goes through, the rest is a 403 that changed nothing.
import { readFileSync } from "node:fs";
import type supertest from "supertest";
import { describe, expect, it } from "vitest";
import { allows, SCOPES, type Scope } from "../../src/auth/scopes.js";
import { uniqueId } from "../helpers/fixtures.js";
import { expectProblem, useHttpApp, type HttpContext } from "../helpers/http.js";
import { openEventStream } from "../helpers/event-stream.js";
import { bothStores, memoryStoreFactory } from "../helpers/stores.js";

const KEY: Record<Scope, string> = { read: "scope-read-key-0123456789", write: "scope-write-key-0123456789", admin: "scope-admin-key-0123456789" };
// The admin key is given without a scope: a key configured as before scopes is admin.
const API_KEYS = `${KEY.read}:team:read,${KEY.write}:team:write,${KEY.admin}:team`;

interface Operation {
  operationId: string;
  method: string;
  path: string;
  scope: Scope;
  requiredQuery: string[];
}

const DOCUMENT = JSON.parse(readFileSync(new URL("../../openapi/openapi.json", import.meta.url), "utf8")) as {
  paths: Record<string, Record<string, { operationId: string; "x-required-scope"?: Scope; security?: unknown[]; parameters?: Array<{ in: string; name: string; required?: boolean }> }>>;
};
const EXAMPLES = JSON.parse(readFileSync(new URL("../../src/openapi/examples.json", import.meta.url), "utf8")) as Record<string, { request?: unknown }>;

const OPERATIONS: Operation[] = Object.entries(DOCUMENT.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([, operation]) => !Array.isArray(operation.security) || operation.security.length > 0)
    .map(([method, operation]) => ({
      operationId: operation.operationId,
      method: method.toUpperCase(),
      path,
      scope: operation["x-required-scope"]!,
      requiredQuery: (operation.parameters ?? []).filter((parameter) => parameter.in === "query" && parameter.required).map((parameter) => parameter.name),
    })),
);

const as = (scope: Scope) => ({ authorization: `Bearer ${KEY[scope]}` });

/** A task, a session and a tool with data in them, so that every read finds something and every delete has something to delete. */
async function seed(ctx: HttpContext) {
  const ids = { task_id: uniqueId("task"), session_id: uniqueId("session"), tool_name: "search", lesson_id: "", call_id: "call-0001" };
  const lesson = await ctx.http.post(`/tasks/${ids.task_id}/lessons`).set(as("admin")).send({ attempt_number: 1, tier: 1, error_type: "TypeError", error_message: "bad" });
  ids.lesson_id = lesson.body.lesson_id;
  await ctx.http.put(`/tasks/${ids.task_id}/resolution`).set(as("admin")).send({ attempt_number: 2, approach: "retry" });
  await ctx.http.post(`/sessions/${ids.session_id}/tool-calls`).set(as("admin")).send({ tool_name: "search", arguments: { q: 0 }, outcome: "failure", error_type: "ValueError", context_goal: "find" });
  await ctx.http.post(`/sessions/${ids.session_id}/tool-calls`).set(as("admin")).send({ tool_name: "search", arguments: { q: 1 }, outcome: "success", context_goal: "find" });
  return ids;
}

/** What the seeded data looks like now, read with the admin key. */
async function snapshot(ctx: HttpContext, ids: Awaited<ReturnType<typeof seed>>): Promise<unknown> {
  const read = async (path: string) => {
    const response = await ctx.http.get(path).set(as("admin"));
    return [response.status, response.body];
  };
  return Promise.all([
    read(`/tasks/${ids.task_id}/lessons`),
    read(`/tasks/${ids.task_id}/resolution`),
    read(`/sessions/${ids.session_id}/memory`),
    read(`/tools/${ids.tool_name}`),
    read(`/lessons/signatures`),
  ]);
}

function requestFor(http: ReturnType<typeof supertest>, operation: Operation, ids: Record<string, string>) {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? "x");
  const query = new URLSearchParams(operation.requiredQuery.map((name) => [name, name === "goal" ? "find" : "ValueError"]));
  if (operation.operationId === "getContext") query.set("task_id", ids.task_id!);
  const url = query.size ? `${path}?${query}` : path;
  const request = http[operation.method.toLowerCase() as "get" | "post" | "put" | "delete"](url);
  const body = EXAMPLES[operation.operationId]?.request;
  return body === undefined ? request : request.send(body as object);
}

describe("the document", () => {
  it("declares a scope on every operation that needs a key, and only read, write or admin", () => {
    expect(OPERATIONS.length).toBeGreaterThan(30);
    for (const operation of OPERATIONS) expect(SCOPES, operation.operationId).toContain(operation.scope);
    const byScope = (scope: Scope) => OPERATIONS.filter((operation) => operation.scope === scope).map((operation) => operation.operationId).sort();
    expect(byScope("write")).toEqual(["captureLesson", "exportLogs", "exportTraces", "putSessionSettings", "recordToolCall", "resolveTask"]);
    expect(byScope("admin")).toEqual(["clearLessons", "deleteLesson", "deleteResolution", "forgetSharedTool", "importSessionMemory", "resetSessionMemory"]);
  });
});

describe.each(bothStores())("every operation with every scope (%s store)", (_name, factory) => {
  const ctx = useHttpApp(factory, { API_KEYS });

  it.each(OPERATIONS.filter((operation) => operation.operationId !== "streamEvents").map((operation) => [operation.operationId, operation] as const))(
    "%s",
    async (_id, operation) => {
      for (const scope of SCOPES) {
        const ids = await seed(ctx);
        const before = await snapshot(ctx, ids);
        const response = await requestFor(ctx.http, operation, ids).set(as(scope));
        if (allows(scope, operation.scope)) {
          expect([401, 403], `${scope} key: ${response.status} ${response.text}`).not.toContain(response.status);
          expect(response.status, `${scope} key: ${response.text}`).toBeLessThan(500);
        } else {
          const problem = expectProblem(response, 403);
          expect(problem).toMatchObject({ code: "INSUFFICIENT_SCOPE", detail: `This operation needs a key with the '${operation.scope}' scope (or above); this key has '${scope}'.` });
          expect(response.headers["www-authenticate"]).toBe(`Bearer realm="agent-lessons", error="insufficient_scope", scope="${operation.scope}"`);
          expect(await snapshot(ctx, ids), `${operation.operationId} with a ${scope} key changed something`).toEqual(before);
        }
      }
    },
  );

  it("lets a read key follow the event stream, as the dashboard does", async () => {
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    const address = ctx.app.server.address() as { port: number };
    const stream = await openEventStream(`http://127.0.0.1:${address.port}`, "/events", as("read"));
    expect(stream.status).toBe(200);
    stream.close();
  });
});

describe("without API keys", () => {
  const ctx = useHttpApp(memoryStoreFactory);

  it("lets every request do everything, as the one tenant's admin", async () => {
    const task = uniqueId("task");
    await ctx.http.post(`/tasks/${task}/lessons`).send({ attempt_number: 1, tier: 1, error_type: "E", error_message: "m" });
    expect((await ctx.http.delete(`/tasks/${task}/lessons`)).status).toBe(204);
  });
});
