// Gives every test file a Redis: REDIS_URL when set, else a throwaway redis-server for the run; with
// REDIS_CLUSTER=1 (npm run test:cluster) also a throwaway 3-master cluster that the Redis stores use.
import type { TestProject } from "vitest/node";
import { startRedisCluster, type RedisClusterHandle } from "./redis-cluster.js";
import { startRedisServer, type RedisServerHandle } from "./redis-server.js";

declare module "vitest" {
  export interface ProvidedContext {
    redisUrl: string;
    /** host:port seeds when the run targets Redis Cluster, else empty. */
    redisClusterNodes: string[];
  }
}

let server: RedisServerHandle | undefined;
let cluster: RedisClusterHandle | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (process.env.REDIS_URL) {
    project.provide("redisUrl", process.env.REDIS_URL);
  } else {
    server = await startRedisServer();
    project.provide("redisUrl", server.url);
  }
  if (process.env.REDIS_CLUSTER === "1") {
    cluster = await startRedisCluster();
    project.provide("redisClusterNodes", cluster.nodes);
  } else {
    project.provide("redisClusterNodes", []);
  }
}

export async function teardown(): Promise<void> {
  await Promise.all([server?.stop(), cluster?.stop()]);
}
