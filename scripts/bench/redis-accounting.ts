// Counts the Redis commands and round trips a request costs, as clients send them (commands run inside Lua scripts excluded).
import { Redis } from "ioredis";

export interface CommandCount {
  total: number;
  byName: Record<string, number>;
}

/** Watches Redis with MONITOR while `work` runs; MONITOR slows Redis, so never during a timed run. */
export async function countCommands(url: string, work: () => Promise<void>): Promise<CommandCount> {
  const client = new Redis(url);
  const monitor = await client.monitor();
  const count: CommandCount = { total: 0, byName: {} };
  monitor.on("monitor", (_time: string, args: string[], source: string) => {
    // Commands a script runs are reported with the source "lua"; they cost no round trip.
    if (source === "lua") return;
    const name = (args[0] ?? "").toLowerCase();
    count.total += 1;
    count.byName[name] = (count.byName[name] ?? 0) + 1;
  });
  try {
    await work();
    // MONITOR lines trail the replies a little.
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    monitor.disconnect();
    client.disconnect();
  }
  return count;
}

const readsProcessed = async (client: Redis) => Number(/total_reads_processed:(\d+)/.exec(await client.info("stats"))?.[1] ?? NaN);

/**
 * Counts the times Redis read from a client socket while `work` runs: with one request at a time,
 * each read is one round trip of that request (commands sent together arrive in one read), plus the
 * rate limiter's background sync, a few per second.
 */
export async function countReads(url: string, work: () => Promise<void>): Promise<number> {
  const client = new Redis(url);
  try {
    const before = await readsProcessed(client);
    await work();
    // The second INFO is one read of its own.
    return (await readsProcessed(client)) - before - 1;
  } finally {
    client.disconnect();
  }
}
