// Notices when the Redis primary the service writes to changes: a failover, followed without a restart.
import { Cluster } from "ioredis";
import type { RedisClient } from "./client.js";

/**
 * Calls `onChange` each time the client is ready on a primary other than the one before: for one
 * server or Sentinel, the address it reconnected to; for a Cluster, any slot whose master changed
 * (a replica promoted, or slots moved) when the client refreshed its slot map.
 */
export function watchPrimary(client: RedisClient, onChange: () => void): void {
  let seen: string | null = null;
  const compare = (now: string | null) => {
    if (now === null) return;
    if (seen !== null && now !== seen) onChange();
    seen = now;
  };
  if (client instanceof Cluster) {
    client.on("refresh", () => compare(client.slots.length ? client.slots.map((owners) => owners?.[0] ?? "").join(",") : null));
    return;
  }
  const address = () => {
    const stream = (client as unknown as { stream?: { remoteAddress?: string; remotePort?: number } }).stream;
    return stream?.remoteAddress ? `${stream.remoteAddress}:${stream.remotePort}` : null;
  };
  client.on("ready", () => compare(address()));
  if (client.status === "ready") compare(address());
}
