// Store factories for tests: the embedded store, and Redis stores each under a unique key prefix.
import { randomUUID } from "node:crypto";
import { Cluster, Redis } from "ioredis";
import { afterAll, beforeAll, inject } from "vitest";
import { StoreUnavailableError } from "../../src/errors.js";
import type { Store, StoreLimits } from "../../src/storage/port.js";
import { createMemoryStore } from "../../src/storage/memory/index.js";
import { parseClusterNodes } from "../../src/storage/redis/client.js";
import { createRedisStore } from "../../src/storage/redis/index.js";
import type { ScriptedRedis } from "../../src/storage/redis/script-commands.js";
import { defineScripts } from "../../src/storage/redis/scripts.js";
import { SENTINEL_MASTER } from "./redis-sentinel.js";

export const DEFAULT_LIMITS: StoreLimits = {
  maxLessonsPerTask: 40,
  maxToolLogEntries: 1000,
  fixDetectionWindow: 10,
  lessonsTtlSeconds: 0,
  sessionsTtlSeconds: 0,
  toolsTtlSeconds: 0,
  idempotencyTtlSeconds: 86_400,
  eventsMaxPerTenant: 10_000,
  eventsTtlSeconds: 86_400,
};

export type StoreFactory = (limits?: Partial<StoreLimits>) => Promise<Store>;

export function uniquePrefix(): string {
  return `test-${randomUUID().slice(0, 12)}`;
}

// The embedded store's clock: tests move it forward instead of waiting for data to expire.
let clockOffsetMs = 0;

export const memoryStoreFactory: StoreFactory = async (limits) =>
  createMemoryStore({ ...DEFAULT_LIMITS, ...limits }, { now: () => Date.now() + clockOffsetMs });

/** How each kind of store lets time pass: the embedded one's clock jumps, Redis is waited for. */
export const memoryElapse = async (ms: number) => {
  clockOffsetMs += ms;
};
export const redisElapse = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const prefixes = new WeakMap<Store, { client: Redis | Cluster; prefix: string }>();

/** True when this run targets Redis Cluster (npm run test:cluster). */
export const onCluster = () => inject("redisClusterNodes").length > 0;

/** True when this run targets a primary behind Sentinel (npm run test:sentinel), whose writes then wait for a replica. */
export const onSentinel = () => inject("redisSentinels").length > 0;

/** Under npm run test:cluster and test:sentinel the embedded store's half of a suite is not run again: npm test ran it. */
const onTopology = () => onCluster() || onSentinel();

/** Under npm run test:sentinel and test:cluster every write waits for one replica (REDIS_WAIT_REPLICAS=1), as production would. */
export const TEST_REPLICA_WAIT = { replicas: 1, timeoutMs: 1000 };

/** The Redis store options that make a store of this run wait for a replica where the run has them (TEST_REPLICA_WAIT). */
export const replicaWaitOfRun = () => (onTopology() ? { replicaWait: TEST_REPLICA_WAIT } : {});

/**
 * A Redis store on the run's server, or on its cluster under npm run test:cluster; each call gets
 * its own key prefix, so tests never share keys.
 */
export function redisStoreFactory(url: string = inject("redisUrl")): StoreFactory {
  return async (limits) => {
    const client = rawRedis(url);
    const prefix = uniquePrefix();
    const store = createRedisStore({
      client,
      keyPrefix: prefix,
      commandTimeoutMs: 2000,
      limits: { ...DEFAULT_LIMITS, ...limits },
      ...replicaWaitOfRun(),
    });
    prefixes.set(store, { client, prefix });
    return store;
  };
}

/** A client of the run's Redis: the cluster under npm run test:cluster, the primary under test:sentinel, else the single server. */
export function rawRedis(url: string = inject("redisUrl")): Redis | Cluster {
  const clusterNodes = inject("redisClusterNodes");
  const sentinels = inject("redisSentinels");
  if (clusterNodes.length > 0) {
    return new Cluster(parseClusterNodes(clusterNodes.join(",")), { enableAutoPipelining: true, redisOptions: { maxRetriesPerRequest: 1 } });
  }
  if (sentinels.length > 0) {
    return new Redis({ sentinels: parseClusterNodes(sentinels.join(",")), name: SENTINEL_MASTER, maxRetriesPerRequest: 1, enableAutoPipelining: true });
  }
  return new Redis(url, { maxRetriesPerRequest: 1, enableAutoPipelining: true });
}

/** The test server (or Cluster, or Sentinel set) with the service's scripts, for the file's tests: opened before them, quit after. */
export function scriptedRedisForFile(): () => ScriptedRedis {
  let redis: ScriptedRedis | undefined;
  beforeAll(() => {
    redis = defineScripts(rawRedis());
  });
  afterAll(async () => {
    await redis?.quit();
  });
  return () => redis!;
}

/** Keys matching a pattern, on every master of a cluster (KEYS is fine on a throwaway test server). */
export async function keysMatching(client: Redis | Cluster, pattern: string): Promise<string[]> {
  if (client instanceof Cluster) {
    const perNode = await Promise.all(client.nodes("master").map((node) => node.keys(pattern)));
    return perNode.flat();
  }
  return client.keys(pattern);
}

/**
 * Every Redis key a test's store has written (null for the embedded store, which has no keys). The
 * rate limiter's counts count requests, refused ones too, not data: they are left out unless asked for.
 */
export async function keysWritten(store: Store, { withRateCounts = false } = {}): Promise<string[] | null> {
  const owner = prefixes.get(store);
  if (!owner) return null;
  const keys = await keysMatching(owner.client, `${owner.prefix}:*`);
  return withRateCounts ? keys : keys.filter((key) => !key.startsWith(`${owner.prefix}:{ratelimit}:`));
}

/** Both stores, for tests that must hold against each. */
export function bothStores(): Array<[name: string, factory: StoreFactory]> {
  const stores: Array<[name: string, factory: StoreFactory]> = [
    ["memory", memoryStoreFactory],
    ["redis", redisStoreFactory()],
  ];
  return onTopology() ? stores.slice(1) : stores;
}

/** Both stores with their way of letting time pass, for retention and expiry tests. */
export function bothStoresWithTime(): Array<[name: string, factory: StoreFactory, elapse: (ms: number) => Promise<void>]> {
  const stores: Array<[name: string, factory: StoreFactory, elapse: (ms: number) => Promise<void>]> = [
    ["memory", memoryStoreFactory, memoryElapse],
    ["redis", redisStoreFactory(), redisElapse],
  ];
  return onTopology() ? stores.slice(1) : stores;
}

/**
 * The store, except that the first call of `method` is applied and then answers a store outage,
 * as when Redis runs a write but its reply comes after the timeout.
 */
export function lostReplyOnce<K extends "captureLesson" | "captureSignedLesson" | "recordSharedToolCall">(store: Store, method: K): Store {
  let failNext = true;
  const original = store[method].bind(store) as (...args: unknown[]) => Promise<unknown>;
  const flaky = async (...args: unknown[]) => {
    const result = await original(...args);
    if (!failNext) return result;
    failNext = false;
    throw new StoreUnavailableError();
  };
  return { ...store, [method]: flaky } as Store;
}
