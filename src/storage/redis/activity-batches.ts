// What a tool call or a lesson leaves for dashboards besides its event, added up in this process and sent to Redis in one
// script per tenant a few times a second, and before this process reads any of it: the counts (calls, successes, fixes,
// lessons, tokens and time a minute and an hour; a tool's calls, successes and latency an hour; failures by category), the
// session's or task's place in its listing, and the tool's recent sessions. Written by every write, in the tenant's slot
// that every write shares, they were a fifth of a tool call's Redis time; a batch writes each count, listing entry and tool
// once, however many writes it holds. Counts add up and touches keep the latest, so every replica's batches add up
// exactly, in any order.
import { epochHour, epochMinute } from "../../domain/activity/timeline.js";
import { RECENT_SESSIONS_KEPT } from "../../domain/activity/tool-activity.js";
import { latencyBucket } from "../../domain/activity/latency.js";
import type { ToolLogEntry } from "../../domain/tools/types.js";
import type { Lesson } from "../../domain/lessons/types.js";
import { guarded } from "./errors.js";
import type { Keys } from "./keys.js";
import type { ScriptedRedis } from "./script-commands.js";
import { newWriteToken } from "./write-tokens.js";

/** How often batches are sent: what a dashboard read through another replica may lag by. */
export const ACTIVITY_FLUSH_MS = 250;
/** Seconds a batch's record lives: a batch whose send failed is sent again well within it. */
const BATCH_RECORD_SECONDS = 3_600;
// How long each kind of count is kept: minutes 25 hours, hours 8 days (the week's timeline), a tool's hours 7 days and
// 2 hours (lib/activity.lua keeps the lessons' counts in the same hashes, for as long).
const MINUTES_TTL = 90_000;
const HOURS_TTL = 691_200;
const TOOL_HOURS_TTL = 612_000;

/** A listing a batch moves entries of: each task's or session's latest write, and how long the listing is kept. */
type Listing = "tasks" | "sessions";

/** One tenant's batch: counts by hash and field (ttl 0: kept as long as the hash is), each listed id's latest write, each tool's sessions and their latest call. */
interface Batch {
  hashes: Map<string, { ttl: number; fields: Map<string, number> }>;
  touches: Map<Listing, Map<string, number>>;
  recent: Map<string, Map<string, number>>;
}

/** A batch as the script takes it, with the id its record is kept under. */
interface SentBatch {
  id: string;
  input: string;
}

const emptyBatch = (): Batch => ({ hashes: new Map(), touches: new Map(), recent: new Map() });
const latest = (times: Map<string, number>, id: string, atMs: number) => times.set(id, Math.max(times.get(id) ?? atMs, atMs));

export interface ActivityBatches {
  /** Adds a tool call whose write applied (not a replay: its first write added it). */
  addToolCall(tenant: string, sessionId: string, entry: Pick<ToolLogEntry, "timestamp" | "tool_name" | "outcome" | "execution_time_ms" | "fix_for">): void;
  /** Adds a lesson whose capture the tenant counted (not a replay). */
  addLesson(tenant: string, taskId: string, lesson: Pick<Lesson, "timestamp" | "category" | "tokens_used" | "duration_ms">): void;
  /** Sends the tenant's batch; resolves once Redis has it (a batch whose send failed goes again first, under its id). */
  flush(tenant: string): Promise<void>;
  /** Sends every tenant's batch and stops the timer. */
  close(): Promise<void>;
}

/** How long what a batch writes is kept: tasks' (lessons') and sessions' retention, in seconds (0: forever). */
export interface BatchRetention {
  lessonsTtlSeconds: number;
  sessionsTtlSeconds: number;
}

