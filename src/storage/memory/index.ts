// The embedded store: everything in this process's memory, lost on exit; for trying the service out.
import type { Store, StoreLimits } from "../port.js";
import { captureSignedInTwoSteps, recordSignedInTwoSteps } from "../signed-capture.js";
import { createMemoryActivity } from "./activity.js";
import { createMemoryFailureTemplates } from "./failure-templates.js";
import { createMemoryLessonStore } from "./lessons.js";
import { createMemoryRateCounts } from "./rate-counts.js";
import { createMemorySignatureStore } from "./signature-knowledge.js";
import { createMemorySharedToolStore } from "./shared-tools.js";
import { createMemoryToolMemoryStore } from "./tool-memory.js";

// Expired entries are also dropped when read; the sweep bounds memory for data nobody reads again.
const SWEEP_INTERVAL_MS = 60_000;

export interface MemoryStoreOptions {
  /** The clock in milliseconds; tests move it to expire data. */
  now?: () => number;
}

export function createMemoryStore(limits: StoreLimits, options: MemoryStoreOptions = {}): Store {
  const now = options.now ?? Date.now;
  const lessons = createMemoryLessonStore(limits, now);
  const { recordInSession, ...tools } = createMemoryToolMemoryStore(limits, now);
  const activity = createMemoryActivity(limits, now, { ...lessons, ...tools });
  const signatures = createMemorySignatureStore(limits, now, lessons, activity);
  const knowledge = createMemorySharedToolStore(limits, now, recordInSession, activity);
  const templates = createMemoryFailureTemplates({
    ttlSeconds: limits.lessonsTtlSeconds,
    idempotencyTtlSeconds: limits.idempotencyTtlSeconds,
    now,
    maxTemplates: limits.maxTemplatesPerTenant,
  });
  const learnFailureTemplate: Store["learnFailureTemplate"] = async (tenant, message, write, use) => templates.learnFailureTemplate(tenant, message, write, use);
  const sweeper = setInterval(() => {
    templates.sweep();
    lessons.sweep();
    signatures.sweep();
    tools.sweep();
    knowledge.sweep();
    activity.sweep();
  }, SWEEP_INTERVAL_MS);
  sweeper.unref();

  return {
    kind: "memory",
    ...lessons,
    ...signatures,
    ...tools,
    ...knowledge,
    ...activity.reads,
    async deleteLesson(task, lessonId) {
      const removed = await lessons.deleteLesson(task, lessonId);
      if (removed) activity.touched(task);
      return removed;
    },
    async importMemory(session, memory) {
      await tools.importMemory(session, memory);
      activity.touched(session);
    },
    learnFailureTemplate,
    // One process, no round trips: the two steps a Cluster takes.
    captureSignedLesson(task, lesson, idempotencyKey, failure) {
      return captureSignedInTwoSteps({ learnFailureTemplate, captureLesson: signatures.captureLesson }, task, lesson, idempotencyKey, failure);
    },
    recordSignedToolCall(session, call, idempotencyKey, offer, failure) {
      return recordSignedInTwoSteps({ learnFailureTemplate, recordSharedToolCall: knowledge.recordSharedToolCall }, session, call, idempotencyKey, offer, failure);
    },
    async recallTemplates(tenant, query) {
      return templates.recallTemplates(tenant, query);
    },
    ...createMemoryRateCounts(now),
    async ping() {
      return { mode: "memory" as const, role: null };
    },
    // Nothing outlives the process, so nothing was kept in an older layout.
    migrate: async () => null,

    async close() {
      clearInterval(sweeper);
    },
  };
}
