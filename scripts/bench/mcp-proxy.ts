// What agent-lessons mcp-proxy adds to a successful tools/call: the same fixture server called through the proxy (recording to the service) and directly, one call at a time.
import { performance } from "node:perf_hooks";
import { connectDirect, connectThroughProxy, type Connected } from "../../test/helpers/cli.js";
import { cpuSecondsOf } from "./processes.js";

export interface LatencySummary {
  calls: number;
  p50Ms: number;
  p99Ms: number;
}

export interface ProxyLatency {
  direct: LatencySummary;
  proxied: LatencySummary;
  addedP50Ms: number;
  addedP99Ms: number;
  /** CPU the proxy process spent per call, recording included. */
  proxyCpuUsPerCall: number;
}

function summary(latencies: number[]): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  return { calls: sorted.length, p50Ms: at(50), p99Ms: at(99) };
}

async function timedCalls(peer: Connected, count: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await peer.client.callTool({ name: "echo", arguments: { text: `call ${i}` } });
    latencies.push(performance.now() - started);
  }
  return latencies;
}

/** Warms both paths up, then times `calls` sequential echo calls on each, the direct path first. */
export async function measureProxyLatency(serviceUrl: string, apiKey: string, calls: number): Promise<ProxyLatency> {
  const direct = await connectDirect();
  const proxied = await connectThroughProxy(["--url", serviceUrl, "--api-key", apiKey, "--name", "bench"]);
  try {
    const warmup = Math.max(50, Math.floor(calls / 10));
    await timedCalls(direct, warmup);
    await timedCalls(proxied, warmup);
    const directLatencies = await timedCalls(direct, calls);
    const cpuBefore = cpuSecondsOf(proxied.transport.pid!);
    const proxiedLatencies = await timedCalls(proxied, calls);
    const proxyCpuUsPerCall = ((cpuSecondsOf(proxied.transport.pid!) - cpuBefore) * 1e6) / calls;
    const [d, p] = [summary(directLatencies), summary(proxiedLatencies)];
    return { direct: d, proxied: p, addedP50Ms: p.p50Ms - d.p50Ms, addedP99Ms: p.p99Ms - d.p99Ms, proxyCpuUsPerCall };
  } finally {
    await Promise.all([direct.client.close(), proxied.client.close()]);
  }
}

export function printProxyLatency(result: ProxyLatency): void {
  const row = (name: string, s: LatencySummary) => `${name.padEnd(30)} ${String(s.calls).padStart(7)} ${s.p50Ms.toFixed(3).padStart(9)} ${s.p99Ms.toFixed(3).padStart(9)}`;
  process.stdout.write(
    [
      "\nmcp-proxy: a successful tools/call (echo) of the fixture MCP server, one call at a time",
      `${"path".padEnd(30)} ${"calls".padStart(7)} ${"p50 ms".padStart(9)} ${"p99 ms".padStart(9)}`,
      row("direct", result.direct),
      row("through mcp-proxy (recording)", result.proxied),
      `${"added by the proxy".padEnd(30)} ${"".padStart(7)} ${result.addedP50Ms.toFixed(3).padStart(9)} ${result.addedP99Ms.toFixed(3).padStart(9)}`,
      `proxy CPU per call (relaying and recording): ${result.proxyCpuUsPerCall.toFixed(0)} µs`,
      "",
    ].join("\n"),
  );
}
