// The whole store an adapter provides: each aggregate's port (beside the domain that defines it, in src/domain/*/store.ts), the limits every adapter enforces, and what the infrastructure needs.
import type { ActivityStore } from "../domain/activity/store.js";
import type { FailureTemplateStore, SignedFailureStore } from "../domain/failures/store.js";
import type { LessonStore, SignatureKnowledgeStore } from "../domain/lessons/store.js";
import type { SharedToolStore } from "../domain/shared-tools/store.js";
import type { ToolMemoryStore } from "../domain/tools/store.js";
import type { FixRanking } from "../domain/shared-tools/efficacy.js";

/** Limits every adapter enforces inside its atomic operations. */
export interface StoreLimits {
  /** Lessons kept per task; older ones are trimmed, counters follow. */
  maxLessonsPerTask: number;
  /** Log entries kept per session; older ones are trimmed, patterns keep their counts. */
  maxToolLogEntries: number;
  /** How many previous log entries a success looks back through for a failure it fixes. */
  fixDetectionWindow: number;
  /** Seconds a task's keys live after its last write; 0 keeps them forever. */
  lessonsTtlSeconds: number;
  /** Seconds a session's keys live after its last write; 0 keeps them forever. */
  sessionsTtlSeconds: number;
  /** Seconds a tool's shared knowledge lives after the tenant last called it; 0 keeps it forever. */
  toolsTtlSeconds: number;
  /** Seconds a tenant-level write remembers its write id, so that a retry is not counted twice. */
  idempotencyTtlSeconds: number;
  /** Events kept per tenant for replay (about that many on Redis, which trims in whole nodes). */
  eventsMaxPerTenant: number;
  /** Seconds a tenant's event log lives after its last event. */
  eventsTtlSeconds: number;
  /** How fixes are ranked and offered: by the Wilson bound of their efficacy (the default), or by times applied. */
  fixRanking?: FixRanking;
  /** Failure templates a tenant keeps (MAX_TEMPLATES unless configured); past it the one seen least recently is forgotten. */
  maxTemplatesPerTenant?: number;
}

/** Request counts that every replica adds to, so that they share one rate-limit budget. */
export interface RateCountStore {
  /**
   * Adds each subject's requests to its count in the window that starts at `windowStartMs`, and
   * returns each subject's new total. The counts of that window are forgotten `forgetInMs` from now:
   * the caller's clock decides when a window ends, never the store's.
   */
  addRequestCounts(windowStartMs: number, forgetInMs: number, counts: ReadonlyMap<string, number>): Promise<Map<string, number>>;
}

/** How the store keeps data, and the role of the Redis server it talks to (null where there is no one server). */
export interface StoreTopology {
  mode: "memory" | "single" | "sentinel" | "cluster";
  role: "master" | null;
}

export interface Store
  extends LessonStore,
    SignatureKnowledgeStore,
    FailureTemplateStore,
    SignedFailureStore,
    ToolMemoryStore,
    SharedToolStore,
    ActivityStore,
    RateCountStore {
  /** "memory" keeps data in this process only; "redis" keeps it in Redis. */
  readonly kind: "memory" | "redis";

  /**
   * Resolves with what the store talks to when it can serve requests; rejects with
   * StoreUnavailableError otherwise, also when the Redis it reached is not a primary.
   */
  ping(): Promise<StoreTopology>;

  /**
   * Brings what the store keeps to the layout this code writes, each versioned migration once (storage/redis/migrations.ts);
   * null for a store with nothing kept from before (the embedded one).
   */
  migrate(): Promise<{ version: number; applied: Array<{ name: string; moved: number }> } | null>;

  /** Releases connections; the store is unusable afterwards. */
  close(): Promise<void>;
}
