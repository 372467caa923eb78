// Redis lesson storage: a list of lesson JSON per task, its counters, signatures and resolution, changed only by Lua scripts.
import { bySignatureRank, normaliseMessage } from "../../domain/lessons/signature.js";
import type { FailureSignature, Lesson, LessonCounters, Resolution } from "../../domain/lessons/types.js";
import type { LessonStore } from "../../domain/lessons/store.js";
import type { StoreLimits } from "../port.js";
import type { IdempotencyKey } from "../../domain/idempotency.js";
import type { TaskRef } from "../../domain/refs.js";
import { writeLocalThenTenant } from "./cross-slot-write.js";
import { touchListing } from "./listing-touch.js";
import { pauseAfterRefusal } from "./refusal-pause.js";
import { guarded } from "./errors.js";
import { flatHash } from "./flat-hash.js";
import type { Keys } from "./keys.js";
import { asArray } from "./pattern-state.js";
import { named, scriptInput } from "./named-keys.js";
import type { AppendAnswer, ScriptedRedis } from "./script-commands.js";

const parseLessons = (raw: string[]): Lesson[] => raw.map((json) => JSON.parse(json) as Lesson);

export function countersFrom(hash: Record<string, string>): LessonCounters {
  const byCategory: Record<string, number> = {};
  for (const [field, value] of Object.entries(hash)) {
    if (field.startsWith("cat:")) byCategory[field.slice(4)] = Number(value);
  }
  return {
    total_lessons: Number(hash.kept ?? 0),
    total_captured: Number(hash.captured ?? 0),
    by_category: byCategory,
    by_tier: { "1": Number(hash["tier:1"] ?? 0), "2": Number(hash["tier:2"] ?? 0), "3": Number(hash["tier:3"] ?? 0) },
  };
}

// Attempt numbers travel through the scripts as text (cjson would round them past 14 digits).
function signaturesFrom(hash: Record<string, string>): FailureSignature[] {
  return Object.entries(hash).map(([signature, json]) => {
    const s = JSON.parse(json) as Omit<FailureSignature, "signature" | "template"> & { template?: string };
    // Signatures first kept before templates have none.
    return { signature, ...s, template: s.template ?? null, first_attempt: Number(s.first_attempt), last_attempt: Number(s.last_attempt) };
  });
}

function resolutionFrom(doc: string | null): Resolution | null {
  if (doc === null) return null;
  const resolution = JSON.parse(doc) as Resolution;
  return { ...resolution, attempt_number: Number(resolution.attempt_number) };
}

/** What readTaskSignatures-2.lua answers. */
interface TaskSignaturesAnswer {
  captured?: string;
  signatures: string[] | Record<string, never>;
}

/** What setResolution-4.lua answers. */
type ResolutionAnswer = { outcome: "applied"; version: number; previous: string } | { outcome: "conflict" };

/** How a capture appends: with its write key (and how long its record lives), and text it has made already. */
export interface AppendOptions {
  idempotencyKey: IdempotencyKey | null;
  recordTtlSeconds: number;
  normalisedMessage?: string;
  lessonJson?: string;
  /** The message's template; "" (the default) leaves the signature's as it was. */
  template?: string;
}

/** lib/append-lesson.lua's input: one lesson and how the task keeps it, by name. */
export interface AppendInput {
  keys: string[];
  category: string;
  tier: number;
  max_kept: number;
  ttl: number;
  signature: string;
  normalized_message: string;
  error_type: string;
  message: string;
  /** Text: cjson keeps 14 significant digits of a number. */
  attempt: string;
  at: string;
  hypothesized_fix: string;
  fingerprint: string;
  lesson_id: string;
  record_ttl: number;
  template: string;
}

/** Appends the lesson with the appendLesson script, which also checks and keeps the write key's record. */
export async function appendKeyedLesson(
  redis: ScriptedRedis,
  keys: Keys,
  limits: Pick<StoreLimits, "maxLessonsPerTask" | "lessonsTtlSeconds">,
  task: TaskRef,
  lesson: Lesson,
  options: AppendOptions,
): Promise<AppendAnswer> {
  const { keys: named, input, lessonJson } = appendLessonInput(keys, limits, task, lesson, options);
  return JSON.parse(await guarded(() => redis.appendLesson(...named, scriptInput(input), lessonJson))) as AppendAnswer;
}

/** appendLesson-5.lua's keys, its input and the lesson's JSON, for one lesson. */
export function appendLessonInput(
  keys: Keys,
  limits: Pick<StoreLimits, "maxLessonsPerTask" | "lessonsTtlSeconds">,
  task: TaskRef,
  lesson: Lesson,
  { idempotencyKey, recordTtlSeconds, normalisedMessage = normaliseMessage(lesson.error_message), lessonJson = JSON.stringify(lesson), template = "" }: AppendOptions,
): { keys: string[]; input: AppendInput; lessonJson: string } {
  const k = keys.task(task);
  const taskKeys = named({ lessons: k.lessons, counters: k.counters, signatures: k.signatures, resolution: k.resolution, record: k.idempotencyKey(idempotencyKey?.key ?? null) });
  return {
    keys: taskKeys.keys,
    lessonJson,
    input: {
      keys: taskKeys.names,
      category: lesson.category,
      tier: lesson.tier,
      max_kept: limits.maxLessonsPerTask,
      ttl: limits.lessonsTtlSeconds,
      signature: lesson.signature,
      normalized_message: normalisedMessage,
      error_type: lesson.error_type,
      message: lesson.error_message,
      attempt: String(lesson.attempt_number),
      at: lesson.timestamp,
      hypothesized_fix: lesson.hypothesized_fix,
      fingerprint: idempotencyKey?.fingerprint ?? "",
      lesson_id: lesson.lesson_id,
      record_ttl: recordTtlSeconds,
      template,
    },
  };
}

