// A POST that answered 503 while Redis was frozen is applied once in all when the client retries with its key, whether its write ran at the thaw or never left.
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { listenOnRedis } from "../helpers/fault-app.js";
import { uniqueId } from "../helpers/fixtures.js";
import { waitFor } from "../helpers/load.js";
import { startRedisServer, type RedisServerHandle } from "../helpers/redis-server.js";

let app: FastifyInstance | undefined;
let redis: RedisServerHandle | undefined;

afterEach(async () => {
  redis?.process.kill("SIGCONT"); // a stopped server must not outlive the test
  await app?.close();
  await redis?.stop("SIGKILL");
  app = redis = undefined;
});

interface Write {
  path: string;
  body: Record<string, unknown>;
  /** How many copies the task or session keeps, and how many the tenant counted. */
  stored: (get: (path: string) => Promise<Record<string, unknown>>) => Promise<{ kept: number; counted: number }>;
  /**
   * Whether the frozen write itself runs at the thaw: on one Redis server a lesson's capture and a tool call
   * are each one script, template step included, so it does. (It did not for a lesson while its template step
   * went first, alone: frozen there, the capture answered 503 having sent no lesson.)
   */
  appliedAtThaw: boolean;
}

function lessonWrite(task: string, errorType = "FrozenError"): Write {
  return {
    path: `/tasks/${task}/lessons`,
    body: { attempt_number: 1, tier: 2, error_type: errorType, error_message: "frozen while writing" },
    appliedAtThaw: true,
    async stored(get) {
      const stats = await get(`/tasks/${task}/lessons/stats`);
      const signatures = (await get("/lessons/signatures")).signatures as Array<{ error_type: string; occurrences: number }>;
      return { kept: stats.total_captured as number, counted: signatures.find((s) => s.error_type === "FrozenError")?.occurrences ?? 0 };
    },
  };
}

function toolCallWrite(session: string, toolName = "frozen_tool"): Write {
  return {
    path: `/sessions/${session}/tool-calls`,
    body: { tool_name: toolName, arguments: { q: 1 }, outcome: "failure", error_type: "FrozenError" },
    appliedAtThaw: true,
    async stored(get) {
      const stats = await get(`/sessions/${session}/stats`);
      const tools = (await get("/tools")).tools as Array<{ tool_name: string; total_calls: number }>;
      return { kept: stats.total_calls as number, counted: tools.find((t) => t.tool_name === "frozen_tool")?.total_calls ?? 0 };
    },
  };
}

describe("an idempotent retry after Redis froze during the write", () => {
  it.each([
    ["a lesson", () => lessonWrite(uniqueId("task"))],
    ["a tool call", () => toolCallWrite(uniqueId("session"))],
  ])("stores %s once, and the tenant counts it once, when a write answered 503 while Redis was frozen", { timeout: 30_000 }, async (_what, makeWrite) => {
    const server = await startRedisServer();
    redis = server;
    const listening = await listenOnRedis(server.url);
    app = listening.app;
    const url = (path: string) => `${listening.baseUrl}${path}`;
    const get = async (path: string) => (await (await fetch(url(path))).json()) as Record<string, unknown>;
    const write = makeWrite();
    const post = () =>
      fetch(url(write.path), {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": "retry-me-0123456789" },
        body: JSON.stringify(write.body),
      });

    // Scripts are loaded before the freeze, so the frozen write is the EVALSHA itself.
    for (const warm of [lessonWrite(uniqueId("warm"), "WarmUpError"), toolCallWrite(uniqueId("warm"), "warm_up_tool")]) {
      const answer = await fetch(url(warm.path), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(warm.body) });
      expect(answer.status).toBe(201);
    }
    const before = await write.stored(get);
    expect(before).toEqual({ kept: 0, counted: 0 });

    server.process.kill("SIGSTOP");
    let first: Response;
    try {
      first = await post();
    } finally {
      server.process.kill("SIGCONT");
    }
    expect(first.status).toBe(503);
    if (write.appliedAtThaw) {
      // The write sat in Redis's socket and ran once Redis thawed.
      await waitFor(async () => (await write.stored(get)).kept === before.kept + 1, 5000, "the frozen write applied after the thaw");
    } else {
      // What was sent ran at the thaw; a ping behind it in the same socket says it has, and no lesson was among it.
      await get("/health/ready");
      expect(await write.stored(get)).toEqual(before);
    }

    const retry = await post();
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe(write.appliedAtThaw ? "true" : null);
    const again = await post();
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.text()).toBe(await retry.text());

    const after = await write.stored(get);
    expect(after.kept - before.kept).toBe(1);
    expect(after.counted - before.counted).toBe(1);
  });
});
