// Our own CPU for one read, without sockets or a load generator: the app answers app.inject() requests against its own redis-server.
// Run: npx tsx scripts/bench/in-process-cost.ts "<path>" [requests] [tools]   ({t} and {s} in the path pick a task or a session)
// Add --cpu-prof to node (NODE_OPTIONS=--cpu-prof) for a profile of the same run; the fill is in it too.
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { startRedisServer } from "../../test/helpers/redis-server.js";
import { lessonBody, toolCallBody } from "./scenarios.js";

const [path = "/context?task_id=task-{t}&session_id=session-{s}&tools=tool-0,tool-1&max_tokens=1000", requests = "3000", toolCount = "5"] = process.argv.slice(2);
const TASKS = 100;
const SESSIONS = 20;
const LESSONS_PER_TASK = 40;
const CALLS_PER_TOOL = 3;
// Requests in flight at once, during the fill and the measure.
const IN_FLIGHT = 10;

const redis = await startRedisServer();
const app = await buildApp(loadConfig({ REDIS_URL: redis.url, LOG_LEVEL: "silent" }), { logger: false });
try {
  await app.ready();
  const writes: Array<{ url: string; payload: string }> = [];
  for (let t = 0; t < TASKS; t += 1) for (let i = 0; i < LESSONS_PER_TASK; i += 1) writes.push({ url: `/tasks/task-${t}/lessons`, payload: lessonBody() });
  for (let n = 0; n < Number(toolCount); n += 1) {
    for (let i = 0; i < CALLS_PER_TOOL; i += 1) {
      const body = toolCallBody(i === 0 ? "failure" : "fix", `tool-${n}`, n);
      writes.push({ url: `/sessions/session-${n % SESSIONS}/tool-calls`, payload: JSON.stringify(body) });
    }
  }
  for (let i = 0; i < writes.length; i += IN_FLIGHT) {
    await Promise.all(writes.slice(i, i + IN_FLIGHT).map(({ url, payload }) => app.inject({ method: "POST", url, payload, headers: { "content-type": "application/json" } })));
  }

  const url = () => path.replace("{t}", String(Math.floor(Math.random() * TASKS))).replace("{s}", String(Math.floor(Math.random() * SESSIONS)));
  const first = await app.inject({ url: url() });
  if (first.statusCode !== 200) throw new Error(`${path} answered ${first.statusCode}: ${first.body}`);
  // A warm-up, so the measure does not pay for compiling the route's serializer or loading the tokenizer.
  for (let i = 0; i < 300; i += 1) await app.inject({ url: url() });

  const total = Number(requests);
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < total; i += IN_FLIGHT) await Promise.all(Array.from({ length: IN_FLIGHT }, () => app.inject({ url: url() })));
  const cpu = process.cpuUsage(cpuBefore);
  process.stdout.write(
    `${path}: ${((cpu.user + cpu.system) / total).toFixed(1)} µs of CPU per request over ${total} (${first.body.length} bytes answered; ` +
      `${toolCount} tools, ${TASKS} tasks of ${LESSONS_PER_TASK} lessons); RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB\n`,
  );
} finally {
  await app.close();
  await redis.stop();
}
