// Apps listening on a real port, with event streams opened against them, all closed after each test.
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import supertest from "supertest";
import { afterEach } from "vitest";
import type { Store } from "../../src/storage/port.js";
import { buildTestApp } from "./app.js";
import { openEventStream, type EventStream } from "./event-stream.js";
import type { StoreFactory } from "./stores.js";

/** Registers the cleanup and answers `start`, which builds an app on a fresh store and listens on a free port. */
export function useListeningApps(factory: StoreFactory) {
  const running: Array<{ app: FastifyInstance; store: Store }> = [];
  const streams: EventStream[] = [];
  afterEach(async () => {
    streams.splice(0).forEach((stream) => stream.close());
    for (const { app, store } of running.splice(0)) {
      await app.close();
      await store.close();
    }
  });

  return async function start(env: Record<string, string> = {}) {
    const store = await factory();
    const app = await buildTestApp(store, { EVENTS_POLL_MS: "100", ...env });
    await app.listen({ port: 0, host: "127.0.0.1" });
    running.push({ app, store });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const open = async (path = "/events", headers: Record<string, string> = {}) => {
      const stream = await openEventStream(url, path, headers);
      streams.push(stream);
      return stream;
    };
    return { app, store, http: supertest(url), open };
  };
}
