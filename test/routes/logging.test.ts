// Logs are pino JSON lines, and every line about a request carries its request id.
import { describe, expect, it } from "vitest";
import supertest from "supertest";
import { buildApp } from "../../src/app.js";
import { testConfig } from "../helpers/app.js";
import { memoryStoreFactory } from "../helpers/stores.js";

describe("request logging", () => {
  it("writes JSON lines with the request id, taking a safe x-request-id from the caller", async () => {
    const lines: string[] = [];
    const store = await memoryStoreFactory();
    const app = await buildApp(testConfig(), { store, logger: { level: "info", stream: { write: (line) => lines.push(line) } } });
    await app.ready();
    try {
      const http = supertest(app.server);
      const ok = await http.get("/health/live").set("x-request-id", "agent-7.call-42");
      expect(ok.headers["x-request-id"]).toBe("agent-7.call-42");
      const bad = await http.post("/tasks/t/lessons").set("x-request-id", "evil\tid").send({});
      expect(bad.body.request_id).toBe(bad.headers["x-request-id"]);
      expect(bad.body.request_id).not.toContain("evil");

      const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const aboutRequests = records.filter((record) => "req" in record || "res" in record || "code" in record);
      // One "request completed" line per request, plus the rejection's own line.
      expect(records.filter((record) => record.msg === "request completed")).toHaveLength(2);
      expect(aboutRequests.length).toBeGreaterThanOrEqual(3);
      for (const record of aboutRequests) expect(record.reqId).toEqual(expect.any(String));
      expect(records.some((record) => record.reqId === "agent-7.call-42")).toBe(true);
    } finally {
      await app.close();
      await store.close();
    }
  });
});
