// A lesson or a call written through the port, for tests whose subject is what the task or session then keeps.
import type { Lesson } from "../../src/domain/lessons/types.js";
import type { SessionRef, TaskRef } from "../../src/domain/refs.js";
import type { ToolLogEntry } from "../../src/domain/tools/types.js";
import type { NewToolCall } from "../../src/domain/tools/store.js";
import type { Store } from "../../src/storage/port.js";
import { valueOf } from "./fixtures.js";

/** Captures the lesson without a write key (the tenant counts it too, as every capture does). */
export async function appendLesson(store: Pick<Store, "captureLesson">, task: TaskRef, lesson: Lesson): Promise<void> {
  valueOf(await store.captureLesson(task, lesson, null));
}

/** Records the call without a write key (the tenant learns from it too, as from every call) and answers the session's entry. */
export async function recordCall(store: Pick<Store, "recordSharedToolCall">, session: SessionRef, call: NewToolCall): Promise<ToolLogEntry> {
  return valueOf(await store.recordSharedToolCall(session, call, null)).entry;
}
