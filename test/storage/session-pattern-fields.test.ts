// A session's pattern of a tool decided in TypeScript: the same rules as the embedded store's, and never decided on a copy another replica moved.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { applyCallToPattern, applyFixToPattern, emptyPattern, emptyRecency, errorTypeOf } from "../../src/domain/tools/pattern-update.js";
import { FAILURE_OUTCOMES, type ToolLogEntry } from "../../src/domain/tools/types.js";
import { createRedisStore } from "../../src/storage/redis/index.js";
import { argumentTriples } from "../../src/storage/redis/log-entries.js";
import { applyCallToFields, noFields, type ToolFields } from "../../src/storage/redis/session-pattern-fields.js";
import { argumentsInOrder, errorsInOrder, type ErrorField } from "../../src/storage/redis/pattern-state.js";
import type { Store } from "../../src/storage/port.js";
import { aCall } from "../helpers/fixtures.js";
import { DEFAULT_LIMITS, rawRedis, replicaWaitOfRun, uniquePrefix } from "../helpers/stores.js";

/** The pattern's lists as the readers order them (pattern-state.ts), from the fields. */
function listsOf(fields: ToolFields) {
  const flat = <V>(map: ReadonlyMap<string, V>) => [...map].flatMap(([name, value]) => [name, JSON.stringify(value)]);
  return {
    common_args: Object.fromEntries(argumentsInOrder(flat(fields.args)).map(([name, values]) => [name, (values as string[]).map((v) => JSON.parse(v) as unknown)])),
    error_patterns: errorsInOrder<ErrorField>(flat(fields.errors)).map((e) => ({
      error_type: e.error_type,
      count: e.count,
      contexts: e.contexts,
      example_args: e.example_args ? (JSON.parse(e.example_args) as unknown) : null,
      fix_delta: e.fix_delta ? (JSON.parse(e.fix_delta) as unknown) : null,
    })),
    success_patterns: fields.successes.map((s) => ({ goal_match: s.goal_match ?? null, arg_hints: JSON.parse(s.arg_hints) as unknown, example_call_id: s.example_call_id ?? null })),
  };
}

// Names, values, error types and goals drawn so that some repeat and every cap is passed within a run: 64 names (100
// rare ones beside 4 common), 5 values (10 kinds), 32 error types (60 rare beside 3 common), 5 goals (6).
const call = fc.record({
  outcome: fc.constantFrom("success" as const, "failure" as const, "failure" as const, "timeout" as const),
  args: fc.dictionary(fc.constantFrom(...Array.from({ length: 200 }, (_, i) => (i < 100 ? `a${i % 4}` : `r${i}`))), fc.oneof(fc.integer({ min: 0, max: 7 }), fc.record({ k: fc.constantFrom("x", "y") })), { maxKeys: 3 }),
  error: fc.constantFrom(...Array.from({ length: 100 }, (_, i) => (i < 40 ? `E${i % 3}` : `F${i}`)), ""),
  goal: fc.constantFrom("", "build", "deploy", "test", "lint", "ship", "fix"),
});

