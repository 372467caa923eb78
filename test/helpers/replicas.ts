// Runs several real server processes on one shared Redis (the run's single server, or its cluster) and talks to them over HTTP.
import http from "node:http";
import { inject } from "vitest";
import { SENTINEL_MASTER } from "./redis-sentinel.js";
import { startServerProcess, type ServerProcess } from "./server-process.js";
import { TEST_REPLICA_WAIT } from "./stores.js";

/**
 * The run's Redis as service environment: REDIS_CLUSTER_NODES under npm run test:cluster and the sentinels
 * under test:sentinel (each write waiting for a replica on both), else REDIS_URL.
 */
export function sharedRedisEnv(): Record<string, string> {
  const clusterNodes = inject("redisClusterNodes");
  const sentinels = inject("redisSentinels");
  // The wait the store tests give a replica (TEST_REPLICA_WAIT): a shared 2-core CI machine can hold
  // a replica back past the default 100 ms, which is a production setting, not a test's.
  const waiting = { REDIS_WAIT_REPLICAS: "1", REDIS_WAIT_TIMEOUT_MS: String(TEST_REPLICA_WAIT.timeoutMs), REDIS_COMMAND_TIMEOUT_MS: "2000" };
  if (clusterNodes.length > 0) return { REDIS_CLUSTER_NODES: clusterNodes.join(","), ...waiting };
  if (sentinels.length > 0) return { REDIS_SENTINELS: sentinels.join(","), REDIS_SENTINEL_NAME: SENTINEL_MASTER, ...waiting };
  return { REDIS_URL: inject("redisUrl") };
}

/** A name for the run's Redis topology, for describe blocks and summaries. */
export function sharedRedisTopology(): string {
  const clusterNodes = inject("redisClusterNodes");
  if (clusterNodes.length > 0) return `a ${clusterNodes.length}-master Redis Cluster, each write confirmed by a replica`;
  return inject("redisSentinels").length > 0 ? "a primary behind Sentinel, each write confirmed by a replica" : "a single Redis server";
}

/** Starts `count` replicas with the same environment in parallel; if one fails to start, the others are stopped. */
export async function startReplicas(count: number, env: Record<string, string>): Promise<ServerProcess[]> {
  const started = await Promise.allSettled(Array.from({ length: count }, () => startServerProcess(env)));
  const running = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = started.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (failed) {
    await Promise.all(running.map((server) => server.stop()));
    throw failed.reason;
  }
  return running;
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body exactly as received. */
  text: string;
  /** The body parsed when it is JSON, else undefined. */
  json: any;
}

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
}

/** HTTP to one replica over its own keep-alive agent; every request has a client timeout, so none can hang the test. */
export class ReplicaClient {
  private readonly agent = new http.Agent({ keepAlive: true });

  constructor(
    readonly baseUrl: string,
    private readonly timeoutMs = 15_000,
  ) {}

  request(method: string, path: string, options: CallOptions = {}): Promise<Reply> {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: http.OutgoingHttpHeaders = { accept: "application/json", ...options.headers };
    if (body !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = Buffer.byteLength(body);
    }
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${this.baseUrl}${path}`,
        { method, agent: this.agent, headers, signal: AbortSignal.timeout(this.timeoutMs) },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", reject);
          response.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            let json: unknown;
            if (/json/.test(String(response.headers["content-type"] ?? "")) && text !== "") json = JSON.parse(text);
            resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json });
          });
        },
      );
      request.on("error", (error) => reject(new Error(`${method} ${this.baseUrl}${path}: ${error.message}`)));
      request.end(body);
    });
  }

  get(path: string, options?: CallOptions): Promise<Reply> {
    return this.request("GET", path, options);
  }

  post(path: string, body: unknown, options: CallOptions = {}): Promise<Reply> {
    return this.request("POST", path, { ...options, body });
  }

  /** Closes the pooled connections. */
  close(): void {
    this.agent.destroy();
  }
}
