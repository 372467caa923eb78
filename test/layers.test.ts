// The layer rules of npm run lint, run on small trees of their own: each rule fails on the import it forbids.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const run = promisify(execFile);

/** Runs the project's dependency rules over a tree made of `files`; answers the rules broken. */
async function brokenRules(files: Record<string, string>): Promise<string[]> {
  const tree = mkdtempSync(join(tmpdir(), "agent-lessons-layers-"));
  const all = { "tsconfig.json": JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext" } }), ...files };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
  const cruise = join(ROOT, "node_modules/.bin/depcruise");
  const roots = [...new Set(Object.keys(files).map((path) => path.split("/")[0]!))];
  const args = [...roots, "--config", join(ROOT, ".dependency-cruiser.cjs"), "--output-type", "json"];
  const output = await run(cruise, args, { cwd: tree })
    .catch((error: { stdout: string }) => error)
    .finally(() => rmSync(tree, { recursive: true, force: true }));
  const report = JSON.parse(output.stdout) as { summary: { violations: Array<{ rule: { name: string } }> } };
  return [...new Set(report.summary.violations.map((violation) => violation.rule.name))].sort();
}

describe.concurrent("the layer rules", () => {
  it("pass a tree that flows route → service → port → adapter", async () => {
    expect(
      await brokenRules({
        "src/routes/lessons.ts": 'import { capture } from "../domain/lessons/service.js";\nexport const route = capture;\n',
        "src/domain/lessons/service.ts": 'import type { Store } from "../../storage/port.js";\nexport const capture = (store: Store) => store;\n',
        "src/storage/port.ts": "export interface Store { kind: string }\n",
        "src/storage/redis/index.ts": 'import type { Store } from "../port.js";\nexport const store: Store = { kind: "redis" };\n',
      }),
    ).toEqual([]);
  });

  it("fail when the domain imports a Redis adapter", async () => {
    expect(
      await brokenRules({
        "src/domain/lessons/service.ts": 'import { client } from "../../storage/redis/client.js";\nexport const service = client;\n',
        "src/storage/redis/client.ts": "export const client = 1;\n",
      }),
    ).toEqual(["domain-is-pure"]);
  });

  it("fail when two files import each other, even for types only", async () => {
    expect(
      await brokenRules({
        "src/domain/a.ts": 'import type { B } from "./b.js";\nexport interface A { b: B }\n',
        "src/domain/b.ts": 'import type { A } from "./a.js";\nexport interface B { a?: A }\n',
      }),
    ).toEqual(["no-cycles"]);
  });

  it("fail when a route opens the store itself, or a client imports the service's code", async () => {
    expect(
      await brokenRules({
        "src/routes/tasks.ts": 'import type { Store } from "../storage/port.js";\nexport type Route = Store;\n',
        "src/storage/port.ts": "export interface Store { kind: string }\n",
        "clients/cli/src/main.ts": 'import type { Store } from "../../../src/storage/port.js";\nexport type Main = Store;\n',
      }),
    ).toEqual(["clients-stand-alone", "edges-call-services"]);
  });
});
