// Starts a throwaway primary with replicas and three sentinels on free loopback ports, and stops them by PID.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { askNode, freePort, startRedisServer, untilTrue, type RedisServerHandle } from "./redis-server.js";

export const SENTINEL_MASTER = "agent-lessons";

export interface SentinelSetOptions {
  replicas?: number;
  /** How long a primary must stay silent before the sentinels call it down. */
  downAfterMs?: number;
}

export interface SentinelSet {
  primary: RedisServerHandle;
  replicas: RedisServerHandle[];
  /** host:port of each sentinel. */
  sentinels: string[];
  /** The primary's address as the sentinels give it now. */
  primaryAddress(): Promise<string | null>;
  stop(): Promise<void>;
}

/** A primary with AOF (fsync always), `replicas` replicas of it (AOF too) and three sentinels with a quorum of two. */
export async function startSentinelSet({ replicas = 2, downAfterMs = 1000 }: SentinelSetOptions = {}): Promise<SentinelSet> {
  const servers: RedisServerHandle[] = [];
  const sentinelProcesses: ChildProcess[] = [];
  const dir = mkdtempSync(join(tmpdir(), "agent-lessons-sentinel-"));
  const stop = async () => {
    for (const child of sentinelProcesses) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGKILL");
        await exited;
      }
    }
    await Promise.all(servers.map((server) => server.stop("SIGKILL")));
    rmSync(dir, { recursive: true, force: true });
    for (const server of servers) rmSync(server.dir, { recursive: true, force: true });
  };
  try {
    const primary = await startRedisServer({ dir: mkdtempSync(join(tmpdir(), "agent-lessons-primary-")), appendOnly: true });
    servers.push(primary);
    const replicaHandles: RedisServerHandle[] = [];
    for (let i = 0; i < replicas; i += 1) {
      const replica = await startRedisServer({
        dir: mkdtempSync(join(tmpdir(), "agent-lessons-replica-")),
        appendOnly: true,
        // A replica confirms a write (WAIT) once it has applied it; an fsync on every write there
        // stalled it past the wait on a busy CI disk. The primary keeps fsync on every write.
        extraArgs: ["--replicaof", "127.0.0.1", String(primary.port), "--appendfsync", "everysec"],
      });
      servers.push(replica);
      replicaHandles.push(replica);
    }
    for (const replica of replicaHandles) {
      await untilTrue("a replica linked to the primary", 10_000, async () =>
        /master_link_status:up/.test(await askNode(replica.port, (client) => client.info("replication"))),
      );
    }

    const sentinels: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const port = await freePort();
      const file = join(dir, `sentinel-${port}.conf`);
      // Sentinel rewrites its own file as it learns the set, so each has one it may write.
      writeFileSync(
        file,
        [
          `port ${port}`,
          "bind 127.0.0.1",
          `dir ${dir}`,
          `sentinel monitor ${SENTINEL_MASTER} 127.0.0.1 ${primary.port} 2`,
          `sentinel down-after-milliseconds ${SENTINEL_MASTER} ${downAfterMs}`,
          `sentinel failover-timeout ${SENTINEL_MASTER} 5000`,
          `sentinel parallel-syncs ${SENTINEL_MASTER} 1`,
          "",
        ].join("\n"),
      );
      sentinelProcesses.push(spawn("redis-server", [file, "--sentinel"], { stdio: "ignore" }));
      sentinels.push(`127.0.0.1:${port}`);
    }
    const sentinelPorts = sentinels.map((address) => Number(address.split(":")[1]));
    // Each sentinel must know the replicas and the other sentinels before it can fail over.
    for (const port of sentinelPorts) {
      await untilTrue("a sentinel that knows its replicas and the other sentinels", 20_000, async () =>
        askNode(port, async (client) => {
          const known = (await client.call("SENTINEL", "REPLICAS", SENTINEL_MASTER)) as unknown[];
          const others = (await client.call("SENTINEL", "SENTINELS", SENTINEL_MASTER)) as unknown[];
          return known.length === replicas && others.length === 2;
        }),
      );
    }
    return {
      primary,
      replicas: replicaHandles,
      sentinels,
      primaryAddress: () =>
        askNode(sentinelPorts[0]!, async (client) => {
          const address = (await client.call("SENTINEL", "GET-MASTER-ADDR-BY-NAME", SENTINEL_MASTER)) as [string, string] | null;
          return address ? `${address[0]}:${address[1]}` : null;
        }),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
