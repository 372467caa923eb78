// Latency buckets and the quantiles read from them: within one bucket of the truth, whatever the spread.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addLatency, LATENCY_BUCKETS, latencyBucket, quantileMs, toolLatencies, TOOLS_REPORTED } from "../../../src/domain/activity/latency.js";

const countsOf = (samples: number[]) => {
  const byTool = new Map<string, number[]>();
  for (const ms of samples) addLatency(byTool, "t", latencyBucket(ms), 1);
  return byTool.get("t")!;
};

describe("latency buckets", () => {
  it("put each edge in its own bucket and everything past 100 s in the last", () => {
    expect([0, 0.4, 1, 1.01, 10, 10.01, 100, 1000, 100_000, 100_001, 1e9].map(latencyBucket)).toEqual([0, 0, 0, 1, 5, 6, 10, 15, 25, 26, 26]);
    expect(LATENCY_BUCKETS).toBe(27);
  });

  it("read quantiles within a factor of 1.6 of the sample's own (above 1 ms, where buckets have a ratio)", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 1.001, max: 90_000, noNaN: true }), { minLength: 1, maxLength: 300 }), fc.constantFrom(0.5, 0.95), (samples, q) => {
        const sorted = [...samples].sort((a, b) => a - b);
        const truth = sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
        const estimate = quantileMs(countsOf(samples), q)!;
        expect(estimate).toBeLessThanOrEqual(truth * 1.59);
        expect(estimate).toBeGreaterThanOrEqual(truth / 1.59);
      }),
    );
  });

  it("answer null for no calls, and the last edge for calls slower than it", () => {
    expect(quantileMs(new Array(LATENCY_BUCKETS).fill(0), 0.5)).toBeNull();
    expect(quantileMs(countsOf([500_000, 700_000]), 0.95)).toBe(100_000);
  });

  it("report the most called tools first, at most 20, with p50 and p95", () => {
    const byTool = new Map<string, number[]>();
    for (let i = 0; i < 30; i += 1) for (let n = 0; n <= i; n += 1) addLatency(byTool, `tool-${String(i).padStart(2, "0")}`, latencyBucket(10), 1);
    addLatency(byTool, "empty", 0, 0);
    const rows = toolLatencies(byTool);
    expect(rows).toHaveLength(TOOLS_REPORTED);
    expect(rows[0]).toEqual({ tool_name: "tool-29", calls: 30, p50_ms: expect.any(Number), p95_ms: expect.any(Number) });
    expect(rows.map((row) => row.tool_name)).not.toContain("empty");
    // Every call took 10 ms: both quantiles fall in the bucket (6.3 ms, 10 ms].
    for (const row of rows) {
      expect(row.p50_ms).toBeGreaterThan(6.3);
      expect(row.p95_ms).toBeLessThanOrEqual(10);
      expect(row.p95_ms).toBeGreaterThanOrEqual(row.p50_ms);
    }
  });
});
