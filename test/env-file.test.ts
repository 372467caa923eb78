// The boot environment: a .env file in the working directory, under the real environment.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { bootEnvironment } from "../src/env-file.js";

describe("the boot environment", () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const dirWith = (text: string | null) => {
    const dir = mkdtempSync(join(tmpdir(), "agent-lessons-env-"));
    dirs.push(dir);
    if (text !== null) writeFileSync(join(dir, ".env"), text);
    return dir;
  };

  it("is the real environment alone when there is no .env", () => {
    const env = { PORT: "4000" };
    expect(bootEnvironment(env, dirWith(null))).toEqual({ env, fromFile: new Set() });
  });

  it("adds what .env sets, comments and quotes as Node reads them, under the real environment", () => {
    const dir = dirWith('# settings\nPORT=4100\nLOG_LEVEL="debug"\nREDIS_KEY_PREFIX=dev # trailing\n');
    const { env, fromFile } = bootEnvironment({ PORT: "4200" }, dir);
    expect(env).toMatchObject({ PORT: "4200", LOG_LEVEL: "debug", REDIS_KEY_PREFIX: "dev" });
    expect([...fromFile].sort()).toEqual(["LOG_LEVEL", "REDIS_KEY_PREFIX"]);
    expect(loadConfig(env, fromFile)).toMatchObject({ PORT: 4200, LOG_LEVEL: "debug", REDIS_KEY_PREFIX: "dev" });
  });

  it("says a bad value came from .env", () => {
    const { env, fromFile } = bootEnvironment({}, dirWith("FIX_RANKING=best\n"));
    expect(() => loadConfig(env, fromFile)).toThrow(/^invalid configuration: FIX_RANKING \(in \.env\): /);
  });
});
