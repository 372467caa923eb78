// Gives every test file a Redis URL: REDIS_URL when set, else a throwaway redis-server for the run.
import type { TestProject } from "vitest/node";
import { startRedisServer, type RedisServerHandle } from "./redis-server.js";

declare module "vitest" {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

let server: RedisServerHandle | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (process.env.REDIS_URL) {
    project.provide("redisUrl", process.env.REDIS_URL);
    return;
  }
  server = await startRedisServer();
  project.provide("redisUrl", server.url);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
