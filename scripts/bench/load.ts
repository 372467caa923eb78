// Drives one target with autocannon and measures latency from each response's own hrtime, not whole-ms buckets.
import autocannon, { type Request } from "autocannon";

export interface LoadResult {
  requests: number;
  non2xx: number;
  errors: number;
  seconds: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds?: number;
  amount?: number;
  requests: Request[];
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  // Without a callback autocannon returns an instance that is both an EventEmitter and a promise.
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.seconds ?? 10 }),
    requests: options.requests,
  }) as unknown as Promise<autocannon.Result> & NodeJS.EventEmitter;
  const events: NodeJS.EventEmitter = instance;
  events.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    if (count === latencies.length) {
      const bigger = new Float64Array(latencies.length * 2);
      bigger.set(latencies);
      latencies = bigger;
    }
    latencies[count++] = responseTime;
  });
  const result = await instance;
  const sorted = latencies.subarray(0, count).sort();
  const seconds = result.duration;
  return {
    requests: count,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    seconds,
    rps: count / seconds,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
  };
}
