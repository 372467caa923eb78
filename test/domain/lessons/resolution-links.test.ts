// A change of a task's resolution as the tenant sees it: what it links and unlinks, and how each signature's efficacy moves.
import { describe, expect, it } from "vitest";
import { emptyEfficacySums } from "../../../src/domain/lessons/efficacy.js";
import { planRelink, signaturesToRead, type TaskLinksRead, type TaskUnderSignature } from "../../../src/domain/lessons/resolution-links.js";

const read = (version: number, signatures: string[], records: Record<string, TaskUnderSignature> = {}): TaskLinksRead => ({
  version,
  signatures,
  records: new Map(Object.entries(records)),
});
const resolved = (attempt_number: number, ...signatures: string[]) => ({ attempt_number, signatures });

describe("planRelink", () => {
  it("does nothing for a change no newer than the one applied, so a retry or a slower replica changes nothing", () => {
    expect(planRelink(read(3, ["a"]), { version: 3, previousSignatures: [], resolution: resolved(2, "a") })).toBeNull();
    expect(planRelink(read(3, ["a"]), { version: 2, previousSignatures: [], resolution: null })).toBeNull();
  });

  it("counts a task resolved after its first offer with the attempts since it, and one never offered without an offer", () => {
    const plan = planRelink(read(0, [], { a: { offeredAttempt: 2 } }), { version: 1, previousSignatures: [], resolution: resolved(5, "a", "b") })!;
    expect(plan.linked).toEqual(["a", "b"]);
    expect(plan.unlinked).toEqual([]);
    expect(plan.contributions).toEqual(new Map([["a", { attempt: 5, afterOffer: 3 }], ["b", { attempt: 5, afterOffer: null }]]));
    expect(plan.deltas.get("a")).toEqual({ ...emptyEfficacySums(), tasks_resolved_after_offer: 1, attempts_with_offer_sum: 5, attempts_after_offer_sum: 3 });
    expect(plan.deltas.get("b")).toEqual({ ...emptyEfficacySums(), tasks_resolved_without_offer: 1, attempts_without_offer_sum: 5 });
  });

  it("never counts a negative number of attempts after an offer made at a later attempt than the resolution's", () => {
    const plan = planRelink(read(0, [], { a: { offeredAttempt: 7 } }), { version: 1, previousSignatures: [], resolution: resolved(4, "a") })!;
    expect(plan.contributions.get("a")).toEqual({ attempt: 4, afterOffer: 0 });
  });

  it("takes back what the replaced resolution added, under the signatures it keeps and those it drops", () => {
    const before = read(1, ["a", "b"], { a: { contribution: { attempt: 3, afterOffer: null } }, b: { offeredAttempt: 1, contribution: { attempt: 3, afterOffer: 2 } } });
    const plan = planRelink(before, { version: 2, previousSignatures: ["a", "b"], resolution: resolved(6, "a") })!;
    expect(plan.linked).toEqual(["a"]);
    expect(plan.unlinked).toEqual(["b"]);
    expect(plan.contributions).toEqual(new Map([["a", { attempt: 6, afterOffer: null }], ["b", null]]));
    expect(plan.deltas.get("a")).toEqual({ ...emptyEfficacySums(), attempts_without_offer_sum: 3 });
    expect(plan.deltas.get("b")).toEqual({ ...emptyEfficacySums(), tasks_resolved_after_offer: -1, attempts_with_offer_sum: -3, attempts_after_offer_sum: -2 });
  });

  it("unlinks what the replaced resolution listed even when the task's links expired before its records", () => {
    const plan = planRelink(read(0, [], { old: { contribution: { attempt: 2, afterOffer: null } } }), { version: 4, previousSignatures: ["old"], resolution: null })!;
    expect(plan.unlinked).toEqual(["old"]);
    expect(plan.linked).toEqual([]);
    expect(plan.deltas).toEqual(new Map([["old", { ...emptyEfficacySums(), tasks_resolved_without_offer: -1, attempts_without_offer_sum: -2 }]]));
  });

  it("replaces a stale record of an expired task of the same id instead of counting the task twice", () => {
    const plan = planRelink(read(0, [], { a: { contribution: { attempt: 9, afterOffer: null } } }), { version: 1, previousSignatures: [], resolution: resolved(2, "a") })!;
    expect(plan.deltas.get("a")).toEqual({ ...emptyEfficacySums(), attempts_without_offer_sum: -7 });
  });

  it("links a signature listed twice once", () => {
    const plan = planRelink(read(0, []), { version: 1, previousSignatures: [], resolution: resolved(1, "a", "a") })!;
    expect(plan.linked).toEqual(["a"]);
    expect(plan.deltas.get("a")?.tasks_resolved_without_offer).toBe(1);
  });

  it("reads what the replaced resolution listed and what the new one lists, each once", () => {
    expect(signaturesToRead({ version: 2, previousSignatures: ["a", "b"], resolution: resolved(1, "b", "c") })).toEqual(["a", "b", "c"]);
    expect(signaturesToRead({ version: 2, previousSignatures: ["a"], resolution: null })).toEqual(["a"]);
  });
});
