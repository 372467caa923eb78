// The Redis store: one client with the Lua scripts registered, lessons, tool memory and shared knowledge on top.
import type { Store, StoreLimits } from "../port.js";
import { createRedisActivityStore } from "./activity.js";
import { createRedisClient, type RedisClient } from "./client.js";
import { guarded } from "./errors.js";
import { createKeys } from "./keys.js";
import { createRedisLessonStore } from "./lessons.js";
import { createRedisRateCounts } from "./rate-counts.js";
import { defineScripts } from "./scripts.js";
import { createRedisSignatureStore } from "./signature-knowledge.js";
import { createRedisToolKnowledgeStore } from "./tool-knowledge.js";
import { createRedisToolMemoryStore } from "./tool-memory.js";

export interface RedisStoreOptions {
  /** An existing client (tests, shared connections); otherwise one is created from `url` or `clusterNodes`. */
  client?: RedisClient;
  url?: string | undefined;
  clusterNodes?: readonly string[] | undefined;
  keyPrefix: string;
  commandTimeoutMs: number;
  limits: StoreLimits;
}

export function createRedisStore(options: RedisStoreOptions): Store & { readonly client: RedisClient } {
  const client =
    options.client ??
    createRedisClient({ url: options.url, clusterNodes: options.clusterNodes, commandTimeoutMs: options.commandTimeoutMs });
  const redis = defineScripts(client);
  const keys = createKeys(options.keyPrefix);

  const lessons = createRedisLessonStore(redis, keys, options.limits);
  const toolMemory = createRedisToolMemoryStore(redis, keys, options.limits);
  return {
    kind: "redis",
    client,
    ...lessons,
    ...createRedisSignatureStore(redis, keys, options.limits, lessons),
    ...toolMemory,
    ...createRedisToolKnowledgeStore(redis, keys, options.limits),
    ...createRedisActivityStore(redis, keys, toolMemory, options.limits),
    ...createRedisRateCounts(redis, keys),

    async ping() {
      await guarded(() => redis.ping());
    },

    async close() {
      // quit lets in-flight replies arrive; disconnect is the fallback when Redis is gone.
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
