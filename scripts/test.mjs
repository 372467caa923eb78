// npm test: every vitest project, then the Python client's tests whatever vitest said, failing when either fails.
// Arguments go to vitest (npm test -- --project unit), so one flaky file never hides a second suite.
import { spawnSync } from "node:child_process";

const run = (command, args, options = {}) => spawnSync(command, args, { stdio: "inherit", ...options }).status ?? 1;

const vitest = run("npx", ["vitest", "run", ...process.argv.slice(2)]);
const pytest = run("python3", ["-m", "pytest", "-q"], { cwd: "clients/python" });
if (vitest !== 0) console.error(`npm test: vitest failed (exit ${vitest})`);
if (pytest !== 0) console.error(`npm test: pytest failed (exit ${pytest})`);
process.exit(vitest !== 0 ? vitest : pytest);
