// What the layout migrations walk: every key of a pattern on each primary, and whose tenant or session a key is.
import { Cluster } from "ioredis";
import { guarded } from "./errors.js";
import type { Keys } from "./keys.js";
import type { ScriptedRedis } from "./script-commands.js";

/** A tenant's shared keys. */
export type SharedKeys = ReturnType<Keys["shared"]>;

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

/** Each tenant key of `pattern` with the tenant's keys, where the key is the one `keyOf` names for the part after its prefix. */
export async function* keysOfTenants(redis: ScriptedRedis, keys: Keys, prefix: string, pattern: string, keyOf: (shared: SharedKeys, rest: string) => string, at: (shared: SharedKeys) => string) {
  for (const key of await scanAll(redis, `${prefix}:{*:shared}:${pattern}`)) {
    const tenant = tenantOf(key, prefix);
    const shared = tenant === null ? null : keys.shared(tenant);
    if (!shared || !key.startsWith(at(shared))) continue;
    const rest = key.slice(at(shared).length);
    if (keyOf(shared, rest) === key) yield { shared, rest, key };
  }
}

/** The task or session `{<tenant>:<kind>:<id>}` a key belongs to, or null. */
function ownerOf(key: string, prefix: string, kind: "task" | "session"): { tenant: string; id: string } | null {
  const start = `${prefix}:{`;
  const end = key.lastIndexOf("}:");
  const inner = key.startsWith(start) && end > start.length ? key.slice(start.length, end) : "";
  const at = inner.indexOf(`:${kind}:`);
  return at > 0 ? { tenant: inner.slice(0, at), id: inner.slice(at + kind.length + 2) } : null;
}

/** The session a key belongs to, or null. */
export function sessionOf(key: string, prefix: string): { tenant: string; sessionId: string } | null {
  const owner = ownerOf(key, prefix, "session");
  return owner && { tenant: owner.tenant, sessionId: owner.id };
}

/** The task a key belongs to, or null. */
export function taskOf(key: string, prefix: string): { tenant: string; taskId: string } | null {
  const owner = ownerOf(key, prefix, "task");
  return owner && { tenant: owner.tenant, taskId: owner.id };
}