export function createRedisLessonStore(
  redis: ScriptedRedis,
  keys: Keys,
  limits: Pick<StoreLimits, "maxLessonsPerTask" | "lessonsTtlSeconds">,
): LessonStore {
  return {
    async listLessons(task, newest) {
      const start = newest === undefined ? 0 : -newest;
      if (newest === 0) return [];
      return parseLessons(await guarded(() => redis.lrange(keys.task(task).lessons, start, -1)));
    },

    async getLesson(task, lessonId) {
      const lessons = parseLessons(await guarded(() => redis.lrange(keys.task(task).lessons, 0, -1)));
      return lessons.find((lesson) => lesson.lesson_id === lessonId) ?? null;
    },

    async deleteLesson(task, lessonId) {
      const k = keys.task(task);
      const shared = keys.shared(task.tenant);
      const taskKeys = named({ lessons: k.lessons, counters: k.counters, signatures: k.signatures, resolution: k.resolution });
      const { local: removed } = await writeLocalThenTenant(
        async () => {
          const input = { keys: taskKeys.names, lesson_id: lessonId, ttl: limits.lessonsTtlSeconds };
          return (JSON.parse(await guarded(() => redis.deleteLesson(...taskKeys.keys, scriptInput(input)))) as { removed: boolean }).removed;
        },
        // The delete renewed the task's keys, so its listing must live as long: a listing entry
        // older than the retention is dropped unread.
        async (removed) => {
          if (removed) await touchListing(redis, shared, { kind: "tasks", id: task.taskId, at_ms: Date.now(), ttl: limits.lessonsTtlSeconds });
        },
      );
      return removed;
    },

    async clearLessons(task) {
      const k = keys.task(task);
      await redis.writes.transaction((t) => t.del(k.lessons, k.counters, k.signatures));
    },

    async lessonCounters(task) {
      return countersFrom(await guarded(() => redis.hgetall(keys.task(task).counters)));
    },

    async lessonSignatures(task) {
      return signaturesFrom(await guarded(() => redis.hgetall(keys.task(task).signatures)));
    },

    async taskSnapshot(task, newest) {
      const k = keys.task(task);
      const answer = await guarded(() => redis.readTaskSnapshot(k.lessons, k.signatures, k.resolution, scriptInput({ newest: newest ?? 0 })));
      const { lessons, signatures, resolution } = JSON.parse(answer) as Record<"lessons" | "signatures", string[] | Record<string, never>> & { resolution?: string };
      return { lessons: parseLessons(asArray(lessons)), signatures: signaturesFrom(flatHash(asArray(signatures))), resolution: resolutionFrom(resolution ?? null) };
    },

    async setResolution(task, input) {
      const k = keys.task(task);
      const taskKeys = named({ lessons: k.lessons, counters: k.counters, signatures: k.signatures, resolution: k.resolution });
      // Every capture moves `captured`, so a write refused for it is decided again on the signatures as they then read.
      for (let tries = 1; ; tries += 1) {
        const read = JSON.parse(await guarded(() => redis.readTaskSignatures(k.counters, k.signatures))) as TaskSignaturesAnswer;
        const signatures = signaturesFrom(flatHash(asArray(read.signatures)));
        const resolution: Resolution = { ...input, signatures: signatures.sort(bySignatureRank).map((s) => s.signature) };
        const write = { keys: taskKeys.names, captured: read.captured ?? "", doc: JSON.stringify(resolution), ttl: limits.lessonsTtlSeconds };
        const answer = JSON.parse(await guarded(() => redis.setResolution(...taskKeys.keys, scriptInput(write)))) as ResolutionAnswer;
        if (answer.outcome === "conflict") {
          await pauseAfterRefusal(tries, "a task's signatures");
          continue;
        }
        return { resolution, replaced: answer.previous !== "", version: answer.version, previousSignatures: resolutionFrom(answer.previous || null)?.signatures ?? [] };
      }
    },

    async getResolution(task) {
      return resolutionFrom(await guarded(() => redis.hget(keys.task(task).resolution, "doc")));
    },

    async deleteResolution(task) {
      const key = keys.task(task).resolution;
      // The version outlives the doc (a later change must still be newer), but not the task.
      const [previous, removed, version] = (await redis.writes.transaction((t) => {
        t.hget(key, "doc").hdel(key, "doc").hincrby(key, "version", 1);
        if (limits.lessonsTtlSeconds > 0) t.expire(key, limits.lessonsTtlSeconds);
      })) as [string | null, number, number];
      return { removed: removed === 1, version: Number(version), previousSignatures: resolutionFrom(previous)?.signatures ?? [] };
    },
  };
}
