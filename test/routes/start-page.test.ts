// GET /: a browser lands on the dashboard, a client asking for JSON gets the entry points, and each of them exists.
import { describe, expect, it } from "vitest";
import { ENTRY_POINTS } from "../../src/routes/start-page.js";
import { useHttpApp } from "../helpers/http.js";
import { memoryStoreFactory } from "../helpers/stores.js";

describe("the start page", () => {
  const ctx = useHttpApp(memoryStoreFactory, { API_KEYS: "start-page-key-0123456789:acme" });

  it("sends a browser, or a client with no preference, to the dashboard without asking for a key", async () => {
    for (const accept of ["text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "*/*", ""]) {
      const response = await ctx.http.get("/").set("Accept", accept);
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe("/dashboard");
    }
  });

  it("answers a client asking for JSON with the entry points, every one of which is served", async () => {
    const response = await ctx.http.get("/").set("Accept", "application/json");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ service: "agent-lessons", links: ENTRY_POINTS });
    for (const path of Object.values(ENTRY_POINTS)) {
      const answer = await ctx.http.get(path);
      expect([path, answer.status === 404]).toEqual([path, false]);
    }
  });
});
