// The command installs alone on an agent's machine: packed with the client, installed into an empty project, it runs with no server code around it.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../../test/helpers/cli.js";

const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), "agent-lessons-cli-"));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the @agent-lessons/cli package", () => {
  it("imports nothing but Node, itself and the client", () => {
    const dist = join(ROOT, "clients/cli/dist");
    const files = readdirSync(dist, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".js"));
    expect(files).toContain("cli.js");
    for (const file of files) {
      const imports = [...readFileSync(join(dist, file), "utf8").matchAll(/(?:\bfrom|^import)\s*"([^"]+)"/gm)].map((match) => match[1]!);
      for (const specifier of imports) expect(specifier, `${file} imports ${specifier}`).toMatch(/^(node:|\.\.?\/|@agent-lessons\/client$)/);
    }
  });

  it("installs from its tarball beside the client's into an empty project, and its agent-lessons bin runs", async () => {
    // --ignore-scripts: dist/ is already built, and rebuilding it here could race the tests that run it.
    for (const workspace of ["@agent-lessons/client", "@agent-lessons/cli"]) {
      await run("npm", ["pack", "--ignore-scripts", "--pack-destination", scratch, "-w", workspace], { cwd: ROOT });
    }
    const project = join(scratch, "agent");
    await run("mkdir", ["-p", project]);
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "an-agent", version: "1.0.0", private: true }));
    await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", join(scratch, "agent-lessons-client-0.1.0.tgz"), join(scratch, "agent-lessons-cli-0.1.0.tgz")], {
      cwd: project,
    });
    const { stdout } = await run(join(project, "node_modules/.bin/agent-lessons"), ["--help"], { cwd: project });
    expect(stdout).toContain("mcp-proxy");
    for (const server of ["fastify", "ioredis", "@modelcontextprotocol"]) expect(existsSync(join(project, "node_modules", server)), server).toBe(false);
  }, 120_000);
});
