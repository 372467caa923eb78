// Sets up the real app over a store for HTTP tests, with supertest against its server, and tears both down.
import type { FastifyInstance } from "fastify";
import supertest from "supertest";
import { afterEach, beforeEach, expect } from "vitest";
import type { Store } from "../../src/storage/port.js";
import { buildTestApp } from "./app.js";
import type { StoreFactory } from "./stores.js";

export interface HttpContext {
  app: FastifyInstance;
  store: Store;
  http: ReturnType<typeof supertest>;
}

/** Registers hooks that give each test a fresh app on a fresh store; read the fields inside tests. */
export function useHttpApp(factory: StoreFactory, env: Record<string, string> = {}, deps: { clock?: () => Date } = {}): HttpContext {
  const context = {} as HttpContext;
  beforeEach(async () => {
    context.store = await factory();
    context.app = await buildTestApp(context.store, env, deps);
    context.http = supertest(context.app.server);
  });
  afterEach(async () => {
    await context.app.close();
    await context.store.close();
  });
  return context;
}

/** Asserts an RFC 9457 problem body with the given status, and returns it. */
export function expectProblem(response: supertest.Response, status: number): Record<string, unknown> {
  expect(response.status).toBe(status);
  expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
  expect(response.body).toMatchObject({
    type: expect.stringMatching(/^urn:agent-lessons:problem:/),
    title: expect.any(String),
    status,
    detail: expect.any(String),
    code: expect.any(String),
    request_id: expect.any(String),
  });
  return response.body as Record<string, unknown>;
}
