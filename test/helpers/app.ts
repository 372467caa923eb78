// Builds the real app for HTTP tests, on a given store, with logging off and a ready HTTP server.
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/app.js";
import { loadConfig, type Config } from "../../src/config.js";
import type { Store } from "../../src/storage/port.js";
import { uniquePrefix } from "./stores.js";

/** The config of a test app (a given store keeps its own key prefix; this one is for a store the app opens). */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ LOG_LEVEL: "silent", REDIS_KEY_PREFIX: uniquePrefix(), ...env });
}

export async function buildTestApp(store: Store, env: Record<string, string> = {}, deps: { clock?: () => Date } = {}): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(env), { store, logger: false, ...deps });
  await app.ready();
  return app;
}
