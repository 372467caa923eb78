// The scale run's fill (1M lessons over 100k tasks, 1M tool calls of 2,000 tools over 1k sessions) and Redis memory per record.
import { Redis } from "ioredis";
import { createRedactor } from "../../src/domain/redaction/redactor.js";
import { createLessonService } from "../../src/domain/lessons/service.js";
import { createToolMemoryService } from "../../src/domain/tools/service.js";
import { waitUntilReady } from "../../src/storage/redis/client.js";
import { createRedisStore } from "../../src/storage/redis/index.js";
import { authOnly, LESSONS_KEPT_PER_TASK, SESSIONS, type Scenario } from "./scenarios.js";

const SCALE_TASKS = 100_000;
const SCALE_SESSIONS = 1_000;
// The tenant's tools: each session calls two of them (n % 1,000 picks the session, n % 2,000 the tool).
const SCALE_TOOLS = 2_000;
const LESSONS_PER_TASK = 10;
const CALLS_PER_SESSION = 1_000;
const scaleTool = (n: number) => `scale-tool-${n % SCALE_TOOLS}`;
// Writes in flight at once; auto-pipelining batches them into few socket writes.
const IN_FLIGHT = 256;

async function inParallel(total: number, write: (n: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      for (let n = next++; n < total; n = next++) await write(n);
    }),
  );
}

/**
 * Fills Redis through the service's own domain services and Lua scripts (not HTTP, which would take
 * a quarter of an hour at this machine's write rates), under the key prefix and tenant the
 * benchmark's service uses, so every record is exactly what the service stores.
 */
export async function fillForScale(redisUrl: string, keyPrefix: string, tenant: string): Promise<void> {
  const started = Date.now();
  const store = createRedisStore({
    url: redisUrl,
    keyPrefix,
    commandTimeoutMs: 10_000,
    limits: { maxLessonsPerTask: LESSONS_KEPT_PER_TASK, maxToolLogEntries: CALLS_PER_SESSION, fixDetectionWindow: 10, lessonsTtlSeconds: 2_592_000, sessionsTtlSeconds: 2_592_000, toolsTtlSeconds: 7_776_000, idempotencyTtlSeconds: 86_400, eventsMaxPerTenant: 10_000, eventsTtlSeconds: 86_400 },
  });
  store.client.on("error", (error: Error) => process.stderr.write(`fill: redis ${error.message}\n`));
  if (!(await waitUntilReady(store.client, 10_000))) throw new Error("the benchmark's redis-server is not ready");
  const clock = () => new Date();
  // As the service fills them: redaction on.
  const redactor = createRedactor({ enabled: true });
  const lessons = createLessonService({ store, clock, newLessonId: () => `lsn_${crypto.randomUUID().replaceAll("-", "")}`, redactor });
  const tools = createToolMemoryService({ store, clock, limits: { maxToolLogEntries: CALLS_PER_SESSION, fixDetectionWindow: 10 }, redactor });
  try {
    await inParallel(SCALE_TASKS * LESSONS_PER_TASK, (n) =>
      lessons.capture(
        { tenant, taskId: `scale-${n % SCALE_TASKS}` },
        { attempt_number: 1 + Math.floor(n / SCALE_TASKS), tier: 1 + (n % 3) as 1 | 2 | 3, error_type: "TypeError", error_message: "'NoneType' object has no attribute 'get' while reading the configuration section" },
      ),
    );
    await inParallel(SCALE_SESSIONS * CALLS_PER_SESSION, (n) =>
      tools.record(
        { tenant, sessionId: `scale-${n % SCALE_SESSIONS}` },
        n % 3 === 0
          ? { tool_name: scaleTool(n), arguments: { query: `q${n % 97}`, limit: 20 }, outcome: "failure", error_type: "timeout", context_goal: "find the failing test" }
          : { tool_name: scaleTool(n), arguments: { query: `q${n % 89}`, limit: 10 }, outcome: "success", result: { status: "ok" }, execution_time_ms: 30 },
      ),
    );
    const redis = new Redis(redisUrl);
    const keys = await redis.dbsize();
    redis.disconnect();
    process.stdout.write(
      `filled ${SCALE_TASKS * LESSONS_PER_TASK} lessons over ${SCALE_TASKS} tasks and ${SCALE_SESSIONS * CALLS_PER_SESSION} tool calls ` +
        `of ${SCALE_TOOLS} tools over ${SCALE_SESSIONS} sessions in ${((Date.now() - started) / 1000).toFixed(0)} s (${keys} keys)\n`,
    );
  } finally {
    await store.close();
  }
}

