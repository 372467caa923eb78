// Log lines are buffered off the request path, and still every one reaches stdout when the server stops.
import { afterEach, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "../helpers/server-process.js";

let server: ServerProcess | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe("the log on the way out", () => {
  it("holds every request's line and, last, the line logged just before exit, when SIGTERM follows the requests at once", { timeout: 30_000 }, async () => {
    server = await startServerProcess({ LOG_LEVEL: "info", RATE_LIMIT_MAX: "0" });
    const ids = Array.from({ length: 300 }, (_, i) => `flush-${i}`);
    // Fewer than 4 KB of lines wait for the next batch, so without the flush the tail would be lost.
    for (let i = 0; i < ids.length; i += 50) {
      await Promise.all(ids.slice(i, i + 50).map((id) => fetch(`${server!.baseUrl}/tasks/t/lessons`, { headers: { "x-request-id": id } })));
    }
    server.child.kill("SIGTERM");
    expect(await server.exitWithin(15_000)).toEqual({ code: 0, signal: null });

    const completed = new Set(server.logs.filter((line) => line.msg === "request completed").map((line) => line.reqId));
    expect(ids.filter((id) => !completed.has(id))).toEqual([]);
    expect(server.logs.at(-1)).toMatchObject({ level: 30, msg: "stopped" });
  });
});
