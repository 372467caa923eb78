// The real server process at boot: one clear line for a bad setting, and logs a person can read when asked.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { getStatus, startServerProcess, type ServerProcess } from "./helpers/server-process.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

/**
 * Runs the server with the given environment until it exits, and returns its exit code and stderr.
 * In another working directory it runs the build (dist/server.js), which needs no loader there.
 */
function bootAndExit(env: Record<string, string>, cwd = ROOT): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const args = cwd === ROOT ? ["--import", "tsx", "src/server.ts"] : [join(ROOT, "dist/server.js")];
    const child = spawn(process.execPath, args, {
      cwd,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/tmp", PORT: "0", ...env },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the server did not exit; stderr: ${stderr}`));
    }, 20_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe("booting the server", () => {
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it.each([
    ["a short API key", { API_KEYS: "short:tenant-a" }, "API_KEYS"],
    ["a port out of range", { PORT: "70000" }, "PORT"],
    ["an unknown log format", { LOG_FORMAT: "xml" }, "LOG_FORMAT"],
  ])("exits with one line naming the variable for %s, and no stack trace", async (_case, env, variable) => {
    const { code, stderr } = await bootAndExit(env);
    expect(code).toBe(1);
    const lines = stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^agent-lessons: .*${variable}`));
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it("exits with one line and no stack trace when its port is already in use", async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const { port } = holder.address() as AddressInfo;
    try {
      const { code, stderr } = await bootAndExit({ PORT: String(port), HOST: "127.0.0.1" });
      expect(code).toBe(1);
      expect(stderr).toBe(`agent-lessons: port ${port} on 127.0.0.1 is already in use; set PORT to another port\n`);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it("reads .env in the working directory, names it when a value there is bad, and lets the real environment win", async () => {
    const dir = mkdtempSync(join(tmpdir(), "agent-lessons-env-"));
    try {
      writeFileSync(join(dir, ".env"), "# a copy of .env.example, edited\nLOG_FORMAT=xml\nPORT=0\n");
      const bad = await bootAndExit({}, dir);
      expect(bad.code).toBe(1);
      expect(bad.stderr.trim()).toMatch(/^agent-lessons: invalid configuration: LOG_FORMAT \(in \.env\): /);
      // The same setting from the real environment overrides the file's, and is not said to come from it.
      const overridden = await bootAndExit({ LOG_FORMAT: "yaml" }, dir);
      expect(overridden.stderr.trim()).toMatch(/^agent-lessons: invalid configuration: LOG_FORMAT: /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("npm start runs a built checkout as it is, without compiling again", async () => {
    // The global setup built dist/ for this run, and the command's; marking their entries newest makes "built" certain.
    for (const entry of ["dist/server.js", "clients/typescript/dist/index.js", "clients/cli/dist/cli.js"]) utimesSync(join(ROOT, entry), new Date(), new Date());
    const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ["scripts/start.mjs"], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/tmp", LOG_FORMAT: "xml" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      let err = "";
      child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
      child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString("utf8")));
      child.once("exit", (exitCode) => resolve({ code: exitCode, stdout: out, stderr: err }));
    });
    // It went straight to the service, which refused the bad setting: no build ran first.
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(/^agent-lessons: invalid configuration: LOG_FORMAT: /);
    expect(stdout).not.toContain("build:service");
    expect(stdout).not.toContain("@agent-lessons/cli");
  });

  it("writes human-readable lines with LOG_FORMAT=pretty, and JSON by default", async () => {
    server = await startServerProcess({ LOG_FORMAT: "pretty", LOG_LEVEL: "info" });
    expect(await getStatus(`${server.baseUrl}/health/live`, 2000)).toBe(200);
    await expect.poll(() => server!.logs.some((line) => typeof line.raw === "string" && line.raw.includes("request completed")), { timeout: 5000 }).toBe(true);
    // pino-pretty's lines carry a level name and are not JSON objects.
    expect(server.logs.filter((line) => line.raw === undefined)).toEqual([]);
    expect(server.logs.some((line) => typeof line.raw === "string" && /INFO/.test(line.raw))).toBe(true);
    await server.stop();

    server = await startServerProcess({ LOG_LEVEL: "info" });
    expect(await getStatus(`${server.baseUrl}/health/live`, 2000)).toBe(200);
    await expect.poll(() => server!.logs.some((line) => line.msg === "request completed"), { timeout: 5000 }).toBe(true);
  });
});
