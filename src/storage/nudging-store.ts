// Tells this replica's event streams about a write the moment it is stored, instead of at their next poll.
import type { Store } from "./port.js";

/** The store, with the writes that log events followed by `nudge(tenant)` once they succeed. */
export function nudgingStore(store: Store, nudge: (tenant: string) => void): Store {
  return {
    ...store,
    async captureLesson(task, lesson, idempotencyKey, template) {
      const captured = await store.captureLesson(task, lesson, idempotencyKey, template);
      nudge(task.tenant);
      return captured;
    },
    async captureSignedLesson(task, lesson, idempotencyKey, failure) {
      const captured = await store.captureSignedLesson(task, lesson, idempotencyKey, failure);
      nudge(task.tenant);
      return captured;
    },
    async recordSignedToolCall(session, call, idempotencyKey, offer, failure) {
      const recorded = await store.recordSignedToolCall(session, call, idempotencyKey, offer, failure);
      nudge(session.tenant);
      return recorded;
    },
    async recordSharedToolCall(session, call, idempotencyKey, offer) {
      const recorded = await store.recordSharedToolCall(session, call, idempotencyKey, offer);
      nudge(session.tenant);
      return recorded;
    },
    async resolveTask(task, input) {
      const resolved = await store.resolveTask(task, input);
      nudge(task.tenant);
      return resolved;
    },
  };
}
