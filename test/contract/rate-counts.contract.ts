// Contract tests of RateCountStore: the counts every replica adds to, per window and subject.
import { describe, expect, it } from "vitest";
import type { StoreFactory } from "../helpers/stores.js";
import { closingAfterEach } from "./open-stores.js";

const MINUTE = 60_000;

export function rateCountStoreContract(factory: StoreFactory): void {
  describe("rate counts", () => {
    const open = closingAfterEach(factory);
    // Windows are named by their start; the store forgets one when told, a minute on here, so no test outlives its counts.
    const thisWindow = () => Date.now();

    it("adds each subject's requests and answers every adder's total, per window", async () => {
      const store = await open();
      const window = thisWindow();
      expect(await store.addRequestCounts(window, MINUTE, new Map([["a", 3], ["b", 1]]))).toEqual(new Map([["a", 3], ["b", 1]]));
      // Another replica adds to the same counts; 0 only reads.
      expect(await store.addRequestCounts(window, MINUTE, new Map([["a", 2], ["unauthenticated:10.0.0.1", 0]]))).toEqual(
        new Map([["a", 5], ["unauthenticated:10.0.0.1", 0]]),
      );
      expect(await store.addRequestCounts(window, MINUTE, new Map([["b", 0]]))).toEqual(new Map([["b", 1]]));
    });

    it("starts every window from nothing", async () => {
      const store = await open();
      const window = thisWindow();
      await store.addRequestCounts(window, MINUTE, new Map([["a", 7]]));
      expect(await store.addRequestCounts(window + MINUTE, MINUTE, new Map([["a", 1]]))).toEqual(new Map([["a", 1]]));
    });
  });
}
