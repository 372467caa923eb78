// The floor: a bare Fastify route per floored scenario that sends the Redis commands the service sent for one of its requests, and answers their replies.
// No auth, no validation, no domain work, no logging: what Fastify, the driver and Redis cost for the same calls.
import { readFileSync } from "node:fs";
import Fastify from "fastify";
import { createRedisClient } from "../../dist/storage/redis/client.js";

/** Per floor, the commands of each captured request, every argument base64. */
const floors = JSON.parse(readFileSync(process.env.FLOOR_COMMANDS, "utf8")).map((groups) =>
  groups.map((group) => group.map((command) => command.map((arg) => Buffer.from(arg, "base64")))),
);
// The service's own client: the same driver, auto-pipelining and timeouts.
const redis = createRedisClient({ url: process.env.REDIS_URL, commandTimeoutMs: 1000 });
const next = floors.map(() => 0);

const app = Fastify({ logger: false });
const handler = async (request) => {
  const floor = Number(request.params.floor);
  const groups = floors[floor];
  const group = groups[next[floor]++ % groups.length];
  // Sent in the same tick, as the service sends one request's commands: one pipeline.
  return Promise.all(group.map(([name, ...args]) => redis.call(name.toString(), ...args)));
};
app.post("/floor/:floor", handler);
app.get("/floor/:floor", handler);
app.get("/", async () => ({ floors: floors.length }));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.on("SIGTERM", () => app.close().then(() => redis.quit()).then(() => process.exit(0)));