describe("a session's pattern decided on its fields", () => {
  it("keeps what the embedded store's pattern keeps, call after call, past every cap", () => {
    fc.assert(
      fc.property(fc.array(call, { minLength: 100, maxLength: 150 }), (calls) => {
        const pattern = emptyPattern("t", "");
        const recency = emptyRecency();
        const fields: ToolFields = noFields();
        calls.forEach((c, i) => {
          const entry: ToolLogEntry = { id: `call-${i + 1}`, ...aCall("t", c.outcome, c.args, { error_type: c.error || null, context_goal: c.goal || null }), fixed_by: null, fix_for: null, delta_args: null };
          applyCallToPattern(pattern, entry, "", recency);
          // A success fixes the newest failure of a type still kept, with a delta of its own.
          const failedType = c.outcome === "success" ? pattern.error_patterns.at(-1)?.error_type : undefined;
          const delta = { changed: { n: { from: i, to: i + 1 } } };
          if (failedType !== undefined) applyFixToPattern(pattern, { ...entry, outcome: "failure", error_type: failedType }, entry, delta);
          const fix = failedType === undefined ? null : { errorType: failedType, delta: JSON.stringify(delta), callId: entry.id };
          const seen = { failed: FAILURE_OUTCOMES.has(c.outcome), errorType: errorTypeOf({ error_type: c.error }), goal: c.goal };
          applyCallToFields(fields, seen, argumentTriples(c.args), fix, `born-${i}`);
        });
        const expected = {
          common_args: pattern.common_args,
          error_patterns: pattern.error_patterns.map(({ typical_fix: _, ...e }) => e),
          success_patterns: pattern.success_patterns.map(({ delta_that_fixed: _, ...s }) => s),
        };
        expect(listsOf(fields)).toEqual(expected);
        expect(fields.total).toBe(calls.length);
      }),
      { numRuns: 200, seed: 20_261_207 },
    );
  });

  it("writes only the fields a call changes, and guards them by the version it read", () => {
    const fields = noFields();
    const first = applyCallToFields(fields, { failed: true, errorType: "E", goal: "" }, argumentTriples({ q: "a" }), null, "b1");
    expect(first).toMatchObject({ expect: ":0", born: "b1", args_seen: ["q"], errors_seen: ["E"], successes: "" });
    expect(first.args.filter((_, i) => i % 2 === 0)).toEqual(["q"]);
    // The same value again: the name is seen, nothing of it is written; the error pattern counts the failure.
    const again = applyCallToFields(fields, { failed: true, errorType: "E", goal: "" }, argumentTriples({ q: "a" }), null, "b2");
    expect(again).toMatchObject({ expect: "b1:1", born: "", args: [], args_seen: ["q"] });
    expect(JSON.parse(again.errors[1]!)).toMatchObject({ first: 1, count: 2 });
  });
});

describe("two replicas writing one session", () => {
  const opened: Store[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });

  // A failure with a message goes through the step of its template first: on a single server, one script checks the
  // session's guards before it applies the step (recordSignedToolCall-40.lua).
  it.each([["without a message", false], ["with a message", true]])("decide a tool's pattern again when the other replica called the tool, though the session's window reads as this one knows it (failures %s)", async (_, withMessage) => {
    const prefix = uniquePrefix();
    const replica = () => createRedisStore({ client: rawRedis(), keyPrefix: prefix, commandTimeoutMs: 2000, limits: DEFAULT_LIMITS, ...replicaWaitOfRun() });
    const [one, two] = [replica(), replica()];
    opened.push(one, two);
    const session = { tenant: "t", sessionId: "s" };
    const failed = (store: Store, q: string) => {
      const call = aCall("search", "failure", { q }, { error_type: "E", error_message: withMessage ? `timed out reading ${q}` : null });
      if (!withMessage) return store.recordSharedToolCall(session, call, null);
      const where = { kind: "tool" as const, tool: "search", ref: session.sessionId, at: 0 };
      return store.recordSignedToolCall(session, call, null, true, { errorType: "E", message: call.error_message!, write: null, where });
    };
    await failed(one, "a");
    await failed(two, "b");
    // Refused (the session moved), `one` reads the window again, and the pattern of fetch, not search's.
    await one.recordSharedToolCall(session, aCall("fetch", "success", { u: "x" }), null);
    // The window is as `one` knows it; the pattern of search it holds is a call behind.
    await failed(one, "c");
    const pattern = await one.getPattern(session, "search");
    expect(pattern?.common_args).toEqual({ q: ["a", "b", "c"] });
    expect(pattern?.error_patterns.map((e) => [e.error_type, e.count])).toEqual([["E", 3]]);
    expect(pattern?.total_calls).toBe(3);
  });
});
