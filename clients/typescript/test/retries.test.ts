// How the client retries, against a scripted local HTTP server: which answers it retries, with which key, and when it stops.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ProblemError, createClient } from "../src/index.js";

interface Seen {
  method: string;
  key: string | undefined;
}

let server: http.Server | undefined;

/** Serves the given answers in turn, one per request, and records what each request carried. */
async function scripted(answers: Array<{ status: number; headers?: Record<string, string>; body?: unknown }>) {
  const seen: Seen[] = [];
  server = http.createServer((request, response) => {
    seen.push({ method: request.method!, key: request.headers["idempotency-key"] as string | undefined });
    const answer = answers[Math.min(seen.length - 1, answers.length - 1)]!;
    const problem = answer.status >= 400;
    response.writeHead(answer.status, { "content-type": problem ? "application/problem+json" : "application/json", ...answer.headers });
    response.end(JSON.stringify(answer.body ?? (problem ? { status: answer.status, code: "SCRIPTED", detail: "scripted" } : {})));
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { seen, client: createClient({ baseUrl, baseDelayMs: 5, maxDelayMs: 20 }) };
}

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

const failure = { attempt_number: 1, tier: 1 as const, error_type: "E", error_message: "m" };

describe("retries", () => {
  it("retries a POST after 503, 429 and 502 with one generated Idempotency-Key, and returns the final answer", async () => {
    const { seen, client } = await scripted([
      { status: 503, headers: { "retry-after": "0" } },
      { status: 429, headers: { "retry-after": "0" } },
      { status: 502 },
      { status: 201, body: { lesson_id: "lsn_1" } },
    ]);
    const lesson = await client.captureLesson({ path: { task_id: "t" }, body: failure });
    expect(lesson).toEqual({ lesson_id: "lsn_1" });
    expect(seen.map((request) => request.method)).toEqual(["POST", "POST", "POST", "POST"]);
    const keys = new Set(seen.map((request) => request.key));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("gives every call its own key, and uses the caller's when given", async () => {
    const { seen, client } = await scripted([{ status: 201 }]);
    await client.captureLesson({ path: { task_id: "t" }, body: failure });
    await client.captureLesson({ path: { task_id: "t" }, body: failure });
    await client.captureLesson({ path: { task_id: "t" }, body: failure, idempotencyKey: "mine-1" });
    expect(seen[0]!.key).not.toBe(seen[1]!.key);
    expect(seen[2]!.key).toBe("mine-1");
  });

  it("retries a GET on 502 and 504, and sends no Idempotency-Key with it", async () => {
    const { seen, client } = await scripted([{ status: 502 }, { status: 504 }, { status: 200, body: { status: "ok" } }]);
    expect(await client.getLiveness()).toEqual({ status: "ok" });
    expect(seen).toEqual([
      { method: "GET", key: undefined },
      { method: "GET", key: undefined },
      { method: "GET", key: undefined },
    ]);
  });

  it("never retries a 400, a 404 or a 500, and stops after maxRetries", async () => {
    for (const status of [400, 404, 500]) {
      const { seen, client } = await scripted([{ status }, { status: 200 }]);
      await expect(client.getLiveness()).rejects.toMatchObject({ status });
      expect(seen).toHaveLength(1);
      await new Promise((resolve) => server!.close(resolve));
    }
    const { seen, client } = await scripted([{ status: 503 }]);
    await expect(client.getLiveness()).rejects.toBeInstanceOf(ProblemError);
    expect(seen).toHaveLength(4);
  });

  it("hands back a 429 at once when Retry-After asks for longer than a minute", async () => {
    const { seen, client } = await scripted([{ status: 429, headers: { "retry-after": "120" } }, { status: 200 }]);
    await expect(client.getLiveness()).rejects.toMatchObject({ status: 429, code: "SCRIPTED" });
    expect(seen).toHaveLength(1);
  });
});
