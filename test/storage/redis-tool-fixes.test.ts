// A replica decides offers on the fixes as it last knew them: a fix another replica retired or forgot since is never offered, because the write that would offer it is refused and decided again.
import { afterEach, describe, expect, it } from "vitest";
import { createRedisStore } from "../../src/storage/redis/index.js";
import type { Store } from "../../src/storage/port.js";
import type { SessionRef } from "../../src/domain/refs.js";
import type { ToolArguments, ToolOutcome } from "../../src/domain/tools/types.js";
import { MAX_ERROR_TYPES_PER_TOOL } from "../../src/domain/tools/pattern-limits.js";
import { aCall, uniqueId } from "../helpers/fixtures.js";
import { DEFAULT_LIMITS, rawRedis, replicaWaitOfRun, uniquePrefix } from "../helpers/stores.js";

const opened: Store[] = [];
afterEach(async () => Promise.all(opened.splice(0).map((store) => store.close())));

/** Two replicas of one Redis prefix, each with caches of its own, and the prefix (for a test that reads what they stored). */
function twoReplicas(): [Store, Store, string] {
  const prefix = uniquePrefix();
  const replica = () =>
    createRedisStore({
      client: rawRedis(),
      keyPrefix: prefix,
      commandTimeoutMs: 2000,
      limits: DEFAULT_LIMITS,
      ...replicaWaitOfRun(),
    });
  const stores: [Store, Store] = [replica(), replica()];
  opened.push(...stores);
  return [...stores, prefix];
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

/** The member the efficacy report lists the learned fix under, which its slot keeps beside its counts. */
const WAIT_MEMBER = JSON.stringify(["deploy", "Timeout", '{"changed":{"wait":{"from":0,"to":1}}}']);

/** The stored version of the deploy tool's Timeout fix set, read raw. */
async function setVersion(raw: ReturnType<typeof rawRedis>, prefix: string): Promise<string> {
  const field = (await raw.hget(`${prefix}:{default:shared}:toolfixes:deploy`, "Timeout"))!;
  return field.slice(0, field.indexOf("\n"));
}

describe("offer counts beside the fix set (redis)", () => {
  it("leaves the set's version where it was when a fix is offered, and counts offers made at once on two replicas exactly", async () => {
    const [one, two, prefix] = twoReplicas();
    const raw = rawRedis();
    try {
      await learnFix(one);
      const before = await setVersion(raw, prefix);
      // Twenty offers at once, half on each replica: none changes the set, so none is refused and none is lost.
      const offers = await Promise.all(Array.from({ length: 20 }, (_, i) => call(i % 2 === 0 ? one : two, aSession(), "failure", { wait: 0 })));
      expect(offers.every((offer) => offer !== null)).toBe(true);
      expect(await setVersion(raw, prefix)).toBe(before);
      expect(await raw.hgetall(`${prefix}:{default:shared}:toolfixslots:deploy`)).toEqual({ "0:offered:Timeout": "20", "0:member:Timeout": WAIT_MEMBER });
      // Each offer answers the count its own increment left: twenty different numbers, one to twenty.
      expect(offers.map((offer) => offer!.efficacy.offered).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect((await two.efficacyReport("default", 5)).best).toMatchObject([{ counts: { offered: 20, worked: 0 } }]);
    } finally {
      await raw.quit();
    }
  });

  it("counts an offer ignored (the next call left its error) beside the set too, and still moves the set for an outcome that ranks", async () => {
    const [one, two, prefix] = twoReplicas();
    const raw = rawRedis();
    try {
      await learnFix(one);
      const ignoredBy = aSession();
      expect(await call(one, ignoredBy, "failure", { wait: 0 })).not.toBeNull();
      const before = await setVersion(raw, prefix);
      // The same args again: the agent ignored the offer. Counted, not a change of the set.
      await call(two, ignoredBy, "failure", { wait: 0 });
      expect(await setVersion(raw, prefix)).toBe(before);
      const workedBy = aSession();
      expect(await call(two, workedBy, "failure", { wait: 0 })).not.toBeNull();
      await call(one, workedBy, "success", { wait: 1 });
      // A fix that worked moves its ranking, kept in the set: a new version.
      expect(await setVersion(raw, prefix)).not.toBe(before);
      const [knowledge] = await one.sharedToolKnowledge("default", ["deploy"]);
      expect(knowledge!.error_patterns[0]!.fixes[0]!.efficacy).toMatchObject({ offered: 3, worked: 1, ignored: 1 });
    } finally {
      await raw.quit();
    }
  });

  it("answers a replayed offer with the counts the first answer gave, and counts it once", async () => {
    const [one, two, prefix] = twoReplicas();
    await learnFix(one);
    const session = aSession();
    const key = { key: "k-offer", fingerprint: "f" };
    const failure = aCall("deploy", "failure", { wait: 0 }, { error_type: "Timeout" });
    const first = await one.recordSharedToolCall(session, failure, key);
    // Another offer meanwhile, so a count read anew would differ from the first answer's.
    await call(two, aSession(), "failure", { wait: 0 });
    const again = await two.recordSharedToolCall(session, failure, key);
    expect(again).toEqual({ ...first, outcome: "replayed" });
    expect(first).toMatchObject({ value: { knownFix: { offer_id: "offer-1", efficacy: { offered: 1 } } } });
    const raw = rawRedis();
    try {
      expect(await raw.hget(`${prefix}:{default:shared}:toolfixslots:deploy`, "0:offered:Timeout")).toBe("2");
    } finally {
      await raw.quit();
    }
  });

  it("drops an error type's offer counts with its fixes when the tool's cap on error types forgets it", async () => {
    const [one, , prefix] = twoReplicas();
    const raw = rawRedis();
    try {
      await learnFix(one);
      expect(await call(one, aSession(), "failure", { wait: 0 })).not.toBeNull();
      const counts = `${prefix}:{default:shared}:toolfixslots:deploy`;
      expect((await raw.hkeys(counts)).sort()).toEqual(["0:member:Timeout", "0:offered:Timeout"]);
      // As many newer error types as the cap keeps: Timeout, the least recently seen, is forgotten, its counts too.
      for (let i = 0; i < MAX_ERROR_TYPES_PER_TOOL; i += 1) {
        await one.recordSharedToolCall(aSession(), aCall("deploy", "failure", { wait: i }, { error_type: `E${i}` }), null);
      }
      expect(await raw.hexists(`${prefix}:{default:shared}:toolfixes:deploy`, "Timeout")).toBe(0);
      expect(await raw.exists(counts)).toBe(0);
    } finally {
      await raw.quit();
    }
  });
});
