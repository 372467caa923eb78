// Contract tests of SharedToolStore: what every session of a tenant teaches about a tool; every adapter passes them.
import { describe, expect, it } from "vitest";
import type { ToolArguments } from "../../src/domain/tools/types.js";
import type { NewToolCall } from "../../src/domain/tools/store.js";
import type { Store } from "../../src/storage/port.js";
import type { SessionRef } from "../../src/domain/refs.js";
import { aCall, aSession, keyed, valueOf } from "../helpers/fixtures.js";
import type { StoreFactory } from "../helpers/stores.js";
import { closingAfterEach } from "./open-stores.js";
import { recordCall } from "../helpers/writes.js";

const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();

export function sharedToolStoreContract(factory: StoreFactory): void {
  describe("tool knowledge store", () => {
    const open = closingAfterEach(factory);

    async function recordAll(store: Store, session: SessionRef, calls: NewToolCall[]) {
      const recorded = [];
      for (const call of calls) recorded.push(valueOf(await store.recordSharedToolCall(session, call, null)));
      return recorded;
    }

    /** A failure of `errorType` with `from`, fixed by a success with `to`, in its own session. */
    async function fixIn(store: Store, session: SessionRef, errorType: string, from: ToolArguments, to: ToolArguments, second: number) {
      return recordAll(store, session, [
        aCall("search", "failure", from, { error_type: errorType, timestamp: at(second) }),
        aCall("search", "success", to, { timestamp: at(second) }),
      ]);
    }

    const knowledgeOf = async (store: Store, tenant: string, tool: string) => (await store.sharedToolKnowledge(tenant, [tool]))[0]!;

    it("folds every session's calls of a tool into one aggregate of the tenant", async () => {
      const store = await open();
      const [a, b] = [aSession("acme"), aSession("acme")];
      await recordAll(store, a, [
        aCall("search", "failure", { q: "x", limit: 0 }, { error_type: "ValueError", context_goal: "find x", execution_time_ms: 10, timestamp: at(1) }),
        aCall("search", "success", { q: "x", limit: 10 }, { context_goal: "find x", execution_time_ms: 30, timestamp: at(2) }),
      ]);
      await recordAll(store, b, [
        // With limit 0, so that a's fix (limit 0 -> 10) applies to it and is offered.
        aCall("search", "timeout", { q: "y", limit: 0 }, { error_type: "ValueError", context_goal: "find y", timestamp: at(3) }),
        aCall("search", "partial", { q: "y" }, { timestamp: at(4) }),
      ]);

      const knowledge = await knowledgeOf(store, "acme", "search");
      expect(knowledge).toMatchObject({
        tool_name: "search",
        total_calls: 4,
        success_count: 1,
        failure_count: 2,
        success_rate: 0.25,
        avg_execution_ms: 20,
        timed_calls: 2,
        common_args: { q: ["x", "y"], limit: [0, 10] },
        fixes_learned: 1,
        sessions_seen: 2,
        updated_at: at(4),
        last_used_at: at(4),
      });
      expect(knowledge.error_patterns).toEqual([
        {
          error_type: "ValueError",
          count: 2,
          contexts: ["find x", "find y"],
          example_args: { q: "x", limit: 0 },
          typical_fix: "change limit: 0 -> 10",
          fix_delta: { changed: { limit: { from: 0, to: 10 } } },
          fixes: [
            {
              fix_delta: { changed: { limit: { from: 0, to: 10 } } },
              typical_fix: "change limit: 0 -> 10",
              times_applied: 1,
              last_applied_at: at(2),
              // Offered to b's timeout; b's next call was partial, which decides nothing.
              efficacy: { offered: 1, adopted: 0, worked: 0, failed: 0, other_fix: 0, ignored: 0, recent_outcomes: "w", score: expect.closeTo(0.2065, 4), retired: false },
            },
          ],
          recent_fixes: [{ session_id: a.sessionId, failed_call_id: "call-0001", fix_call_id: "call-0002", applied_at: at(2) }],
        },
      ]);
      expect(knowledge.success_patterns).toEqual([
        { goal_match: "find x", arg_hints: { q: "x", limit: 10 }, example_call_id: "call-0002", delta_that_fixed: { changed: { limit: { from: 0, to: 10 } } }, session_id: a.sessionId },
      ]);
    });

    it("offers the fix one session learned to another session's failure of the same type, and only then", async () => {
      const store = await open();
      const [a, b] = [aSession(), aSession()];
      const [firstFailure] = await recordAll(store, a, [aCall("search", "failure", { limit: 0 }, { error_type: "ValueError" })]);
      expect(firstFailure!.knownFix).toBeNull();
      await recordAll(store, a, [aCall("search", "success", { limit: 10 })]);

      const [failure, otherType, untyped, success] = await recordAll(store, b, [
        aCall("search", "failure", { limit: 0 }, { error_type: "ValueError" }),
        aCall("search", "failure", { limit: 0 }, { error_type: "KeyError" }),
        aCall("search", "timeout", { limit: 0 }, { error_type: null }),
        aCall("search", "success", { limit: 5 }),
      ]);
      expect(failure!.knownFix).toEqual({
        fix_delta: { changed: { limit: { from: 0, to: 10 } } },
        typical_fix: "change limit: 0 -> 10",
        times_applied: 1,
        offer_id: expect.stringMatching(/^offer-\d+$/),
        efficacy: { offered: 1, adopted: 0, worked: 0, failed: 0, other_fix: 0, ignored: 0, recent_outcomes: "w", score: expect.closeTo(0.2065, 4), retired: false },
      });
      expect(failure!.entry).toMatchObject({ id: "call-0001", error_type: "ValueError" });
      expect(otherType!.knownFix).toBeNull();
      expect(untyped!.knownFix).toBeNull();
      expect(success!.knownFix).toBeNull();
    });

    it("offers a fix only to a failure it applies to: the value it changed, without the key it adds, with the key it removes", async () => {
      const store = await open();
      const [a, b] = [aSession(), aSession()];
      // A missing file found in docs/, a call that needed a timeout, one that had to drop a flag: each learned by session a.
      await recordAll(store, a, [
        aCall("read", "failure", { path: "/srv/README.txt" }, { error_type: "ENOENT" }),
        aCall("read", "success", { path: "/srv/docs/README.txt" }),
        aCall("fetch", "failure", { url: "u" }, { error_type: "timeout" }),
        aCall("fetch", "success", { url: "u", timeout: 30 }),
        aCall("run", "failure", { cmd: "npm test", watch: true }, { error_type: "exit_code_1" }),
        aCall("run", "success", { cmd: "npm test" }),
      ]);
      const offered = async (tool: string, args: ToolArguments, errorType: string) =>
        (await recordAll(store, b, [aCall(tool, "failure", args, { error_type: errorType })]))[0]!.knownFix?.fix_delta ?? null;

      // Another missing file is not README.txt: the path fix does not apply, and nothing is offered.
      expect(await offered("read", { path: "/srv/CHANGELOG.md" }, "ENOENT")).toBeNull();
      expect(await offered("read", { path: "/srv/README.txt" }, "ENOENT")).toEqual({ changed: { path: { from: "/srv/README.txt", to: "/srv/docs/README.txt" } } });
      expect(await offered("fetch", { url: "v", timeout: 5 }, "timeout")).toBeNull();
      expect(await offered("fetch", { url: "v" }, "timeout")).toEqual({ added: { timeout: 30 } });
      expect(await offered("run", { cmd: "npm test" }, "exit_code_1")).toBeNull();
      expect(await offered("run", { cmd: "npm run lint", watch: true }, "exit_code_1")).toEqual({ removed: ["watch"] });
      // Offers never made are never decided: the tool's counts hold the three made.
      expect((await knowledgeOf(store, b.tenant, "read")).efficacy).toMatchObject({ offered: 1 });
    });

    it("makes the most applied fix typical, the most recent one among equals, and ranks the rest the same way", async () => {
      const store = await open();
      await fixIn(store, aSession(), "ValueError", { limit: 0 }, { limit: 10 }, 1);
      await fixIn(store, aSession(), "ValueError", { limit: 0 }, { limit: 20 }, 2);
      let pattern = (await knowledgeOf(store, "default", "search")).error_patterns[0]!;
      expect(pattern.typical_fix).toBe("change limit: 0 -> 20");
      expect(pattern.fixes.map((fix) => fix.typical_fix)).toEqual(["change limit: 0 -> 20", "change limit: 0 -> 10"]);

      await fixIn(store, aSession(), "ValueError", { limit: 0 }, { limit: 10 }, 3);
      pattern = (await knowledgeOf(store, "default", "search")).error_patterns[0]!;
      expect(pattern.fix_delta).toEqual({ changed: { limit: { from: 0, to: 10 } } });
      expect(pattern.fixes.map((fix) => [fix.typical_fix, fix.times_applied, fix.last_applied_at])).toEqual([
        ["change limit: 0 -> 10", 2, at(3)],
        ["change limit: 0 -> 20", 1, at(2)],
      ]);
    });

    it("tells fixes apart by their change, whatever the key order of the values", async () => {
      const store = await open();
      await fixIn(store, aSession(), "E", { cfg: { a: 1, b: 2 } }, { cfg: { a: 1, b: 3 } }, 1);
      await fixIn(store, aSession(), "E", { cfg: { b: 2, a: 1 } }, { cfg: { b: 3, a: 1 } }, 2);
      const [fix] = (await knowledgeOf(store, "default", "search")).error_patterns[0]!.fixes;
      expect((await knowledgeOf(store, "default", "search")).error_patterns[0]!.fixes).toHaveLength(1);
      expect(fix!.times_applied).toBe(2);
      // The change is shown as it was first learned.
      expect(JSON.stringify(fix!.fix_delta)).toBe('{"changed":{"cfg":{"from":{"a":1,"b":2},"to":{"a":1,"b":3}}}}');
    });

    it("keeps five distinct fixes per error type: a sixth enters, the least applied goes, the oldest among equals", async () => {
      const store = await open();
      await fixIn(store, aSession(), "E", { n: 0 }, { n: 1 }, 1);
      await fixIn(store, aSession(), "E", { n: 0 }, { n: 1 }, 2); // n:1 applied twice
      for (const [n, second] of [[2, 3], [3, 4], [4, 5], [5, 6]] as const) await fixIn(store, aSession(), "E", { n: 0 }, { n }, second);
      await fixIn(store, aSession(), "E", { n: 0 }, { n: 6 }, 7); // the sixth: n:2 (once, longest ago) goes

      let fixes = (await knowledgeOf(store, "default", "search")).error_patterns[0]!.fixes;
      expect(fixes.map((fix) => fix.fix_delta.changed!.n!.to)).toEqual([1, 6, 5, 4, 3]);

      await fixIn(store, aSession(), "E", { n: 0 }, { n: 7 }, 8); // then n:3 goes
      fixes = (await knowledgeOf(store, "default", "search")).error_patterns[0]!.fixes;
      expect(fixes.map((fix) => fix.fix_delta.changed!.n!.to)).toEqual([1, 7, 6, 5, 4]);
      expect((await knowledgeOf(store, "default", "search")).fixes_learned).toBe(8);
    });

    it("keeps the latest ten fixes across sessions as success patterns and the latest three fix events per error type", async () => {
      const store = await open();
      const sessions = Array.from({ length: 12 }, () => aSession());
      for (const [i, session] of sessions.entries()) await fixIn(store, session, "E", { n: 0 }, { n: i + 1 }, i);
      const knowledge = await knowledgeOf(store, "default", "search");
      expect(knowledge.success_patterns.map((sp) => sp.session_id)).toEqual(sessions.slice(2).map((s) => s.sessionId));
      expect(knowledge.error_patterns[0]!.recent_fixes.map((event) => event.session_id)).toEqual(
        sessions.slice(-3).reverse().map((s) => s.sessionId),
      );
      expect(knowledge.sessions_seen).toBe(12);
    });

    it("learns a fix whose failure it never counted, under the failure's error type", async () => {
      const store = await open();
      // The failure reaches the session by an import of another tenant's session: this tenant never counted it.
      const elsewhere = aSession("other");
      await recordCall(store, elsewhere, aCall("search", "failure", { n: 0 }, { error_type: "E" }));
      const session = aSession();
      await store.importMemory(session, (await store.exportMemory(elsewhere))!);
      await recordAll(store, session, [aCall("search", "success", { n: 1 })]);
      const knowledge = await knowledgeOf(store, "default", "search");
      expect(knowledge).toMatchObject({ total_calls: 1, failure_count: 0, fixes_learned: 1 });
      expect(knowledge.error_patterns).toMatchObject([{ error_type: "E", count: 0, typical_fix: "change n: 0 -> 1" }]);
    });

    it("counts one fix twice when two sessions make the same change with keys in other orders, numeric and '/' names included", async () => {
      const store = await open();
      await fixIn(store, aSession(), "E", { "a/b": 1, "10": "x", "9": { y: 1, x: 2 }, z: true }, { z: true, "9": { x: 3, y: 1 }, "10": "y", n: [1, { b: 2, a: 1 }] }, 1);
      await fixIn(store, aSession(), "E", { z: true, "9": { x: 2, y: 1 }, "10": "x", "a/b": 1 }, { n: [1, { a: 1, b: 2 }], "10": "y", "9": { y: 1, x: 3 }, z: true }, 2);
      const [pattern] = (await knowledgeOf(store, "default", "search")).error_patterns;
      expect(pattern!.fixes).toHaveLength(1);
      expect(pattern!.fixes[0]).toMatchObject({ times_applied: 2 });
      expect(pattern!.fixes[0]!.fix_delta).toEqual({ added: { n: [1, { a: 1, b: 2 }] }, removed: ["a/b"], changed: { "9": { from: { x: 2, y: 1 }, to: { x: 3, y: 1 } }, "10": { from: "x", to: "y" } } });
    });

    it("records and counts a keyed call once, answering a retry with the first call as recorded", async () => {
      const store = await open();
      const session = aSession();
      const call = aCall("search", "failure", { n: 0 }, { error_type: "E" });
      const first = await store.recordSharedToolCall(session, call, keyed("retry-key-1"));
      const retry = await store.recordSharedToolCall(session, { ...call, timestamp: at(9) }, keyed("retry-key-1"));
      expect(first.outcome).toBe("applied");
      expect(retry).toEqual({ outcome: "replayed", value: valueOf(first) });
      expect((await store.recordSharedToolCall(session, call, keyed("retry-key-1", "another-request"))).outcome).toBe("mismatch");
      expect(valueOf(await store.recordSharedToolCall(session, call, keyed("another-key"))).entry.id).toBe("call-0002");
      expect((await store.sessionCounters(session)).total_calls).toBe(2);
      expect(await knowledgeOf(store, "default", "search")).toMatchObject({ total_calls: 2, failure_count: 2 });
    });

    it("counts two keyed calls whose session and key split alike at ':' as two calls of the tenant", async () => {
      const store = await open();
      const call = aCall("search", "failure", { n: 0 }, { error_type: "E" });
      // Session `a` with key `b:c` and session `a:b` with key `c`: another write each, though `<session>:<key>` reads the same.
      expect((await store.recordSharedToolCall({ tenant: "colons", sessionId: "a" }, call, keyed("b:c", "first"))).outcome).toBe("applied");
      expect((await store.recordSharedToolCall({ tenant: "colons", sessionId: "a:b" }, call, keyed("c", "second"))).outcome).toBe("applied");
      expect(await knowledgeOf(store, "colons", "search")).toMatchObject({ total_calls: 2, failure_count: 2 });
    });

    it("replays a keyed fix of a failure whose error type spans lines", async () => {
      const store = await open();
      const session = aSession();
      await store.recordSharedToolCall(session, aCall("search", "failure", { n: 0 }, { error_type: "Error:\nline two" }), null);
      const fix = aCall("search", "success", { n: 1 });
      const first = valueOf(await store.recordSharedToolCall(session, fix, keyed("multi-line")));
      expect(await store.recordSharedToolCall(session, fix, keyed("multi-line"))).toEqual({ outcome: "replayed", value: first });
      expect(first.entry).toMatchObject({ fix_for: "call-0001", delta_args: { changed: { n: { from: 0, to: 1 } } } });
    });

    it("replays a keyed success with the fix it detected, and learns that fix once", async () => {
      const store = await open();
      const session = aSession();
      await store.recordSharedToolCall(session, aCall("search", "failure", { n: 0 }, { error_type: "E" }), null);
      const fix = aCall("search", "success", { n: 1 });
      const first = valueOf(await store.recordSharedToolCall(session, fix, keyed("fix-key")));
      // A call in between: the replay must still answer what the first attempt detected.
      await store.recordSharedToolCall(session, aCall("search", "failure", { n: 0 }, { error_type: "E" }), null);
      const replay = await store.recordSharedToolCall(session, fix, keyed("fix-key"));
      expect(first.entry).toMatchObject({ id: "call-0002", fix_for: "call-0001", delta_args: { changed: { n: { from: 0, to: 1 } } } });
      expect(replay).toEqual({ outcome: "replayed", value: { entry: first.entry, knownFix: null } });
      expect(await knowledgeOf(store, "default", "search")).toMatchObject({ total_calls: 3, fixes_learned: 1 });
    });

    it("lists the tenant's tools most calls first, ties by name, up to the limit", async () => {
      const store = await open();
      const session = aSession();
      await recordAll(store, session, [
        aCall("b", "success", {}, { timestamp: at(1) }),
        aCall("a", "success", {}, { timestamp: at(2) }),
        aCall("c", "failure", { n: 0 }, { error_type: "E", timestamp: at(3) }),
        aCall("c", "success", { n: 1 }, { timestamp: at(4) }),
      ]);
      await recordAll(store, aSession(), [aCall("a", "failure", {}, { timestamp: at(5) })]);
      expect(await store.listSharedTools("default", 10)).toEqual([
        { tool_name: "a", total_calls: 2, success_rate: 0.5, fixes_learned: 0, sessions_seen: 2, last_used_at: at(5) },
        { tool_name: "c", total_calls: 2, success_rate: 0.5, fixes_learned: 1, sessions_seen: 1, last_used_at: at(4) },
        { tool_name: "b", total_calls: 1, success_rate: 1, fixes_learned: 0, sessions_seen: 1, last_used_at: at(1) },
      ]);
      expect((await store.listSharedTools("default", 2)).map((tool) => tool.tool_name)).toEqual(["a", "c"]);
      expect(await store.listSharedTools("nobody", 10)).toEqual([]);
    });

    it("keeps tools apart whose names extend one another", async () => {
      const store = await open();
      await recordAll(store, aSession(), [aCall("x", "success"), aCall("x:sessions", "success"), aCall("x:sessions", "success"), aCall("x:seen", "success")]);
      expect((await store.listSharedTools("default", 10)).map((tool) => [tool.tool_name, tool.total_calls, tool.sessions_seen])).toEqual([
        ["x:sessions", 2, 1],
        ["x", 1, 1],
        ["x:seen", 1, 1],
      ]);
      expect((await store.sharedToolKnowledge("default", ["x"]))[0]).toMatchObject({ total_calls: 1, sessions_seen: 1 });
    });

    it("reads several tools in the order asked, leaving out those never called", async () => {
      const store = await open();
      await recordAll(store, aSession(), [aCall("a", "success"), aCall("b", "success")]);
      const read = await store.sharedToolKnowledge("default", ["b", "missing", "a"]);
      expect(read.map((knowledge) => knowledge.tool_name)).toEqual(["b", "a"]);
      expect(await store.sharedToolKnowledge("default", [])).toEqual([]);
    });

    it("forgets one tool entirely, and a later call starts it afresh", async () => {
      const store = await open();
      const session = aSession();
      await fixIn(store, session, "E", { n: 0 }, { n: 1 }, 1);
      await recordAll(store, session, [aCall("other", "success")]);
      await store.forgetSharedTool("default", "search");
      expect(await store.sharedToolKnowledge("default", ["search"])).toEqual([]);
      expect((await store.listSharedTools("default", 10)).map((tool) => tool.tool_name)).toEqual(["other"]);
      // The session keeps its own memory.
      expect((await store.getPattern(session, "search"))!.total_calls).toBe(2);

      await recordAll(store, aSession(), [aCall("search", "success")]);
      expect(await knowledgeOf(store, "default", "search")).toMatchObject({ total_calls: 1, fixes_learned: 0, sessions_seen: 1, error_patterns: [] });
    });

    it("is not fed by imports or resets", async () => {
      const store = await open();
      const elsewhere = aSession("other");
      await recordCall(store, elsewhere, aCall("search", "success"));
      const memory = (await store.exportMemory(elsewhere))!;
      await store.importMemory(aSession(), memory);
      expect(await store.listSharedTools("default", 10)).toEqual([]);

      const session = aSession();
      await recordAll(store, session, [aCall("search", "success")]);
      await store.resetSession(session);
      expect((await knowledgeOf(store, "default", "search")).total_calls).toBe(1);
    });

    it("keeps each tenant's knowledge of the same tool apart", async () => {
      const store = await open();
      await fixIn(store, aSession("one"), "E", { n: 0 }, { n: 1 }, 1);
      await recordAll(store, aSession("two"), [aCall("search", "success")]);
      const [failure] = await recordAll(store, aSession("two"), [aCall("search", "failure", { n: 0 }, { error_type: "E" })]);
      expect(failure!.knownFix).toBeNull();
      expect(await knowledgeOf(store, "two", "search")).toMatchObject({ total_calls: 2, fixes_learned: 0 });
      expect(await knowledgeOf(store, "one", "search")).toMatchObject({ total_calls: 2, fixes_learned: 1 });
      expect((await store.listSharedTools("two", 10)).map((tool) => tool.total_calls)).toEqual([2]);
    });
  });
}
