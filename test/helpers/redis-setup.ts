// Global setup of the projects that talk to Redis: REDIS_URL when set, else a throwaway redis-server for the run;
// with REDIS_CLUSTER=1 (npm run test:cluster) also a throwaway cluster of 3 masters with a replica each,
// and with REDIS_SENTINEL=1 (npm run test:sentinel) a primary with two replicas behind three sentinels.
import type { TestProject } from "vitest/node";
import { startRedisCluster, type RedisClusterHandle } from "./redis-cluster.js";
import { startSentinelSet, type SentinelSet } from "./redis-sentinel.js";
import { startRedisServer, type RedisServerHandle } from "./redis-server.js";

declare module "vitest" {
  export interface ProvidedContext {
    redisUrl: string;
    /** host:port seeds when the run targets Redis Cluster, else empty. */
    redisClusterNodes: string[];
    /** host:port of the sentinels when the run targets Sentinel, else empty. */
    redisSentinels: string[];
  }
}

let server: RedisServerHandle | undefined;
let cluster: RedisClusterHandle | undefined;
let sentinelSet: SentinelSet | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (process.env.REDIS_URL) {
    project.provide("redisUrl", process.env.REDIS_URL);
  } else {
    server = await startRedisServer();
    project.provide("redisUrl", server.url);
  }
  if (process.env.REDIS_CLUSTER === "1") {
    cluster = await startRedisCluster({ replicasPerMaster: 1 });
    project.provide("redisClusterNodes", cluster.nodes);
  } else {
    project.provide("redisClusterNodes", []);
  }
  if (process.env.REDIS_SENTINEL === "1") {
    sentinelSet = await startSentinelSet();
    project.provide("redisSentinels", sentinelSet.sentinels);
  } else {
    project.provide("redisSentinels", []);
  }
}

export async function teardown(): Promise<void> {
  await Promise.all([server?.stop(), cluster?.stop(), sentinelSet?.stop()]);
}
