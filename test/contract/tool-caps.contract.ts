// Contract tests of the caps on what a tool and a session keep: past each, the least recently seen goes and a counter says so.
import { describe, expect, it } from "vitest";
import { MAX_ARGUMENT_NAMES_PER_TOOL, MAX_ERROR_TYPES_PER_TOOL, MAX_TOOLS_PER_SESSION } from "../../src/domain/tools/pattern-limits.js";
import type { Store } from "../../src/storage/port.js";
import type { SessionRef } from "../../src/domain/refs.js";
import { aCall, aSession, valueOf } from "../helpers/fixtures.js";
import type { StoreFactory } from "../helpers/stores.js";
import { closingAfterEach } from "./open-stores.js";
import { recordCall } from "../helpers/writes.js";

const names = (prefix: string, from: number, to: number) => Array.from({ length: to - from }, (_, i) => `${prefix}${String(from + i).padStart(3, "0")}`);

export function toolCapsContract(factory: StoreFactory): void {
  describe("caps on what a tool and a session keep", () => {
    const open = closingAfterEach(factory);

    const record = async (store: Store, session: SessionRef, ...args: Parameters<typeof aCall>) => valueOf(await store.recordSharedToolCall(session, aCall(...args), null));
    const knowledgeOf = async (store: Store, tenant: string) => (await store.sharedToolKnowledge(tenant, ["t"]))[0]!;

    it(`keeps ${MAX_ARGUMENT_NAMES_PER_TOOL} argument names per tool, forgetting the least recently seen and counting them`, async () => {
      const store = await open();
      const session = aSession();
      const all = names("a", 0, MAX_ARGUMENT_NAMES_PER_TOOL + 6);
      // a000 is seen again just before the cap is passed, so a001..a006 are the oldest when it is.
      for (const name of all.slice(0, MAX_ARGUMENT_NAMES_PER_TOOL)) await record(store, session, "t", "success", { [name]: 1 });
      await record(store, session, "t", "success", { a000: 2 });
      for (const name of all.slice(MAX_ARGUMENT_NAMES_PER_TOOL)) await record(store, session, "t", "success", { [name]: 1 });

      const pattern = (await store.getPattern(session, "t"))!;
      const kept = ["a000", ...all.slice(7)];
      expect(Object.keys(pattern.common_args).sort()).toEqual(kept.sort());
      expect(pattern.common_args.a000).toEqual([1, 2]);
      expect(pattern.dropped_argument_names).toBe(6);
      expect(pattern.total_calls).toBe(MAX_ARGUMENT_NAMES_PER_TOOL + 7);
      const knowledge = await knowledgeOf(store, session.tenant);
      expect(Object.keys(knowledge.common_args).sort()).toEqual(kept.sort());
      expect(knowledge.dropped_argument_names).toBe(6);
    });

    it("forgets, among names seen in the same call, the first in byte order (as a sorted set pops them)", async () => {
      const store = await open();
      const session = aSession();
      const many = Object.fromEntries(names("n", 0, MAX_ARGUMENT_NAMES_PER_TOOL + 2).reverse().map((name) => [name, 1]));
      await record(store, session, "t", "success", many);
      const pattern = (await store.getPattern(session, "t"))!;
      expect(Object.keys(pattern.common_args)).toHaveLength(MAX_ARGUMENT_NAMES_PER_TOOL);
      expect(pattern.common_args).not.toHaveProperty("n000");
      expect(pattern.common_args).not.toHaveProperty("n001");
      expect(pattern.dropped_argument_names).toBe(2);
    });

    it(`keeps ${MAX_ERROR_TYPES_PER_TOOL} error types per tool, and fixes and offers still work for those kept`, async () => {
      const store = await open();
      const session = aSession();
      const types = names("E", 0, MAX_ERROR_TYPES_PER_TOOL + 8);
      for (const type of types.slice(0, MAX_ERROR_TYPES_PER_TOOL)) await record(store, session, "t", "failure", { q: type }, { error_type: type });
      // E000 fails again: the most recent now, so E001..E008 go when eight new types come.
      await record(store, session, "t", "failure", { q: "again" }, { error_type: "E000" });
      for (const type of types.slice(MAX_ERROR_TYPES_PER_TOOL)) await record(store, session, "t", "failure", { q: type }, { error_type: type });

      const pattern = (await store.getPattern(session, "t"))!;
      const kept = ["E000", ...types.slice(9)];
      expect(pattern.error_patterns.map((ep) => ep.error_type).sort()).toEqual(kept.sort());
      expect(pattern.error_patterns.find((ep) => ep.error_type === "E000")!.count).toBe(2);
      expect(pattern.dropped_error_types).toBe(8);
      expect((await knowledgeOf(store, session.tenant)).dropped_error_types).toBe(8);

      // The last failure (E039) is fixed by the next success with other arguments, in the session and the tenant.
      const fix = await record(store, session, "t", "success", { q: "fixed" });
      expect(fix.entry).toMatchObject({ fix_for: `call-${String(MAX_ERROR_TYPES_PER_TOOL + 9).padStart(4, "0")}` });
      const last = types.at(-1)!;
      expect((await store.getPattern(session, "t"))!.error_patterns.find((ep) => ep.error_type === last)!.fix_delta).toEqual({ changed: { q: { from: last, to: "fixed" } } });
      // Another session's failure of that type is offered the fix.
      const offered = await record(store, aSession(session.tenant), "t", "failure", { q: last }, { error_type: last });
      expect(offered.knownFix).toMatchObject({ fix_delta: { changed: { q: { from: last, to: "fixed" } } }, times_applied: 1 });
    });

    it(`keeps the patterns of ${MAX_TOOLS_PER_SESSION} tools per session, forgetting the least recently called`, async () => {
      const store = await open();
      const session = aSession();
      const tools = names("tool-", 0, MAX_TOOLS_PER_SESSION + 2);
      for (const tool of tools.slice(0, MAX_TOOLS_PER_SESSION)) await recordCall(store, session, aCall(tool, "success", { x: 1 }));
      // tool-000 is called again, so tool-001 and tool-002 are the least recently called when two new tools come.
      await recordCall(store, session, aCall("tool-000", "failure", { x: 2 }));
      for (const tool of tools.slice(MAX_TOOLS_PER_SESSION)) await recordCall(store, session, aCall(tool, "success", { x: 1 }));

      const counters = await store.sessionCounters(session);
      expect(counters).toMatchObject({ tools_tracked: MAX_TOOLS_PER_SESSION, dropped_tools: 2, total_calls: MAX_TOOLS_PER_SESSION + 3 });
      expect(await store.getPattern(session, "tool-001")).toBeNull();
      expect(await store.getPattern(session, "tool-002")).toBeNull();
      expect((await store.getPattern(session, "tool-000"))!.total_calls).toBe(2);
      const patterns = await store.getPatterns(session);
      expect(Object.keys(patterns)).toEqual(["tool-000", ...tools.slice(3)]);
      // The forgotten tools' calls stay in the log; called again, a tool starts a new pattern.
      expect((await store.readToolLog(session)).filter((entry) => entry.tool_name === "tool-001")).toHaveLength(1);
      await recordCall(store, session, aCall("tool-001", "success", { x: 3 }));
      expect((await store.getPattern(session, "tool-001"))!.total_calls).toBe(1);
      expect((await store.sessionCounters(session)).dropped_tools).toBe(3);
    });
  });
}
