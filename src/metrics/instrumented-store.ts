// Wraps a store so that every operation's latency is measured and domain events are counted.
import { StoreUnavailableError } from "../errors.js";
import type { Store } from "../storage/port.js";
import type { Metrics } from "./registry.js";

type Operation = (...args: unknown[]) => Promise<unknown>;

export function instrumentStore(store: Store, metrics: Metrics): Store {
  const timed = (name: string, operation: Operation): Operation =>
    async (...args) => {
      const stop = metrics.storeDuration.startTimer({ operation: name });
      try {
        const result = await operation(...args);
        stop({ result: "ok" });
        return result;
      } catch (error) {
        stop({ result: error instanceof StoreUnavailableError ? "unavailable" : "error" });
        throw error;
      }
    };

  const wrapped = { ...store } as Record<string, unknown>;
  for (const [name, member] of Object.entries(store)) {
    if (typeof member === "function" && name !== "close") wrapped[name] = timed(name, member.bind(store) as Operation);
  }

  const instrumented = wrapped as unknown as Store;
  const { captureLesson, captureSignedLesson, recordSharedToolCall, recordSignedToolCall } = instrumented;
  // A replayed or refused keyed write stored nothing, so it counts nothing.
  instrumented.captureLesson = async (task, lesson, idempotencyKey, template) => {
    const captured = await captureLesson(task, lesson, idempotencyKey, template);
    if (captured.outcome === "applied") metrics.lessonsCaptured.inc();
    return captured;
  };
  instrumented.captureSignedLesson = async (task, lesson, idempotencyKey, failure) => {
    const captured = await captureSignedLesson(task, lesson, idempotencyKey, failure);
    if (captured.outcome === "applied") metrics.lessonsCaptured.inc();
    return captured;
  };
  const countRecorded = (written: Awaited<ReturnType<Store["recordSharedToolCall"]>>) => {
    if (written.outcome !== "applied") return written;
    metrics.toolCallsRecorded.inc({ outcome: written.value.entry.outcome });
    if (written.value.entry.fix_for) metrics.fixesDetected.inc();
    if (written.value.knownFix) metrics.knownFixesOffered.inc();
    return written;
  };
  instrumented.recordSharedToolCall = async (session, call, idempotencyKey, offer) => countRecorded(await recordSharedToolCall(session, call, idempotencyKey, offer));
  instrumented.recordSignedToolCall = async (session, call, idempotencyKey, offer, failure) =>
    countRecorded(await recordSignedToolCall(session, call, idempotencyKey, offer, failure));
  return instrumented;
}