/** Redis memory per stored lesson and per tool call, against the size of their JSON. */
export async function redisMemoryReport(redisUrl: string) {
  const redis = new Redis(redisUrl);
  try {
    const info = await redis.info("memory");
    const used = Number(/used_memory:(\d+)/.exec(info)?.[1] ?? 0);
    let lessons = 0;
    let lessonBytes = 0;
    let calls = 0;
    let callBytes = 0;
    let taskMemory = 0;
    let sessionMemory = 0;
    // An idempotent POST leaves its record beside its task or session, and a marker under the tenant;
    // one whose failure learned its template also leaves that step's record under the tenant.
    let keyRecords = 0;
    let keyRecordBytes = 0;
    let markers = 0;
    let markerBytes = 0;
    let templateRecords = 0;
    let templateRecordBytes = 0;
    for await (const batch of redis.scanStream({ count: 1000 })) {
      for (const key of batch as string[]) {
        const bytes = Number(await redis.memory("USAGE", key, "SAMPLES", 0));
        if (key.includes(":idem:")) {
          keyRecords += 1;
          keyRecordBytes += bytes;
        } else if (key.includes(":applied:")) {
          markers += 1;
          markerBytes += bytes;
        } else if (key.includes(":tmpl:keyed:")) {
          templateRecords += 1;
          templateRecordBytes += bytes;
        } else if (key.includes(":task:")) {
          taskMemory += bytes;
          if (key.endsWith(":lessons")) {
            const items = await redis.lrange(key, 0, -1);
            lessons += items.length;
            lessonBytes += items.reduce((sum, item) => sum + Buffer.byteLength(item), 0);
          }
        } else if (key.includes(":session:")) {
          sessionMemory += bytes;
          if (key.endsWith(":calls")) {
            const fields = await redis.hgetall(key);
            for (const [field, value] of Object.entries(fields)) {
              if (field.startsWith("e:")) {
                calls += 1;
                callBytes += Buffer.byteLength(value);
              }
            }
          }
        }
      }
    }
    const perLesson = lessons ? taskMemory / lessons : 0;
    const perCall = calls ? sessionMemory / calls : 0;
    const lessonJsonAvg = lessons ? lessonBytes / lessons : 0;
    const callJsonAvg = calls ? callBytes / calls : 0;
    const perKeyRecord = keyRecords ? keyRecordBytes / keyRecords : 0;
    const perMarker = markers ? markerBytes / markers : 0;
    const perTemplateRecord = templateRecords ? templateRecordBytes / templateRecords : 0;
    // Every idempotent POST keeps one record beside its task or session: what all the records cost, over those.
    const perPost = keyRecords ? (keyRecordBytes + markerBytes + templateRecordBytes) / keyRecords : 0;
    return {
      usedMemoryMb: used / 2 ** 20,
      lessons,
      calls,
      bytesPerLesson: perLesson,
      lessonJsonBytes: lessonJsonAvg,
      bytesPerToolCall: perCall,
      toolCallJsonBytes: callJsonAvg,
      idempotencyRecords: keyRecords,
      bytesPerIdempotencyRecord: perKeyRecord,
      bytesPerAppliedMarker: perMarker,
      summary:
        `Redis: ${(used / 2 ** 20).toFixed(1)} MB used; ${lessons} lessons at ${perLesson.toFixed(0)} B each ` +
        `(JSON ${lessonJsonAvg.toFixed(0)} B, ${(perLesson / (lessonJsonAvg || 1)).toFixed(2)}×); ${calls} tool calls at ` +
        `${perCall.toFixed(0)} B each (JSON ${callJsonAvg.toFixed(0)} B, ${(perCall / (callJsonAvg || 1)).toFixed(2)}×); ` +
        `per idempotent POST ${perPost.toFixed(0)} B (${keyRecords} records at ${perKeyRecord.toFixed(0)} B, ` +
        `${markers} tenant markers at ${perMarker.toFixed(0)} B, ${templateRecords} template records at ${perTemplateRecord.toFixed(0)} B)`,
    };
  } finally {
    redis.disconnect();
  }
}

const randomScaleTool = () => scaleTool(Math.floor(Math.random() * SCALE_TOOLS));

/**
 * Reads that name the fill's 2,000 tools at random, beside the rows that name the bench's five: what a
 * tenant with many tools costs when its prompts seldom name the same tool twice in a row.
 */
export const scaleScenarios: Record<string, Scenario> = {
  "GET shared prompt (2,000 tools)": {
    requests: [
      {
        method: "GET",
        headers: authOnly,
        setupRequest: (request) => ({ ...request, path: `/sessions/fresh-${Math.floor(Math.random() * SESSIONS)}/prompt?tools=${randomScaleTool()},${randomScaleTool()}&shared=true` }),
      },
    ],
  },
  "GET /tools/{tool} (2,000 tools)": {
    requests: [{ method: "GET", headers: authOnly, setupRequest: (request) => ({ ...request, path: `/tools/${randomScaleTool()}` }) }],
  },
  "GET /tools/{tool}/fix (2,000 tools)": {
    requests: [{ method: "GET", headers: authOnly, setupRequest: (request) => ({ ...request, path: `/tools/${randomScaleTool()}/fix?error_type=timeout` }) }],
  },
};
