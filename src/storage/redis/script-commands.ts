// The Lua scripts as the client's methods, and the client that carries them: types only, so that the loader,
// the confirmed writes and the adapters can all name them without importing one another.
import type { ChainableCommander } from "ioredis";
import type { RedisClient } from "./client.js";

/** What lib/append-lesson.lua answers: applied (and how many lessons the task keeps), replayed, or refused. */
export type AppendAnswer = { outcome: "applied"; kept: number } | { outcome: "replayed"; lesson_id: string; timestamp: string } | { outcome: "mismatch" };

/** What lib/count-signature.lua answers: the signature's most recent known fixes (cjson writes an empty list as {}), and whether this write counted the lesson (not a replay). */
export interface CountAnswer {
  known: Array<{ task_id: string; fix: string }> | Record<string, never>;
  applied?: boolean;
}

/** The scripts as client methods: keys first, then arguments, as the file headers list them. */
export interface ScriptCommands {
  /** The task's 5 keys, then the input as JSON and the lesson's JSON (lessons.ts); answers JSON. */
  appendLesson(...keysThenInput: string[]): Promise<string>;
  /** The task's 4 keys, then the input as JSON (lessons.ts); answers JSON. */
  deleteLesson(...keysThenInput: string[]): Promise<string>;
  /** The task's counters and signatures; answers JSON (lessons.ts). */
  readTaskSignatures(counters: string, signatures: string): Promise<string>;
  /** The task's 4 keys, then the input as JSON (lessons.ts); answers JSON. */
  setResolution(...keysThenInput: string[]): Promise<string>;
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
  /** learnTemplate's keys and recordAndLearnToolCall's, then the step as JSON and recordAndLearnToolCall's input (a single server only); answers the step's answer and, once it applied, recordAndLearnToolCall's: two JSON texts. */
  recordSignedToolCall(...keysThenInput: string[]): Promise<[template: string, answer?: string]>;
  /** Deletes a session's tool memory: its 5 keys, then the input as JSON ({ root }); answers JSON ({ deleted }). */
  clearSession(meta: string, log: string, calls: string, fixes: string, tools: string, input: string): Promise<string>;
  /** The tenant's tools and tool names, then the input as JSON; answers JSON. */
  listSharedTools(tools: string, toolNames: string, input: string): Promise<string>;
  /** The signature's 4 keys, then the input as JSON and the lesson's JSON (signature-knowledge.ts); answers JSON. */
  countSignature(...keysThenInput: string[]): Promise<string>;
  /** The task's links hash, then the input as JSON (signature-knowledge.ts); answers JSON. */
  readResolutionLinks(taskLinks: string, input: string): Promise<string>;
  /** The task's links hash, then the input as JSON (signature-knowledge.ts); answers JSON. */
  relinkResolution(taskLinks: string, input: string): Promise<string>;
  /** The tenant's signatures, then the input as JSON; answers JSON. */
  listSignatures(signatures: string, input: string): Promise<string>;
  /** The tenant's signatures (for its slot), then the input as JSON; answers JSON. */
  readKnownFixes(signatures: string, input: string): Promise<string>;
  /** The task's signatures in the tenant's slot, then the input as JSON; answers JSON. */
  readTaskKnownFixes(taskSignatures: string, input: string): Promise<string>;
  readTaskSnapshot(lessons: string, signatures: string, resolution: string, input: string): Promise<string>;
  /** The session's tools and calls, then the input as JSON; answers JSON (pattern-state.ts: patternRepliesOf). */
  readToolPatterns(tools: string, calls: string, input: string): Promise<string>;
  readLog(log: string, calls: string, input: string): Promise<string>;
  /** The listing's key, then the input as JSON (listing-touch.ts); answers JSON. */
  touchListing(listing: string, input: string): Promise<string>;
  pageListing(listing: string, input: string): Promise<string>;
  pageListingByPrefix(ids: string, listing: string, input: string): Promise<string>;
  forgetListed(listing: string, ids: string, input: string): Promise<string>;
  /** The tenant's tool names and tools, then the input as JSON; answers JSON. */
  listSharedToolsByPrefix(toolNames: string, tools: string, input: string): Promise<string>;
  /** The tenant's tools (for its slot), then the input as JSON; answers JSON. */
  readSharedTools(tools: string, input: string): Promise<string>;
  readTaskSummary(lessons: string, counters: string, resolution: string): Promise<string>;
  /** A single server only: a listing's page and what it shows of each item, as one JSON document. */
  pageListed(listing: string, ids: string, input: string): Promise<string>;
  readSessionSummary(meta: string, log: string, tools: string): Promise<string>;
  /** The tool's recent sessions, then the input as JSON; answers JSON. */
  readToolActivity(recentSessions: string, input: string): Promise<string>;
  /** The tenant's task listing, then the input as JSON; answers JSON. */
  readActivity(taskListing: string, input: string): Promise<string>;
  addRequestCounts(window: string, input: string): Promise<string>;
  /** A batch's record, then the batch as JSON (activity-batches.ts); answers JSON. */
  addActivity(record: string, input: string): Promise<string>;
  /** The tenant's efficacy totals, best and worst fixes and ranked fixes, then the input as JSON; answers JSON. */
  readEfficacy(totals: string, best: string, worst: string, ranked: string, input: string): Promise<string>;
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
