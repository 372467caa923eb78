// The Lua scripts as the client's methods, and the client that carries them: types only, so that the loader,
// the confirmed writes and the adapters can all name them without importing one another.
import type { ChainableCommander } from "ioredis";
import type { RedisClient } from "./client.js";
import type { PatternReply } from "./pattern-state.js";

/** What appendLesson-5.lua answers: applied (and how many lessons the task keeps), replayed, or refused. */
export type AppendReply = ["applied", number] | ["replayed", string, string] | ["mismatch"];

export type Arg = string | number;

/** The scripts as client methods: keys first, then arguments, as the file headers list them. */
export interface ScriptCommands {
  appendLesson(lessons: string, counters: string, signatures: string, resolution: string, idempotencyKey: string, ...args: Arg[]): Promise<AppendReply>;
  deleteLesson(lessons: string, counters: string, signatures: string, resolution: string, lessonId: string, ttlSeconds: Arg): Promise<number>;
  setResolution(lessons: string, counters: string, signatures: string, resolution: string, ...args: Arg[]): Promise<[replaced: number, version: number, doc: string, previous: string | null]>;
  /** The session's 13 keys, then the input as JSON (tool-call-scripts.ts); answers JSON. */
  recordToolCall(...keysThenInput: string[]): Promise<string>;
  /** The tenant's 16 keys, then the input as JSON; answers JSON. */
  learnToolCall(...keysThenInput: string[]): Promise<string>;
  /** recordToolCall's keys, learnToolCall's, then both inputs as one JSON document (a single server only); answers JSON. */
  recordAndLearnToolCall(...keysThenInput: string[]): Promise<string>;
  /** The tenant's 8 template and recall keys and a keyed write's record, then the step as JSON (template-buckets.ts); answers JSON. */
  learnTemplate(...keysThenInput: string[]): Promise<string>;
  /** A bucket's key and the tenant's template_records, template_versions and recall_docs, then the input as JSON; answers JSON. */
  readTemplateBucket(...keysThenInput: string[]): Promise<string>;
  /** learnTemplate's keys, appendLesson's and countSignature's, then the input as JSON and the lesson's JSON (a single server only); answers JSON. */
  captureSignedLesson(...keysThenInput: string[]): Promise<string>;
  /** learnTemplate's keys and recordAndLearnToolCall's, then the step as JSON and recordAndLearnToolCall's input (a single server only); answers JSON. */
  recordSignedToolCall(...keysThenInput: string[]): Promise<string>;
  /** Deletes a session's tool memory: its 6 keys, then what its keys start with. */
  clearSession(meta: string, log: string, calls: string, fixes: string, tools: string, legacyPatterns: string, root: string): Promise<number>;
  listSharedTools(tools: string, toolNames: string, limit: Arg, toolPrefix: string, seenPrefix: string): Promise<Array<string | number>>;
  countSignature(signature: string, tasks: string, signatures: string, fixes: string, approaches: string, appliedMarker: string, ...args: Arg[]): Promise<string[]>;
  /** The task's links hash, then the input as JSON (signature-knowledge.ts); answers JSON. */
  relinkResolution(taskLinks: string, input: string): Promise<string>;
  listSignatures(signatures: string, limit: Arg, prefix: string): Promise<Array<string | number | null>>;
  readKnownFixes(signatures: string, prefix: string, perSignature: Arg, ...signatureList: string[]): Promise<Array<string | number>>;
  readTaskKnownFixes(taskSignatures: string, prefix: string, perSignature: Arg, signaturesRead: Arg): Promise<Array<string | number>>;
  readTaskSnapshot(lessons: string, signatures: string, resolution: string, newest: Arg): Promise<[string[], string[], string | null]>;
  readToolPatterns(tools: string, calls: string, root: string, perTool: Arg, ...toolNames: string[]): Promise<PatternReply[]>;
  readLog(log: string, calls: string, newest: Arg): Promise<string[]>;
  touchListing(listing: string, prefix: string, kind: "tasks" | "sessions", id: string, atMs: Arg, ttlSeconds: Arg): Promise<number>;
  pageListing(listing: string, atMs: Arg, id: string, count: Arg): Promise<string[]>;
  pageListingByPrefix(ids: string, listing: string, prefix: string, afterId: string, count: Arg): Promise<Array<string | number>>;
  forgetListed(listing: string, ids: string, ...idAndMs: Arg[]): Promise<number>;
  listSharedToolsByPrefix(toolNames: string, tools: string, prefix: string, afterName: string, limit: Arg, toolPrefix: string, seenPrefix: string): Promise<Array<string | number>>;
  /** Per tool: [tool hash, argument fields, error fields, sessions seen, fix sets, the fixes' offer counts], hashes flat. */
  readSharedTools(tools: string, root: string, ...toolNames: string[]): Promise<Array<[string[], string[], string[], number, string[], string[]]>>;
  readTaskSummary(lessons: string, counters: string, resolution: string): Promise<[string[], string, number, number]>;
  /** A single server only: a listing's page and what it shows of each item, as one JSON document. */
  pageListed(listing: string, ids: string, kind: "task" | "session", itemRoot: string, by: "activity" | "prefix", ...page: Arg[]): Promise<string>;
  readSessionSummary(meta: string, log: string, tools: string): Promise<[string[], number, number]>;
  /** Moves one tool of a session, or of the tenant, from the layout before into fields (migrations.ts); answers 1 when it moved it. */
  readToolActivity(recentSessions: string, ...args: Arg[]): Promise<unknown[]>;
  readActivity(taskListing: string, prefix: string, nowMs: Arg, unit: Arg, firstHash: Arg, firstLatencyHour: Arg): Promise<Array<number | string[] | Array<number | string | string[]>>>;
  addRequestCounts(window: string, ttlMs: Arg, ...subjectAndCount: Arg[]): Promise<number[]>;
  readEfficacy(totals: string, best: string, worst: string, ranked: string, listed: Arg, toolRoot: string, slotsRoot: string, memberName: string, ...countNames: string[]): Promise<string>;
}

/** The client with the scripts registered, and the way every write a request waits for is confirmed. */
export type ScriptedRedis = RedisClient & ScriptCommands & { readonly writes: ConfirmedWrites };

/** A pipeline with the scripts on it, as the write functions fill it. */
export type WriteTarget = ChainableCommander & { [K in keyof ScriptCommands]: (...args: Parameters<ScriptCommands[K]>) => WriteTarget };

export interface ConfirmedWrites {
  /** One script (or command) and, when replicas must confirm, WAIT behind it; answers the script's reply. */
  script<T>(send: (target: ScriptedRedis | WriteTarget) => unknown): Promise<T>;
  /** Commands in MULTI/EXEC and, when replicas must confirm, WAIT behind them; answers EXEC's replies. */
  transaction(build: (target: WriteTarget) => void): Promise<unknown[]>;
}
