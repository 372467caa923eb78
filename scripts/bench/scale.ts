// The scale run's fill (1M lessons over 25k tasks, 1M tool calls over 1k sessions) and Redis memory per record.
import { Redis } from "ioredis";
import { runLoad } from "./load.js";
import { BENCH_KEY } from "./scenarios.js";

const SCALE_TASKS = 25_000;
const SCALE_SESSIONS = 1_000;
const LESSONS_PER_TASK = 40;
const CALLS_PER_SESSION = 1_000;
const headers = { authorization: `Bearer ${BENCH_KEY}`, "content-type": "application/json" };

const lessonJson = JSON.stringify({ attempt_number: 2, tier: 1, error_type: "TypeError", error_message: "'NoneType' object has no attribute 'get' while reading the configuration section" });

/** Fills through the HTTP API, so every record is exactly what the service stores. */
export async function fillForScale(serviceUrl: string, redisUrl: string): Promise<void> {
  const started = Date.now();
  let lesson = 0;
  await runLoad({
    url: serviceUrl,
    connections: 50,
    amount: SCALE_TASKS * LESSONS_PER_TASK,
    requests: [
      {
        method: "POST",
        headers,
        setupRequest: (request) => ({ ...request, path: `/tasks/scale-${lesson++ % SCALE_TASKS}/lessons`, body: lessonJson }),
      },
    ],
  });
  let call = 0;
  await runLoad({
    url: serviceUrl,
    connections: 50,
    amount: SCALE_SESSIONS * CALLS_PER_SESSION,
    requests: [
      {
        method: "POST",
        headers,
        setupRequest: (request) => {
          const n = call++;
          const body = { tool_name: `tool-${n % 5}`, arguments: { query: `q${n % 97}`, limit: 20 }, outcome: n % 3 === 0 ? "failure" : "success", error_type: n % 3 === 0 ? "timeout" : undefined };
          return { ...request, path: `/sessions/scale-${n % SCALE_SESSIONS}/tool-calls`, body: JSON.stringify(body) };
        },
      },
    ],
  });
  const redis = new Redis(redisUrl);
  const keys = await redis.dbsize();
  redis.disconnect();
  process.stdout.write(`filled ${SCALE_TASKS * LESSONS_PER_TASK} lessons and ${SCALE_SESSIONS * CALLS_PER_SESSION} tool calls in ${((Date.now() - started) / 1000).toFixed(0)} s (${keys} keys)\n`);
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
    for await (const batch of redis.scanStream({ count: 1000 })) {
      for (const key of batch as string[]) {
        const bytes = Number(await redis.memory("USAGE", key, "SAMPLES", 0));
        if (key.includes(":task:")) {
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
    return {
      usedMemoryMb: used / 2 ** 20,
      lessons,
      calls,
      bytesPerLesson: perLesson,
      lessonJsonBytes: lessonJsonAvg,
      bytesPerToolCall: perCall,
      toolCallJsonBytes: callJsonAvg,
      summary:
        `Redis: ${(used / 2 ** 20).toFixed(1)} MB used; ${lessons} lessons at ${perLesson.toFixed(0)} B each ` +
        `(JSON ${lessonJsonAvg.toFixed(0)} B, ${(perLesson / (lessonJsonAvg || 1)).toFixed(2)}×); ${calls} tool calls at ` +
        `${perCall.toFixed(0)} B each (JSON ${callJsonAvg.toFixed(0)} B, ${(perCall / (callJsonAvg || 1)).toFixed(2)}×)`,
    };
  } finally {
    redis.disconnect();
  }
}
