// The service on a real port, a Chromium context and the demo's requests, for the dashboard's browser tests.
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterEach, expect } from "vitest";
import { demoRequests, type DemoRequest } from "../../scripts/demo/stories.js";
import type { Store } from "../../src/storage/port.js";
import { buildTestApp } from "./app.js";
import { watchProblems } from "./browser.js";
import type { StoreFactory } from "./stores.js";

/** One harness per describe block; everything it starts is closed after each test. */
export function useDashboard(browser: () => Browser, factory: StoreFactory) {
  let store: Store | undefined;
  let context: BrowserContext | undefined;
  let running: FastifyInstance | undefined;

  const harness = {
    baseUrl: "",
    /** How far the service's clock is behind the real one, so writes can be sent "hours ago". */
    behindMs: 0,

    get app(): FastifyInstance {
      if (!running) throw new Error("start() the dashboard harness first");
      return running;
    },

    async start(env: Record<string, string> = {}) {
      harness.behindMs = 0;
      store = await factory();
      running = await buildTestApp(store, { EVENTS_POLL_MS: "200", ...env }, { clock: () => new Date(Date.now() - harness.behindMs) });
      await running.listen({ port: 0, host: "127.0.0.1" });
      harness.baseUrl = `http://127.0.0.1:${(running.server.address() as AddressInfo).port}`;
      context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    },

    /** Sends one request (with an API key when given) and expects it to succeed. */
    async send(request: DemoRequest, key?: string) {
      const response = await fetch(`${harness.baseUrl}${request.path}`, {
        method: request.method,
        headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) },
        body: JSON.stringify(request.body),
      });
      expect(response.status, `${request.method} ${request.path}`).toBeLessThan(300);
    },

    /** The demo's stories, once; `round` keeps the ids of one round apart from another's. */
    async seed(round = 0, key?: string) {
      for (const request of demoRequests(round)) await harness.send(request, key);
    },

    /** Waits until the page's live feed holds its event stream open, so that what is written next reaches it. */
    async feedOpen() {
      await expect.poll(async () => (await harness.app.inject({ url: "/metrics" })).body, { timeout: 5000 }).toMatch(/^event_streams_open 1$/m);
    },

    /** Opens a page of the service; answers it and the list of what went wrong in it (a dialog too). */
    async open(path = "/dashboard"): Promise<{ page: Page; problems: string[] }> {
      const page = await context!.newPage();
      const problems = watchProblems(page);
      page.on("dialog", (dialog) => {
        problems.push(`dialog: ${dialog.message()}`);
        void dialog.dismiss();
      });
      await page.goto(`${harness.baseUrl}${path}`);
      return { page, problems };
    },
  };

  afterEach(async () => {
    await context?.close();
    await running?.close();
    await store?.close();
    context = running = store = undefined;
  });

  return harness;
}
