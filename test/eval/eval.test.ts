// The seeded evaluation in short (npm run eval at a small size): what the memory and its ranking do for a fleet, on both stores.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { pendingOf, summarise } from "../../scripts/eval/report.js";
import { DEFAULTS, runEval, type RunResult, type StoreKind } from "../../scripts/eval/runner.js";

const STORES: StoreKind[] = ["memory", "redis"];
let results: RunResult[] = [];

const runOf = (store: StoreKind, name: string) => results.find((result) => result.store === store && result.run.name === name)!;

beforeAll(async () => {
  // Tool calls only: the lessons side changes no number asserted here, and doubles the requests.
  results = await runEval({ ...DEFAULTS, sessions: 40, lessons: false, stores: STORES, redisUrl: inject("redisUrl") });
}, 180_000);

describe.each(STORES)("the seeded fleet on the %s store", (store) => {
  it("fails less per success when its agents take the offered fixes, under either ranking", () => {
    const without = summarise(runOf(store, "no memory")).failuresPerSuccess;
    expect(summarise(runOf(store, "times applied")).failuresPerSuccess).toBeLessThan(without);
    expect(summarise(runOf(store, "Wilson")).failuresPerSuccess).toBeLessThan(without);
  });

  it("is offered a wrong fix less often when fixes are ranked by the Wilson bound than by times applied", () => {
    const applied = summarise(runOf(store, "times applied"));
    const wilson = summarise(runOf(store, "Wilson"));
    expect(wilson.wrongOfferShare).toBeLessThan(applied.wrongOfferShare);
    // The Wilson run also needs fewer failures, since a wrong offer taken is one more failed call.
    expect(wilson.failuresPerSuccess).toBeLessThan(applied.failuresPerSuccess);
  });

  it("never offers one goal's fix to another goal failing with the same error for another cause", () => {
    for (const name of ["times applied", "Wilson"]) {
      const summary = summarise(runOf(store, name));
      // Each goal of read_file and shell misses its own file: a fix learned for one path or command is wrong for every other.
      expect(summary.ownCauseFailures).toBeGreaterThan(20);
      expect(summary.ownCauseWrongOffers).toBe(0);
    }
  });

  it("GET /efficacy counts every offer the agents saw, and decides each as the agents' next call did", () => {
    for (const result of results.filter((candidate) => candidate.store === store)) {
      const { tally } = result;
      const { worked, failed, other_fix, ignored } = tally.outcomes;
      expect(result.efficacy).toMatchObject({ offered: tally.offers, adopted: worked + failed, worked, failed, other_fix, ignored, pending: pendingOf(tally) });
    }
  });
});
