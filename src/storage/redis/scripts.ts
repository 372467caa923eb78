// Loads every Lua script in scripts/ (with its lib/ includes) and registers it once on the client with defineCommand.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { RedisClient } from "./client.js";
import { CONFIRMED_SCRIPTS, confirmedWrites, NO_REPLICA_WAIT, type ConfirmedWrites, type ReplicaWait } from "./confirmed-writes.js";
import type { AppendReply } from "./lessons.js";

const scriptsDir = fileURLToPath(new URL("./scripts/", import.meta.url));

type Arg = string | number;

/** The scripts as client methods: keys first, then arguments, as the file headers list them. */
export interface ScriptCommands {
  appendLesson(lessons: string, counters: string, signatures: string, resolution: string, writeKey: string, ...args: Arg[]): Promise<AppendReply>;
  deleteLesson(lessons: string, counters: string, signatures: string, resolution: string, lessonId: string, ttlSeconds: Arg): Promise<number>;
  setResolution(lessons: string, counters: string, signatures: string, resolution: string, ...args: Arg[]): Promise<[replaced: number, version: number, doc: string, previous: string | null]>;
  recordToolCall(meta: string, log: string, calls: string, patterns: string, fixes: string, writeKey: string, settings: string, ...args: Arg[]): Promise<string[]>;
  learnToolCall(tool: string, sessions: string, tools: string, appliedMarker: string, ...args: Arg[]): Promise<Array<string | number>>;
  /** recordToolCall's 7 keys, learnToolCall's 4, then both argument lists (a single server only). */
  recordAndLearnToolCall(...keysThenArgs: Arg[]): Promise<Array<string | number>>;
  listSharedTools(tools: string, toolNames: string, limit: Arg, toolPrefix: string, seenPrefix: string): Promise<Array<string | number>>;
  countSignature(signature: string, tasks: string, signatures: string, fixes: string, approaches: string, appliedMarker: string, ...args: Arg[]): Promise<string[]>;
  linkResolution(taskLinks: string, ...args: Arg[]): Promise<number>;
  listSignatures(signatures: string, limit: Arg, prefix: string): Promise<Array<string | number | null>>;
  sumSignatureEfficacy(signatures: string, prefix: string): Promise<string[]>;
  readKnownFixes(signatures: string, prefix: string, perSignature: Arg, ...signatureList: string[]): Promise<Array<string | number>>;
  readTaskKnownFixes(taskSignatures: string, prefix: string, perSignature: Arg, signaturesRead: Arg): Promise<Array<string | number>>;
  readTaskSnapshot(lessons: string, signatures: string, resolution: string, newest: Arg): Promise<[string[], string[], string | null]>;
  readRecentCalls(patterns: string, calls: string, perTool: Arg, ...tools: string[]): Promise<Array<string | number>>;
  readLog(log: string, calls: string, newest: Arg): Promise<string[]>;
  touchListing(listing: string, prefix: string, kind: "tasks" | "sessions", id: string, atMs: Arg, ttlSeconds: Arg): Promise<number>;
  pageListing(listing: string, atMs: Arg, id: string, count: Arg): Promise<string[]>;
  pageListingByPrefix(ids: string, listing: string, prefix: string, afterId: string, count: Arg): Promise<Array<string | number>>;
  forgetListed(listing: string, ids: string, ...idAndMs: Arg[]): Promise<number>;
  listSharedToolsByPrefix(toolNames: string, tools: string, prefix: string, afterName: string, limit: Arg, toolPrefix: string, seenPrefix: string): Promise<Array<string | number>>;
  readSharedTools(tools: string, toolPrefix: string, seenPrefix: string, ...toolNames: string[]): Promise<Array<string | number | null>>;
  readTaskSummary(lessons: string, counters: string, resolution: string): Promise<[string[], string, number]>;
  /** A single server only: a listing's page and what it shows of each item, as one JSON document. */
  pageListed(listing: string, ids: string, kind: "task" | "session", itemRoot: string, by: "activity" | "prefix", ...page: Arg[]): Promise<string>;
  readSessionSummary(meta: string, log: string, patterns: string): Promise<[string[], number, number]>;
  readToolActivity(recentSessions: string, ...args: Arg[]): Promise<unknown[]>;
  readActivity(taskListing: string, prefix: string, nowMs: Arg, unit: Arg, firstHash: Arg, firstLatencyHour: Arg): Promise<Array<number | string[] | Array<number | string | string[]>>>;
  addRequestCounts(window: string, ttlMs: Arg, ...subjectAndCount: Arg[]): Promise<number[]>;
}

/** The client with the scripts registered, and the way every write a request waits for is confirmed. */
export type ScriptedRedis = RedisClient & ScriptCommands & { readonly writes: ConfirmedWrites };

// File names follow `<command>-<number of keys>.lua`, so the key count lives next to the script.
const SCRIPT_NAME = /^([A-Za-z]+)-(\d+)\.lua$/;
// Lua scripts cannot load code, so rules that two scripts must share are pasted in at load time.
const INCLUDE = /^-- @include (lib\/[A-Za-z-]+\.lua)$/gm;

/** A script's source with every `-- @include lib/<name>.lua` line replaced by that file. */
export function scriptSource(file: string): string {
  return readFileSync(scriptsDir + file, "utf8").replace(INCLUDE, (_line, included: string) => readFileSync(scriptsDir + included, "utf8"));
}

/**
 * Registers every script on the client; ioredis then sends EVALSHA and falls back to EVAL on NOSCRIPT.
 * With replicas to wait for, the scripts that write go out with WAIT behind them (confirmed-writes.ts).
 */
export function defineScripts(client: RedisClient, wait: ReplicaWait = NO_REPLICA_WAIT): ScriptedRedis {
  for (const file of readdirSync(scriptsDir)) {
    const match = SCRIPT_NAME.exec(file);
    if (!match) continue;
    client.defineCommand(match[1]!, {
      numberOfKeys: Number(match[2]),
      lua: scriptSource(file),
    });
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
