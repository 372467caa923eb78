// A lesson's or tool call's dashboard counts, added up in this process and sent to Redis in one script per tenant a few
// times a second, and before this process reads them: lessons, tokens, time, calls, successes and fixes a minute and an
// hour; a tool's calls, successes and latency an hour, and its recent sessions; failures by category. Written by every
// write, in the tenant's slot that every write shares, they were the largest part of a tool call's Redis time; a batch
// writes each count and tool once, however many writes it holds. Counts add up and recent sessions keep the latest, so
// every replica's batches add up exactly, in any order. (A write's place in its listing and its events stay in its own
// script: a listing must never miss a task or session that was kept.)
import { epochHour, epochMinute } from "../../domain/activity/timeline.js";
import { RECENT_SESSIONS_KEPT } from "../../domain/activity/tool-activity.js";
import { latencyBucket } from "../../domain/activity/latency.js";
import type { Lesson } from "../../domain/lessons/types.js";
import type { ToolLogEntry } from "../../domain/tools/types.js";
import { guarded } from "./errors.js";
import type { Keys } from "./keys.js";
import type { ScriptedRedis } from "./script-commands.js";
import { newWriteToken } from "./write-tokens.js";

/** How often batches are sent: what a dashboard read through another replica lags by while Redis answers. */
export const ACTIVITY_FLUSH_MS = 250;
/** Seconds a batch's record lives: a batch sent again within it is counted once. */
const BATCH_RECORD_SECONDS = 3_600;
/** A batch still unsent this long after its first try is dropped: sent after its record expired, it would count twice. */
const UNSENT_GIVE_UP_MS = (BATCH_RECORD_SECONDS * 1000) / 2;
// How long each kind of count is kept: minutes 25 hours, hours 8 days (the week's timeline), a tool's hours 7 days and
// 2 hours (readActivity-1.lua and readToolActivity-1.lua read them).
const MINUTES_TTL = 90_000;
const HOURS_TTL = 691_200;
const TOOL_HOURS_TTL = 612_000;

/** One tenant's batch: counts by hash and field (ttl 0: kept as long as the hash is), each tool's sessions and their latest call. */
interface Batch {
  hashes: Map<string, { ttl: number; fields: Map<string, number> }>;
  recent: Map<string, Map<string, number>>;
}

/** A batch as the script takes it, with the id its record is kept under and when it was first sent. */
interface SentBatch {
  id: string;
  input: string;
  firstTriedAt: number;
}

/** A tenant's flushes: the one under way, and at most one waiting behind it (later callers share that one). */
interface Flushing {
  running: Promise<void>;
  queued: Promise<void> | null;
}

const emptyBatch = (): Batch => ({ hashes: new Map(), recent: new Map() });

export interface ActivityBatches {
  /** Adds a tool call whose write applied (not a replay: its first write added it). */
  addToolCall(tenant: string, sessionId: string, entry: Pick<ToolLogEntry, "timestamp" | "tool_name" | "outcome" | "execution_time_ms" | "fix_for">): void;
  /** Adds a lesson whose capture the tenant counted (not a replay). */
  addLesson(tenant: string, lesson: Pick<Lesson, "timestamp" | "category" | "tokens_used" | "duration_ms">): void;
  /**
   * Sends the tenant's batch before a read of it; resolves once Redis has it. While a batch stays unsent (Redis is away),
   * resolves at once: the read goes on, and fails on its own if Redis is still away.
   */
  beforeRead(tenant: string): Promise<void>;
  /** Sends every tenant's batch now (a benchmark reads Redis's counts after it). */
  flushAll(): Promise<void>;
  /** Stops the timer and sends every tenant's batch, waiting for sends under way. */
  close(): Promise<void>;
}

/** How long what a batch writes is kept, in seconds (0: forever): lessons' retention for failures by category, sessions' for the tools' recent sessions. */
export interface BatchRetention {
  lessonsTtlSeconds: number;
  sessionsTtlSeconds: number;
}

