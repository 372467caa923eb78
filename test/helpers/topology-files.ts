// The test files that npm run test:cluster and test:sentinel run again on their topology: those that talk to Redis.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** A file that opens a Redis store or client of the run's Redis; the embedded store's half is not run again. */
const TALKS_TO_REDIS = /\b(bothStores|bothStoresWithTime|redisStoreFactory|rawRedis)\(|inject\("redis/;

/** The `*.test.ts` files under `dirs` (relative to the checkout) that talk to the run's Redis. */
export function topologyFiles(dirs: readonly string[]): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".test.ts"))
      .map((name) => join(dir, name))
      .filter((file) => TALKS_TO_REDIS.test(readFileSync(file, "utf8")))
      .sort(),
  );
}
