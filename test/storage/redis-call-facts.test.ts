// A call's fix-detection facts on Redis: kept small, and read in the form written before that too.
import type { Cluster, Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Store } from "../../src/storage/port.js";
import { aCall, aSession } from "../helpers/fixtures.js";
import { keysWritten, rawRedis, redisStoreFactory } from "../helpers/stores.js";

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

async function callsKeyOf(store: Store): Promise<string> {
  return (await keysWritten(store))!.find((key) => key.endsWith(":calls"))!;
}

describe("fix-detection facts of a call (redis)", () => {
  it("keeps a primitive argument's JSON once, and an object's twice only when its key order is not canonical", async () => {
    const store = await factory();
    opened.push(store);
    const session = aSession();
    await store.recordToolCall(session, aCall("search", "failure", { q: "x", n: 1, opts: { b: 1, a: 2 }, sorted: { a: 1 } }, { error_type: "E" }));
    const [header, args] = (await raw.hget(await callsKeyOf(store), "m:call-0001"))!.split("\n");
    expect(JSON.parse(header!)).toEqual({ o: "failure", e: "E", t: "search" });
    expect(args).toBe('[["q","\\"x\\""],["n","1"],["opts","{\\"a\\":2,\\"b\\":1}","{\\"b\\":1,\\"a\\":2}"],["sorted","{\\"a\\":1}"]]');
  });

  it("still detects a fix of a failure whose facts were kept in the earlier form", async () => {
    const store = await factory();
    opened.push(store);
    const session = aSession();
    await store.recordToolCall(session, aCall("search", "failure", { q: "x" }, { error_type: "E" }));
    const earlierForm = JSON.stringify({ tool: "search", outcome: "failure", error_type: "E", args: JSON.stringify([["q", '"x"', '"x"']]) });
    await raw.hset(await callsKeyOf(store), "m:call-0001", earlierForm);
    const fix = await store.recordToolCall(session, aCall("search", "success", { q: "y" }));
    expect(fix).toMatchObject({ fix_for: "call-0001", delta_args: { changed: { q: { from: "x", to: "y" } } } });
  });
});
