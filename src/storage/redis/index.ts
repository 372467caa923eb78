// The Redis store: one client with the Lua scripts registered, lessons and tool memory on top.
import type { Redis } from "ioredis";
import type { Store, StoreLimits } from "../port.js";
import { createRedisClient } from "./client.js";
import { guarded } from "./errors.js";
import { createKeys } from "./keys.js";
import { createRedisIdempotencyStore } from "./idempotency.js";
import { createRedisLessonStore } from "./lessons.js";
import { defineScripts } from "./scripts.js";
import { createRedisToolMemoryStore } from "./tool-memory.js";

export interface RedisStoreOptions {
  /** An existing client (tests, shared connections); otherwise one is created from `url`. */
  client?: Redis;
  url?: string;
  keyPrefix: string;
  commandTimeoutMs: number;
  limits: StoreLimits;
}

export function createRedisStore(options: RedisStoreOptions): Store & { readonly client: Redis } {
  const client =
    options.client ?? createRedisClient({ url: options.url ?? "redis://127.0.0.1:6379", commandTimeoutMs: options.commandTimeoutMs });
  const redis = defineScripts(client);
  const keys = createKeys(options.keyPrefix);

  return {
    kind: "redis",
    client,
    ...createRedisLessonStore(redis, keys, options.limits),
    ...createRedisToolMemoryStore(redis, keys, options.limits),
    ...createRedisIdempotencyStore(redis, keys),

    async ping() {
      await guarded(() => redis.ping());
    },

    async close() {
      // quit lets in-flight replies arrive; disconnect is the fallback when Redis is gone.
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
