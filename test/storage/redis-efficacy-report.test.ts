// The efficacy report on Redis: one read whatever the number of tools, and a forgotten tool's fixes never listed.
import { Redis } from "ioredis";
import { afterEach, describe, expect, inject, it } from "vitest";
import { createRedisStore } from "../../src/storage/redis/index.js";
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
  const store = createRedisStore({ client, keyPrefix: uniquePrefix(), commandTimeoutMs: 2000, limits: DEFAULT_LIMITS });
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
});
