// Chooses and opens the store (Redis when REDIS_URL is set, embedded memory otherwise) and closes it on shutdown.
import fp from "fastify-plugin";
import type { Config } from "../config.js";
import type { Store, StoreLimits } from "../storage/port.js";
import { createMemoryStore } from "../storage/memory/index.js";
import { waitUntilReady, type RedisClient } from "../storage/redis/client.js";
import { createRedisStore } from "../storage/redis/index.js";
import { watchPrimary } from "../storage/redis/primary-watch.js";

declare module "fastify" {
  interface FastifyInstance {
    store: Store;
    /** The Redis connection when the store is Redis (readiness and metrics read its status), else null. */
    redisClient: RedisClient | null;
  }
}

export interface StorePluginOptions {
  config: Config;
  /** A ready-made store (tests); the plugin then neither opens nor closes it. */
  store?: Store | undefined;
  /** Wraps the store, e.g. to measure it; what it returns is what the app uses. */
  instrument?: (store: Store) => Store;
  /** Told of each write too few replicas confirmed, and of each change of Redis primary. */
  onNotReplicated?: () => void;
  onPrimaryChange?: () => void;
}

// How long boot waits for a first connection before serving anyway (with readiness failing).
const FIRST_CONNECT_WAIT_MS = 3000;

/** The limits every store enforces, from the configuration. */
export function storeLimitsOf(config: Config): StoreLimits {
  return {
    maxLessonsPerTask: config.LESSONS_MAX_PER_TASK,
    maxToolLogEntries: config.TOOL_LOG_MAX_ENTRIES,
    fixDetectionWindow: config.FIX_DETECTION_WINDOW,
    lessonsTtlSeconds: config.LESSONS_TTL_SECONDS,
    sessionsTtlSeconds: config.SESSIONS_TTL_SECONDS,
    toolsTtlSeconds: config.TOOLS_TTL_SECONDS,
    idempotencyTtlSeconds: config.IDEMPOTENCY_TTL_SECONDS,
    eventsMaxPerTenant: config.EVENTS_MAX_PER_TENANT,
    eventsTtlSeconds: config.EVENTS_TTL_SECONDS,
    fixRanking: config.FIX_RANKING,
    maxTemplatesPerTenant: config.TEMPLATES_MAX_PER_TENANT,
  };
}

export default fp<StorePluginOptions>(
  async (app, { config, store: given, instrument = (store) => store, onNotReplicated, onPrimaryChange = () => {} }) => {
    if (given) {
      const client = "client" in given ? (given.client as RedisClient) : null;
      // Like a store of our own: serve once connected (or after the wait), so metrics and probes start true.
      if (client) {
        watchPrimary(client, onPrimaryChange);
        await waitUntilReady(client, FIRST_CONNECT_WAIT_MS);
      }
      app.decorate("store", instrument(given));
      app.decorate<RedisClient | null>("redisClient", client);
      return;
    }

    const listed = (list: string | undefined) => list?.split(",").map((seed) => seed.trim()).filter(Boolean);
    const clusterNodes = listed(config.REDIS_CLUSTER_NODES);
    const sentinels = listed(config.REDIS_SENTINELS);
    if (!config.REDIS_URL && !clusterNodes?.length && !sentinels?.length) {
      app.log.warn(
        "Using the embedded in-memory store: data is NOT durable and is lost when the process exits. " +
          "Set REDIS_URL (or REDIS_CLUSTER_NODES) to keep data in Redis.",
      );
      const store = createMemoryStore(storeLimitsOf(config));
      app.decorate("store", instrument(store));
      app.decorate<RedisClient | null>("redisClient", null);
      app.addHook("onClose", async () => store.close());
      return;
    }

    const store = createRedisStore({
      url: config.REDIS_URL,
      clusterNodes,
      sentinels,
      sentinelName: config.REDIS_SENTINEL_NAME,
      sentinelPassword: config.REDIS_SENTINEL_PASSWORD,
      replicaWait: {
        replicas: config.REDIS_WAIT_REPLICAS,
        timeoutMs: config.REDIS_WAIT_TIMEOUT_MS,
        ...(onNotReplicated ? { onNotReplicated } : {}),
      },
      keyPrefix: config.REDIS_KEY_PREFIX,
      commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS,
      limits: storeLimitsOf(config),
      onRepaired: (what) => app.log.warn({ what }, "a stored record could only be read repaired"),
    });
    // Never fall back to memory: while Redis is away, readiness fails and requests get 503.
    store.client.on("error", (error: Error) => app.log.warn({ err: error.message }, "redis connection error"));
    watchPrimary(store.client, () => {
      app.log.warn("writing to another Redis primary now (a failover was followed)");
      onPrimaryChange();
    });
    // Once per deployment: data kept by an older version is moved to this version's layout before requests read it.
    const migrate = async () => {
      const migrated = await store.migrate();
      if (migrated?.applied.length) app.log.info({ layout: migrated.version, applied: migrated.applied }, "moved stored data to this version's layout");
    };
    if (await waitUntilReady(store.client, FIRST_CONNECT_WAIT_MS)) {
      await migrate();
    } else {
      app.log.error("Redis is not reachable yet; serving 503 until it is");
      // Requests answer 503 until then; the layout is moved as soon as Redis answers.
      store.client.once("ready", () => void migrate().catch((error: Error) => app.log.error({ err: error.message }, "moving stored data to this version's layout failed; run npm run migrate")));
    }
    app.decorate("store", instrument(store));
    app.decorate<RedisClient | null>("redisClient", store.client);
    app.addHook("onClose", async () => store.close());
  },
  { name: "store" },
);
