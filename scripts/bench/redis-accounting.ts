// Counts the Redis commands and round trips a request costs, as clients send them (commands run inside Lua scripts excluded).
import { once } from "node:events";
import { createConnection, type Socket } from "node:net";
import { Redis } from "ioredis";

export interface CommandCount {
  total: number;
  byName: Record<string, number>;
}

/**
 * Watches Redis with MONITOR while `work` runs; MONITOR slows Redis, so never during a timed run.
 * It reads MONITOR on a plain socket: the driver's monitor mode can take a MONITOR line for the
 * reply of a command of its own and throw ("Command queue state error"), which once ended a CI run.
 */
export async function countCommands(url: string, work: () => Promise<void>): Promise<CommandCount> {
  const count: CommandCount = { total: 0, byName: {} };
  await watchMonitor(url, "utf8", (line) => countLine(line, count), work);
  return count;
}

/** Hands `onLine` every MONITOR line (decoded as `encoding`) that Redis writes while `work` runs. */
export async function watchMonitor(url: string, encoding: BufferEncoding, onLine: (line: string) => void, work: () => Promise<void>): Promise<void> {
  const socket = await openMonitor(url, encoding);
  let pending = "";
  socket.on("data", (chunk: string) => {
    pending += chunk;
    let end = pending.indexOf("\r\n");
    while (end >= 0) {
      onLine(pending.slice(0, end));
      pending = pending.slice(end + 2);
      end = pending.indexOf("\r\n");
    }
  });
  try {
    await work();
    // MONITOR lines trail the replies a little.
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    socket.destroy();
  }
}

/** Connects, authenticates when the URL has a password, and waits for MONITOR's +OK; `encoding` decodes what follows. */
async function openMonitor(url: string, encoding: BufferEncoding = "utf8"): Promise<Socket> {
  const { hostname, port, password, username } = new URL(url);
  const socket = createConnection({ host: hostname, port: Number(port || 6379) });
  socket.setEncoding(encoding);
  await once(socket, "connect");
  const auth = password ? [command(username ? ["AUTH", decodeURIComponent(username), decodeURIComponent(password)] : ["AUTH", decodeURIComponent(password)])] : [];
  socket.write([...auth, command(["MONITOR"])].join(""));
  let greeting = "";
  while ((greeting.match(/\r\n/g) ?? []).length < auth.length + 1) {
    const [chunk] = (await once(socket, "data")) as [string];
    greeting += chunk;
  }
  const replies = greeting.split("\r\n");
  const failed = replies.slice(0, auth.length + 1).find((reply) => !reply.startsWith("+OK"));
  if (failed !== undefined) {
    socket.destroy();
    throw new Error(`MONITOR refused: ${failed}`);
  }
  // Anything after the last +OK is already monitor output.
  const rest = replies.slice(auth.length + 1).join("\r\n");
  if (rest) queueMicrotask(() => socket.emit("data", rest));
  return socket;
}

const command = (args: string[]) => `*${args.length}\r\n${args.map((arg) => `$${Buffer.byteLength(arg)}\r\n${arg}\r\n`).join("")}`;

/** A MONITOR line reads `+<time> [<db> <source>] "<command>" "<arg>"…`. */
function countLine(line: string, count: CommandCount): void {
  const parsed = /^\+\d+\.\d+ \[\d+ ([^\]]+)\] "((?:[^"\\]|\\.)*)"/.exec(line);
  if (!parsed) return;
  // Commands a script runs are reported with the source "lua"; they cost no round trip.
  if (parsed[1] === "lua") return;
  const name = parsed[2]!.toLowerCase();
  count.total += 1;
  count.byName[name] = (count.byName[name] ?? 0) + 1;
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
