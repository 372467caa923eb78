// Tool latency as counts per bucket: p50 and p95 over any range come from counters, never from a scan of calls.

/** The edge of bucket k is 10^(k/5) ms: 1 ms to 100 s in 26 buckets, each 1.58× the one before, and one for slower calls. */
const STEPS_PER_DECADE = 5;
const LAST_EDGE = 25;
export const LATENCY_BUCKETS = LAST_EDGE + 2;
/** At most this many tools are reported, the most called first. */
export const TOOLS_REPORTED = 20;

const edgeMs = (bucket: number): number => 10 ** (bucket / STEPS_PER_DECADE);

/** The bucket a call of `ms` falls in: the first whose edge is at least `ms`. */
export function latencyBucket(ms: number): number {
  if (ms <= 1) return 0;
  // The small slack keeps an exact edge (10 ms, 100 ms) in its own bucket despite rounding in log10.
  const bucket = Math.ceil(STEPS_PER_DECADE * Math.log10(ms) - 1e-9);
  return Math.min(bucket, LAST_EDGE + 1);
}

/**
 * The q-quantile (0 < q < 1) of the calls counted, interpolated within its bucket as Prometheus's
 * histogram_quantile does, so the answer is within one bucket (a factor of 1.58) of the true value.
 * Slower than the last edge reads as the last edge. Null when nothing was counted.
 */
export function quantileMs(counts: readonly number[], q: number): number | null {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = q * total;
  let below = 0;
  for (let bucket = 0; bucket < counts.length; bucket += 1) {
    const n = counts[bucket] ?? 0;
    if (n > 0 && below + n >= rank) {
      if (bucket > LAST_EDGE) return edgeMs(LAST_EDGE);
      const lower = bucket === 0 ? 0 : edgeMs(bucket - 1);
      return lower + (edgeMs(bucket) - lower) * ((rank - below) / n);
    }
    below += n;
  }
  return edgeMs(LAST_EDGE);
}

export interface ToolLatency {
  tool_name: string;
  calls: number;
  p50_ms: number;
  p95_ms: number;
}

/** Milliseconds as reported: to a tenth. */
export const tenths = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Each tool's timed calls, p50 and p95, the most called first (then by name), at most TOOLS_REPORTED.
 * A tenant may time calls of thousands of tools: the quantiles are worked out for the reported ones only.
 */
export function toolLatencies(byTool: ReadonlyMap<string, readonly number[]>): ToolLatency[] {
  const called: Array<{ tool_name: string; calls: number; counts: readonly number[] }> = [];
  for (const [tool, counts] of byTool) {
    const calls = counts.reduce((sum, n) => sum + n, 0);
    if (calls > 0) called.push({ tool_name: tool, calls, counts });
  }
  called.sort((a, b) => b.calls - a.calls || (a.tool_name < b.tool_name ? -1 : a.tool_name > b.tool_name ? 1 : 0));
  return called.slice(0, TOOLS_REPORTED).map(({ tool_name, calls, counts }) => ({
    tool_name,
    calls,
    p50_ms: tenths(quantileMs(counts, 0.5)!),
    p95_ms: tenths(quantileMs(counts, 0.95)!),
  }));
}

/** Adds one bucket's count to a tool's counts, making them when the tool is new. */
export function addLatency(byTool: Map<string, number[]>, tool: string, bucket: number, by: number): void {
  let counts = byTool.get(tool);
  if (!counts) byTool.set(tool, (counts = new Array<number>(LATENCY_BUCKETS).fill(0)));
  if (bucket >= 0 && bucket < LATENCY_BUCKETS) counts[bucket]! += by;
}
