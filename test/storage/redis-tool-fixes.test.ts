// A replica decides offers on the fixes as it last knew them: a fix another replica retired or forgot since is never offered, because the write that would offer it is refused and decided again.
import { afterEach, describe, expect, it } from "vitest";
import { createRedisStore } from "../../src/storage/redis/index.js";
import type { Store } from "../../src/storage/port.js";
import type { SessionRef } from "../../src/domain/refs.js";
import type { ToolArguments, ToolOutcome } from "../../src/domain/tools/types.js";
import { aCall, uniqueId } from "../helpers/fixtures.js";
import { DEFAULT_LIMITS, onCluster, onSentinel, rawRedis, TEST_REPLICA_WAIT, uniquePrefix } from "../helpers/stores.js";

const opened: Store[] = [];
afterEach(async () => Promise.all(opened.splice(0).map((store) => store.close())));

/** Two replicas of one Redis prefix, each with caches of its own. */
function twoReplicas(): [Store, Store] {
  const prefix = uniquePrefix();
  const replica = () =>
    createRedisStore({
      client: rawRedis(),
      keyPrefix: prefix,
      commandTimeoutMs: 2000,
      limits: DEFAULT_LIMITS,
      ...(onSentinel() || onCluster() ? { replicaWait: TEST_REPLICA_WAIT } : {}),
    });
  const stores: [Store, Store] = [replica(), replica()];
  opened.push(...stores);
  return stores;
}

const aSession = (): SessionRef => ({ tenant: "default", sessionId: uniqueId("session") });

async function call(store: Store, session: SessionRef, outcome: ToolOutcome, args: ToolArguments) {
  const written = await store.recordSharedToolCall(session, aCall("deploy", outcome, args, outcome === "success" ? {} : { error_type: "Timeout" }), null);
  if (written.outcome === "mismatch") throw new Error("no key was given");
  return written.value.knownFix;
}

/** One session learns that `{ wait: 1 }` fixes `{ wait: 0 }`. */
async function learnFix(store: Store): Promise<void> {
  const session = aSession();
  await call(store, session, "failure", { wait: 0 });
  await call(store, session, "success", { wait: 1 });
}

describe("offers decided on a replica's cached fixes (redis)", () => {
  it("never offers a fix another replica retired since this one last saw it", async () => {
    const [one, two] = twoReplicas();
    await learnFix(one);
    // Replica one offers the fix, so it holds the fix set as the offer left it.
    expect(await call(one, aSession(), "failure", { wait: 0 })).toMatchObject({ fix_delta: { changed: { wait: { from: 0, to: 1 } } } });
    // Replica two offers it three times, and each time the agent takes it and fails again: three recent failures retire it.
    for (let i = 0; i < 3; i += 1) {
      const session = aSession();
      expect(await call(two, session, "failure", { wait: 0 })).not.toBeNull();
      await call(two, session, "failure", { wait: 1 });
    }
    const [knowledge] = await two.sharedToolKnowledge("default", ["deploy"]);
    expect(knowledge!.error_patterns[0]!.fixes[0]!.efficacy).toMatchObject({ failed: 3, retired: true });
    // Replica one still holds the set from before: its decision is refused, made again on the set as it now reads, and offers nothing.
    expect(await call(one, aSession(), "failure", { wait: 0 })).toBeNull();
  });

  it("never offers a fix of a tool another replica forgot since", async () => {
    const [one, two] = twoReplicas();
    await learnFix(one);
    expect(await call(one, aSession(), "failure", { wait: 0 })).not.toBeNull();
    await two.forgetSharedTool("default", "deploy");
    expect(await call(one, aSession(), "failure", { wait: 0 })).toBeNull();
    // What replica one knows now is the tool as it is: new, with one failure and no fix.
    expect(await one.sharedToolKnowledge("default", ["deploy"])).toMatchObject([{ total_calls: 1, fixes_learned: 0, error_patterns: [{ error_type: "Timeout", fixes: [] }] }]);
  });

  it("decides an offer made by one replica on the other, once, and counts it under the fix it named", async () => {
    const [one, two] = twoReplicas();
    await learnFix(one);
    const session = aSession();
    expect(await call(one, session, "failure", { wait: 0 })).toMatchObject({ offer_id: "offer-1" });
    // The next call reaches the other replica, which never saw the offer: it is refused once, then decides it.
    await call(two, session, "success", { wait: 1 });
    const report = await one.efficacyReport("default", 5);
    expect(report.tools).toMatchObject({ offered: 1, worked: 1 });
    expect(report.best).toMatchObject([{ fix_delta: { changed: { wait: { from: 0, to: 1 } } }, counts: { offered: 1, worked: 1 } }]);
  });
});