export function createActivityBatches(redis: ScriptedRedis, keys: Keys, retention: BatchRetention, flushMs = ACTIVITY_FLUSH_MS): ActivityBatches {
  const open = new Map<string, Batch>();
  // A batch whose send failed, by tenant: sent again with its id before anything newer, so it is counted once.
  const unsent = new Map<string, SentBatch>();
  const flushing = new Map<string, Flushing>();

  function count(batch: Batch, key: string, ttl: number, field: string, by = 1): void {
    if (by === 0) return;
    let hash = batch.hashes.get(key);
    if (!hash) batch.hashes.set(key, (hash = { ttl, fields: new Map() }));
    hash.fields.set(field, (hash.fields.get(field) ?? 0) + by);
  }

  /** Counts `what` in its minute and its hour: fields '<minute of hour>:<what>' and '<hour of day>:<what>'. */
  function countInTimeline(batch: Batch, prefix: string, atMs: number, what: string, by = 1): void {
    const hour = epochHour(atMs);
    count(batch, `${prefix}minutes:${hour}`, MINUTES_TTL, `${epochMinute(atMs) % 60}:${what}`, by);
    count(batch, `${prefix}hours:${Math.floor(hour / 24)}`, HOURS_TTL, `${hour % 24}:${what}`, by);
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
      recent: [...batch.recent].map(([tool, sessions]) => ({ tool, sessions: [...sessions].flat() })),
    });
  }

  async function send(tenant: string, batch: SentBatch): Promise<void> {
    await guarded(() => redis.addActivity(keys.shared(tenant).applied(`activity:${batch.id}`), batch.input));
  }

  async function flushNow(tenant: string): Promise<void> {
    const earlier = unsent.get(tenant);
    if (earlier) {
      if (Date.now() - earlier.firstTriedAt > UNSENT_GIVE_UP_MS) unsent.delete(tenant);
      else {
        await send(tenant, earlier);
        unsent.delete(tenant);
      }
    }
    const batch = open.get(tenant);
    if (!batch) return;
    open.delete(tenant);
    const sent = { id: newWriteToken(), input: inputOf(tenant, batch), firstTriedAt: Date.now() };
    try {
      await send(tenant, sent);
    } catch (error) {
      unsent.set(tenant, sent);
      throw error;
    }
  }

  /** The tenant's next flush: the one waiting behind the one under way if there is one (one each at most), else a new one. */
  function flush(tenant: string): Promise<void> {
    const under = flushing.get(tenant);
    if (under?.queued) return under.queued;
    const start = (): Promise<void> => {
      const running = flushNow(tenant);
      const state: Flushing = { running, queued: null };
      flushing.set(tenant, state);
      void running
        .catch(() => undefined)
        .then(() => {
          // One waiting behind takes this one's place when it starts.
          if (flushing.get(tenant) === state && state.queued === null) flushing.delete(tenant);
        });
      return running;
    };
    if (!under) return start();
    const queued = under.running.catch(() => undefined).then(start);
    under.queued = queued;
    return queued;
  }

  const tenantsWithWork = () => [...new Set([...open.keys(), ...unsent.keys()])];
  // A failed flush keeps its batch for the next one. The timer leaves a tenant whose send is under way alone, so that a
  // hanging Redis never has more than one send and one waiting per tenant (unref: it never holds the process open).
  const timer = setInterval(() => {
    for (const tenant of tenantsWithWork()) if (!flushing.has(tenant)) void flush(tenant).catch(() => undefined);
  }, flushMs);
  timer.unref();

  async function flushAll(): Promise<void> {
    await Promise.all([...flushing.values()].map(({ running, queued }) => (queued ?? running).catch(() => undefined)));
    await Promise.all(tenantsWithWork().map((tenant) => flush(tenant).catch(() => undefined)));
  }

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
      let sessions = batch.recent.get(tool);
      if (!sessions) batch.recent.set(tool, (sessions = new Map()));
      sessions.set(sessionId, Math.max(sessions.get(sessionId) ?? atMs, atMs));
    },
    addLesson(tenant, lesson) {
      const batch = batchOf(tenant);
      const { prefix } = keys.shared(tenant);
      const atMs = Date.parse(lesson.timestamp);
      countInTimeline(batch, prefix, atMs, "l");
      countInTimeline(batch, prefix, atMs, "t", lesson.tokens_used ?? 0);
      countInTimeline(batch, prefix, atMs, "d", lesson.duration_ms ?? 0);
      // Failures by category live as long as lessons (renewed with the signature's keys: lib/count-signature.lua).
      count(batch, `${prefix}categories`, retention.lessonsTtlSeconds, lesson.category);
    },
    async beforeRead(tenant) {
      if (unsent.has(tenant)) return;
      await flush(tenant).catch(() => undefined);
    },
    flushAll,
    async close() {
      clearInterval(timer);
      await flushAll();
    },
  };
}
