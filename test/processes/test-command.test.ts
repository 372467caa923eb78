// npm test's own promise: the Python client's tests run even when vitest fails, and the run fails if either did.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Runs scripts/test.mjs with vitest pointed at a config of its own and pytest at one small file. */
function runTestCommand(vitestTest: string): Promise<{ code: number | null; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), "agent-lessons-npm-test-"));
  dirs.push(dir);
  // globals: the test file needs no import, so it runs outside the checkout's node_modules.
  writeFileSync(join(dir, "vitest.config.mjs"), `export default { test: { root: ${JSON.stringify(dir)}, include: ["*.test.mjs"], globals: true } };\n`);
  writeFileSync(join(dir, "only.test.mjs"), vitestTest);
  return new Promise((resolve) => {
    const child = spawn("node", ["scripts/test.mjs", "--config", join(dir, "vitest.config.mjs")], {
      cwd: ROOT,
      env: { ...process.env, PYTEST_ADDOPTS: "tests/test_retries.py" },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe("npm test", () => {
  it("runs pytest after a failing vitest test, and exits non-zero", async () => {
    const { code, output } = await runTestCommand('test("a failing test", () => { throw new Error("planted failure"); });\n');
    expect(output).toContain("planted failure");
    expect(output).toMatch(/\d+ passed in [\d.]+s/);
    expect(output).toContain("npm test: vitest failed");
    expect(code).not.toBe(0);
  }, 120_000);
});
