// Keys rotated by signal: the shipped service reads API_KEYS_FILE again on SIGHUP, even when the file looks unchanged.
import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startServerProcess } from "../helpers/server-process.js";

const OLD = "rotate-old-key-0123456789";
const NEW = "rotate-new-key-0123456789";

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

describe("SIGHUP", () => {
  it("makes the service read the file again, even when its size and time did not change", async () => {
    writeFileSync(file, `${OLD}:team\n`);
    const service = await startServerProcess({ API_KEYS_FILE: file, LOG_LEVEL: "info" }, 20_000, "dist/server.js");
    cleanups.push(() => service.stop());
    const get = async (key: string) => (await fetch(`${service.baseUrl}/tasks/t/lessons`, { headers: { authorization: `Bearer ${key}` } })).status;
    expect(await get(OLD)).toBe(200);
    // A key of the same length, written in place, and the file's time set back to what it was: only
    // SIGHUP can tell it changed. (A round time, which utimes sets exactly.) The watcher first takes
    // the new time as a change, once it has held for one look: wait for that reload, not for a guess.
    const reloads = () => service.logs.filter((line) => line.msg === "API keys reloaded").length;
    utimesSync(file, 1_700_000_000, 1_700_000_000);
    await expect.poll(reloads, { timeout: 5000, interval: 100 }).toBe(1);
    writeFileSync(file, `${NEW}:team\n`);
    utimesSync(file, 1_700_000_000, 1_700_000_000);
    expect(statSync(file).mtimeMs).toBe(1_700_000_000_000);
    // Two looks of the watcher (1 s apart) see nothing new.
    await sleep(2500);
    expect(await get(NEW)).toBe(401);
    expect(reloads()).toBe(1);
    service.child.kill("SIGHUP");
    let seen = 401;
    for (let i = 0; i < 50 && seen !== 200; i += 1) {
      await sleep(50);
      seen = await get(NEW);
    }
    expect([seen, await get(OLD)]).toEqual([200, 401]);
    // The service's log lines reach the test through a buffered pipe: the line may trail the keys.
    await expect.poll(reloads, { timeout: 5000, interval: 100 }).toBe(2);
    expect(service.hasExited()).toBe(false);
  });
});
