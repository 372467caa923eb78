// Loads every Lua script in scripts/ (with its lib/ includes) and registers it once on the client with defineCommand.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { RedisClient } from "./client.js";
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
  readTaskSummary(lessons: string, counters: string, resolution: string): Promise<[string[], string, number]>;
  readSessionSummary(meta: string, log: string, patterns: string): Promise<[string[], number, number]>;
  readToolActivity(recentSessions: string, ...args: Arg[]): Promise<unknown[]>;
  readActivity(taskListing: string, prefix: string, nowMs: Arg, unit: Arg, firstHash: Arg, firstLatencyHour: Arg): Promise<Array<number | string[] | Array<number | string | string[]>>>;
  addRequestCounts(window: string, ttlMs: Arg, ...subjectAndCount: Arg[]): Promise<number[]>;
}

export type ScriptedRedis = RedisClient & ScriptCommands;

// File names follow `<command>-<number of keys>.lua`, so the key count lives next to the script.
const SCRIPT_NAME = /^([A-Za-z]+)-(\d+)\.lua$/;
// Lua scripts cannot load code, so rules that two scripts must share are pasted in at load time.
const INCLUDE = /^-- @include (lib\/[A-Za-z-]+\.lua)$/gm;

/** A script's source with every `-- @include lib/<name>.lua` line replaced by that file. */
export function scriptSource(file: string): string {
  return readFileSync(scriptsDir + file, "utf8").replace(INCLUDE, (_line, included: string) => readFileSync(scriptsDir + included, "utf8"));
}

/** Registers every script on the client; ioredis then sends EVALSHA and falls back to EVAL on NOSCRIPT. */
export function defineScripts(redis: RedisClient): ScriptedRedis {
  for (const file of readdirSync(scriptsDir)) {
    const match = SCRIPT_NAME.exec(file);
    if (!match) continue;
    redis.defineCommand(match[1]!, {
      numberOfKeys: Number(match[2]),
      lua: scriptSource(file),
    });
  }
  return redis as ScriptedRedis;
}
