// What runs around every request, one synchronous hook per phase: shutdown guard, security headers, request id, log line, metrics.
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../errors.js";
import type { Metrics } from "../metrics/registry.js";
import { staticSecurityHeaders } from "./security-headers.js";

type Done = (error?: Error) => void;

/**
 * Each concern was its own async hook (about ten per request); one plain hook per phase does the
 * same work without a promise per concern.
 *
 * - onRequest: while the server shuts down, a new request gets our 503 problem (Fastify's own
 *   return503OnClosing answers plain JSON, so it is off); every response gets helmet's headers,
 *   computed once at boot (plugins/security-headers).
 * - onSend: the request id is echoed, and while shutting down every response closes its connection,
 *   since an idle keep-alive connection would hold close() open until the grace period ends.
 * - onResponse: one log line at info (Fastify's two are off), and the request's duration by route
 *   pattern and status; the raw URL would make the label set unbounded.
 */
export default fp<{ metrics: Metrics }>(
  async (app, { metrics }) => {
    const securityHeaders = staticSecurityHeaders();
    let closing = false;
    app.addHook("preClose", async () => {
      closing = true;
    });

    app.addHook("onRequest", (request: FastifyRequest, reply: FastifyReply, done: Done) => {
      reply.headers(securityHeaders);
      request.log.debug({ req: request }, "incoming request");
      if (closing) done(new AppError("SHUTTING_DOWN", "The service is shutting down; retry on another instance or shortly."));
      else done();
    });

    app.addHook("onSend", (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
      reply.header("x-request-id", request.id);
      if (closing) reply.header("connection", "close");
      done(null, payload);
    });

    app.addHook("onResponse", (request: FastifyRequest, reply: FastifyReply, done: Done) => {
      request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
      metrics.httpDuration.observe(
        { method: request.method, route: request.routeOptions.url ?? "unmatched", status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      done();
    });
  },
  { name: "request-lifecycle" },
);
