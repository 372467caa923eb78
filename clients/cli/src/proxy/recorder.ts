// Sends the proxy's tool calls to the service one at a time, in the order the calls were made, and hands each failure its known fix.
import { randomUUID } from "node:crypto";
import type { AgentLessonsClient } from "@agent-lessons/client";
import type { KnownFix } from "../known-fix-text.js";
import type { ProblemLog } from "../problem-log.js";
import { describeFailure, isTransient } from "../service.js";
import type { ToolCallReport } from "../tool-call-report.js";

/** A call's place in the order: taken when the call is made, filled when its outcome is known. */
export interface RecordSlot {
  /** The tool as recorded: only an earlier call of the same tool holds this one back. */
  readonly tool: string;
  report: ToolCallReport | null;
  /** One key for every attempt, so a record sent again after a lost answer is stored once. */
  readonly idempotencyKey: string;
  /** Resolves with the 201's known_fix; with null once the record is sent without one, dropped, or held up by the service. */
  readonly fix: Promise<KnownFix | null>;
  settleFix(fix: KnownFix | null): void;
}

export interface Recorder {
  /** Takes the next place in the order, when a call of `tool` is made. */
  open(tool: string): RecordSlot;
  /**
   * Fills a place with the call as it ended. A record is sent once every earlier call of the same
   * tool is filled: fix detection pairs calls of one tool, and a long call of another tool must not
   * hold it back.
   */
  complete(slot: RecordSlot, report: ToolCallReport): void;
  /** Gives up a place that will never be filled (a call that is not to be recorded). */
  discard(slot: RecordSlot): void;
  /**
   * The known fix of a completed failure, waiting at most `withinMs`, and not at all while the service
   * is unreachable. A failure that waits behind a call of its tool still running asks for the fix directly.
   */
  waitForFix(slot: RecordSlot, withinMs: number): Promise<KnownFix | null>;
  /** Resolves once every filled place is sent, or after `withinMs`. */
  drain(withinMs: number): Promise<void>;
  /** Told by the client of every attempt: the service answered, or could not be reached. */
  reachable(answered: boolean): void;
}

// Records wait in memory while the service is away; past this many the oldest are dropped.
const MAX_WAITING = 1000;
const FIRST_PAUSE_MS = 250;
const LONGEST_PAUSE_MS = 5000;

export function createRecorder(deps: { client: AgentLessonsClient; sessionId: string; log: ProblemLog }): Recorder {
  const queue: RecordSlot[] = [];
  let sending = false;
  let onTheWire: RecordSlot | undefined;
  let online = true;
  let dropped = 0;
  const whenOffline = new Set<() => void>();
  const whenIdle = new Set<() => void>();

  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

  function dropOldestWaiting(): void {
    // The oldest filled place may be on the wire; the next one is the oldest that can go.
    const index = queue.findIndex((slot) => slot.report !== null && slot !== onTheWire);
    if (index < 0) return;
    queue.splice(index, 1)[0]!.settleFix(null);
    dropped += 1;
    deps.log.report("dropped", `${dropped} tool call(s) dropped unrecorded: more than ${MAX_WAITING} were waiting for the service`);
  }

  /** The first filled place with no unfilled place of its tool before it. */
  function nextToSend(): RecordSlot | undefined {
    const waiting = new Set<string>();
    for (const slot of queue) {
      if (slot.report && !waiting.has(slot.tool)) return slot;
      if (!slot.report) waiting.add(slot.tool);
    }
    return undefined;
  }

  function isHeldBack(slot: RecordSlot): boolean {
    for (const earlier of queue) {
      if (earlier === slot) return false;
      if (earlier.tool === slot.tool && earlier.report === null) return true;
    }
    return false;
  }

  /**
   * The tenant's fix for a failure of a tool, as its 201 would carry it: one that applies to the failing
   * call's arguments; null when none is known or the ask fails.
   */
  function lookUpFix(tool: string, errorType: string, args: Record<string, unknown>): Promise<KnownFix | null> {
    return deps.client.getSharedFix({ path: { tool_name: tool }, query: { error_type: errorType, arguments: JSON.stringify(args) } }).then(
      ({ fix_delta, typical_fix, fix_text, times_applied }) => ({ fix_delta, typical_fix, fix_text, times_applied }),
      () => null,
    );
  }

  async function send(): Promise<void> {
    if (sending) return;
    sending = true;
    let pause = FIRST_PAUSE_MS;
    try {
      for (let slot = nextToSend(); slot; slot = nextToSend()) {
        onTheWire = slot;
        try {
          const recorded = await deps.client.recordToolCall({
            path: { session_id: deps.sessionId },
            body: slot.report!,
            idempotencyKey: slot.idempotencyKey,
          });
          slot.settleFix(recorded.known_fix ?? null);
          queue.splice(queue.indexOf(slot), 1);
          pause = FIRST_PAUSE_MS;
        } catch (error) {
          slot.settleFix(null);
          if (isTransient(error)) {
            // Kept in its place: later records wait behind it, so the order survives an outage.
            deps.log.report("unavailable", `${describeFailure(error)}; ${queue.length} tool call(s) wait to be recorded`);
            await sleep(pause);
            pause = Math.min(LONGEST_PAUSE_MS, pause * 2);
          } else {
            deps.log.report(`refused:${(error as { status?: number }).status ?? "?"}`, `a tool call was not recorded: ${describeFailure(error)}`);
            queue.splice(queue.indexOf(slot), 1);
          }
        }
      }
    } finally {
      sending = false;
      onTheWire = undefined;
      if (!queue.some((slot) => slot.report)) for (const idle of whenIdle) idle();
    }
  }

  return {
    open(tool) {
      let settleFix!: (fix: KnownFix | null) => void;
      const fix = new Promise<KnownFix | null>((resolve) => (settleFix = resolve));
      const slot: RecordSlot = { tool, report: null, idempotencyKey: randomUUID(), fix, settleFix };
      if (queue.length >= MAX_WAITING) dropOldestWaiting();
      queue.push(slot);
      return slot;
    },
    complete(slot, report) {
      slot.report = report;
      void send();
    },
    discard(slot) {
      const index = queue.indexOf(slot);
      // Only an unfilled place is discarded, and the one on the wire is always filled.
      if (index >= 0 && slot.report === null) queue.splice(index, 1);
      slot.settleFix(null);
      void send();
    },
    waitForFix(slot, withinMs) {
      if (!online || withinMs <= 0) return Promise.resolve(null);
      const errorType = slot.report?.error_type;
      // Its own record cannot go before the call still running, so its 201 would come too late.
      const answer = isHeldBack(slot) && errorType ? lookUpFix(slot.tool, errorType, slot.report?.arguments ?? {}) : slot.fix;
      return new Promise((resolve) => {
        const done = (fix: KnownFix | null) => {
          clearTimeout(timer);
          whenOffline.delete(giveUp);
          resolve(fix);
        };
        const giveUp = () => done(null);
        const timer = setTimeout(giveUp, withinMs);
        whenOffline.add(giveUp);
        void answer.then(done);
      });
    },
    drain(withinMs) {
      if (!queue.some((slot) => slot.report)) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          whenIdle.delete(done);
          resolve();
        };
        const timer = setTimeout(() => {
          const left = queue.filter((slot) => slot.report).length;
          if (left > 0) deps.log.notice(`${left} tool call(s) not recorded: the service did not take them within ${withinMs} ms of the end`);
          done();
        }, withinMs);
        whenIdle.add(done);
      });
    },
    reachable(answered) {
      online = answered;
      if (!answered) for (const giveUp of [...whenOffline]) giveUp();
    },
  };
}
