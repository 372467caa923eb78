// Loads every Lua script in scripts/ (with its lib/ includes, and whole scripts pasted in as functions) and registers it once on the client with defineCommand.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { RedisClient } from "./client.js";
import { CONFIRMED_SCRIPTS, confirmedWrites, NO_REPLICA_WAIT, type ReplicaWait } from "./confirmed-writes.js";
import { nameScript } from "./errors.js";
import type { ScriptedRedis } from "./script-commands.js";

const scriptsDir = fileURLToPath(new URL("./scripts/", import.meta.url));

// File names follow `<command>-<number of keys>.lua`, so the key count lives next to the script.
const SCRIPT_NAME = /^([A-Za-z]+)-(\d+)\.lua$/;
// Lua scripts cannot load code, so rules that two scripts must share are pasted in at load time.
const INCLUDE = /^-- @include (lib\/[A-Za-z0-9-]+\.lua)$/gm;
// A whole script run inside another (a single server's one script for what a Cluster runs as two): pasted in as a
// function of its own KEYS and ARGV, which shadow the outer script's, so its body and its includes read them unchanged.
const AS_FUNCTION = /^-- @function ([A-Za-z]+) ([A-Za-z]+-\d+\.lua)$/gm;

/** A script's source with every `-- @include lib/<name>.lua` line replaced by that file, and every `-- @function name <script>` by that script as a local function. */
export function scriptSource(file: string): string {
  return readFileSync(scriptsDir + file, "utf8")
    .replace(AS_FUNCTION, (_line, name: string, script: string) => `local function ${name}(KEYS, ARGV)\n${scriptSource(script)}\nend`)
    .replace(INCLUDE, (_line, included: string) => readFileSync(scriptsDir + included, "utf8"));
}

/**
 * The scripts among a folder's files, by command and key count. Two files of one command (a script renamed since a build
 * that left the old file behind) are refused: whichever was read last would be the one in force.
 */
export function scriptFiles(files: readonly string[]): Array<{ name: string; keys: number; file: string }> {
  const found = new Map<string, { name: string; keys: number; file: string }>();
  for (const file of files) {
    const match = SCRIPT_NAME.exec(file);
    if (!match) continue;
    const before = found.get(match[1]!);
    if (before) throw new Error(`${before.file} and ${file} both define the script ${match[1]}; remove the one left behind`);
    found.set(match[1]!, { name: match[1]!, keys: Number(match[2]), file });
  }
  return [...found.values()];
}

/**
 * Registers every script on the client; ioredis then sends EVALSHA and falls back to EVAL on NOSCRIPT.
 * With replicas to wait for, the scripts that write go out with WAIT behind them (confirmed-writes.ts).
 */
export function defineScripts(client: RedisClient, wait: ReplicaWait = NO_REPLICA_WAIT): ScriptedRedis {
  for (const { name, keys, file } of scriptFiles(readdirSync(scriptsDir))) {
    const lua = scriptSource(file);
    nameScript(name, createHash("sha1").update(lua).digest("hex"), lua);
    client.defineCommand(name, { numberOfKeys: keys, lua });
  }
  const redis = client as ScriptedRedis;
  const writes = confirmedWrites(redis, wait);
  Object.defineProperty(redis, "writes", { value: writes });
  if (wait.replicas > 0) {
    // A pipeline copies the client's script methods when it is made, so the wrapper applies the
    // original one to the pipeline rather than calling the pipeline's copy (which is the wrapper).
    const methods = redis as unknown as Record<string, (...args: unknown[]) => unknown>;
    for (const name of CONFIRMED_SCRIPTS) {
      const original = methods[name]!;
      methods[name] = (...args: unknown[]) => writes.script((target) => original.apply(target, args));
    }
  }
  return redis;
}
