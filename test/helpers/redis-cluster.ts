// Starts a throwaway 3-master Redis Cluster (each master with its replicas, if asked) on free loopback ports for tests, and stops it by PID.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { askNode, freePort, startRedisServer, untilTrue, type RedisServerHandle } from "./redis-server.js";

export interface RedisClusterOptions {
  /** Replicas per master; with one, a dead master's replica takes over its slots. */
  replicasPerMaster?: number;
  /** How long a node may stay silent before the others call it failed. */
  nodeTimeoutMs?: number;
}

export interface RedisClusterHandle {
  /** host:port of every master as the cluster was created, in start order. */
  nodes: string[];
  /** Every server: the masters first, then the replicas. */
  servers: RedisServerHandle[];
  /** The server listening on host:port. */
  serverAt(address: string): RedisServerHandle;
  stop(): Promise<void>;
}

async function clusterState(port: number): Promise<string> {
  return askNode(port, async (client) => /cluster_state:(\w+)/.exec(await client.cluster("INFO"))?.[1] ?? "unknown").catch(() => "unreachable");
}

/** True once every replica in the node's view is linked to its master and in sync. */
async function replicasInSync(port: number): Promise<boolean> {
  return askNode(port, async (client) => {
    const info = await client.info("replication");
    return !/role:slave/.test(info) || /master_link_status:up/.test(info);
  }).catch(() => false);
}

/**
 * Three masters; slots stay served when one dies (full coverage not required). With replicas, the
 * masters are the first three servers, and each replica is linked before this returns.
 */
export async function startRedisCluster({ replicasPerMaster = 0, nodeTimeoutMs = 1500 }: RedisClusterOptions = {}): Promise<RedisClusterHandle> {
  const servers: RedisServerHandle[] = [];
  try {
    for (let i = 0; i < 3 * (1 + replicasPerMaster); i += 1) {
      const port = await freePort();
      servers.push(
        await startRedisServer({
          port,
          extraArgs: [
            "--cluster-enabled", "yes",
            "--cluster-config-file", `nodes-${port}.conf`,
            "--cluster-node-timeout", String(nodeTimeoutMs),
            "--cluster-require-full-coverage", "no",
          ],
        }),
      );
    }
    const all = servers.map((server) => `127.0.0.1:${server.port}`);
    // redis-cli makes the first three nodes masters and gives each its replicas from the rest.
    const created = spawnSync("redis-cli", ["--cluster", "create", ...all, "--cluster-replicas", String(replicasPerMaster), "--cluster-yes"], {
      encoding: "utf8",
      timeout: 30_000,
    });
    if (created.status !== 0) throw new Error(`redis-cli --cluster create failed: ${created.stdout}${created.stderr}`);
    await untilTrue("every node at cluster_state:ok", 20_000, async () =>
      (await Promise.all(servers.map((server) => clusterState(server.port)))).every((state) => state === "ok"),
    );
    await untilTrue("every replica in sync with its master", 20_000, async () =>
      (await Promise.all(servers.map((server) => replicasInSync(server.port)))).every(Boolean),
    );
    return {
      nodes: all.slice(0, 3),
      servers,
      serverAt(address) {
        const server = servers.find((candidate) => `127.0.0.1:${candidate.port}` === address);
        if (!server) throw new Error(`no server of this cluster listens on ${address}`);
        return server;
      },
      async stop() {
        await Promise.all(servers.map((server) => server.stop("SIGKILL")));
        for (const server of servers) rmSync(server.dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop("SIGKILL")));
    throw error;
  }
}
