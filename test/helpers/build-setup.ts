// Global setup of the processes project: builds what its tests run as shipped (dist/ of the service, the client
// and the command), once and before any of its files starts.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export async function setup(): Promise<void> {
  // Once here, not per file: two files building at once could let a test read a half-written dist/ file.
  // SKIP_BUILD=1 is for a caller that has just built (.ci/run builds once for every suite).
  if (process.env.SKIP_BUILD === "1") return;
  await promisify(execFile)("npm", ["run", "build"], { cwd: ROOT });
}
