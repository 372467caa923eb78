// The command installs alone on an agent's machine: packed with the client, installed into an empty project, it runs with no server code around it; unbuilt, it says how to build.
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { CLI, ROOT, runCli } from "../../../test/helpers/cli.js";

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

  it("installs globally from its tarball beside the client's, as the README says, and its agent-lessons bin runs", async () => {
    // --ignore-scripts: dist/ is already built, and rebuilding it here could race the tests that run it.
    await run("npm", ["pack", "--ignore-scripts", "--pack-destination", scratch, "-w", "@agent-lessons/client", "-w", "@agent-lessons/cli"], { cwd: ROOT });
    // -g into a prefix of its own: the README's `npm install -g`, without touching this machine's global packages.
    const prefix = join(scratch, "global");
    const tarballs = ["agent-lessons-client-0.1.0.tgz", "agent-lessons-cli-0.1.0.tgz"].map((name) => join(scratch, name));
    await run("npm", ["install", "-g", "--prefix", prefix, "--prefer-offline", "--no-audit", "--no-fund", ...tarballs], { cwd: scratch });
    const { stdout } = await run(join(prefix, "bin/agent-lessons"), ["--help"], { cwd: scratch });
    expect(stdout).toContain("mcp-proxy");
    const installed = join(prefix, "lib/node_modules");
    expect(readdirSync(installed)).toEqual(["@agent-lessons"]);
    const packages = readdirSync(installed, { recursive: true, encoding: "utf8" }).filter((path) => path.endsWith("package.json"));
    expect(packages.some((path) => path.includes("openapi-fetch"))).toBe(true);
    for (const server of ["fastify", "ioredis", "@modelcontextprotocol"]) expect(packages.filter((path) => path.split(sep).includes(server)), server).toEqual([]);
  }, 120_000);

  it("says in one line what to run when dist/ is not built yet (a fresh clone), instead of a stack trace", async () => {
    // The bin as it is, in a package of its own without dist/: the real dist/ stays for the tests that run it.
    const unbuilt = join(scratch, "unbuilt");
    mkdirSync(join(unbuilt, "bin"), { recursive: true });
    writeFileSync(join(unbuilt, "package.json"), JSON.stringify({ name: "@agent-lessons/cli", type: "module" }));
    copyFileSync(CLI, join(unbuilt, "bin/agent-lessons.js"));
    const unbuiltRun = await run(process.execPath, [join(unbuilt, "bin/agent-lessons.js"), "--help"], { cwd: unbuilt }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );
    expect(unbuiltRun).toEqual({ code: 1, stdout: "", stderr: "agent-lessons: not built yet; run npm run build (or npm start) in the agent-lessons repository\n" });
    // Built, the same bin runs the program.
    const built = await runCli(["--help"]);
    expect({ code: built.code, usage: built.stdout.startsWith("Usage: agent-lessons") }).toEqual({ code: 0, usage: true });
  });
});
