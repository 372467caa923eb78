// REDIS_WAIT_REPLICAS=1 with the replica frozen: writes answer 503 NOT_REPLICATED, and a retry with the same key, once it is back, applies nothing twice.
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { listenOnRedis } from "../helpers/fault-app.js";
import { startRedisServer, type RedisServerHandle } from "../helpers/redis-server.js";

let app: FastifyInstance | undefined;
const servers: RedisServerHandle[] = [];

afterEach(async () => {
  await app?.close();
  for (const server of servers.splice(0)) {
    server.process.kill("SIGCONT");
    await server.stop("SIGKILL");
  }
  app = undefined;
});

async function linked(replica: RedisServerHandle): Promise<void> {
  const client = new Redis(replica.url);
  try {
    for (let i = 0; i < 100 && !/master_link_status:up/.test(await client.info("replication")); i += 1) await new Promise((r) => setTimeout(r, 100));
  } finally {
    client.disconnect();
  }
}

describe("writes that must be confirmed by a replica (REDIS_WAIT_REPLICAS=1)", () => {
  it("answers 503 NOT_REPLICATED with Retry-After while the replica cannot confirm, and the keyed retry answers the first write once it can", async () => {
    const primary = await startRedisServer();
    servers.push(primary);
    const replica = await startRedisServer({ extraArgs: ["--replicaof", "127.0.0.1", String(primary.port)] });
    servers.push(replica);
    await linked(replica);
    const listening = await listenOnRedis(primary.url, { REDIS_WAIT_REPLICAS: "1", REDIS_WAIT_TIMEOUT_MS: "150" });
    app = listening.app;
    const post = (url: string, body: object, key: string) =>
      fetch(`${listening.baseUrl}${url}`, { method: "POST", headers: { "content-type": "application/json", "idempotency-key": key }, body: JSON.stringify(body) });
    const lesson = { attempt_number: 1, tier: 1, error_type: "TypeError", error_message: "x is undefined" };
    const call = { tool_name: "search", arguments: { q: "a" }, outcome: "failure", error_type: "bad" };

    // Confirmed: 201 as usual.
    expect((await post("/tasks/t1/lessons", lesson, "k0")).status).toBe(201);

    replica.process.kill("SIGSTOP");
    const refused = await post("/tasks/t1/lessons", lesson, "k1");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(refused.headers.get("retry-after")).toBe("1");
    const problem = (await refused.json()) as { code: string; detail: string };
    expect(problem.code).toBe("NOT_REPLICATED");
    expect(problem.detail).toContain("0 of the 1 replicas");
    const refusedCall = await post("/sessions/s1/tool-calls", call, "c1");
    expect(refusedCall.status).toBe(503);
    expect(((await refusedCall.json()) as { code: string }).code).toBe("NOT_REPLICATED");
    const metrics = await (await fetch(`${listening.baseUrl}/metrics`)).text();
    // Counted per write: the lesson capture's one script and the tool call's.
    expect(metrics.split("\n").filter((line) => line.startsWith("redis_not_replicated_total"))).toEqual(["redis_not_replicated_total 2"]);

    // The primary applied both; once the replica is back, each key answers its first write and stores nothing twice.
    // (The lesson's retry used to store it: its capture sent the lesson only once its template step was confirmed.
    // On one server the capture is one script now, template step included, so the primary applied it as it did the tool call.)
    replica.process.kill("SIGCONT");
    await linked(replica);
    const retried = await post("/tasks/t1/lessons", lesson, "k1");
    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBe("true");
    expect((await post("/tasks/t1/lessons", lesson, "k1")).headers.get("idempotent-replayed")).toBe("true");
    const retriedCall = await post("/sessions/s1/tool-calls", call, "c1");
    expect(retriedCall.status).toBe(201);
    expect(((await retriedCall.json()) as { id: string }).id).toBe("call-0001");
    const stored = await (await fetch(`${listening.baseUrl}/tasks/t1/lessons`)).json();
    expect((stored as { lessons: unknown[] }).lessons).toHaveLength(2);
    expect(((await (await fetch(`${listening.baseUrl}/sessions/s1/stats`)).json()) as { total_calls: number }).total_calls).toBe(1);
    expect((app.server.address() as AddressInfo).port).toBeGreaterThan(0);
  });
});
