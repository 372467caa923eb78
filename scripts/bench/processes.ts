// Child processes for the benchmark: the built service and the hello world, with their CPU time and memory.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

// /proc reports CPU time in clock ticks; Linux uses 100 per second.
const TICKS_PER_SECOND = 100;

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** CPU seconds (user + system) the process has used so far. */
  cpuSeconds(): number;
  /** Resident memory in MB now. */
  rssMb(): number;
  stop(): Promise<void>;
}

/** CPU seconds (user + system) that process `pid` has used so far, read from /proc. */
export function cpuSecondsOf(pid: number): number {
  // Fields after the command name, which sits in parentheses: utime is the 14th field, stime the 15th.
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

export async function startServer(name: string, args: string[], env: Record<string, string>, readyPath: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const response = await fetch(url + readyPath, { headers: { authorization: `Bearer ${env.BENCH_KEY ?? ""}` } });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill("SIGKILL");
      throw new Error(`${name} did not become ready`);
    }
    await sleep(100);
  }
  const pid = child.pid!;
  return {
    url,
    child,
    cpuSeconds: () => cpuSecondsOf(pid),
    rssMb() {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      return match ? Number(match[1]) / 1024 : 0;
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await Promise.race([exited, sleep(15_000)]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
    },
  };
}
