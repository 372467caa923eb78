// Creates the ioredis client with settings that fail fast during an outage instead of queueing.
import { Redis } from "ioredis";

export interface RedisClientOptions {
  url: string;
  commandTimeoutMs: number;
}

export function createRedisClient({ url, commandTimeoutMs }: RedisClientOptions): Redis {
  return new Redis(url, {
    // While disconnected, reject at once (503) rather than hold requests in an unbounded queue.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // A hung Redis (alive but not answering) must not hang requests either.
    commandTimeout: commandTimeoutMs,
    connectTimeout: Math.max(commandTimeoutMs, 1000),
    // Requests issued in the same tick share one write to the socket.
    enableAutoPipelining: true,
    // Reconnect forever, backing off to at most one attempt a second.
    retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
  });
}

/** Resolves once the client is ready, or after `timeoutMs`; never rejects, the caller checks readiness later. */
export function waitUntilReady(redis: Redis, timeoutMs: number): Promise<boolean> {
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
