// Starts a throwaway 3-master Redis Cluster on free loopback ports for tests, and stops it by PID.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { freePort, startRedisServer, type RedisServerHandle } from "./redis-server.js";

export interface RedisClusterHandle {
  /** host:port of every master, in start order. */
  nodes: string[];
  servers: RedisServerHandle[];
  stop(): Promise<void>;
}

async function clusterState(port: number): Promise<string> {
  const client = new Redis({ port, host: "127.0.0.1", lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on("error", () => {});
  try {
    await client.connect();
    return /cluster_state:(\w+)/.exec(await client.cluster("INFO"))?.[1] ?? "unknown";
  } catch {
    return "unreachable";
  } finally {
    client.disconnect();
  }
}

/** Three masters, no replicas; slots stay served when one master dies (full coverage not required). */
export async function startRedisCluster(): Promise<RedisClusterHandle> {
  const servers: RedisServerHandle[] = [];
  try {
    for (let i = 0; i < 3; i += 1) {
      const port = await freePort();
      servers.push(
        await startRedisServer({
          port,
          extraArgs: [
            "--cluster-enabled", "yes",
            "--cluster-config-file", `nodes-${port}.conf`,
            "--cluster-node-timeout", "1500",
            "--cluster-require-full-coverage", "no",
          ],
        }),
      );
    }
    const nodes = servers.map((server) => `127.0.0.1:${server.port}`);
    const created = spawnSync("redis-cli", ["--cluster", "create", ...nodes, "--cluster-replicas", "0", "--cluster-yes"], {
      encoding: "utf8",
      timeout: 30_000,
    });
    if (created.status !== 0) throw new Error(`redis-cli --cluster create failed: ${created.stdout}${created.stderr}`);
    const deadline = Date.now() + 20_000;
    while ((await Promise.all(servers.map((server) => clusterState(server.port)))).some((state) => state !== "ok")) {
      if (Date.now() > deadline) throw new Error("the cluster did not reach cluster_state:ok");
      await sleep(100);
    }
    return {
      nodes,
      servers,
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
