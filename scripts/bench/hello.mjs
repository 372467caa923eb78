// The yardstick: a bare Fastify hello world, started by the benchmark beside the service.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.on("SIGTERM", () => app.close().then(() => process.exit(0)));
