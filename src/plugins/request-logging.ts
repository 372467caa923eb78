// One log line per request at info (and the arrival at debug), and the request id echoed in a header.
import fp from "fastify-plugin";

export default fp(
  async (app) => {
    app.addHook("onRequest", async (request) => {
      request.log.debug({ req: request }, "incoming request");
    });
    app.addHook("onSend", async (request, reply) => {
      reply.header("x-request-id", request.id);
    });
    app.addHook("onResponse", async (request, reply) => {
      request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
    });
  },
  { name: "request-logging" },
);
