// While the server shuts down: new requests get a 503 problem, and every response closes its connection.
import fp from "fastify-plugin";
import { AppError } from "../errors.js";

/**
 * A keep-alive connection whose request was in flight at SIGTERM goes idle afterwards, and an idle
 * connection holds close() open until the grace period ends; "Connection: close" lets it go.
 * (Fastify's own return503OnClosing answers plain JSON, so it is turned off in the app.)
 */
export default fp(
  async (app) => {
    let closing = false;
    app.addHook("preClose", async () => {
      closing = true;
    });
    app.addHook("onRequest", async () => {
      if (closing) throw new AppError("SHUTTING_DOWN", "The service is shutting down; retry on another instance or shortly.");
    });
    app.addHook("onSend", async (_request, reply) => {
      if (closing) reply.header("connection", "close");
    });
  },
  { name: "shutdown-guard" },
);
