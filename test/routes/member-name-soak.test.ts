// A soak of requests with distinct megabyte-long member names: each is refused, and the heap ends where it started.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "../helpers/app.js";
import { memoryStoreFactory } from "../helpers/stores.js";

describe("distinct 1 MB member names, one request after another", () => {
  it("are each refused with a 400, and leave the heap within 50 MB of where it started", { timeout: 120_000 }, async () => {
    setFlagsFromString("--expose-gc");
    const collect = runInNewContext("gc") as () => void;
    // A second collection, after a turn of the loop, frees what the first only marked (strings V8 keeps while it sweeps).
    const gc = async () => {
      collect();
      await new Promise((resolve) => setImmediate(resolve));
      collect();
    };
    const store = await memoryStoreFactory();
    const app = await buildTestApp(store);
    try {
      const send = (i: number) =>
        app.inject({
          method: "POST",
          url: "/sessions/soak/tool-calls",
          headers: { "content-type": "application/json" },
          // Distinct names: a cache keyed by name would keep every one of them.
          payload: `{"tool_name":"t","outcome":"success","arguments":{"${String(i).padStart(7, "0")}${"n".repeat(1_000_000)}":1}}`,
        });
      expect((await send(0)).statusCode).toBe(400);
      await gc();
      const before = process.memoryUsage().heapUsed;
      const statuses: number[] = [];
      for (let i = 1; i <= 200; i += 1) statuses.push((await send(i)).statusCode);
      expect(statuses.every((status) => status === 400)).toBe(true);
      await gc();
      expect(process.memoryUsage().heapUsed - before).toBeLessThan(50 * 2 ** 20);
      expect((await app.inject({ url: "/sessions/soak/stats" })).json().total_calls).toBe(0);
    } finally {
      await app.close();
      await store.close();
    }
  });
});
