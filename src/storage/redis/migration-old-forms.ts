// Layout version 5: what older versions wrote in forms this one no longer reads, rewritten once: a call's facts, lessons kept before signatures, resolutions whose lists Lua wrote as `{}`, a layout before fields left by an older replica, and fix sets a layout-3 replica wrote after the move to 4.
import { failureSignature } from "../../domain/lessons/signature.js";
import type { Lesson } from "../../domain/lessons/types.js";
import { guarded } from "./errors.js";
import type { Keys } from "./keys.js";
import { moveOfferCounts } from "./migration-fix-counts.js";
import { scanAll, sessionOf, taskOf } from "./migration-scan.js";
import type { ScriptedRedis } from "./script-commands.js";

/**
 * A call's facts as this version writes them (log-entries.ts: callFacts), from either older form: one JSON object whose
 * arguments are a string of their own, or a header of one-letter names. Null when they are in this form already, or
 * cannot be read (left as they are: the log's trim reads them as neither success nor failure).
 */
export function factsInLayout5(raw: string): string | null {
  const newline = raw.indexOf("\n");
  try {
    if (newline < 0) {
      const old = JSON.parse(raw) as { tool?: string; outcome?: string; error_type?: string; args?: string };
      return `${JSON.stringify({ outcome: old.outcome ?? "", error_type: old.error_type ?? "", tool: old.tool ?? "" })}\n${old.args ?? "[]"}`;
    }
    const header = JSON.parse(raw.slice(0, newline)) as { outcome?: string; o?: string; e?: string; t?: string };
    if (header.outcome !== undefined) return null;
    return `${JSON.stringify({ outcome: header.o ?? "", error_type: header.e ?? "", tool: header.t ?? "" })}${raw.slice(newline)}`;
  } catch {
    return null;
  }
}

/** Every session's calls: each fact in an older form rewritten, in one HSET per session. Answers how many sessions moved. */
async function rewriteCallFacts(redis: ScriptedRedis, keys: Keys, prefix: string): Promise<number> {
  let moved = 0;
  for (const key of await scanAll(redis, `${prefix}:{*:session:*}:calls`)) {
    const session = sessionOf(key, prefix);
    if (!session || keys.session(session).calls !== key) continue;
    const rewritten: string[] = [];
    let cursor = "0";
    do {
      const [next, flat] = await guarded(() => redis.hscan(key, cursor, "MATCH", "m:*", "COUNT", 1000));
      for (let i = 0; i + 1 < flat.length; i += 2) {
        const facts = factsInLayout5(flat[i + 1]!);
        if (facts !== null) rewritten.push(flat[i]!, facts);
      }
      cursor = next;
    } while (cursor !== "0");
    if (rewritten.length === 0) continue;
    await guarded(() => redis.hset(key, ...rewritten));
    moved += 1;
  }
  return moved;
}

/**
 * A lesson kept before signatures existed, with the signature this version reads it by (the one it was given on the way
 * out until now), or null for one that has it (or cannot be read).
 */
export function lessonInLayout5(json: string): string | null {
  try {
    const lesson = JSON.parse(json) as Lesson;
    if (typeof lesson.signature === "string") return null;
    return JSON.stringify({ ...lesson, signature: failureSignature(lesson.error_type, lesson.error_message) });
  } catch {
    return null;
  }
}

/** Every task's lessons and resolution in their forms: answers how many tasks moved. */
async function rewriteTasks(redis: ScriptedRedis, keys: Keys, prefix: string): Promise<number> {
  const ofTask = (key: string, name: "lessons" | "resolution") => {
    const task = taskOf(key, prefix);
    return task !== null && keys.task(task)[name] === key;
  };
  let moved = 0;
  for (const key of await scanAll(redis, `${prefix}:{*:task:*}:lessons`)) {
    if (!ofTask(key, "lessons")) continue;
    const lessons = await guarded(() => redis.lrange(key, 0, -1));
    const rewritten = lessons.map(lessonInLayout5);
    if (rewritten.every((lesson) => lesson === null)) continue;
    await redis.writes.transaction((t) => {
      rewritten.forEach((lesson, index) => lesson !== null && t.lset(key, index, lesson));
      return t;
    });
    moved += 1;
  }
  for (const key of await scanAll(redis, `${prefix}:{*:task:*}:resolution`)) {
    if (!ofTask(key, "resolution")) continue;
    const doc = await guarded(() => redis.hget(key, "doc"));
    const rewritten = doc === null ? null : resolutionInLayout5(doc);
    if (rewritten === null) continue;
    await guarded(() => redis.hset(key, "doc", rewritten));
    moved += 1;
  }
  return moved;
}

/** A resolution whose signatures Lua wrote as `{}` (cjson's empty list), as a list; null for one in this form. */
export function resolutionInLayout5(doc: string): string | null {
  try {
    const resolution = JSON.parse(doc) as { signatures?: unknown };
    return Array.isArray(resolution.signatures) ? null : JSON.stringify({ ...resolution, signatures: [] });
  } catch {
    return null;
  }
}

/** Version 5: calls' facts, tasks, the layout before fields, then fix sets and report entries. Answers how many sessions, tasks and tools moved. */
export async function rewriteOldForms(redis: ScriptedRedis, keys: Keys, prefix: string): Promise<number> {
  let moved = (await rewriteCallFacts(redis, keys, prefix)) + (await rewriteTasks(redis, keys, prefix));
  // Written by a replica older than fields after the move to 2, and read by no request since: dropped, so that a reset
  // need not name it.
  for (const key of await scanAll(redis, `${prefix}:{*:session:*}:patterns`)) {
    const session = sessionOf(key, prefix);
    if (session && keys.session(session).legacyPatterns === key) moved += await guarded(() => redis.del(key));
  }
  // What a layout-3 replica wrote after the move to 4: its sets and report entries move as version 4 moved theirs.
  return moved + (await moveOfferCounts(redis, keys, prefix));
}
