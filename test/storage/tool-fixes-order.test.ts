// A tenant write that comes after a later call's write of the same session and tool (refused, then tried again behind it) leaves that call's offer alone.
import { describe, expect, it } from "vitest";
import { createToolFixes } from "../../src/storage/redis/tool-fixes.js";
import type { ToolLogEntry } from "../../src/domain/tools/types.js";
import { aCall } from "../helpers/fixtures.js";

const session = { tenant: "t", sessionId: "s" };

const entry = (id: string, outcome: "success" | "failure", args: Record<string, unknown>): ToolLogEntry => ({
  id,
  ...aCall("deploy", outcome, args, { error_type: outcome === "failure" ? "Timeout" : null }),
  fixed_by: null,
  fix_for: null,
  delta_args: null,
});

/** A fix set of one fix, {wait: 0 → 1}, as Redis answers a set's field. */
const FIX_SET = `v1\n${JSON.stringify({
  fixes: [{ fix_delta: { changed: { wait: { from: 0, to: 1 } } }, times_applied: 2, last_applied_at: "", offered: 0, worked: 0, failed: 0, other_fix: 0, ignored: 0, recent_outcomes: "ww" }],
  events: [],
})}`;

/** The tool's state as a refusal answers it: born b1, the fix set, and the pending offer made to call `offeredTo`. */
function refusal(offeredTo: string) {
  const pending = JSON.stringify({ call_id: offeredTo, error_type: "Timeout", fix_delta: { changed: { wait: { from: 0, to: 1 } } }, born: "b1" });
  return { outcome: "refused" as const, born: "b1", pending: `offer-7\n${pending}`, fixes: { Timeout: FIX_SET } };
}

describe("the order of a session's writes to the tenant (tool-fixes.ts)", () => {
  it("leaves the offer made to a later call alone, and offers nothing, when this call's write comes after that call's", () => {
    const fixes = createToolFixes("wilson");
    const late = { session, entry: entry("call-0004", "failure", { wait: 0 }), fixedErrorType: null, previousCallId: "call-0003", offer: true };
    fixes.decide(late).settle(refusal("call-0005"));
    const decided = fixes.decide(late).decided;
    expect(decided).toMatchObject({ pending_cleared: false, counts: { calls: 1, failure: 1 } });
    expect(decided.offer).toBeUndefined();
    expect(decided.outcome_event).toBeUndefined();
    // Decided on the offer as it reads, so a write that moved it in between refuses this one.
    expect(decided.guard.pending).toBe(refusal("call-0005").pending.slice("offer-7\n".length));
  });

  it("decides the offer made to the call before it, and offers the fix to its own failure, when the writes come in order", () => {
    const fixes = createToolFixes("wilson");
    const next = { session, entry: entry("call-0006", "failure", { wait: 0 }), fixedErrorType: null, previousCallId: "call-0005", offer: true };
    fixes.decide(next).settle(refusal("call-0005"));
    const decision = fixes.decide(next);
    expect(decision.decided).toMatchObject({ pending_cleared: true, counts: { ignored: 1, offered: 1 }, totals: { ignored: 1, offered: 1 } });
    expect(JSON.parse(decision.decided.offer!.pending)).toMatchObject({ call_id: "call-0006", born: "b1" });
    expect(decision.offered).toMatchObject({ fix_delta: { changed: { wait: { from: 0, to: 1 } } }, times_applied: 2 });
  });

  it("guards an error type of any name as the set's own field", () => {
    const fixes = createToolFixes("wilson");
    const odd = { ...entry("call-0001", "failure", { wait: 0 }), error_type: "__proto__" };
    const decided = fixes.decide({ session, entry: odd, fixedErrorType: null, previousCallId: null, offer: true }).decided;
    expect(Object.keys(decided.guard.fixes)).toEqual(["__proto__"]);
    expect(JSON.parse(JSON.stringify(decided.guard))).toMatchObject({ fixes: JSON.parse('{"__proto__":""}') });
  });
});
