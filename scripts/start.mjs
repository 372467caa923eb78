// npm start: builds the service, and the agent-lessons command, only when missing or older than what they are built
// from, then runs the service in this process. A built checkout is ready in under 2 s instead of paying tsc (about 20 s) on every start.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * What is built, from what. The command (with the TypeScript client it is built on) costs about 5 s more on a
 * fresh clone, so that `npx agent-lessons` works after `npm ci && npm start`; the image has no clients/ and skips it.
 */
const BUILDS = [
  {
    what: "the service",
    script: ["run", "build:service"],
    inputs: ["src", "tsconfig.json", "tsconfig.build.json", "scripts/copy-assets.mjs", "package-lock.json"],
    outputs: ["dist/server.js"],
    required: true,
  },
  {
    what: "the agent-lessons command",
    script: ["run", "build", "-w", "@agent-lessons/client", "-w", "@agent-lessons/cli"],
    inputs: ["clients/typescript/src", "clients/typescript/tsconfig.json", "clients/cli/src", "clients/cli/tsconfig.json", "package-lock.json"],
    outputs: ["clients/typescript/dist/index.js", "clients/cli/dist/cli.js"],
    // The service does not need it: a command that fails to build is said, and the service starts all the same.
    required: false,
  },
];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** When the oldest output was written; -1 when one is missing. */
function builtAt(outputs) {
  try {
    return Math.min(...outputs.map((output) => statSync(output).mtimeMs));
  } catch {
    return -1;
  }
}

for (const { what, script, inputs, outputs, required } of BUILDS) {
  if (!inputs.every((input) => existsSync(input))) continue;
  if (builtAt(outputs) >= Math.max(...inputs.map(newestMtime))) continue;
  const build = spawnSync("npm", script, { stdio: "inherit" });
  if (build.status === 0) continue;
  if (required) process.exit(build.status ?? 1);
  console.error(`npm start: ${what} did not build (npm ${script.join(" ")} says why); starting the service anyway`);
}
// The same process, not a second node: one start-up less before the service is ready.
await import("../dist/server.js");
