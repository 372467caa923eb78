// npm run migrate: brings the configured Redis to the layout this version writes (what the service also does on start), and says what moved.
import { loadConfig } from "../src/config.js";
import { bootEnvironment } from "../src/env-file.js";
import { storeLimitsOf } from "../src/plugins/store.js";
import { createRedisStore } from "../src/storage/redis/index.js";

const { env, fromFile } = bootEnvironment();
const config = loadConfig(env, fromFile);
const listed = (list: string | undefined) => list?.split(",").map((seed) => seed.trim()).filter(Boolean);
if (!config.REDIS_URL && !config.REDIS_CLUSTER_NODES && !config.REDIS_SENTINELS) {
  process.stdout.write("The embedded store keeps nothing from before: nothing to migrate.\n");
  process.exit(0);
}
const store = createRedisStore({
  url: config.REDIS_URL,
  clusterNodes: listed(config.REDIS_CLUSTER_NODES),
  sentinels: listed(config.REDIS_SENTINELS),
  sentinelName: config.REDIS_SENTINEL_NAME,
  sentinelPassword: config.REDIS_SENTINEL_PASSWORD,
  keyPrefix: config.REDIS_KEY_PREFIX,
  commandTimeoutMs: Math.max(config.REDIS_COMMAND_TIMEOUT_MS, 10_000),
  limits: storeLimitsOf(config),
});
try {
  const report = await store.migrate();
  if (!report || report.applied.length === 0) process.stdout.write(`The layout is at version ${report?.version ?? 0}: nothing to migrate.\n`);
  for (const { name, moved } of report?.applied ?? []) process.stdout.write(`Applied: ${name} (${moved} moved).\n`);
} finally {
  await store.close();
}
