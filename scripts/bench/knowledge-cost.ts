// Redis's own time per write, on a fresh tool and on one crowded with 2,000 error types and 2,000 argument names,
// and the size of the largest key the crowded tenant holds. Run alone (npx tsx scripts/bench/knowledge-cost.ts)
// or as part of npm run bench; it starts its own redis-server, so nothing else runs there.
import { once } from "node:events";
import { pathToFileURL } from "node:url";
import { Redis } from "ioredis";
import { createRedisStore } from "../../src/storage/redis/index.js";
import type { Lesson } from "../../src/domain/lessons/types.js";
import { templateSignature } from "../../src/domain/lessons/signature.js";
import type { NewToolCall } from "../../src/domain/tools/store.js";
import type { SessionRef } from "../../src/domain/refs.js";
import { startRedisServer } from "../../test/helpers/redis-server.js";

export interface KnowledgeCost {
  /** Redis µs per write (INFO commandstats: every script the write ran, summed), and the commands run inside them per write, by case. */
  micros: Record<string, { micros: number; inside: number }>;
  /** After the crowded run (MEMORY USAGE): the largest key of the crowded tool, session or tenant, and the largest of all (the tenant's indexes of every tool and session among them). */
  largestKey: { key: string; bytes: number };
  largestOfAll: { key: string; bytes: number };
  /** GET /efficacy's read for tenants of 5, 1,000 and 10,000 tools: Redis µs, and commands sent (scripts) and run inside them per read. */
  efficacy: Array<{ tools: number; micros: number; sent: number; inside: number }>;
}

/** The retention and caps the Redis-cost scripts run their stores with (a month of sessions, three of tools). */
export const BENCH_LIMITS = {
  maxLessonsPerTask: 40,
  maxToolLogEntries: 50,
  fixDetectionWindow: 10,
  lessonsTtlSeconds: 2_592_000,
  sessionsTtlSeconds: 2_592_000,
  toolsTtlSeconds: 7_776_000,
  idempotencyTtlSeconds: 86_400,
  eventsMaxPerTenant: 100,
  eventsTtlSeconds: 86_400,
};

const call = (tool: string, outcome: "failure" | "success", errorType: string, args: Record<string, unknown>): NewToolCall => ({
  timestamp: new Date().toISOString(),
  tool_name: tool,
  arguments: args,
  arguments_hash: "",
  context_goal: "find the failing test",
  preceding_call_id: null,
  outcome,
  result_summary: "",
  result_type: "none",
  execution_time_ms: 40,
  error_type: outcome === "failure" ? errorType : null,
  error_message: null,
});

const lesson = (task: string, i: number): Lesson => ({
  lesson_id: `lsn_${task}_${i}`,
  task_id: task,
  attempt_number: i,
  tier: 1,
  error_type: "TimeoutError",
  error_message: `Request to /srv/build-${i}.sh timed out after ${i}s`,
  error_context: null,
  hypothesized_fix: "Reduce task complexity.",
  fix_approach: null,
  model: null,
  timestamp: new Date().toISOString(),
  duration_ms: null,
  tokens_used: null,
  category: "timeout",
  severity: "high",
  signature: "2ba98bbcc943506d",
});

