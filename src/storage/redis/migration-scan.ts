// What the layout migrations walk: every key of a pattern on each primary, and whose tenant or session a key is.
import { Cluster } from "ioredis";
import { guarded } from "./errors.js";
import type { ScriptedRedis } from "./script-commands.js";

/** Every key that matches, on each primary of a Cluster or on the one server. */
export async function scanAll(redis: ScriptedRedis, pattern: string): Promise<string[]> {
  const nodes = redis instanceof Cluster ? redis.nodes("master") : [redis];
  const found: string[] = [];
  for (const node of nodes) {
    let cursor = "0";
    do {
      const [next, keys] = await guarded(() => node.scan(cursor, "MATCH", pattern, "COUNT", 1000));
      found.push(...keys);
      cursor = next;
    } while (cursor !== "0");
  }
  return found;
}

/** The tenant whose shared keys start `<prefix>:{<tenant>:shared}:`. */
export function tenantOf(key: string, prefix: string): string | null {
  const start = `${prefix}:{`;
  const end = key.lastIndexOf(":shared}:");
  return key.startsWith(start) && end > start.length ? key.slice(start.length, end) : null;
}

