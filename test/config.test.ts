// Configuration: defaults, validation that names the bad variable, and a process that refuses to start on it.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.js";

describe("configuration", () => {
  it("has working defaults for a bare machine: port 3000, embedded store", () => {
    expect(loadConfig({}).REDIS_URL).toBeUndefined();
    expect(loadConfig({})).toMatchObject({
      PORT: 3000,
      REDIS_KEY_PREFIX: "lm",
      LESSONS_MAX_PER_TASK: 40,
      TOOL_LOG_MAX_ENTRIES: 1000,
      FIX_DETECTION_WINDOW: 10,
      BODY_LIMIT_BYTES: 1_048_576,
      IMPORT_BODY_LIMIT_BYTES: 16_777_216,
    });
  });

  it("reads numbers and URLs from strings, and treats an empty REDIS_URL as unset", () => {
    const config = loadConfig({ PORT: "8080", REDIS_URL: "redis://cache:6379/2", LESSONS_MAX_PER_TASK: "5" });
    expect(config).toMatchObject({ PORT: 8080, REDIS_URL: "redis://cache:6379/2", LESSONS_MAX_PER_TASK: 5 });
    expect(loadConfig({ REDIS_URL: "" }).REDIS_URL).toBeUndefined();
    // An empty RATE_LIMIT_MAX (as .env.example ships it) is unset, so the default applies, not 0 (no limit).
    expect(loadConfig({ RATE_LIMIT_MAX: "" }).RATE_LIMIT_MAX).toBeUndefined();
    expect(loadConfig({ RATE_LIMIT_MAX: "0" }).RATE_LIMIT_MAX).toBe(0);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it("reads Sentinel and replica settings, and refuses combinations that cannot work", () => {
    expect(loadConfig({ REDIS_SENTINELS: "10.0.0.1:26379, 10.0.0.2:26379" })).toMatchObject({
      REDIS_SENTINELS: "10.0.0.1:26379, 10.0.0.2:26379",
      REDIS_SENTINEL_NAME: "mymaster",
      REDIS_WAIT_REPLICAS: 0,
      REDIS_WAIT_TIMEOUT_MS: 100,
    });
    expect(() => loadConfig({ REDIS_SENTINELS: "a:1", REDIS_CLUSTER_NODES: "b:2" })).toThrow(/REDIS_SENTINELS: set REDIS_SENTINELS or REDIS_CLUSTER_NODES, not both/);
    expect(() => loadConfig({ REDIS_WAIT_REPLICAS: "1", REDIS_WAIT_TIMEOUT_MS: "1000" })).toThrow(/REDIS_WAIT_TIMEOUT_MS: must be below REDIS_COMMAND_TIMEOUT_MS/);
    expect(loadConfig({ REDIS_WAIT_REPLICAS: "1", REDIS_WAIT_TIMEOUT_MS: "999" }).REDIS_WAIT_TIMEOUT_MS).toBe(999);
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["REDIS_URL", "http://cache:6379"],
    ["REDIS_KEY_PREFIX", "has{brace}"],
    ["LESSONS_MAX_PER_TASK", "0"],
    ["FIX_DETECTION_WINDOW", "-1"],
    ["LOG_LEVEL", "loud"],
    ["RATE_LIMIT_MAX", "lots"],
    ["RATE_LIMIT_SYNC_MS", "1000"],
    ["REDIS_SENTINELS", "no-port"],
    ["REDIS_WAIT_REPLICAS", "-1"],
  ])("rejects %s=%s with a message naming the variable", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it("stops the process with the variable's name when a value is bad", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "src/server.ts"], {
      env: { ...process.env, PORT: "not-a-port", REDIS_URL: "" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("PORT:");
  });
});
