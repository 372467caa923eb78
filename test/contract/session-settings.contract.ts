// Contract tests of a session's own settings: its log size and fix-detection window, as a recorded call meets them.
import { describe, expect, it } from "vitest";
import type { ToolLogEntry } from "../../src/domain/tools/types.js";
import type { NewToolCall } from "../../src/domain/tools/store.js";
import type { Store } from "../../src/storage/port.js";
import type { SessionRef } from "../../src/domain/refs.js";
import { aCall, aSession } from "../helpers/fixtures.js";
import type { StoreFactory } from "../helpers/stores.js";
import { closingAfterEach } from "./open-stores.js";
import { recordCall } from "../helpers/writes.js";

/** The ways a call is recorded through the port: the write that also teaches the tenant (one script on one Redis server, two in a Cluster). */
const RECORDERS: Array<[string, (store: Store, session: SessionRef, call: NewToolCall) => Promise<ToolLogEntry>]> = [["recordSharedToolCall", recordCall]];

export function sessionSettingsContract(factory: StoreFactory, elapse: (ms: number) => Promise<void>): void {
  describe("session settings", () => {
    const open = closingAfterEach(factory);

    it("reads nulls for a session that set nothing, and what was written, until it is cleared", async () => {
      const store = await open();
      const session = aSession();
      expect(await store.readSessionSettings(session)).toEqual({ max_log_entries: null, fix_detection_window: null });
      await store.writeSessionSettings(session, { max_log_entries: 3, fix_detection_window: null });
      expect(await store.readSessionSettings(session)).toEqual({ max_log_entries: 3, fix_detection_window: null });
      await store.writeSessionSettings(session, { max_log_entries: null, fix_detection_window: 0 });
      expect(await store.readSessionSettings(session)).toEqual({ max_log_entries: null, fix_detection_window: 0 });
      await store.writeSessionSettings(session, { max_log_entries: null, fix_detection_window: null });
      expect(await store.readSessionSettings(session)).toEqual({ max_log_entries: null, fix_detection_window: null });
      // Another session, and the same id in another tenant, set nothing.
      await store.writeSessionSettings(session, { max_log_entries: 2, fix_detection_window: 1 });
      expect(await store.readSessionSettings(aSession())).toEqual({ max_log_entries: null, fix_detection_window: null });
      expect(await store.readSessionSettings({ ...session, tenant: `${session.tenant}-other` })).toEqual({
        max_log_entries: null,
        fix_detection_window: null,
      });
    });

    for (const [name, record] of RECORDERS) {
      describe(`through ${name}`, () => {
        async function recordAll(store: Store, session: SessionRef, calls: NewToolCall[]) {
          const entries: ToolLogEntry[] = [];
          for (const call of calls) entries.push(await record(store, session, call));
          return entries;
        }

        it("keeps the session's own log size from its next call on, counters following, while others keep the service's", async () => {
          const store = await open();
          const small = aSession();
          const other = aSession();
          const calls = [
            aCall("t", "failure", { x: 1 }, { error_type: "bad" }),
            aCall("t", "success", { x: 2 }),
            aCall("u", "success"),
            aCall("u", "failure", { y: 1 }),
            aCall("u", "timeout", { y: 2 }),
          ];
          await recordAll(store, small, calls.slice(0, 4));
          await recordAll(store, other, calls);
          await store.writeSessionSettings(small, { max_log_entries: 2, fix_detection_window: null });
          // Nothing is trimmed until the next call.
          expect((await store.readToolLog(small)).map((entry) => entry.id)).toEqual(["call-0004", "call-0003", "call-0002", "call-0001"]);

          await record(store, small, calls[4]!);
          expect((await store.readToolLog(small)).map((entry) => entry.id)).toEqual(["call-0005", "call-0004"]);
          expect(await store.sessionCounters(small)).toMatchObject({ total_calls: 2, success_count: 0, failure_count: 2, total_fixes_detected: 1 });
          // Patterns keep their counts, and the fix relation outlives the calls it links (as the tool memory keeps it).
          expect((await store.getPattern(small, "u"))!.total_calls).toBe(3);
          expect((await store.exportMemory(small))!.fix_relations).toEqual([
            expect.objectContaining({ failed_call_id: "call-0001", success_call_id: "call-0002" }),
          ]);
          expect((await store.readToolLog(other)).length).toBe(5);
        });

        it("looks back only through the session's own window; 0 detects no fix", async () => {
          const store = await open();
          const narrow = aSession();
          await store.writeSessionSettings(narrow, { max_log_entries: null, fix_detection_window: 2 });
          const twoBack = await recordAll(store, narrow, [aCall("t", "failure", { v: 1 }), aCall("x", "success"), aCall("t", "success", { v: 2 })]);
          expect(twoBack[2]!.fix_for).toBe("call-0001");
          const threeBack = await recordAll(store, narrow, [
            aCall("t", "failure", { v: 1 }),
            aCall("x", "success"),
            aCall("x", "success"),
            aCall("t", "success", { v: 2 }),
          ]);
          expect(threeBack[3]!.fix_for).toBeNull();

          const none = aSession();
          await store.writeSessionSettings(none, { max_log_entries: null, fix_detection_window: 0 });
          const entries = await recordAll(store, none, [aCall("t", "failure", { v: 1 }), aCall("t", "success", { v: 2 })]);
          expect(entries[1]!.fix_for).toBeNull();
          expect((await store.sessionCounters(none)).total_fixes_detected).toBe(0);
        });

        it("fixes a failure anywhere in a window wider than the log so far", async () => {
          const store = await open();
          const session = aSession();
          // Seven calls back, in a log of seven when the success comes, and a window of 10.
          const entries = await recordAll(store, session, [
            aCall("t", "timeout", { v: 1 }),
            ...Array.from({ length: 6 }, () => aCall("x", "success")),
            aCall("t", "success", { v: 2 }),
          ]);
          expect(entries[7]!.fix_for).toBe("call-0001");
        });

        it("never fixes a failure the log no longer keeps, however wide the window", async () => {
          const store = await open();
          const session = aSession();
          await store.writeSessionSettings(session, { max_log_entries: 3, fix_detection_window: 10 });
          // The failure is the fourth call back when the success comes: the log of 3 holds the success and two before it.
          const late = await recordAll(store, session, [
            aCall("t", "failure", { v: 1 }),
            aCall("x", "success"),
            aCall("x", "success"),
            aCall("t", "success", { v: 2 }),
          ]);
          expect(late[3]!.fix_for).toBeNull();
          const inTime = await recordAll(store, session, [aCall("t", "failure", { v: 1 }), aCall("x", "success"), aCall("t", "success", { v: 2 })]);
          expect(inTime[2]!.fix_for).toBe("call-0005");
        });
      });
    }

    it("keeps the settings through a reset and an import of the memory", async () => {
      const store = await open();
      const session = aSession();
      await recordCall(store, session, aCall("t", "success"));
      await store.writeSessionSettings(session, { max_log_entries: 2, fix_detection_window: 1 });
      await store.resetSession(session);
      expect(await store.readSessionSettings(session)).toEqual({ max_log_entries: 2, fix_detection_window: 1 });
      expect(await store.exportMemory(session)).toBeNull();

      const source = aSession();
      for (const call of [aCall("t", "success"), aCall("t", "success"), aCall("t", "success")]) await recordCall(store, source, call);
      await store.importMemory(session, (await store.exportMemory(source))!);
      expect(await store.readSessionSettings(session)).toEqual({ max_log_entries: 2, fix_detection_window: 1 });
      await recordCall(store, session, aCall("t", "success"));
      expect((await store.readToolLog(session)).map((entry) => entry.id)).toEqual(["call-0004", "call-0003"]);
    });

    it("forgets the settings with the session, each call of which keeps them alive as long as the rest", async () => {
      const store = await open({ sessionsTtlSeconds: 1 });
      const kept = aSession();
      const idle = aSession();
      for (const session of [kept, idle]) await store.writeSessionSettings(session, { max_log_entries: 5, fix_detection_window: 2 });
      await elapse(600);
      await recordCall(store, kept, aCall("t", "success"));
      await elapse(700);
      expect(await store.readSessionSettings(kept)).toEqual({ max_log_entries: 5, fix_detection_window: 2 });
      expect(await store.readSessionSettings(idle)).toEqual({ max_log_entries: null, fix_detection_window: null });
      await elapse(1200);
      expect(await store.readSessionSettings(kept)).toEqual({ max_log_entries: null, fix_detection_window: null });
      expect(await store.readToolLog(kept)).toEqual([]);
    });
  });
}
