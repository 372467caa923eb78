// A capture that makes its lesson's signature: one script on a single Redis server, the same answers as the embedded store's two steps.
import { afterEach, describe, expect, it } from "vitest";
import type { Cluster, Redis } from "ioredis";
import { templateSignature } from "../../src/domain/lessons/signature.js";
import type { Lesson } from "../../src/domain/lessons/types.js";
import type { TaskRef } from "../../src/domain/refs.js";
import { createMemoryStore } from "../../src/storage/memory/index.js";
import type { FailureToSign } from "../../src/domain/failures/store.js";
import type { Store, StoreLimits } from "../../src/storage/port.js";
import { createRedisStore } from "../../src/storage/redis/index.js";
import { generatedMessages } from "../helpers/failure-messages.js";
import { aCall, aLesson, keyed, valueOf } from "../helpers/fixtures.js";
import { DEFAULT_LIMITS, keysMatching, onCluster, rawRedis, replicaWaitOfRun, uniquePrefix } from "../helpers/stores.js";

const stores: Store[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

/** Both stores, and how many Redis commands carried the Redis store's keys (a command is a round trip at most). */
function open(limits: Partial<StoreLimits> = {}) {
  const client = rawRedis() as (Redis | Cluster) & { sendCommand(command: { args: unknown[] }, ...rest: unknown[]): unknown };
  const prefix = uniquePrefix();
  const commands = { count: 0 };
  const send = client.sendCommand.bind(client);
  // The rest goes along: a Cluster's transaction names the node each of its commands must reach there.
  client.sendCommand = (command: { args: unknown[] }, ...rest: unknown[]) => {
    if (command.args.some((arg) => String(arg).startsWith(prefix))) commands.count += 1;
    return send(command, ...rest);
  };
  const all = { ...DEFAULT_LIMITS, ...limits };
  // The batch of dashboard counts goes on a timer, which would add its command to whichever capture it falls in: not here.
  const redis = createRedisStore({
    client,
    keyPrefix: prefix,
    commandTimeoutMs: 2000,
    limits: all,
    activityFlushMs: 3_600_000,
    ...replicaWaitOfRun(),
  });
  const memory = createMemoryStore(all);
  stores.push(redis, memory);
  return { redis, memory, commands, prefix };
}

/**
 * One command on one server. A Cluster sends the template step, then its two scripts: 3, or more where a node sees a
 * script for the first time (EVALSHA, then EVAL), which a warm-up on one tenant cannot rule out for every slot.
 */
function expectCommands(count: number): void {
  if (onCluster()) expect(count).toBeGreaterThanOrEqual(3);
  else expect(count).toBe(1);
}

const failureOf = (lesson: Lesson, task: TaskRef, write: FailureToSign["write"] = null): FailureToSign => ({
  errorType: lesson.error_type,
  message: lesson.error_message,
  write,
  where: { kind: "lesson", tool: "", ref: task.taskId, at: 1_700_000_000_000 },
});

describe("a lesson captured with the signature its write makes", () => {
  it("answers as the embedded store does, the signature made from the error type and template id, in one command on one server", async () => {
    const { redis, memory, commands } = open();
    const types = ["TypeError", "ENOENT", "exit_code_1", "Erreur réseau ✗", "x".repeat(200)];
    // 20 messages, each met three times in several tasks.
    const messages = [...generatedMessages(20, 7), ...generatedMessages(20, 7), ...generatedMessages(20, 7)];
    // The first use of a script may take two commands (EVALSHA, then EVAL when the server has not cached it yet).
    const warm = aLesson({ task_id: "warm", signature: "" });
    await redis.captureSignedLesson({ tenant: "warm", taskId: "warm" }, warm, null, failureOf(warm, { tenant: "warm", taskId: "warm" }));
    let known = 0;
    for (const [i, message] of messages.entries()) {
      const task = { tenant: i % 2 ? "north" : "south", taskId: `task-${i % 7}` };
      // Half-way, a task of each tenant is resolved: later captures of its signatures are answered its fix.
      if (i === 30 || i === 31) {
        const resolution = { task_id: "task-1", attempt_number: 2, approach: "retried with a longer timeout", model: null, resolved_at: new Date(2).toISOString() };
        for (const store of [redis, memory]) await store.resolveTask({ tenant: task.tenant, taskId: "task-1" }, resolution);
      }
      const lesson = aLesson({ task_id: task.taskId, error_type: types[i % types.length]!, error_message: message, lesson_id: `lsn_${i}`, signature: "" });
      const before = commands.count;
      const [onRedis, inMemory] = [
        valueOf(await redis.captureSignedLesson(task, lesson, null, failureOf(lesson, task))),
        valueOf(await memory.captureSignedLesson(task, lesson, null, failureOf(lesson, task))),
      ];
      expectCommands(commands.count - before);
      expect(onRedis).toEqual(inMemory);
      known += onRedis.knownFixes.length;
      const placed = valueOf(await memory.learnFailureTemplate(task.tenant, message));
      expect(onRedis.lesson.signature).toBe(templateSignature(lesson.error_type, placed.templateId));
      expect(onRedis.template).toBe(placed.template);
    }
    expect(known).toBeGreaterThan(0);
    for (const tenant of ["north", "south"]) expect(await redis.listTenantSignatures(tenant, 100)).toEqual(await memory.listTenantSignatures(tenant, 100));
  });

  it("answers a retry with the first capture, and refuses a key reused for another request before its message is learned", async () => {
    const { redis, memory } = open();
    const task = { tenant: "default", taskId: "keyed" };
    const lesson = aLesson({ task_id: task.taskId, error_type: "ENOENT", error_message: "open '/srv/a.txt' failed", lesson_id: "lsn_keyed", signature: "" });
    const write = { scope: `lesson:${task.taskId}`, key: keyed("k-1") };
    for (const store of [redis, memory]) {
      const first = await store.captureSignedLesson(task, lesson, write.key, failureOf(lesson, task, write));
      const retry = await store.captureSignedLesson(task, { ...lesson, lesson_id: "lsn_other", timestamp: new Date(1).toISOString() }, write.key, failureOf(lesson, task, write));
      expect(first.outcome).toBe("applied");
      expect(retry).toEqual({ outcome: "replayed", value: valueOf(first) });
      const other = { ...lesson, error_message: "a message no template holds yet 7f3a" };
      const reused = { scope: write.scope, key: keyed("k-1", "another-request") };
      expect(await store.captureSignedLesson(task, other, reused.key, failureOf(other, task, reused))).toEqual({ outcome: "mismatch" });
      expect(await store.recallTemplates(task.tenant, { placements: [], terms: ["7f3a", "holds"], kind: null, tool: null, error_type: null, limit: 5 })).toEqual([]);
      expect((await store.lessonCounters(task)).total_captured).toBe(1);
    }
  });

  it("signs as the embedded store does past the template cap, in TypeScript: Redis keeps no signature of a template", async () => {
    const { redis, memory, prefix } = open({ maxTemplatesPerTenant: 10 });
    const messages = generatedMessages(120, 11);
    const task = { tenant: "capped", taskId: "t" };
    for (const [i, message] of messages.entries()) {
      const lesson = aLesson({ task_id: task.taskId, error_type: `E${i % 9}`, error_message: message, lesson_id: `lsn_${i}`, signature: "" });
      expect(valueOf(await redis.captureSignedLesson(task, lesson, null, failureOf(lesson, task))).lesson.signature).toBe(
        valueOf(await memory.captureSignedLesson(task, lesson, null, failureOf(lesson, task))).lesson.signature,
      );
    }
    expect(await keysMatching(redis.client, `${prefix}:*tmpl:signatures`)).toEqual([]);
    expect(await keysMatching(redis.client, `${prefix}:*tmpl:records`)).toHaveLength(1);
  });
});

describe("a failed tool call recorded with the signature its write makes", () => {
  it("answers as the embedded store does, offers and events included, in one command on one server", async () => {
    const { redis, memory, commands } = open();
    const messages = [...generatedMessages(15, 3), ...generatedMessages(15, 3)];
    const warmSession = { tenant: "warm", sessionId: "warm" };
    const warmCall = aCall("read_file", "failure", { path: "a" }, { error_type: "ENOENT", error_message: "warm / up" });
    await redis.recordSignedToolCall(warmSession, warmCall, null, true, callFailure(warmCall, warmSession));
    for (const [i, message] of messages.entries()) {
      const session = { tenant: "fleet", sessionId: `s-${i % 4}` };
      const at = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
      // A failure, then (every other time) the call that fixes it: the fix is learned, and offered to later failures.
      const failed = aCall("read_file", "failure", { path: `p${i % 3}` }, { error_type: i % 2 ? "ENOENT" : "EACCES", error_message: `${message} / ${"'quoted' \\ path"}`, timestamp: at });
      const before = commands.count;
      const [onRedis, inMemory] = [
        await redis.recordSignedToolCall(session, failed, null, true, callFailure(failed, session)),
        await memory.recordSignedToolCall(session, failed, null, true, callFailure(failed, session)),
      ];
      expectCommands(commands.count - before);
      expect(onRedis).toEqual(inMemory);
      const { entry } = valueOf(onRedis);
      const placed = valueOf(await memory.learnFailureTemplate(session.tenant, failed.error_message!));
      expect(entry).toMatchObject({ signature: templateSignature(failed.error_type!, placed.templateId), template: placed.template });
      if (i % 2 === 0) {
        const fixed = aCall("read_file", "success", { path: `docs/p${i % 3}` }, { timestamp: at });
        const beforeFix = commands.count;
        expect(await redis.recordSharedToolCall(session, fixed, null)).toEqual(await memory.recordSharedToolCall(session, fixed, null));
        // The fix is found on the session's window as this store left it, from the session's first call on: one command on one server.
        if (!onCluster()) expect(commands.count - beforeFix).toBe(1);
      }
    }
    for (const session of ["s-0", "s-1", "s-2", "s-3"]) {
      const ref = { tenant: "fleet", sessionId: session };
      expect(await redis.readToolLog(ref)).toEqual(await memory.readToolLog(ref));
    }
    expect(await redis.sharedToolKnowledge("fleet", ["read_file"])).toEqual(await memory.sharedToolKnowledge("fleet", ["read_file"]));
  });

  it("answers a retry with the first call, and refuses a key reused for another failure before its message is learned", async () => {
    const { redis, memory } = open();
    const session = { tenant: "default", sessionId: "keyed" };
    const failed = aCall("shell", "failure", { command: "cat a.yml" }, { error_type: "exit_code_1", error_message: "cat: a.yml: No such file" });
    const write = { scope: `call:${session.sessionId}`, key: keyed("k-1") };
    for (const store of [redis, memory]) {
      const first = await store.recordSignedToolCall(session, failed, write.key, true, callFailure(failed, session, write));
      const retry = await store.recordSignedToolCall(session, failed, write.key, true, callFailure(failed, session, write));
      expect(first.outcome).toBe("applied");
      expect(retry).toEqual({ outcome: "replayed", value: valueOf(first) });
      const other = { ...failed, error_message: "a message no template holds yet 9c2e" };
      const reused = { scope: write.scope, key: keyed("k-1", "another-request") };
      expect(await store.recordSignedToolCall(session, other, reused.key, true, callFailure(other, session, reused))).toEqual({ outcome: "mismatch" });
      expect(await store.recallTemplates(session.tenant, { placements: [], terms: ["9c2e"], kind: null, tool: null, error_type: null, limit: 5 })).toEqual([]);
      expect(await store.readToolLog(session)).toHaveLength(1);
    }
  });
});

describe("a signed tool call whose session another replica moved", () => {
  it("holds the whole write back, then records the call once after the other replica's, as the embedded store does", async () => {
    const { redis, memory, prefix } = open();
    const all = { ...DEFAULT_LIMITS };
    // A second replica on the same Redis, with caches of its own.
    const other = createRedisStore({ client: rawRedis(), keyPrefix: prefix, commandTimeoutMs: 2000, limits: all, ...replicaWaitOfRun() });
    stores.push(other);
    const session = { tenant: "fleet", sessionId: "shared" };
    const first = aCall("deploy", "failure", { env: "a" }, { error_type: "Timeout", error_message: "deploy to a timed out after 30s" });
    const between = aCall("deploy", "failure", { env: "b" }, { error_type: "Timeout", error_message: "deploy to b timed out after 60s" });
    const last = aCall("deploy", "failure", { env: "c" }, { error_type: "Timeout", error_message: "deploy to c timed out after 90s" });
    // This replica decides `last` on the session as it left it after `first`; the other one moved it since.
    const answers = [
      await redis.recordSignedToolCall(session, first, null, true, callFailure(first, session)),
      await other.recordSignedToolCall(session, between, null, true, callFailure(between, session)),
      await redis.recordSignedToolCall(session, last, null, true, callFailure(last, session)),
    ];
    const expected = [
      await memory.recordSignedToolCall(session, first, null, true, callFailure(first, session)),
      await memory.recordSignedToolCall(session, between, null, true, callFailure(between, session)),
      await memory.recordSignedToolCall(session, last, null, true, callFailure(last, session)),
    ];
    expect(answers).toEqual(expected);
    expect(answers.map((answer) => valueOf(answer).entry.id)).toEqual(["call-0001", "call-0002", "call-0003"]);
    expect(await redis.readToolLog(session)).toEqual(await memory.readToolLog(session));
    expect(await redis.sharedToolKnowledge(session.tenant, ["deploy"])).toEqual(await memory.sharedToolKnowledge(session.tenant, ["deploy"]));
    // The message was learned once: its template took the three messages, no more.
    const query = { placements: [], terms: ["deploy"], kind: null, tool: null, error_type: null, limit: 5 };
    expect(await redis.recallTemplates(session.tenant, query)).toEqual(await memory.recallTemplates(session.tenant, query));
  });
});

const callFailure = (call: ReturnType<typeof aCall>, session: { sessionId: string }, write: FailureToSign["write"] = null): FailureToSign => ({
  errorType: call.error_type!,
  message: call.error_message!,
  write,
  where: { kind: "tool", tool: call.tool_name, ref: session.sessionId, at: 1_700_000_000_000 },
});
