// Logs are pino JSON lines, every line about a request carries its request id, and no line holds what the API would redact.
import { describe, expect, it } from "vitest";
import supertest from "supertest";
import { buildApp } from "../../src/app.js";
import { testConfig } from "../helpers/app.js";
import { uniqueId } from "../helpers/fixtures.js";
import { keysWritten, memoryStoreFactory, rawRedis, redisStoreFactory } from "../helpers/stores.js";

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

  it("logs a query's values as a body's would be kept: a secret in error_type=, goal= or prefix= is redacted", async () => {
    const lines: string[] = [];
    const store = await memoryStoreFactory();
    const app = await buildApp(testConfig(), { store, logger: { level: "info", stream: { write: (line) => lines.push(line) } } });
    await app.ready();
    try {
      const token = `ghp_${"A1b2C3d4".repeat(5)}`;
      const http = supertest(app.server);
      await http.get(`/tools/t/fix?error_type=${token}`);
      await http.get(`/sessions/s/patterns/t/template?goal=${encodeURIComponent(`deploy with password=${"hunter2x"}`)}`);
      await http.get(`/tools?prefix=${token}&limit=5`);
      await http.get(`/tasks?api_key=plainvalue123&limit=5`);
      const text = lines.join("\n");
      expect(text).not.toContain(token);
      expect(text).not.toContain("hunter2x");
      expect(text).not.toContain("plainvalue123");
      const urls = lines.map((line) => (JSON.parse(line) as { req?: { url: string } }).req?.url).filter(Boolean);
      expect(urls).toContain("/tasks?api_key=%5BREDACTED%5D&limit=5");
      expect(urls.some((url) => url!.startsWith("/tools?prefix=%5BREDACTED%3Agithub_token%5D&limit=5"))).toBe(true);
    } finally {
      await app.close();
      await store.close();
    }
  });

  it("logs a failed Redis script by its name and Redis's error, never with the call's arguments", async () => {
    const lines: string[] = [];
    const store = await redisStoreFactory()();
    const app = await buildApp(testConfig(), { store, logger: { level: "info", stream: { write: (line) => lines.push(line) } } });
    await app.ready();
    const raw = rawRedis();
    try {
      const http = supertest(app.server);
      const task = uniqueId("task");
      expect((await http.post(`/tasks/${task}/lessons`).send({ attempt_number: 1, tier: 1, error_type: "E", error_message: "first" })).status).toBe(201);
      // The task's lesson list made a string: the next capture's script fails inside Redis.
      const lessonsKey = (await keysWritten(store))!.find((key) => key.includes(`:task:${task}}:lessons`))!;
      await raw.set(lessonsKey, "not a list");
      const failed = await http.post(`/tasks/${task}/lessons`).send({ attempt_number: 2, tier: 1, error_type: "E", error_message: "the-write-s-own-text" });
      expect(failed.status).toBe(500);
      const errorLine = lines.map((line) => JSON.parse(line) as { level: number; err?: { message: string } }).find((record) => record.level >= 50)!;
      // On one server the capture is one script, appendLesson's body inside it; a Cluster runs appendLesson on its own.
      expect(errorLine.err!.message).toMatch(/^script (captureSignedLesson|appendLesson) failed: WRONGTYPE /);
      expect(lines.join("\n")).not.toContain("the-write-s-own-text");
    } finally {
      raw.disconnect();
      await app.close();
      await store.close();
    }
  });
});
