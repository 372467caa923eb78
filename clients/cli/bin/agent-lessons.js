#!/usr/bin/env node
// The agent-lessons command: a committed, executable entry that runs the compiled program in dist/, or says how to build it.
import { existsSync } from "node:fs";

const program = new URL("../dist/cli.js", import.meta.url);
// A fresh checkout has no dist/ until it is built: one line that says what to run, not a stack trace.
if (!existsSync(program)) {
  process.stderr.write("agent-lessons: not built yet; run npm run build (or npm start) in the agent-lessons repository\n");
  process.exit(1);
}
const { run } = await import(program.href);
await run(process.argv.slice(2));
