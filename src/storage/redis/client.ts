// Creates the ioredis client (one node, a primary found through Sentinel, or a Cluster) with settings that fail fast during an outage instead of queueing.
import { Cluster, Redis, type RedisOptions } from "ioredis";

/** What the store talks to: one Redis, or a Redis Cluster behind the same commands. */
export type RedisClient = Redis | Cluster;

export interface RedisClientOptions {
  /** redis:// URL of a single node; with `sentinels`, only its credentials, database and scheme count. */
  url?: string | undefined;
  /** host:port seeds of a Redis Cluster; chosen over `url` when given. */
  clusterNodes?: readonly string[] | undefined;
  /** host:port of the sentinels that know the primary of `sentinelName`. */
  sentinels?: readonly string[] | undefined;
  sentinelName?: string | undefined;
  sentinelPassword?: string | undefined;
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
    // A primary demoted by a failover answers writes with READONLY: reconnect (through the sentinels,
    // to the new primary) and let this request fail with a 503 that the client retries.
    reconnectOnError: (error) => (error.message.startsWith("READONLY") ? 1 : false),
  };
}

/** The data nodes' credentials, database and TLS, from a redis:// or rediss:// URL. */
function dataNodeOptions(url: string | undefined): RedisOptions {
  if (!url) return {};
  const parsed = new URL(url);
  const db = Number(parsed.pathname.slice(1) || 0);
  return {
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(db ? { db } : {}),
    ...(parsed.protocol === "rediss:" ? { tls: {}, enableTLSForSentinelMode: true } : {}),
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

export function createRedisClient({ url, clusterNodes, sentinels, sentinelName, sentinelPassword, commandTimeoutMs }: RedisClientOptions): RedisClient {
  if (clusterNodes && clusterNodes.length > 0) {
    return followingPromotions(new Cluster(parseClusterNodes(clusterNodes.join(",")), {
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
      // A master that hangs rather than fails raises no error; this re-reads the slot map anyway.
      slotsRefreshInterval: SLOTS_REFRESH_INTERVAL_MS,
    }));
  }
  if (sentinels && sentinels.length > 0) {
    return reconnectingAfterEnd(new Redis({
      ...nodeOptions(commandTimeoutMs),
      ...dataNodeOptions(url),
      sentinels: parseClusterNodes(sentinels.join(",")),
      name: sentinelName ?? "mymaster",
      role: "master",
      ...(sentinelPassword ? { sentinelPassword } : {}),
      // Sentinels announce +switch-master; the client then reconnects to the new primary at once
      // instead of waiting for the old one to fail.
      failoverDetector: true,
      sentinelRetryStrategy: backoff,
      enableAutoPipelining: true,
    }));
  }
  // Requests issued in the same tick share one write to the socket.
  return new Redis(url ?? "redis://127.0.0.1:6379", { ...nodeOptions(commandTimeoutMs), enableAutoPipelining: true });
}

/** How often a Cluster client re-reads the slot map even when no node failed. */
const SLOTS_REFRESH_INTERVAL_MS = 2000;

/**
 * A Cluster client that re-reads the slot map whenever a node's connection fails. A dead master
 * answers no MOVED, and ioredis keeps reconnecting to it; without this the slots its replica took
 * over stay mapped to it, and every write there answers 503, until the next periodic refresh.
 * Refreshes in flight are merged by ioredis, and the dead node's reconnects, backing off, pace them.
 */
function followingPromotions(cluster: Cluster): Cluster {
  cluster.on("node error", () => {
    if (cluster.status === "ready") cluster.refreshSlotsCache();
  });
  return cluster;
}

/**
 * A Sentinel client that connects again when it ends without being closed. ioredis ends one for
 * good when the failover detector's +switch-master lands while the client is already reconnecting
 * (its connector then aborts the connect in flight); seen in about one failover test in six.
 */
function reconnectingAfterEnd(client: Redis): Redis {
  let closing = false;
  const quit = client.quit.bind(client);
  const disconnect = client.disconnect.bind(client);
  client.quit = ((...args: Parameters<Redis["quit"]>) => {
    closing = true;
    return quit(...args);
  }) as Redis["quit"];
  // disconnect(true) is ioredis reconnecting on its own (reconnectOnError), not a close.
  client.disconnect = (reconnect = false) => {
    if (!reconnect) closing = true;
    disconnect(reconnect);
  };
  client.on("end", () => {
    if (closing) return;
    setTimeout(() => {
      if (!closing && client.status === "end") client.connect().catch(() => {});
    }, backoff(10)).unref();
  });
  return client;
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