/** Fresh, steady and crowded tools, and lesson captures: `calls` writes each, timed by Redis itself. */
export async function measureKnowledgeCost(calls: number): Promise<KnowledgeCost> {
  const redis = await startRedisServer();
  const admin = new Redis(redis.url);
  const store = createRedisStore({ url: redis.url, keyPrefix: "cost", commandTimeoutMs: 5000, limits: BENCH_LIMITS });
  if (store.client.status !== "ready") await once(store.client, "ready");
  const session = (id: string): SessionRef => ({ tenant: "bench", sessionId: id });

  /** Redis's µs per write while `run` makes `writes` of them (its scripts' time, EVALSHA or FCALL, summed, the batch of dashboard counts they left included), and the commands run inside them per write. */
  async function scriptMicros(writes: number, run: () => Promise<void>): Promise<{ micros: number; inside: number }> {
    await admin.config("RESETSTAT");
    await run();
    // The dashboard counts the writes left in this process's batch are part of their cost: sent before Redis is asked.
    await store.flushActivity();
    const stats = (await admin.info("commandstats")).split("\n").filter((row) => row.startsWith("cmdstat_") && !/^cmdstat_(config|info)/.test(row));
    let usec = 0;
    let inside = 0;
    for (const line of stats) {
      if (/^cmdstat_(evalsha|eval|fcall):/.test(line)) usec += Number(/usec=(\d+)/.exec(line)![1]);
      else inside += Number(/calls=(\d+)/.exec(line)![1]);
    }
    return { micros: usec / writes, inside: inside / writes };
  }

  /** The largest key matching `pattern`: after the crowded run, every key of its tenant and sessions (the event stream and the session log at small caps). */
  async function largestKeyOf(pattern: string): Promise<{ key: string; bytes: number }> {
    let largest = { key: "", bytes: 0 };
    for (const key of await admin.keys(pattern)) {
      const bytes = Number(await admin.memory("USAGE", key));
      if (bytes > largest.bytes) largest = { key, bytes };
    }
    return largest;
  }

  try {
    const micros: KnowledgeCost["micros"] = {};
    micros["tool call, fresh tool"] = await scriptMicros(calls, async () => {
      // A tool new to the tenant and to one of 20 sessions (a session keeps 128 tools' patterns, so none is forgotten).
      for (let i = 0; i < calls; i += 1) await store.recordSharedToolCall(session(`fresh-${i % 20}`), call(`fresh-${i}`, "failure", "E", { q: "x" }), null);
    });
    micros["tool call, steady (9 values, 1 error type)"] = await scriptMicros(calls, async () => {
      for (let i = 0; i < calls; i += 1) await store.recordSharedToolCall(session(`steady-${i % 20}`), call("steady", i % 2 ? "success" : "failure", "E", { q: `v${i % 9}` }), null);
    });
    micros["tool call, a failure then its fix (offers decided)"] = await scriptMicros(calls, async () => {
      // In each of 20 sessions a failure, then the call that fixes it: after the first fix, each failure is offered it and
      // the next call adopts it, so the write learns a fix, makes an offer or decides one.
      for (let i = 0; i < calls; i += 1) {
        const failed = i % 2 === 0;
        await store.recordSharedToolCall(session(`fixing-${(i >> 1) % 20}`), call("fixing", failed ? "failure" : "success", "E", { q: failed ? "bad" : "good" }), null);
      }
    });
    // 2,000 calls, each a new argument name and a new error type, then the same calls timed on the crowded tool.
    for (let i = 0; i < 2000; i += 1) await store.recordSharedToolCall(session(`crowd-${i % 20}`), call("crowded", "failure", `E${i}`, { [`arg${i}`]: i }), null);
    micros["tool call, crowded (2,000 error types and names)"] = await scriptMicros(calls, async () => {
      for (let i = 0; i < calls; i += 1) await store.recordSharedToolCall(session(`crowd-${i % 20}`), call("crowded", "failure", `F${i}`, { [`more${i}`]: i }), null);
    });
    const largestKey = await largestKeyOf("cost:{bench:*crowd*");
    const largestOfAll = await largestKeyOf("cost:{bench:*");
    micros["lesson capture"] = await scriptMicros(calls, async () => {
      for (let i = 0; i < calls; i += 1) await store.captureLesson({ tenant: "bench", taskId: `task-${i % 50}` }, lesson(`task-${i % 50}`, i), null);
    });
    // Each way of capturing a failure in turn, twice, the second round kept: the first pays for keys and scripts new to Redis.
    for (const round of [1, 2]) {
      const rows: KnowledgeCost["micros"] = round === 2 ? micros : {};
      // As a Cluster captures: the message's template first (its own script), then the lesson under it.
      rows["lesson capture with its template"] = await scriptMicros(calls, async () => {
        for (let i = 0; i < calls; i += 1) {
          const kept = lesson(`task-${i % 50}`, i);
          const where = { kind: "lesson" as const, tool: "", ref: kept.task_id, at: Date.now(), error_type: kept.error_type };
          const placed = await store.learnFailureTemplate("bench", kept.error_message, null, where);
          if (placed.outcome === "mismatch") throw new Error("an unkeyed template step is never refused");
          const { templateId, template } = placed.value;
          const signed = { ...kept, signature: templateSignature(kept.error_type, templateId) };
          await store.captureLesson({ tenant: "bench", taskId: `task-${i % 50}` }, signed, null, template);
        }
      });
      // As the service captures on one server: one script, template step and signature included (each pair of template
      // and error type hashed once, then read from the cache).
      rows["lesson capture, signed in one script"] = await scriptMicros(calls, async () => {
        for (let i = 0; i < calls; i += 1) {
          const task = { tenant: "bench", taskId: `task-${i % 50}` };
          const kept = lesson(task.taskId, i);
          await store.captureSignedLesson(task, kept, null, { errorType: kept.error_type, message: kept.error_message, write: null, where: { kind: "lesson", tool: "", ref: task.taskId, at: Date.now() } });
        }
      });
      // A failed tool call with a message: its template step first (a Cluster's way), then in one script (a single server's).
      const failedWithMessage = (i: number) => ({ ...call("signed", "failure", "TimeoutError", { q: `v${i % 9}` }), error_message: `Request to /srv/build-${i}.sh timed out after ${i}s` });
      const toSign = (failed: NewToolCall, sessionId: string) => ({
        errorType: failed.error_type!,
        message: failed.error_message!,
        write: null,
        where: { kind: "tool" as const, tool: failed.tool_name, ref: sessionId, at: Date.now() },
      });
      rows["failed tool call with a message, template step first"] = await scriptMicros(calls, async () => {
        for (let i = 0; i < calls; i += 1) {
          const failed = failedWithMessage(i);
          const placed = await store.learnFailureTemplate("bench", failed.error_message, null, { kind: "tool", tool: failed.tool_name, ref: `signed-${i % 20}`, at: Date.now(), error_type: failed.error_type! });
          if (placed.outcome === "mismatch") throw new Error("an unkeyed template step is never refused");
          const signed = { ...failed, signature: templateSignature(failed.error_type!, placed.value.templateId), template: placed.value.template };
          await store.recordSharedToolCall(session(`signed-${i % 20}`), signed, null);
        }
      });
      rows["failed tool call with a message, signed in one script"] = await scriptMicros(calls, async () => {
        for (let i = 0; i < calls; i += 1) {
          const failed = failedWithMessage(i);
          await store.recordSignedToolCall(session(`signed-${i % 20}`), failed, null, true, toSign(failed, `signed-${i % 20}`));
        }
      });
    }

    // The efficacy report of tenants of 5, 1,000 and 10,000 tools (the quick run stops at 1,000), each tool with a fix learned.
    const efficacy = [];
    for (const tools of calls >= 1000 ? [5, 1_000, 10_000] : [5, 1_000]) {
      const tenant = `eff-${tools}`;
      for (let i = 0; i < tools; i += 1) {
        const ref = { tenant, sessionId: `s-${i}` };
        await store.recordSharedToolCall(ref, call(`tool-${i}`, "failure", "E", { n: 0 }), null);
        await store.recordSharedToolCall(ref, call(`tool-${i}`, "success", "E", { n: 1 }), null);
      }
      const reads = 200;
      await admin.config("RESETSTAT");
      for (let i = 0; i < reads; i += 1) await store.efficacyReport(tenant, 5);
      const stats = await admin.info("commandstats");
      // commandstats counts the commands a script runs too: the script is what the service sends.
      let sent = 0;
      let inside = 0;
      let usec = 0;
      for (const line of stats.split("\n").filter((row) => row.startsWith("cmdstat_") && !/^cmdstat_(config|info)/.test(row))) {
        const calls = Number(/calls=(\d+)/.exec(line)![1]);
        if (/^cmdstat_(evalsha|eval|fcall)/.test(line)) {
          sent += calls;
          usec += Number(/usec=(\d+)/.exec(line)![1]);
        } else inside += calls;
      }
      efficacy.push({ tools, micros: usec / reads, sent: sent / reads, inside: inside / reads });
    }
    return { micros, largestKey, largestOfAll, efficacy };
  } finally {
    await store.close();
    admin.disconnect();
    await redis.stop();
  }
}

export function printKnowledgeCost(cost: KnowledgeCost): void {
  const lines = ["\nRedis time per write (INFO commandstats: µs of every script a write runs)"];
  for (const [name, { micros, inside }] of Object.entries(cost.micros)) {
    lines.push(`${name.padEnd(52)} ${micros.toFixed(1).padStart(8)} µs, ${inside.toFixed(1)} commands inside`);
  }
  lines.push(`largest key of the crowded tool and its sessions: ${(cost.largestKey.bytes / 1024).toFixed(1)} KB (${cost.largestKey.key})`);
  lines.push(`largest key of the tenant: ${(cost.largestOfAll.bytes / 1024).toFixed(1)} KB (${cost.largestOfAll.key})`);
  for (const row of cost.efficacy) {
    lines.push(`GET /efficacy, ${String(row.tools).padStart(5)} tools: ${row.micros.toFixed(1)} µs of Redis, ${row.sent.toFixed(1)} command sent (${row.inside.toFixed(1)} run inside it) per read`);
  }
  process.stdout.write(`${lines.join("\n")}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) printKnowledgeCost(await measureKnowledgeCost(Number(process.argv[2] ?? 1000)));
