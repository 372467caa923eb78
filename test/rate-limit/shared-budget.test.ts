// The rate limiter's budget: exact in one replica, shared through synced counts, bounded when replicas race.
import { describe, expect, it } from "vitest";
import { createSharedBudget, type SharedBudget } from "../../src/rate-limit/shared-budget.js";

/** A shared count as the store keeps it: every replica's requests per window and subject. */
function sharedCounts() {
  const totals = new Map<string, number>();
  return {
    totals,
    sync(budget: SharedBudget) {
      for (const batch of budget.drain()) {
        const answered = new Map<string, number>();
        for (const [subject, count] of batch.counts) {
          const key = `${batch.windowStartMs}/${subject}`;
          totals.set(key, (totals.get(key) ?? 0) + count);
          answered.set(subject, totals.get(key)!);
        }
        budget.settle(batch, answered);
      }
    },
  };
}

const admitted = (budget: SharedBudget, subject: string, max: number, times: number) =>
  Array.from({ length: times }, () => budget.take(subject, max).allowed).filter(Boolean).length;

describe("shared request budget", () => {
  it("admits exactly max requests per window in one replica, counting down remaining, then refuses until the window ends", () => {
    let now = 60_000 * 7 + 15_000;
    const budget = createSharedBudget(60_000, () => now);
    const decisions = Array.from({ length: 4 }, () => budget.take("t", 3));
    expect(decisions.map((d) => [d.allowed, d.remaining])).toEqual([[true, 2], [true, 1], [true, 0], [false, 0]]);
    expect(decisions[3]!.resetSeconds).toBe(45);
    now += 45_000;
    expect(budget.take("t", 3)).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 60 });
  });

  it("keeps subjects apart", () => {
    const budget = createSharedBudget(60_000, () => 0);
    expect(admitted(budget, "a", 2, 5)).toBe(2);
    expect(admitted(budget, "b", 2, 5)).toBe(2);
  });

  it("shares one budget between replicas once they have synced, each view at most one sync old", () => {
    const store = sharedCounts();
    const first = createSharedBudget(60_000, () => 1000);
    const second = createSharedBudget(60_000, () => 1000);
    expect(admitted(first, "t", 10, 6)).toBe(6);
    store.sync(first);
    // The second replica has not synced yet: it admits against its own view...
    expect(admitted(second, "t", 10, 1)).toBe(1);
    store.sync(second);
    // ...and from its first sync on knows the other's 6.
    expect(admitted(second, "t", 10, 5)).toBe(3);
    store.sync(second);
    // An idle subject of the current window is refreshed too, so the first replica learns the rest.
    store.sync(first);
    expect(first.take("t", 10).allowed).toBe(false);
    expect(store.totals.get("0/t")).toBe(10);
  });

  it("sends nothing twice and gives back what a failed sync could not send", () => {
    const budget = createSharedBudget(60_000, () => 0);
    admitted(budget, "t", 100, 4);
    const [batch] = budget.drain();
    expect(batch!.counts).toEqual(new Map([["t", 4]]));
    admitted(budget, "t", 100, 1);
    budget.settle(batch!, null);
    // The 4 refused by the store come back with the 1 admitted meanwhile.
    expect(budget.drain()[0]!.counts).toEqual(new Map([["t", 5]]));
  });

  it("refreshes an idle subject only when asked to, so a sync carries the active addresses, not every address seen", () => {
    const budget = createSharedBudget(60_000, () => 0);
    budget.take("tenant", 10);
    budget.take("unauthenticated:10.0.0.1", 10, false);
    const [first] = budget.drain();
    budget.settle(first!, new Map([["tenant", 1], ["unauthenticated:10.0.0.1", 1]]));
    // Nothing new from either: the tenant is asked after (count 0), the address is not.
    expect(budget.drain()[0]!.counts).toEqual(new Map([["tenant", 0]]));
  });

  it("forgets subjects whose window has ended", () => {
    let now = 0;
    const budget = createSharedBudget(1000, () => now);
    budget.take("a", 5);
    budget.take("b", 5);
    now = 999;
    budget.forgetEnded();
    expect(budget.size).toBe(2);
    now = 1000;
    budget.forgetEnded();
    expect(budget.size).toBe(0);
  });
});
