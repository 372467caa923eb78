// Redis at the key level: every key of a task or session carries the TTL after every write, or none at all; a stored call's facts stay small.
import type { Cluster, Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Store, StoreLimits } from "../../src/storage/port.js";
import type { SessionRef, TaskRef } from "../../src/domain/refs.js";
import { createRedisStore } from "../../src/storage/redis/index.js";
import { bestRank } from "../../src/domain/efficacy/ranks.js";
import { canonicalJson } from "../../src/domain/tools/arguments.js";
import { aCall, aLesson, aSession, aTask } from "../helpers/fixtures.js";
import { DEFAULT_LIMITS, keysMatching, keysWritten, rawRedis, redisElapse, redisStoreFactory, uniquePrefix } from "../helpers/stores.js";
import { appendLesson, recordCall } from "../helpers/writes.js";

const factory = redisStoreFactory();
let raw: Redis | Cluster;
const opened: Store[] = [];

beforeAll(() => {
  raw = rawRedis();
});
afterAll(async () => {
  await raw.quit();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

async function open(limits: Partial<StoreLimits>): Promise<Store> {
  const store = await factory(limits);
  opened.push(store);
  return store;
}

/** The tenant's keys: its knowledge, listings and events, which the tests of its retention cover. */
const isTenantKey = (key: string) => key.includes(":shared}:");

/** Each key of a task or session (and with `tenant`, of the tenant) the store has written, with its PTTL in milliseconds (-1: no expiry). */
async function ttls(store: Store, { tenant = false } = {}): Promise<Record<string, number>> {
  const keys = (await keysWritten(store))!.filter((key) => tenant || !isTenantKey(key));
  const found: Record<string, number> = {};
  for (const key of keys.sort()) found[key] = await raw.pttl(key);
  return found;
}

/**
 * Writes to a task and a session so that every kind of key exists: lessons, counters, signatures,
 * resolution, meta, log, calls, fixes, tools, and the keys of the tool's pattern.
 */
async function writeEverything(store: Store, task: TaskRef, session: SessionRef) {
  await appendLesson(store, task, aLesson({ category: "api", tier: 2 }));
  await store.setResolution(task, { task_id: task.taskId, attempt_number: 2, approach: "retry", model: null, resolved_at: new Date(0).toISOString() });
  await appendLesson(store, task, aLesson({ category: "syntax", tier: 1 }));
  await recordCall(store, session, aCall("t", "failure", { x: 1 }, { error_type: "bad" }));
  await recordCall(store, session, aCall("t", "success", { x: 2 }));
}

/** A tool's pattern is six keys: its counts, argument and error fields, when each was last seen, and its recent calls. */
const toolKeys = (tool: string) => ["args-seen", "args", "errors-seen", "errors", "pattern", "recent"].map((kind) => `${kind}:${tool}`);
const TASK_SUFFIXES = ["counters", "lessons", "resolution", "signatures"];
const SESSION_SUFFIXES = ["calls", "fixes", "log", "meta", "tools", ...toolKeys("t")];
const SUFFIXES = [...TASK_SUFFIXES, ...SESSION_SUFFIXES].sort();
/** What follows a key's hash tag: `meta`, `pattern:t`, … */
const suffixesOf = (keys: Record<string, number>) => Object.keys(keys).map((key) => key.slice(key.indexOf("}:") + 2)).sort();

describe("retention of Redis keys", () => {
  it("sets the retention TTL on every key a task and a session write", async () => {
    const store = await open({ lessonsTtlSeconds: 60, sessionsTtlSeconds: 120 });
    const task = aTask();
    const session = aSession();
    await writeEverything(store, task, session);

    const found = await ttls(store);
    expect(suffixesOf(found)).toEqual(SUFFIXES);
    for (const [key, ttl] of Object.entries(found)) {
      const limit = key.includes(":task:") ? 60_000 : 120_000;
      expect({ key, expiring: ttl > 0 && ttl <= limit }).toEqual({ key, expiring: true });
    }
  });

  it("keeps the TTL on every key after deleteLesson, importMemory and a call that trims the log", async () => {
    const store = await open({ lessonsTtlSeconds: 60, sessionsTtlSeconds: 60, maxToolLogEntries: 2 });
    const task = aTask();
    const session = aSession();
    const copy = aSession();
    await writeEverything(store, task, session);
    const [first, second] = await store.listLessons(task);

    // Deleting the last lesson empties the list; counters (captured), signatures and the resolution stay and keep their TTL.
    expect(await store.deleteLesson(task, first!.lesson_id)).toBe(true);
    expect(await store.deleteLesson(task, second!.lesson_id)).toBe(true);
    // Past maxToolLogEntries the oldest entries are trimmed from the log and the calls hash.
    await recordCall(store, session, aCall("t", "failure", { x: 3 }));
    await recordCall(store, session, aCall("u", "timeout", { y: 1 }));
    expect((await store.readToolLog(session)).map((entry) => entry.id)).toEqual(["call-0004", "call-0003"]);
    await store.importMemory(copy, { ...(await store.exportMemory(session))!, session_id: copy.sessionId });

    const found = await ttls(store);
    // The copy holds the session's log, fixes and both tools' patterns.
    expect(suffixesOf(Object.fromEntries(Object.entries(found).filter(([key]) => key.includes(copy.sessionId))))).toEqual(
      ["calls", "fixes", "log", "meta", "tools", ...toolKeys("t"), ...toolKeys("u")].sort(),
    );
    expect(suffixesOf(Object.fromEntries(Object.entries(found).filter(([key]) => key.includes(":task:"))))).toEqual(["counters", "resolution", "signatures"]);
    for (const [key, ttl] of Object.entries(found)) expect({ key, expiring: ttl > 0 }).toEqual({ key, expiring: true });
  });

  it("sets no TTL on any key when the retention is 0", async () => {
    const store = await open({ lessonsTtlSeconds: 0, sessionsTtlSeconds: 0, maxToolLogEntries: 2 });
    const task = aTask();
    const session = aSession();
    const copy = aSession();
    await writeEverything(store, task, session);
    await store.deleteLesson(task, (await store.listLessons(task))[0]!.lesson_id);
    await recordCall(store, session, aCall("t", "failure", { x: 3 }));
    await store.importMemory(copy, { ...(await store.exportMemory(session))!, session_id: copy.sessionId });

    // The task's and the session's, as many of the copy's, and the tenant's listings (by time and by id).
    const found = await ttls(store);
    expect(Object.keys(found)).toHaveLength(SUFFIXES.length + SESSION_SUFFIXES.length);
    expect(Object.values(found)).toEqual(Array(SUFFIXES.length + SESSION_SUFFIXES.length).fill(-1));
    const listings = (await keysWritten(store))!.filter((key) => /:shared\}:(idx|lex):(tasks|sessions)$/.test(key));
    expect(listings).toHaveLength(4);
    for (const key of listings) expect({ key, pttl: await raw.pttl(key) }).toEqual({ key, pttl: -1 });
  });

  it("removes the TTL again when a write happens under a retention lowered to 0", async () => {
    // Two stores on one prefix: the same data before and after a redeploy that turned retention off.
    const prefix = uniquePrefix();
    const storeWith = (limits: Partial<StoreLimits>) => {
      const store = createRedisStore({ client: rawRedis(), keyPrefix: prefix, commandTimeoutMs: 2000, limits: { ...DEFAULT_LIMITS, ...limits } });
      opened.push(store);
      return store;
    };
    const before = storeWith({ lessonsTtlSeconds: 60, sessionsTtlSeconds: 60 });
    const after = storeWith({ lessonsTtlSeconds: 0, sessionsTtlSeconds: 0 });
    const task = aTask();
    const session = aSession();
    await writeEverything(before, task, session);
    await appendLesson(after, task, aLesson());
    await recordCall(after, session, aCall("t", "partial"));

    const keys = (await keysMatching(raw, `${prefix}:*`)).filter((key) => !isTenantKey(key));
    expect(keys).toHaveLength(SUFFIXES.length);
    for (const key of keys) expect({ key, pttl: await raw.pttl(key) }).toEqual({ key, pttl: -1 });
  });

  it("lets every key of a task and a session vanish together", async () => {
    const store = await open({ lessonsTtlSeconds: 1, sessionsTtlSeconds: 1 });
    const task = aTask();
    const session = aSession();
    await writeEverything(store, task, session);
    expect(Object.keys(await ttls(store))).toHaveLength(SUFFIXES.length);

    await redisElapse(1200);
    expect((await keysWritten(store))!.filter((key) => !isTenantKey(key))).toEqual([]);
  });
});

async function callsKeyOf(store: Store): Promise<string> {
  return (await keysWritten(store))!.find((key) => key.endsWith(":calls"))!;
}

describe("fix-detection facts of a call (redis)", () => {
  it("keeps a primitive argument's JSON once, and an object's twice only when its key order is not canonical", async () => {
    const store = await open({});
    const session = aSession();
    await recordCall(store, session, aCall("search", "failure", { q: "x", n: 1, opts: { b: 1, a: 2 }, sorted: { a: 1 } }, { error_type: "E" }));
    const [header, args] = (await raw.hget(await callsKeyOf(store), "m:call-0001"))!.split("\n");
    expect(JSON.parse(header!)).toEqual({ outcome: "failure", error_type: "E", tool: "search" });
    expect(args).toBe('[["q","\\"x\\""],["n","1"],["opts","{\\"a\\":2,\\"b\\":1}","{\\"b\\":1,\\"a\\":2}"],["sorted","{\\"a\\":1}"]]');
  });
});

describe("retention of a tenant's tool keys (redis)", () => {
  it("gives every key of a tool's knowledge, its fix sets too, the tools' retention, also a key made after the tool's first call", async () => {
    const store = await open({ toolsTtlSeconds: 300, sessionsTtlSeconds: 0 });
    const session = aSession();
    // The fix set, and beside it its slots' fields (the report's member, then the offer counts), are made by the second
    // call, well after the tool's keys were first renewed; the third offers it.
    await store.recordSharedToolCall(session, aCall("t", "failure", { x: 1 }, { error_type: "bad" }), null);
    await store.recordSharedToolCall(session, aCall("t", "success", { x: 2 }), null);
    await store.recordSharedToolCall(aSession(), aCall("t", "failure", { x: 1 }, { error_type: "bad" }), null);
    const found = await ttls(store, { tenant: true });
    const toolKeys = Object.entries(found).filter(([key]) => /:(tool|toolargs|toolargs-seen|toolerrors|toolerrors-seen|toolfixes|toolfixslots|seen):t$/.test(key));
    expect(toolKeys.map(([key]) => key.slice(key.lastIndexOf("}:") + 2)).sort()).toEqual(
      ["seen:t", "tool:t", "toolargs-seen:t", "toolargs:t", "toolerrors-seen:t", "toolerrors:t", "toolfixes:t", "toolfixslots:t"].sort(),
    );
    for (const [key, ttl] of toolKeys) expect({ key, expiring: ttl > 0 && ttl <= 300_000 }).toEqual({ key, expiring: true });
  });
});

describe("a fix's stored form (redis)", () => {
  it("keeps the delta as given in its fix set, and ranks it under canonicalJson of the delta", async () => {
    const store = await open({});
    const session = aSession();
    await recordCall(store, session, aCall("search", "failure", { "a/b": 1, "10": "x", "9": { y: 1, x: 2 }, é: 1 }, { error_type: "E" }));
    await store.recordSharedToolCall(session, aCall("search", "failure", { "a/b": 1, "10": "x", "9": { y: 1, x: 2 }, é: 1 }, { error_type: "E" }), null);
    await store.recordSharedToolCall(session, aCall("search", "success", { "9": { x: 3, y: 1 }, "10": "y", n: [{ b: 2, a: 1 }], é: 1 }), null);
    const written = (await keysWritten(store))!;
    const field = (await raw.hget(written.find((key) => key.endsWith(":toolfixes:search"))!, "E"))!;
    // A version, then the set as JSON: the version moves with every write of the set.
    const [version, json] = [field.slice(0, field.indexOf("\n")), field.slice(field.indexOf("\n") + 1)];
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    const [fix] = (JSON.parse(json) as { fixes: Array<{ slot: number; fix_delta: unknown }> }).fixes;
    // Its slot names its offer counts, which sit beside the set so an offer does not move its version.
    expect(fix!.slot).toBe(0);
    expect(fix!.fix_delta).toEqual({ added: { n: [{ b: 2, a: 1 }] }, removed: ["a/b"], changed: { "9": { from: { y: 1, x: 2 }, to: { x: 3, y: 1 } }, "10": { from: "x", to: "y" } } });
    const members = await raw.zrange(written.find((key) => key.endsWith(":eff:best"))!, "0", "-1");
    expect(members).toEqual([JSON.stringify(["search", "E", canonicalJson(fix!.fix_delta)])]);
    // Its place as domain/efficacy/ranks.ts makes it, to the unit (15 digits).
    expect(await raw.zscore(written.find((key) => key.endsWith(":eff:best"))!, members[0]!)).toBe(String(bestRank(1, 0)));
    expect(String(bestRank(1, 0))).toMatch(/^\d{15}$/);
  });
});
