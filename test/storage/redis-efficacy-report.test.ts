// The efficacy report on Redis: one read whatever the number of tools, and a forgotten tool's or error type's fixes never listed, nor another fix's counts under them.
import { Redis } from "ioredis";
import { afterEach, describe, expect, inject, it } from "vitest";
import { MAX_ERROR_TYPES_PER_TOOL } from "../../src/domain/tools/pattern-limits.js";
import { createMemoryStore } from "../../src/storage/memory/index.js";
import { createRedisStore } from "../../src/storage/redis/index.js";
import { createKeys } from "../../src/storage/redis/keys.js";
import type { Store } from "../../src/storage/port.js";
import { aCall, aSession } from "../helpers/fixtures.js";
import { DEFAULT_LIMITS, uniquePrefix } from "../helpers/stores.js";

const stores: Store[] = [];
afterEach(async () => Promise.all(stores.splice(0).map((store) => store.close())));

/** A Redis store on its own client, counting every command the client sends (a script is one). */
function countingStore(): { store: Store; sent: () => number } {
  const client = new Redis(inject("redisUrl"), { maxRetriesPerRequest: 1 });
  let sent = 0;
  const send = client.sendCommand.bind(client);
  client.sendCommand = ((...args: Parameters<typeof send>) => {
    sent += 1;
    return send(...args);
  }) as typeof client.sendCommand;
  // The batch of dashboard counts goes on a timer, which would add its command to whichever read it falls in: not here.
  const store = createRedisStore({ client, keyPrefix: uniquePrefix(), commandTimeoutMs: 2000, limits: DEFAULT_LIMITS, activityFlushMs: 3_600_000 });
  stores.push(store);
  return { store, sent: () => sent };
}

/** `tools` tools, each with a fix learned (a failure, then a success with other arguments), and one offer of the first decided. */
async function learnFixes(store: Store, tools: number): Promise<void> {
  for (let i = 0; i < tools; i += 1) {
    const session = aSession();
    await store.recordSharedToolCall(session, aCall(`tool-${i}`, "failure", { n: 0 }), null);
    await store.recordSharedToolCall(session, aCall(`tool-${i}`, "success", { n: 1 }), null);
  }
}

describe("the efficacy report on Redis", () => {
  it("is read in one command, for 5 tools as for 200", { timeout: 60_000 }, async () => {
    const counts: number[] = [];
    for (const tools of [5, 200]) {
      const { store, sent } = countingStore();
      await learnFixes(store, tools);
      const before = sent();
      const report = await store.efficacyReport("default", 10);
      counts.push(sent() - before);
      expect(report.best).toHaveLength(Math.min(tools, 10));
    }
    expect(counts).toEqual([1, 1]);
  });

  it("never lists a fix of a forgotten tool, and drops it from the report as it is met", async () => {
    const { store } = countingStore();
    await learnFixes(store, 3);
    await store.forgetSharedTool("default", "tool-1");
    const report = await store.efficacyReport("default", 10);
    expect(report.best.map((fix) => fix.tool_name).sort()).toEqual(["tool-0", "tool-2"]);
  });

  it("never lists a fix whose error type the tool's cap forgot, like the embedded store", async () => {
    const report = await reportOfBoth(async (store) => {
      await learnFixes(store, 1);
      expect(await offerTo(store, { n: 0 })).not.toBeNull();
      for (let i = 0; i < MAX_ERROR_TYPES_PER_TOOL; i += 1) await store.recordSharedToolCall(aSession(), aCall("tool-0", "failure", { n: i }, { error_type: `E${i}` }), null);
    });
    expect(report.best).toEqual([]);
  });

  it("lists a tool forgotten and learned again with its new fix only, never the old fix with the new one's counts", async () => {
    const report = await reportOfBoth(async (store) => {
      await learnFixes(store, 1);
      await store.forgetSharedTool("default", "tool-0");
      // Learned again, another fix in the same slot of the same error type, then offered twice.
      const session = aSession();
      await store.recordSharedToolCall(session, aCall("tool-0", "failure", { n: 0 }), null);
      await store.recordSharedToolCall(session, aCall("tool-0", "success", { n: 2 }), null);
      for (let i = 0; i < 2; i += 1) expect(await offerTo(store, { n: 0 })).not.toBeNull();
    });
    expect(report.best).toMatchObject([{ fix_delta: { changed: { n: { from: 0, to: 2 } } }, counts: { offered: 2 } }]);
  });
  it("drops an entry that names no slot (written by a replica of an older layout after the move) rather than failing the read", async () => {
    const prefix = uniquePrefix();
    const store = createRedisStore({ client: new Redis(inject("redisUrl"), { maxRetriesPerRequest: 1 }), keyPrefix: prefix, commandTimeoutMs: 2000, limits: DEFAULT_LIMITS });
    stores.push(store);
    await learnFixes(store, 2);
    const raw = new Redis(inject("redisUrl"), { maxRetriesPerRequest: 1 });
    try {
      const shared = createKeys(prefix).shared("default");
      const [member] = await raw.zrange(shared.bestFixes, "0", "0");
      const entry = JSON.parse((await raw.hget(shared.rankedFixes, member!))!) as Record<string, unknown>;
      delete entry.slot;
      await raw.hset(shared.rankedFixes, member!, JSON.stringify(entry));
      const report = await store.efficacyReport("default", 10);
      expect(report.best).toHaveLength(1);
      expect(await raw.hexists(shared.rankedFixes, member!)).toBe(0);
    } finally {
      await raw.quit();
    }
  });
});

/** A failure of tool-0 with these arguments in a new session: the fix offered to it, or null. */
async function offerTo(store: Store, args: Record<string, number>) {
  const written = await store.recordSharedToolCall(aSession(), aCall("tool-0", "failure", args), null);
  return written.outcome === "mismatch" ? null : written.value.knownFix;
}

/** The report after `steps` ran on a Redis store and on the embedded store: Redis's, once it is seen to equal the other's. */
async function reportOfBoth(steps: (store: Store) => Promise<void>) {
  const { store } = countingStore();
  const memory = createMemoryStore(DEFAULT_LIMITS);
  stores.push(memory);
  for (const each of [store, memory]) await steps(each);
  const report = await store.efficacyReport("default", 10);
  expect(report).toEqual(await memory.efficacyReport("default", 10));
  return report;
}
