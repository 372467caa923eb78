// Prints the benchmark table and writes the results as JSON.
import { mkdirSync, writeFileSync } from "node:fs";

export interface Row {
  scenario: string;
  /** Requests answered in the measured seconds. */
  requests: number;
  rps: number;
  ratio: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  cpuUsPerRequest: number;
  /** The process's largest resident set while the scenario ran. */
  rssMb: number;
  redisCommandsPerRequest: number | null;
  redisCommands: Record<string, number> | null;
  /** Round trips per request, counted one request at a time. */
  redisRoundTripsPerRequest: number | null;
  /** CPU per request of the scenario's floor in the same round, when it has one. */
  floorCpuUsPerRequest: number | null;
}

const pad = (text: string, width: number) => text.padStart(width);

export function printTable(rows: Row[], title: string): void {
  const header = ["scenario", "req/s", "× hello", "p50 ms", "p99 ms", "non-2xx", "CPU µs/req", "× hello CPU", "× floor CPU", "Redis cmds/req", "round trips/req", "RSS MB"];
  const widths = [36, 9, 8, 8, 8, 8, 11, 12, 12, 15, 16, 7];
  const helloCpu = rows[0]?.cpuUsPerRequest ?? NaN;
  const lines = [title, header.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : pad(cell, widths[i]!))).join(" ")];
  for (const row of rows) {
    lines.push(
      [
        row.scenario.padEnd(widths[0]!),
        pad(row.rps.toFixed(0), widths[1]!),
        pad(row.ratio.toFixed(2), widths[2]!),
        pad(row.p50Ms.toFixed(2), widths[3]!),
        pad(row.p99Ms.toFixed(2), widths[4]!),
        pad(String(row.non2xx + row.errors), widths[5]!),
        pad(row.cpuUsPerRequest.toFixed(1), widths[6]!),
        pad((row.cpuUsPerRequest / helloCpu).toFixed(1), widths[7]!),
        pad(row.floorCpuUsPerRequest === null ? "-" : (row.cpuUsPerRequest / row.floorCpuUsPerRequest).toFixed(2), widths[8]!),
        pad(row.redisCommandsPerRequest === null ? "-" : row.redisCommandsPerRequest.toFixed(2), widths[9]!),
        pad(row.redisRoundTripsPerRequest === null ? "-" : row.redisRoundTripsPerRequest.toFixed(2), widths[10]!),
        pad(row.rssMb.toFixed(0), widths[11]!),
      ].join(" "),
    );
  }
  process.stdout.write(`${lines.join("\n")}\n`);
}

export function writeJson(name: string, results: unknown): string {
  mkdirSync("bench-results", { recursive: true });
  const path = `bench-results/${name}-${new Date().toISOString().replaceAll(":", "-")}.json`;
  writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`);
  return path;
}
