// Creates the ioredis client (one node or a Cluster) with settings that fail fast during an outage instead of queueing.
import { Cluster, Redis, type RedisOptions } from "ioredis";

/** What the store talks to: one Redis, or a Redis Cluster behind the same commands. */
export type RedisClient = Redis | Cluster;

export interface RedisClientOptions {
  /** redis:// URL of a single node. */
  url?: string | undefined;
  /** host:port seeds of a Redis Cluster; chosen over `url` when given. */
  clusterNodes?: readonly string[] | undefined;
  commandTimeoutMs: number;
}

// Reconnect forever, backing off to at most one attempt a second.
const backoff = (attempt: number) => Math.min(attempt * 100, 1000);

function nodeOptions(commandTimeoutMs: number): RedisOptions {
  return {
    // While disconnected, reject at once (503) rather than hold requests in an unbounded queue.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // A hung Redis (alive but not answering) must not hang requests either.
    commandTimeout: commandTimeoutMs,
    connectTimeout: Math.max(commandTimeoutMs, 1000),
    retryStrategy: backoff,
  };
}

export function parseClusterNodes(list: string): Array<{ host: string; port: number }> {
  return list
    .split(",")
    .map((seed) => seed.trim())
    .filter(Boolean)
    .map((seed) => {
      const at = seed.lastIndexOf(":");
      return { host: seed.slice(0, at), port: Number(seed.slice(at + 1)) };
    });
}

export function createRedisClient({ url, clusterNodes, commandTimeoutMs }: RedisClientOptions): RedisClient {
  if (clusterNodes && clusterNodes.length > 0) {
    return new Cluster(parseClusterNodes(clusterNodes.join(",")), {
      redisOptions: nodeOptions(commandTimeoutMs),
      enableOfflineQueue: false,
      enableAutoPipelining: true,
      clusterRetryStrategy: backoff,
      // MOVED/ASK/TRYAGAIN during resharding or failover are retried by the client, not surfaced.
      retryDelayOnMoved: 0,
      retryDelayOnTryAgain: 100,
      retryDelayOnClusterDown: 100,
      maxRedirections: 16,
      slotsRefreshTimeout: Math.max(commandTimeoutMs, 1000),
    });
  }
  // Requests issued in the same tick share one write to the socket.
  return new Redis(url ?? "redis://127.0.0.1:6379", { ...nodeOptions(commandTimeoutMs), enableAutoPipelining: true });
}

/** Resolves once the client is ready, or after `timeoutMs`; never rejects, the caller checks readiness later. */
export function waitUntilReady(redis: RedisClient, timeoutMs: number): Promise<boolean> {
  if (redis.status === "ready") return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off("ready", onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    redis.once("ready", onReady);
  });
}
