// The Redis store: one client with the Lua scripts registered, lessons, tool memory and shared knowledge on top.
import { Cluster } from "ioredis";
import { StoreUnavailableError } from "../../errors.js";
import type { Store, StoreLimits } from "../port.js";
import { createRedisActivityStore } from "./activity.js";
import { createActivityBatches } from "./activity-batches.js";
import { createRedisClient, type RedisClient } from "./client.js";
import { guarded } from "./errors.js";
import { createKeys } from "./keys.js";
import { createRedisLessonStore } from "./lessons.js";
import { migrateLayout } from "./migrations.js";
import { createRedisTemplateBuckets } from "./template-buckets.js";
import { recallTemplates } from "./recall.js";
import { createRedisRateCounts } from "./rate-counts.js";
import type { ReplicaWait } from "./confirmed-writes.js";
import { defineScripts } from "./scripts.js";
import { createRedisSignatureStore } from "./signature-knowledge.js";
import { createRedisSharedToolStore } from "./shared-tools.js";
import { createRedisToolMemoryStore } from "./tool-memory.js";
import { createSessionWindows } from "./session-windows.js";
import { createToolFieldsCache } from "./session-pattern-fields.js";

export interface RedisStoreOptions {
  /** An existing client (tests, shared connections); otherwise one is created from `url` or `clusterNodes`. */
  client?: RedisClient;
  url?: string | undefined;
  clusterNodes?: readonly string[] | undefined;
  sentinels?: readonly string[] | undefined;
  sentinelName?: string | undefined;
  sentinelPassword?: string | undefined;
  /** Replicas that must confirm each write before it is answered (none by default). */
  replicaWait?: ReplicaWait;
  keyPrefix: string;
  commandTimeoutMs: number;
  limits: StoreLimits;
  /** Told of a stored record that could only be read repaired (once per record and process). */
  onRepaired?: (what: string) => void;
  /** How often what writes leave for dashboards is sent (activity-batches.ts: ACTIVITY_FLUSH_MS by default). */
  activityFlushMs?: number;
}

/** The Redis store, its client, and a way to send the dashboard counts this process added up now (benchmarks read Redis's counts after it). */
export type RedisStore = Store & { readonly client: RedisClient; flushActivity(): Promise<void> };

export function createRedisStore(options: RedisStoreOptions): RedisStore {
  const client =
    options.client ??
    createRedisClient({
      url: options.url,
      clusterNodes: options.clusterNodes,
      sentinels: options.sentinels,
      sentinelName: options.sentinelName,
      sentinelPassword: options.sentinelPassword,
      commandTimeoutMs: options.commandTimeoutMs,
    });
  const redis = defineScripts(client, options.replicaWait);
  const keys = createKeys(options.keyPrefix);

  const lessons = createRedisLessonStore(redis, keys, options.limits);
  // What writes leave for dashboards, added up here and sent in batches (activity-batches.ts).
  const activity = createActivityBatches(redis, keys, options.limits, options.activityFlushMs);
  // The windows a success's fix is found on, shared by the session's own writes and the writes that feed the tenant too.
  const deciding = {
    windows: createSessionWindows(),
    patterns: createToolFieldsCache(),
    defaults: { max_log_entries: options.limits.maxToolLogEntries, fix_detection_window: options.limits.fixDetectionWindow },
  };
  const toolMemory = createRedisToolMemoryStore(redis, keys, options.limits, deciding);
  const templates = createRedisTemplateBuckets(redis, keys, {
    ttlSeconds: options.limits.lessonsTtlSeconds,
    recordTtlSeconds: options.limits.idempotencyTtlSeconds,
    maxTemplates: options.limits.maxTemplatesPerTenant,
  });
  return {
    kind: "redis",
    client,
    ...lessons,
    ...createRedisSignatureStore(redis, keys, options.limits, lessons, templates, activity),
    ...toolMemory,
    ...createRedisSharedToolStore(redis, keys, options.limits, templates, deciding, activity),
    ...createRedisActivityStore(redis, keys, toolMemory, options.limits, activity, options.onRepaired),
    ...createRedisRateCounts(redis, keys),
    learnFailureTemplate: templates.learn,
    recallTemplates: (tenant, query) => recallTemplates(redis, keys, templates, tenant, query),

    async ping() {
      if (client instanceof Cluster) {
        await guarded(() => redis.ping());
        return { mode: "cluster" as const, role: null };
      }
      // ROLE costs what PING does and says whether this connection can take writes.
      const [role] = (await guarded(() => client.role())) as [string];
      if (role !== "master") throw new StoreUnavailableError(new Error(`connected to a Redis ${role}, not a primary`));
      return { mode: client.options.sentinels?.length ? ("sentinel" as const) : ("single" as const), role };
    },

    migrate: () => migrateLayout(redis, keys, options.keyPrefix),
    flushActivity: () => activity.flushAll(),

    async close() {
      // What this process added up for dashboards goes first; if Redis is gone, it goes with the process.
      await activity.close();
      // quit lets in-flight replies arrive; disconnect is the fallback when Redis is gone.
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
