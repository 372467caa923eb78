// The environment the service boots with: the real one, over a `.env` file in the working directory when there is one.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseEnv } from "node:util";

/** The variables to parse, and which of them came from the file (so an error can name it). */
export interface BootEnvironment {
  env: NodeJS.ProcessEnv;
  fromFile: ReadonlySet<string>;
}

/**
 * Reads `.env` from `cwd` with Node's own parser (no dependency). The real environment wins, so
 * a deployment's variables are never overridden by a file left in the directory.
 */
export function bootEnvironment(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): BootEnvironment {
  let text: string;
  try {
    text = readFileSync(resolve(cwd, ".env"), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { env, fromFile: new Set() };
    throw error;
  }
  const file = parseEnv(text) as Record<string, string>;
  const fromFile = new Set(Object.keys(file).filter((name) => env[name] === undefined));
  return { env: { ...file, ...env }, fromFile };
}
