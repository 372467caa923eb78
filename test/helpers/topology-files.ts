// The test files that npm run test:cluster and test:sentinel run again on their topology: those that talk to Redis.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** A file that opens a Redis store or client of the run's Redis; the embedded store's half is not run again. */
const TALKS_TO_REDIS = /\b(bothStores|bothStoresWithTime|redisStoreFactory|rawRedis|scriptedRedisForFile)\(|inject\("redis/;

/**
 * A file that writes with a plain client to one server on purpose (data as an older version left it), and says so:
 * npm test runs it on a single server; the topologies leave it out rather than skip it.
 */
const SINGLE_SERVER_ONLY = "// topology: single server only";

/** The `*.test.ts` files under `dirs` (relative to the checkout) that talk to the run's Redis. */
export function topologyFiles(dirs: readonly string[]): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".test.ts"))
      .map((name) => join(dir, name))
      .filter((file) => {
        const text = readFileSync(file, "utf8");
        return TALKS_TO_REDIS.test(text) && !text.includes(SINGLE_SERVER_ONLY);
      })
      .sort(),
  );
}
