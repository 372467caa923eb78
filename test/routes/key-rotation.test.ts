// Keys rotated without a restart: API_KEYS_FILE read again when it changes, exact under load, keeping the old keys when the new file is bad.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openEventStream } from "../helpers/event-stream.js";
import { buildApp } from "../../src/app.js";
import { testConfig } from "../helpers/app.js";
import { uniqueId } from "../helpers/fixtures.js";
import { memoryStoreFactory } from "../helpers/stores.js";

const OLD = "rotate-old-key-0123456789";
const NEW = "rotate-new-key-0123456789";
const KEPT = "rotate-kept-key-012345678";
const lesson = { attempt_number: 1, tier: 1, error_type: "E", error_message: "m" };

let dir: string;
let file: string;
const cleanups: Array<() => Promise<unknown> | unknown> = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "agent-lessons-rotate-"));
  file = join(dir, "keys.txt");
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  rmSync(dir, { recursive: true, force: true });
});

/** The app on the embedded store with the key file, and a log it keeps. */
async function appWithFile(): Promise<{ app: FastifyInstance; lines: Array<Record<string, unknown>> }> {
  const lines: Array<Record<string, unknown>> = [];
  const store = await memoryStoreFactory();
  const app = await buildApp(testConfig({ API_KEYS_FILE: file, LOG_LEVEL: "info" }), {
    store,
    logger: { level: "info", stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } },
  });
  await app.ready();
  cleanups.push(() => store.close(), () => app.close());
  return { app, lines };
}

const status = async (app: FastifyInstance, key: string) =>
  (await app.inject({ method: "GET", url: "/tasks/t/lessons", headers: { authorization: `Bearer ${key}` } })).statusCode;

describe("API_KEYS_FILE, read again", () => {
  it("refuses a removed key and accepts a new one within two seconds of the file's change, with no reload asked for", async () => {
    writeFileSync(file, `${OLD}:team\n${KEPT}:team\n`);
    const { app, lines } = await appWithFile();
    expect([await status(app, OLD), await status(app, NEW)]).toEqual([200, 401]);
    writeFileSync(file, `${NEW}:team\n${KEPT}:team:read\n`);
    let seen: number[] = [];
    for (let i = 0; i < 40 && seen[0] !== 401; i += 1) {
      await sleep(100);
      seen = [await status(app, OLD), await status(app, NEW), await status(app, KEPT)];
    }
    expect(seen).toEqual([401, 200, 200]);
    expect(lines.find((line) => line.msg === "API keys reloaded")).toMatchObject({ keys: 2, added: 2, removed: 2 });
    // A key whose scope changed has its new scope at once.
    const write = await app.inject({ method: "POST", url: "/tasks/t/lessons", headers: { authorization: `Bearer ${KEPT}` }, payload: lesson });
    expect(write.statusCode).toBe(403);
  });

  it("keeps the keys in force when the new file does not parse, and says which entry, once", async () => {
    writeFileSync(file, `${OLD}:team\n`);
    const { app, lines } = await appWithFile();
    writeFileSync(file, `${NEW}:team\nnot a key at all\n`);
    const why = "API_KEYS_FILE: entry 2 needs a key of 16-256 printable characters without ',' or ':', then ':tenant'";
    expect(app.keyRing.reload()).toEqual({ reloaded: false, reason: why });
    await sleep(1500);
    expect([await status(app, OLD), await status(app, NEW)]).toEqual([200, 401]);
    const errors = lines.filter((line) => line.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toBe(`${why}; the keys in force are kept`);
    expect(JSON.stringify(lines)).not.toContain(NEW);
    // Fixed, it is read again.
    writeFileSync(file, `${NEW}:team\n`);
    expect(app.keyRing.reload()).toEqual({ reloaded: true, added: 1, removed: 1 });
    expect([await status(app, OLD), await status(app, NEW)]).toEqual([401, 200]);
  });

  it("ends the open event streams of a removed key, and only those", async () => {
    writeFileSync(file, `${OLD}:team\n${KEPT}:team\n`);
    const { app } = await appWithFile();
    await app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const removed = await openEventStream(base, "/events", { authorization: `Bearer ${OLD}` });
    const kept = await openEventStream(base, "/events", { authorization: `Bearer ${KEPT}` });
    cleanups.push(() => kept.close(), () => removed.close());
    writeFileSync(file, `${KEPT}:team\n`);
    app.keyRing.reload();
    await removed.ended(5000);
    await app.inject({ method: "POST", url: `/tasks/${uniqueId("t")}/lessons`, headers: { authorization: `Bearer ${KEPT}` }, payload: lesson });
    expect((await kept.waitForEvents(1, 5000))[0]!.event).toBe("lesson.captured");
  });

  it("is exact under load: no request with a key in force fails, and none with a removed key succeeds after the reload", async () => {
    writeFileSync(file, `${OLD}:team\n${KEPT}:team\n`);
    const { app } = await appWithFile();
    const results: Array<{ key: string; status: number; sentAfterReload: boolean }> = [];
    let reloaded = false;
    // Each worker keeps sending until it has sent 30 requests after the reload.
    const worker = async (key: string) => {
      for (let after = 0, sent = 0; after < 30 && sent < 5000; sent += 1) {
        const sentAfterReload = reloaded;
        results.push({ key, status: await status(app, key), sentAfterReload });
        if (sentAfterReload) after += 1;
        // inject can answer without ever reaching the timers: let the test's own timer run in between.
        await sleep(0);
      }
    };
    const load = Promise.all([worker(OLD), worker(KEPT), worker(OLD), worker(KEPT)]);
    while (results.length < 40) await sleep(1);
    writeFileSync(file, `${KEPT}:team\n${NEW}:team\n`);
    const reload = app.keyRing.reload();
    reloaded = true;
    await load;
    expect(reload).toMatchObject({ reloaded: true, removed: 1 });
    expect(results.filter((result) => result.key === OLD && !result.sentAfterReload).length).toBeGreaterThan(0);
    expect(results.filter((result) => result.key === KEPT).every((result) => result.status === 200)).toBe(true);
    expect(results.filter((result) => result.key === OLD && result.sentAfterReload).map((result) => result.status)).toEqual(
      results.filter((result) => result.key === OLD && result.sentAfterReload).map(() => 401),
    );
    expect(results.some((result) => result.key === OLD && result.sentAfterReload)).toBe(true);
    expect(results.filter((result) => result.key === OLD && !result.sentAfterReload).every((result) => result.status === 200 || result.status === 401)).toBe(true);
    expect(await status(app, NEW)).toBe(200);
  });
});
