// Which Redis Cluster master serves a key: the key's slot (cluster-key-slot, as ioredis computes it) and the slot map from CLUSTER SLOTS.
import { createRequire } from "node:module";
import { Redis } from "ioredis";

// cluster-key-slot ships no types; it exports one function (key) => slot.
const calculateSlot = createRequire(import.meta.url)("cluster-key-slot") as (key: string) => number;

/** The cluster slot (0-16383) of a key, honouring its {hash tag}. */
export function keySlot(key: string): number {
  return calculateSlot(key);
}

export interface SlotRange {
  start: number;
  end: number;
  /** host:port of the master serving the range. */
  master: string;
}

/** The slot ranges and their masters, as one node of the cluster sees them. */
export async function slotRanges(host: string, port: number): Promise<SlotRange[]> {
  const client = new Redis({ host, port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on("error", () => {});
  try {
    await client.connect();
    const slots = (await client.call("CLUSTER", "SLOTS")) as Array<[number, number, [string, number, ...unknown[]], ...unknown[]]>;
    return slots.map(([start, end, [masterHost, masterPort]]) => ({ start, end, master: `${masterHost}:${masterPort}` }));
  } finally {
    client.disconnect();
  }
}

/** The master (host:port) serving a key, given the slot ranges. */
export function masterOf(ranges: readonly SlotRange[], key: string): string {
  const slot = keySlot(key);
  const range = ranges.find((candidate) => candidate.start <= slot && slot <= candidate.end);
  if (!range) throw new Error(`no master serves slot ${slot} of ${key}`);
  return range.master;
}
