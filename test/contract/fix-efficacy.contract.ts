// Contract tests of fix efficacy: offers, the outcome the session's next call decides, ranking and retiring; every adapter passes them.
import { describe, expect, it } from "vitest";
import type { ToolArguments, ToolOutcome } from "../../src/domain/tools/types.js";
import type { RecordedToolCall } from "../../src/domain/shared-tools/store.js";
import type { Store } from "../../src/storage/port.js";
import type { IdempotencyKey } from "../../src/domain/idempotency.js";
import type { SessionRef } from "../../src/domain/refs.js";
import { aCall, aSession, keyed, valueOf } from "../helpers/fixtures.js";
import type { StoreFactory } from "../helpers/stores.js";
import { closingAfterEach } from "./open-stores.js";

const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();

export function fixEfficacyContract(factory: StoreFactory): void {
  describe("fix efficacy", () => {
    const open = closingAfterEach(factory);
    let clock = 0;

    async function call(store: Store, session: SessionRef, outcome: ToolOutcome, args: ToolArguments, idempotencyKey: IdempotencyKey | null = null, tool = "search") {
      clock += 1;
      const options = outcome === "success" ? { timestamp: at(clock) } : { error_type: "E", timestamp: at(clock) };
      return valueOf(await store.recordSharedToolCall(session, aCall(tool, outcome, args, options), idempotencyKey));
    }

    /** A session fails with n: 0 and fixes it with `to`: the tenant learns the change. */
    async function learn(store: Store, to: ToolArguments, times = 1) {
      for (let i = 0; i < times; i += 1) {
        const session = aSession();
        await call(store, session, "failure", { n: 0 });
        await call(store, session, "success", to);
      }
    }

    const fixesOf = async (store: Store) => (await store.sharedToolKnowledge("default", ["search"]))[0]!.error_patterns[0]!.fixes;
    const efficacyOf = async (store: Store) => (await store.sharedToolKnowledge("default", ["search"]))[0]!.efficacy;

    it("counts an offer adopted by the next call: worked when it succeeds, and the fix is applied again", async () => {
      const store = await open();
      await learn(store, { n: 1 });
      const session = aSession();
      const failure = await call(store, session, "failure", { n: 0 });
      expect(failure.knownFix).toMatchObject({ fix_delta: { changed: { n: { from: 0, to: 1 } } }, offer_id: expect.stringMatching(/^offer-\d+$/) });
      expect(failure.knownFix!.efficacy).toMatchObject({ offered: 1, adopted: 0, worked: 0 });
      await call(store, session, "success", { n: 1 });

      const [fix] = await fixesOf(store);
      expect(fix).toMatchObject({ times_applied: 2, efficacy: { offered: 1, adopted: 1, worked: 1, failed: 0, other_fix: 0, ignored: 0, retired: false } });
      expect(await efficacyOf(store)).toEqual({ offered: 1, adopted: 1, worked: 1, failed: 0, other_fix: 0, ignored: 0, pending: 0 });
    });

    it("tells the four outcomes apart, and an offer whose session never calls the tool again stays pending", async () => {
      const store = await open();
      await learn(store, { n: 1 });
      const outcomes: Array<[ToolOutcome, ToolArguments]> = [
        ["failure", { n: 1 }], // adopted, failed
        ["success", { n: 2 }], // other fix
        ["failure", { n: 0 }], // ignored
      ];
      for (const [outcome, args] of outcomes) {
        const session = aSession();
        await call(store, session, "failure", { n: 0 });
        await call(store, session, outcome, args);
      }
      await call(store, aSession(), "failure", { n: 0 }); // never called again: pending
      // The offer made to the ignored session's second failure is pending too. The adopted session's second
      // failure (n: 1) was offered nothing: no fix learned changes n from 1 (applicability.ts).
      expect(await efficacyOf(store)).toEqual({ offered: 5, adopted: 1, worked: 0, failed: 1, other_fix: 1, ignored: 1, pending: 2 });
    });

    it("holds every added or changed value and lacks every removed key, whatever the key order, to count as adopted", async () => {
      const store = await open();
      const learner = aSession();
      await call(store, learner, "failure", { cfg: { a: 1, b: 2 }, drop: true });
      await call(store, learner, "success", { cfg: { a: 1, b: 3 }, extra: "x" });
      const tries: Array<[ToolArguments, "worked" | "other_fix"]> = [
        // The same change in another key order: adopted, and learned as the same fix applied again.
        [{ extra: "x", cfg: { b: 3, a: 1 } }, "worked"],
        [{ cfg: { a: 1, b: 3 }, extra: "x", drop: true }, "other_fix"],
        [{ cfg: { a: 1, b: 3 } }, "other_fix"],
      ];
      for (const [args] of tries) {
        const session = aSession();
        await call(store, session, "failure", { cfg: { a: 1, b: 2 }, drop: true });
        await call(store, session, "success", args);
      }
      const fix = (await fixesOf(store)).find((kept) => kept.fix_delta.added?.["extra"] === "x" && kept.fix_delta.removed?.[0] === "drop");
      expect(fix!.efficacy).toMatchObject({ offered: 3, worked: 1, other_fix: 2 });
    });

    it("is decided by the session's next call of the same tool only: other tools, later calls and other sessions leave it", async () => {
      const store = await open();
      await learn(store, { n: 1 });
      const session = aSession();
      await call(store, session, "failure", { n: 0 });
      await call(store, session, "success", { n: 1 }, null, "other-tool");
      await call(store, aSession(), "success", { n: 1 });
      expect(await efficacyOf(store)).toMatchObject({ offered: 1, pending: 1 });
      await call(store, session, "success", { n: 1 });
      await call(store, session, "success", { n: 1 });
      expect(await efficacyOf(store)).toMatchObject({ offered: 1, worked: 1, pending: 0 });
    });

    it("leaves an offer pending when its session was reset before the next call", async () => {
      const store = await open();
      await learn(store, { n: 1 });
      const session = aSession();
      await call(store, session, "failure", { n: 0 });
      await store.resetSession(session);
      await call(store, session, "success", { n: 1 });
      expect(await efficacyOf(store)).toMatchObject({ offered: 1, worked: 0, pending: 1 });
    });

    it("offers a fix again to a session's first failure after a reset, though the offer made before it was never decided", async () => {
      const store = await open();
      await learn(store, { n: 1 });
      const session = aSession();
      // Its third call is offered the fix; the reset starts its ids over, below that call's.
      await call(store, session, "success", { n: 5 });
      await call(store, session, "success", { n: 6 });
      expect(await call(store, session, "failure", { n: 0 })).toMatchObject({ knownFix: { offer_id: "offer-1" } });
      await store.resetSession(session);
      expect(await call(store, session, "failure", { n: 0 })).toMatchObject({ entry: { id: "call-0001" }, knownFix: { offer_id: "offer-2" } });
      await call(store, session, "success", { n: 1 });
      expect(await efficacyOf(store)).toMatchObject({ offered: 2, worked: 1, pending: 1 });
    });

    it("counts a fix that worked when offered as applied again, also when fix detection saw another change", async () => {
      const store = await open();
      await learn(store, { n: 0, timeout: 30 });
      const session = aSession();
      // A fix that adds a key applies to any call without it (a changed value's fix only to a call with the value it changed).
      await call(store, session, "failure", { n: 5 }); // offered "add timeout"
      await call(store, session, "success", { n: 1, timeout: 30 }); // detected as adding timeout and changing n, a fix of its own
      const fixes = await fixesOf(store);
      expect(fixes.map((fix) => [fix.typical_fix, fix.times_applied, fix.efficacy.worked])).toEqual([
        ["add timeout", 2, 1],
        ["add timeout; change n: 5 -> 1", 1, 0],
      ]);
    });

    it("leaves an offer undecided when the next call is partial or cancelled", async () => {
      const store = await open();
      await learn(store, { n: 1 });
      for (const outcome of ["partial", "cancelled"] as const) {
        const session = aSession();
        await call(store, session, "failure", { n: 0 });
        await call(store, session, outcome, { n: 1 });
        await call(store, session, "success", { n: 1 });
      }
      expect(await efficacyOf(store)).toMatchObject({ offered: 2, worked: 0, failed: 0, pending: 2 });
    });

    it("compares values as JSON: an empty object is not the empty array the fix added", async () => {
      const store = await open();
      await learn(store, { n: 0, opts: [] }, 2); // the second learner is offered it and takes it
      const wrong = aSession();
      await call(store, wrong, "failure", { n: 0 });
      await call(store, wrong, "success", { n: 0, opts: {} });
      const right = aSession();
      await call(store, right, "failure", { n: 0 });
      await call(store, right, "success", { opts: [], n: 0 });
      const fix = (await fixesOf(store)).find((kept) => Array.isArray(kept.fix_delta.added?.["opts"]));
      expect(fix!.efficacy).toMatchObject({ offered: 3, worked: 2, other_fix: 1 });
    });

    it("decides nothing for an offer made before its tool was forgotten, even once new offers are pending", async () => {
      const store = await open();
      await learn(store, { n: 1 });
      const old = aSession();
      await call(store, old, "failure", { n: 0 });
      await store.forgetSharedTool("default", "search");
      await learn(store, { n: 2 });
      const fresh = aSession();
      await call(store, fresh, "failure", { n: 0 });
      await call(store, old, "success", { n: 1 });
      expect(await efficacyOf(store)).toMatchObject({ offered: 1, worked: 0, other_fix: 0, pending: 1 });
      await call(store, fresh, "success", { n: 2 });
      expect(await efficacyOf(store)).toMatchObject({ offered: 1, worked: 1, pending: 0 });
    });

    it("decides nothing for an offer whose tool the tenant forgot since", async () => {
      const store = await open();
      await learn(store, { n: 1 });
      const session = aSession();
      await call(store, session, "failure", { n: 0 });
      await store.forgetSharedTool("default", "search");
      await call(store, session, "success", { n: 1 });
      expect(await efficacyOf(store)).toEqual({ offered: 0, adopted: 0, worked: 0, failed: 0, other_fix: 0, ignored: 0, pending: 0 });
    });

    it("ranks by the Wilson bound: applied twice and failed twice (0.150) falls below applied once (0.207)", async () => {
      const store = await open();
      await learn(store, { n: 1 }, 2);
      await learn(store, { n: 2 });
      // Two sessions take the n: 1 fix, and it fails each time.
      const offered: string[] = [];
      for (let i = 0; i < 2; i += 1) {
        const session = aSession();
        const failure = await call(store, session, "failure", { n: 0 });
        offered.push(failure.knownFix!.typical_fix);
        await call(store, session, "failure", { n: 1 });
      }
      expect(offered).toEqual(["change n: 0 -> 1", "change n: 0 -> 1"]);
      const fixes = await fixesOf(store);
      expect(fixes.map((fix) => [fix.typical_fix, fix.times_applied, fix.efficacy.failed])).toEqual([
        ["change n: 0 -> 2", 1, 0],
        ["change n: 0 -> 1", 2, 2],
      ]);
      expect(fixes[0]!.efficacy.score).toBeCloseTo(0.2065, 4);
      expect(fixes[1]!.efficacy.score).toBeCloseTo(0.15, 3);
      const next = await call(store, aSession(), "failure", { n: 0 });
      expect(next.knownFix!.typical_fix).toBe("change n: 0 -> 2");
    });

    // Both rules retire this fix at its third failed adoption (1 of 4 is under 30%, and 3 of its latest 4 outcomes failed).
    // It now comes back once successes push its failures out of its latest 5 outcomes, not once its all-time share is back at 30%.
    it("retires a fix that failed 3 times and works under 30%, shows it, and offers it again once it recovers", async () => {
      const store = await open();
      await learn(store, { n: 1 });
      for (let i = 0; i < 3; i += 1) {
        const session = aSession();
        await call(store, session, "failure", { n: 0 });
        await call(store, session, "failure", { n: 1 });
      }
      const [retired] = await fixesOf(store);
      expect(retired).toMatchObject({ times_applied: 1, efficacy: { failed: 3, recent_outcomes: "wfff", retired: true } });
      const pattern = (await store.sharedToolKnowledge("default", ["search"]))[0]!.error_patterns[0]!;
      expect(pattern.typical_fix).toBeNull();
      const refused = await call(store, aSession(), "failure", { n: 0 });
      expect(refused.knownFix).toBeNull();

      // Fixed three times more without an offer: the first two leave 3 failures among the latest 5, the third pushes one out.
      await learn(store, { n: 1 }, 2);
      expect((await fixesOf(store))[0]!.efficacy).toMatchObject({ failed: 3, recent_outcomes: "fffww", retired: true });
      await learn(store, { n: 1 });
      expect((await fixesOf(store))[0]!.efficacy).toMatchObject({ failed: 3, recent_outcomes: "ffwww", retired: false });
      const again = await call(store, aSession(), "failure", { n: 0 });
      expect(again.knownFix).toMatchObject({ typical_fix: "change n: 0 -> 1", times_applied: 4 });
    });

    it("retires a fix that worked often before once 3 of its latest 5 outcomes failed: the world changed under it", async () => {
      const store = await open();
      await learn(store, { n: 1 }, 10);
      const offers: boolean[] = [];
      for (let i = 0; i < 4; i += 1) {
        const session = aSession();
        offers.push((await call(store, session, "failure", { n: 0 })).knownFix !== null);
        await call(store, session, "failure", { n: 1 });
      }
      // 10 of 13 by its all-time counts, which alone would keep it offered for 20 more failures.
      expect(offers).toEqual([true, true, true, false]);
      expect((await fixesOf(store))[0]).toMatchObject({ times_applied: 10, efficacy: { failed: 3, recent_outcomes: "wwfff", retired: true } });
    });

    it("keeps offering a fix that failed 2 of its latest 5 outcomes, and stops at the third", async () => {
      const store = await open();
      await learn(store, { n: 1 });
      for (const outcome of ["failure", "success", "failure", "success", "failure"] as const) {
        const session = aSession();
        expect((await call(store, session, "failure", { n: 0 })).knownFix).not.toBeNull();
        await call(store, session, outcome, { n: 1 });
      }
      // Each offer that worked was seen by fix detection too, and counted once.
      expect((await fixesOf(store))[0]).toMatchObject({ times_applied: 3, efficacy: { worked: 2, failed: 3, recent_outcomes: "fwfwf", retired: true } });
      expect((await call(store, aSession(), "failure", { n: 0 })).knownFix).toBeNull();
    });

    it("offers nothing to a call that already holds a fix ranked above every fix that applies to it", async () => {
      const store = await open();
      await learn(store, { n: 1 }, 2); // change n: 0 -> 1, applied twice
      await learn(store, { n: 0, retries: 3 }); // add retries, applied once: ranked below
      // n: 1 holds the better fix already and failed with it: the fix ranked below would be a guess.
      expect((await call(store, aSession(), "failure", { n: 1 })).knownFix).toBeNull();
      // n: 5 holds neither, and only adding retries applies to it: that is the best the tenant knows for it.
      expect((await call(store, aSession(), "failure", { n: 5 })).knownFix).toMatchObject({ typical_fix: "add retries" });
      // n: 0 is offered the better fix, which applies.
      expect((await call(store, aSession(), "failure", { n: 0 })).knownFix).toMatchObject({ typical_fix: "change n: 0 -> 1" });
    });

    it("under the old ranking, offers the fix that applies whatever fix the call holds: nothing is retired there, so the best may no longer work", async () => {
      const store = await open({ fixRanking: "applied" });
      await learn(store, { n: 1 }, 2);
      await learn(store, { n: 0, retries: 3 });
      expect((await call(store, aSession(), "failure", { n: 1 })).knownFix).toMatchObject({ typical_fix: "add retries" });
    });

    it("offers a call the fix that applies even when it holds a fix ranked below it", async () => {
      const store = await open();
      await learn(store, { n: 1 });
      await learn(store, { n: 0, retries: 3 }, 2); // add retries, applied twice: ranked above
      expect((await call(store, aSession(), "failure", { n: 1 })).knownFix).toMatchObject({ typical_fix: "add retries" });
    });

    it("answers a replay with the same offer and counts nothing again", async () => {
      const store = await open();
      await learn(store, { n: 1 });
      const session = aSession();
      const first = await call(store, session, "failure", { n: 0 }, keyed("k1"));
      const replay = await store.recordSharedToolCall(session, aCall("search", "failure", { n: 0 }, { error_type: "E", timestamp: at(clock) }), keyed("k1"));
      expect(replay.outcome).toBe("replayed");
      expect((replay as { value: RecordedToolCall }).value.knownFix).toEqual(first.knownFix);
      const next = await call(store, session, "success", { n: 1 }, keyed("k2"));
      await store.recordSharedToolCall(session, aCall("search", "success", { n: 1 }, { timestamp: at(clock) }), keyed("k2"));
      expect(next.knownFix).toBeNull();
      expect(await efficacyOf(store)).toEqual({ offered: 1, adopted: 1, worked: 1, failed: 0, other_fix: 0, ignored: 0, pending: 0 });
      expect((await fixesOf(store))[0]!.times_applied).toBe(2);
    });

    it("ranks by times applied alone, retiring nothing, when the store ranks the old way", async () => {
      const store = await open({ fixRanking: "applied" });
      await learn(store, { n: 1 }, 2);
      await learn(store, { n: 2 });
      for (let i = 0; i < 4; i += 1) {
        const session = aSession();
        await call(store, session, "failure", { n: 0 });
        await call(store, session, "failure", { n: 1 });
      }
      const fixes = await fixesOf(store);
      expect(fixes.map((fix) => [fix.typical_fix, fix.efficacy.failed, fix.efficacy.retired])).toEqual([
        ["change n: 0 -> 1", 4, false],
        ["change n: 0 -> 2", 0, false],
      ]);
      expect((await call(store, aSession(), "failure", { n: 0 })).knownFix!.typical_fix).toBe("change n: 0 -> 1");
    });
  });
}
