// Contract tests of ToolMemoryStore: ids, fix detection, patterns, trimming, transfer; every adapter passes them.
import { describe, expect, it } from "vitest";
import type { ToolLogEntry } from "../../src/domain/tools/types.js";
import type { NewToolCall } from "../../src/domain/tools/store.js";
import type { Store } from "../../src/storage/port.js";
import type { SessionRef } from "../../src/domain/refs.js";
import { aCall, aSession, ZERO_SESSION_COUNTERS } from "../helpers/fixtures.js";
import type { StoreFactory } from "../helpers/stores.js";
import { closingAfterEach } from "./open-stores.js";
import { recordCall } from "../helpers/writes.js";

export function toolMemoryStoreContract(factory: StoreFactory): void {
  describe("tool memory store", () => {
    const open = closingAfterEach(factory);

    async function recordAll(store: Store, session: SessionRef, calls: NewToolCall[]) {
      const entries: ToolLogEntry[] = [];
      for (const call of calls) entries.push(await recordCall(store, session, call));
      return entries;
    }

    it("allocates call ids in sequence and restarts them after a reset", async () => {
      const store = await open();
      const session = aSession();
      const [a, b] = await recordAll(store, session, [aCall("t", "success"), aCall("t", "success")]);
      expect([a!.id, b!.id]).toEqual(["call-0001", "call-0002"]);
      await store.resetSession(session);
      expect((await recordCall(store, session, aCall("t", "success"))).id).toBe("call-0001");
      expect((await store.sessionCounters(session)).total_calls).toBe(1);
    });

    it("links a success to the failure of the same tool it fixed, both ways", async () => {
      const store = await open();
      const session = aSession();
      const [failure, success] = await recordAll(store, session, [
        aCall("t", "failure", { x: 1 }, { error_type: "unsat" }),
        aCall("t", "success", { x: 2 }),
      ]);
      expect(success).toMatchObject({ fix_for: failure!.id, delta_args: { changed: { x: { from: 1, to: 2 } } } });
      expect(await store.getToolCall(session, failure!.id)).toMatchObject({ fixed_by: success!.id });
      expect((await store.sessionCounters(session)).total_fixes_detected).toBe(1);
    });

    it("describes added, removed and deeply changed arguments", async () => {
      const store = await open();
      const session = aSession();
      const [, added] = await recordAll(store, session, [aCall("t", "failure", { a: 1 }), aCall("t", "success", { a: 1, b: 2 })]);
      expect(added!.delta_args).toEqual({ added: { b: 2 } });

      const [, mixed] = await recordAll(store, session, [
        aCall("u", "failure", { keep: [1, { z: 1, y: 2 }], gone: true, deep: { p: 1 } }),
        aCall("u", "success", { keep: [1, { y: 2, z: 1 }], deep: { p: 2 }, extra: null }),
      ]);
      expect(mixed!.delta_args).toEqual({
        added: { extra: null },
        removed: ["gone"],
        changed: { deep: { from: { p: 1 }, to: { p: 2 } } },
      });
    });

    it("shows nested values back in the agent's key order while comparing them regardless of order", async () => {
      const store = await open();
      const session = aSession();
      const [, same] = await recordAll(store, session, [
        aCall("t", "failure", { cfg: { z: 1, y: 2 } }, { error_type: "bad" }),
        aCall("t", "success", { cfg: { y: 2, z: 1 } }),
      ]);
      expect(same!.fix_for).toBeNull();
      const fix = await recordCall(store, session, aCall("t", "success", { cfg: { z: 1, y: 3 } }));
      expect(JSON.stringify(fix.delta_args)).toBe('{"changed":{"cfg":{"from":{"z":1,"y":2},"to":{"z":1,"y":3}}}}');
      const pattern = (await store.getPattern(session, "t"))!;
      expect(JSON.stringify(pattern.common_args.cfg)).toBe('[{"z":1,"y":2},{"z":1,"y":3}]');
      expect(JSON.stringify(pattern.success_patterns[0]!.arg_hints)).toBe('{"cfg":{"z":1,"y":3}}');
      expect(JSON.stringify(pattern.error_patterns[0]!.example_args)).toBe('{"cfg":{"z":1,"y":2}}');
    });

    it("does not link identical arguments, another tool, or a failure already fixed", async () => {
      const store = await open();
      const session = aSession();
      const entries = await recordAll(store, session, [
        aCall("t", "failure", { x: 1 }), // call-0001
        aCall("other", "success", { x: 2 }), // another tool: no link
        aCall("t", "success", { x: 1 }), // identical arguments: no link
        aCall("t", "success", { x: 3 }), // fixes call-0001
        aCall("t", "success", { x: 4 }), // call-0001 is already fixed
      ]);
      expect(entries.map((entry) => entry.fix_for)).toEqual([null, null, null, "call-0001", null]);
    });

    it("skips a failure with identical arguments and fixes an older one that differs", async () => {
      const store = await open();
      const session = aSession();
      const entries = await recordAll(store, session, [
        aCall("t", "failure", { x: 1 }),
        aCall("t", "timeout", { x: 2 }),
        aCall("t", "success", { x: 2 }),
      ]);
      expect(entries[2]!.fix_for).toBe("call-0001");
    });

    it("fixes timeouts but never partial or cancelled calls", async () => {
      const store = await open();
      const session = aSession();
      const entries = await recordAll(store, session, [
        aCall("t", "timeout", { x: 1 }),
        aCall("t", "success", { x: 2 }),
        aCall("t", "partial", { x: 1 }),
        aCall("t", "cancelled", { x: 1 }),
        aCall("t", "success", { x: 5 }),
      ]);
      expect(entries[1]!.fix_for).toBe("call-0001");
      expect(entries[4]!.fix_for).toBeNull();
    });

    it("looks back only through the fix detection window", async () => {
      const store = await open({ fixDetectionWindow: 3 });
      const session = aSession();
      const filler = [aCall("x", "success"), aCall("x", "success")];
      const inside = await recordAll(store, session, [aCall("t", "failure", { v: 1 }), ...filler, aCall("t", "success", { v: 2 })]);
      expect(inside[3]!.fix_for).toBe("call-0001");

      const other = aSession();
      const outside = await recordAll(store, other, [
        aCall("t", "failure", { v: 1 }),
        ...filler,
        aCall("x", "success"),
        aCall("t", "success", { v: 2 }),
      ]);
      expect(outside[4]!.fix_for).toBeNull();
    });

    it("learns counts, recent distinct argument values, error and success patterns per tool", async () => {
      const store = await open();
      const session = aSession();
      await recordAll(store, session, [
        aCall("t", "failure", { q: "a" }, { error_type: "unsat", context_goal: "solve puzzle", execution_time_ms: 10 }),
        aCall("t", "failure", { q: "b" }, { error_type: "unsat", context_goal: "solve puzzle" }),
        aCall("t", "failure", { q: "c" }, { error_type: null, context_goal: "other goal", execution_time_ms: 0 }),
        aCall("t", "success", { q: "d", n: 1 }, { context_goal: "solve puzzle", execution_time_ms: 30 }),
        aCall("t", "partial", { q: "a" }),
      ]);
      const pattern = await store.getPattern(session, "t");
      expect(pattern).toMatchObject({
        tool_name: "t",
        total_calls: 5,
        success_count: 1,
        failure_count: 3,
        success_rate: 0.2,
        common_args: { q: ["a", "b", "c", "d"], n: [1] },
        avg_execution_ms: 20,
        timed_calls: 2,
      });
      expect(pattern!.error_patterns).toEqual([
        {
          error_type: "unsat",
          count: 2,
          contexts: ["solve puzzle"],
          example_args: { q: "a" },
          typical_fix: null,
          fix_delta: null,
        },
        {
          error_type: "unknown",
          count: 1,
          contexts: ["other goal"],
          example_args: { q: "c" },
          typical_fix: "add n; change q: c -> d",
          fix_delta: { added: { n: 1 }, changed: { q: { from: "c", to: "d" } } },
        },
      ]);
      // The success fixed call-0003, whose failure had no error type: it learns the fix under "unknown".
      expect(pattern!.success_patterns).toEqual([
        {
          goal_match: "solve puzzle",
          arg_hints: { q: "d", n: 1 },
          example_call_id: "call-0004",
          delta_that_fixed: { added: { n: 1 }, changed: { q: { from: "c", to: "d" } } },
        },
      ]);
      expect(await store.getPattern(session, "never-called")).toBeNull();
    });

    it("records the fix on the error pattern of the failure's type", async () => {
      const store = await open();
      const session = aSession();
      await recordAll(store, session, [aCall("t", "failure", { x: 1 }, { error_type: "unsat" }), aCall("t", "success", { x: 2 })]);
      const [errorPattern] = (await store.getPattern(session, "t"))!.error_patterns;
      expect(errorPattern).toMatchObject({
        fix_delta: { changed: { x: { from: 1, to: 2 } } },
        typical_fix: "change x: 1 -> 2",
      });
    });

    it("keeps at most five distinct values per argument and ten success patterns per tool", async () => {
      const store = await open();
      const session = aSession();
      for (let i = 1; i <= 12; i += 1) {
        await recordCall(store, session, aCall("t", "failure", { n: i }));
        await recordCall(store, session, aCall("t", "success", { n: i + 100 }));
      }
      const pattern = (await store.getPattern(session, "t"))!;
      expect(pattern.common_args.n).toEqual([110, 11, 111, 12, 112]);
      expect(pattern.success_patterns).toHaveLength(10);
      expect(pattern.success_patterns[0]!.example_call_id).toBe("call-0006");
      expect(pattern.success_patterns[9]!.example_call_id).toBe("call-0024");
    });

    it("trims the log past its cap while patterns keep their counts and ids keep counting", async () => {
      const store = await open({ maxToolLogEntries: 3 });
      const session = aSession();
      await recordAll(store, session, [
        aCall("t", "failure", { x: 1 }),
        aCall("t", "success", { x: 2 }),
        aCall("t", "success", { x: 3 }),
        aCall("u", "failure", { y: 1 }),
        aCall("u", "timeout", { y: 2 }),
      ]);
      const log = await store.readToolLog(session);
      expect(log.map((entry) => entry.id)).toEqual(["call-0005", "call-0004", "call-0003"]);
      expect(await store.getToolCall(session, "call-0001")).toBeNull();
      expect(await store.sessionCounters(session)).toMatchObject({
        total_calls: 3,
        success_count: 1,
        failure_count: 2,
        total_fixes_detected: 1,
        tools_tracked: 2,
      });
      expect((await store.getPattern(session, "t"))!.total_calls).toBe(3);
      expect((await recordCall(store, session, aCall("t", "success"))).id).toBe("call-0006");
    });

    it("reads the log newest first, optionally only the newest entries", async () => {
      const store = await open();
      const session = aSession();
      await recordAll(store, session, [aCall("a", "success"), aCall("b", "success"), aCall("c", "success")]);
      expect((await store.readToolLog(session)).map((entry) => entry.tool_name)).toEqual(["c", "b", "a"]);
      expect((await store.readToolLog(session, 2)).map((entry) => entry.tool_name)).toEqual(["c", "b"]);
      expect(await store.readToolLog(aSession())).toEqual([]);
    });

    it("gives each tool's pattern with its recent calls, in order of first use or as asked", async () => {
      const store = await open();
      const session = aSession();
      await recordAll(store, session, [
        aCall("b", "failure", { x: 1 }),
        aCall("a", "success"),
        aCall("b", "success", { x: 2 }),
        aCall("b", "success", { x: 3 }),
      ]);
      const all = await store.toolContexts(session, null, 2);
      expect(all.map((context) => context.pattern.tool_name)).toEqual(["b", "a"]);
      expect(all[0]!.recent.map((entry) => entry.id)).toEqual(["call-0004", "call-0003"]);

      const asked = await store.toolContexts(session, ["a", "missing", "b"], 5);
      expect(asked.map((context) => context.pattern.tool_name)).toEqual(["a", "b"]);
      expect(asked[1]!.recent.map((entry) => [entry.id, entry.fixed_by, entry.fix_for])).toEqual([
        ["call-0004", null, null],
        ["call-0003", null, "call-0001"],
        ["call-0001", "call-0003", null],
      ]);
      expect(await store.toolContexts(aSession(), null, 3)).toEqual([]);
    });

    it("exports everything and imports it into another session, which carries on from there", async () => {
      const store = await open();
      const source = aSession();
      await recordAll(store, source, [
        aCall("t", "failure", { x: 1 }, { error_type: "unsat", context_goal: "g", execution_time_ms: 7 }),
        aCall("t", "success", { x: 2 }, { context_goal: "g", execution_time_ms: 9 }),
        aCall("u", "failure", { y: 1 }, { error_type: "bad" }),
      ]);
      const exported = (await store.exportMemory(source))!;
      expect(exported).toMatchObject({ session_id: source.sessionId, next_call_id: 4 });
      expect(exported.tool_log.map((entry) => entry.id)).toEqual(["call-0001", "call-0002", "call-0003"]);
      expect(exported.fix_relations).toEqual([
        expect.objectContaining({ failed_call_id: "call-0001", success_call_id: "call-0002", delta_args: { changed: { x: { from: 1, to: 2 } } } }),
      ]);
      expect(Object.keys(exported.tool_patterns)).toEqual(["t", "u"]);

      const target = { tenant: source.tenant, sessionId: `${source.sessionId}-copy` };
      await recordCall(store, target, aCall("old", "success"));
      await store.importMemory(target, { ...exported, session_id: target.sessionId });
      expect(await store.exportMemory(target)).toEqual({ ...exported, session_id: target.sessionId });
      expect(await store.getPattern(target, "old")).toBeNull();

      const next = await recordCall(store, target, aCall("u", "success", { y: 2 }));
      expect(next).toMatchObject({ id: "call-0004", fix_for: "call-0003" });
      expect(await store.sessionCounters(target)).toMatchObject({ total_calls: 4, total_fixes_detected: 2, tools_tracked: 2 });
      expect((await store.getPattern(target, "t"))!.avg_execution_ms).toBe(8);
    });

    it("exports nothing for a session without history", async () => {
      const store = await open();
      expect(await store.exportMemory(aSession())).toBeNull();
      expect(await store.sessionCounters(aSession())).toEqual(ZERO_SESSION_COUNTERS);
    });

    it("keeps sessions of different tenants apart even with the same id", async () => {
      const store = await open();
      const mine = aSession("tenant-a");
      const theirs = { tenant: "tenant-b", sessionId: mine.sessionId };
      await recordCall(store, mine, aCall("t", "failure", { x: 1 }));
      const first = await recordCall(store, theirs, aCall("t", "success", { x: 2 }));
      expect(first).toMatchObject({ id: "call-0001", fix_for: null });
      await store.resetSession(theirs);
      expect((await store.sessionCounters(mine)).total_calls).toBe(1);
      expect(await store.getPattern(theirs, "t")).toBeNull();
    });
  });
}
