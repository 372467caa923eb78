// Store factories for tests: the embedded store, and Redis stores each under a unique key prefix.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { inject } from "vitest";
import type { Store, StoreLimits } from "../../src/storage/port.js";
import { createMemoryStore } from "../../src/storage/memory/index.js";
import { createRedisStore } from "../../src/storage/redis/index.js";

export const DEFAULT_LIMITS: StoreLimits = { maxLessonsPerTask: 40, maxToolLogEntries: 1000, fixDetectionWindow: 10 };

export type StoreFactory = (limits?: Partial<StoreLimits>) => Promise<Store>;

export function uniquePrefix(): string {
  return `test-${randomUUID().slice(0, 12)}`;
}

export const memoryStoreFactory: StoreFactory = async (limits) => createMemoryStore({ ...DEFAULT_LIMITS, ...limits });

/** A Redis store on the run's server; each call gets its own prefix, so tests never share keys. */
export function redisStoreFactory(url: string = inject("redisUrl")): StoreFactory {
  return async (limits) => {
    const client = new Redis(url, { maxRetriesPerRequest: 1, enableAutoPipelining: true });
    return createRedisStore({
      client,
      keyPrefix: uniquePrefix(),
      commandTimeoutMs: 2000,
      limits: { ...DEFAULT_LIMITS, ...limits },
    });
  };
}

/** Both stores, for tests that must hold against each. */
export function bothStores(): Array<[name: string, factory: StoreFactory]> {
  return [
    ["memory", memoryStoreFactory],
    ["redis", redisStoreFactory()],
  ];
}