export function createActivityBatches(redis: ScriptedRedis, keys: Keys, retention: BatchRetention, flushMs = ACTIVITY_FLUSH_MS): ActivityBatches {
  const listingTtl: Record<Listing, number> = { tasks: retention.lessonsTtlSeconds, sessions: retention.sessionsTtlSeconds };
  const open = new Map<string, Batch>();
  // A batch whose send failed, by tenant: sent again with its id before anything newer, so it is counted once.
  const unsent = new Map<string, SentBatch>();
  // The flush under way, by tenant: one tenant's flushes go one after another.
  const flushing = new Map<string, Promise<void>>();

  function count(batch: Batch, key: string, ttl: number, field: string, by = 1): void {
    if (by === 0) return;
    let hash = batch.hashes.get(key);
    if (!hash) batch.hashes.set(key, (hash = { ttl, fields: new Map() }));
    hash.fields.set(field, (hash.fields.get(field) ?? 0) + by);
  }

  /** Counts `what` in its minute and its hour (readActivity-1.lua reads both: fields '<minute of hour>:<what>' and '<hour of day>:<what>'). */
  function countInTimeline(batch: Batch, prefix: string, atMs: number, what: string, by = 1): void {
    const hour = epochHour(atMs);
    count(batch, `${prefix}minutes:${hour}`, MINUTES_TTL, `${epochMinute(atMs) % 60}:${what}`, by);
    count(batch, `${prefix}hours:${Math.floor(hour / 24)}`, HOURS_TTL, `${hour % 24}:${what}`, by);
  }

  function touch(batch: Batch, listing: Listing, id: string, atMs: number): void {
    let ids = batch.touches.get(listing);
    if (!ids) batch.touches.set(listing, (ids = new Map()));
    latest(ids, id, atMs);
  }

  const batchOf = (tenant: string): Batch => {
    let batch = open.get(tenant);
    if (!batch) open.set(tenant, (batch = emptyBatch()));
    return batch;
  };

  function inputOf(tenant: string, batch: Batch): string {
    return JSON.stringify({
      prefix: keys.shared(tenant).prefix,
      record_ttl: BATCH_RECORD_SECONDS,
      sessions_ttl: retention.sessionsTtlSeconds,
      recent_kept: RECENT_SESSIONS_KEPT,
      hashes: [...batch.hashes].map(([key, { ttl, fields }]) => ({ key, ttl, fields: [...fields].flat() })),
      touches: [...batch.touches].map(([kind, ids]) => ({ kind, ttl: listingTtl[kind], ids: [...ids].flat() })),
      recent: [...batch.recent].map(([tool, sessions]) => ({ tool, sessions: [...sessions].flat() })),
    });
  }

  async function send(tenant: string, batch: SentBatch): Promise<void> {
    await guarded(() => redis.addActivity(keys.shared(tenant).applied(`activity:${batch.id}`), batch.input));
  }

  async function flushNow(tenant: string): Promise<void> {
    const earlier = unsent.get(tenant);
    if (earlier) {
      await send(tenant, earlier);
      unsent.delete(tenant);
    }
    const batch = open.get(tenant);
    if (!batch) return;
    open.delete(tenant);
    const sent = { id: newWriteToken(), input: inputOf(tenant, batch) };
    try {
      await send(tenant, sent);
    } catch (error) {
      unsent.set(tenant, sent);
      throw error;
    }
  }

  function flush(tenant: string): Promise<void> {
    const next = (flushing.get(tenant) ?? Promise.resolve()).catch(() => undefined).then(() => flushNow(tenant));
    flushing.set(tenant, next);
    void next
      .catch(() => undefined)
      .then(() => {
        if (flushing.get(tenant) === next) flushing.delete(tenant);
      });
    return next;
  }

  // A failed flush keeps its batch for the next one, and the timer goes on (unref: it never holds the process open).
  const flushAll = () => Promise.all([...new Set([...open.keys(), ...unsent.keys()])].map((tenant) => flush(tenant).catch(() => undefined)));
  const timer = setInterval(() => void flushAll(), flushMs);
  timer.unref();

  return {
    addToolCall(tenant, sessionId, entry) {
      const batch = batchOf(tenant);
      const { prefix } = keys.shared(tenant);
      const atMs = Date.parse(entry.timestamp);
      const hour = epochHour(atMs);
      const tool = entry.tool_name;
      countInTimeline(batch, prefix, atMs, "c");
      count(batch, `${prefix}toolhour:${hour}`, TOOL_HOURS_TTL, `c:${tool}`);
      if (entry.outcome === "success") {
        countInTimeline(batch, prefix, atMs, "s");
        count(batch, `${prefix}toolhour:${hour}`, TOOL_HOURS_TTL, `s:${tool}`);
      }
      if (entry.execution_time_ms !== null) count(batch, `${prefix}latency:${hour}`, TOOL_HOURS_TTL, `${latencyBucket(entry.execution_time_ms)}:${tool}`);
      if (entry.fix_for) countInTimeline(batch, prefix, atMs, "f");
      touch(batch, "sessions", sessionId, atMs);
      let sessions = batch.recent.get(tool);
      if (!sessions) batch.recent.set(tool, (sessions = new Map()));
      latest(sessions, sessionId, atMs);
    },
    addLesson(tenant, taskId, lesson) {
      const batch = batchOf(tenant);
      const { prefix } = keys.shared(tenant);
      const atMs = Date.parse(lesson.timestamp);
      countInTimeline(batch, prefix, atMs, "l");
      countInTimeline(batch, prefix, atMs, "t", lesson.tokens_used ?? 0);
      countInTimeline(batch, prefix, atMs, "d", lesson.duration_ms ?? 0);
      // Failures by category live as long as lessons (renewed with the signature's keys: lib/count-signature.lua).
      count(batch, `${prefix}categories`, retention.lessonsTtlSeconds, lesson.category);
      touch(batch, "tasks", taskId, atMs);
    },
    flush,
    async close() {
      clearInterval(timer);
      await flushAll();
    },
  };
}
