#!/usr/bin/env node
// The agent-lessons command: a committed, executable entry that runs the compiled program in dist/.
import { run } from "../dist/cli.js";

await run(process.argv.slice(2));
