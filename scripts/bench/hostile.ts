// The hostile group: requests built to stall the service, each at 10k, 100k and 1M characters, with the CPU
// they cost and the longest block a probe beside them saw. Nothing is asserted: the figures go in the notes.
import type { ServerProcess } from "./processes.js";

export interface HostileRow {
  case: string;
  chars: number;
  /** The hostile requests' statuses, in order. */
  statuses: number[];
  /** The service's CPU for the hostile requests, per repetition, in ms. */
  cpuMs: number;
  /** The longest a /health/live probe (every 10 ms, beside the requests) waited, in ms. */
  longestProbeMs: number;
}

interface HostileCase {
  name: string;
  /** The requests one repetition sends, in order, for a text of `chars` characters. */
  requests(chars: number, unique: string): Array<{ method: string; path: string; body?: string }>;
}

const json = (value: unknown) => JSON.stringify(value);

const CASES: HostileCase[] = [
  {
    name: "1. a lesson of capital letters",
    requests: (chars, unique) => [{ method: "POST", path: `/tasks/hostile-${unique}/lessons`, body: json({ attempt_number: 1, tier: 1, error_type: "E", error_message: "A".repeat(chars) }) }],
  },
  {
    name: "1. a result's member name of capitals",
    requests: (chars, unique) => [{ method: "POST", path: `/sessions/hostile-${unique}/tool-calls`, body: `{"tool_name":"t","outcome":"success","result":{"${"K".repeat(chars)}":1}}` }],
  },
  {
    name: "3. /context after a one-word error",
    requests: (chars, unique) => [
      { method: "POST", path: `/sessions/hostile-${unique}/tool-calls`, body: json({ tool_name: "t", outcome: "failure", error_type: "E", error_message: "w".repeat(chars) }) },
      { method: "GET", path: `/context?session_id=hostile-${unique}&max_tokens=100000` },
    ],
  },
  {
    name: "4. a result's status of that length",
    requests: (chars, unique) => [
      { method: "POST", path: `/sessions/hostile-${unique}/tool-calls`, body: json({ tool_name: "t", outcome: "success", result: { status: "s".repeat(chars) } }) },
      { method: "GET", path: `/sessions/hostile-${unique}/tool-calls` },
    ],
  },
];

/** Sends /health/live every 10 ms until stopped; answers the longest wait. */
function probe(url: string): { stop(): Promise<number> } {
  let longest = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${url}/health/live`).then((response) => response.arrayBuffer());
      longest = Math.max(longest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return longest;
    },
  };
}

/** Every hostile case at every size, `repetitions` times each, against the running service. */
export async function measureHostile(service: ServerProcess, key: string, repetitions: number): Promise<HostileRow[]> {
  const rows: HostileRow[] = [];
  let serial = 0;
  // The tokenizer's tables load on the first /context (about 200 ms, once a process): not a hostile request's cost.
  await fetch(`${service.url}/context?session_id=hostile-warm-up`, { headers: { authorization: `Bearer ${key}` } }).then((response) => response.arrayBuffer());
  for (const hostile of CASES) {
    for (const chars of [10_000, 100_000, 1_000_000]) {
      const statuses: number[] = [];
      const watching = probe(service.url);
      const cpuBefore = service.cpuSeconds();
      for (let i = 0; i < repetitions; i += 1) {
        for (const request of hostile.requests(chars, `${process.pid}-${(serial += 1)}`)) {
          const response = await fetch(`${service.url}${request.path}`, {
            method: request.method,
            headers: { authorization: `Bearer ${key}`, ...(request.body ? { "content-type": "application/json" } : {}) },
            ...(request.body ? { body: request.body } : {}),
          });
          await response.arrayBuffer();
          if (i === 0) statuses.push(response.status);
        }
      }
      const cpuMs = ((service.cpuSeconds() - cpuBefore) * 1000) / repetitions;
      rows.push({ case: hostile.name, chars, statuses, cpuMs, longestProbeMs: await watching.stop() });
    }
  }
  return rows;
}

export function printHostile(rows: HostileRow[]): void {
  const lines = ["\nhostile requests: the service's CPU per repetition, and the longest a /health/live probe beside them waited"];
  lines.push(`${"case".padEnd(40)} ${"chars".padStart(9)} ${"statuses".padEnd(10)} ${"CPU ms".padStart(8)} ${"longest probe ms".padStart(17)}`);
  for (const row of rows) {
    lines.push(
      `${row.case.padEnd(40)} ${String(row.chars).padStart(9)} ${row.statuses.join(",").padEnd(10)} ${row.cpuMs.toFixed(1).padStart(8)} ${row.longestProbeMs.toFixed(1).padStart(17)}`,
    );
  }
  process.stdout.write(`${lines.join("\n")}\n`);
}
