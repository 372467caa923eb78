// Serves Prometheus metrics at /metrics and times every request by route and status.
import fp from "fastify-plugin";
import type { Metrics } from "../metrics/registry.js";

export default fp<{ metrics: Metrics }>(
  async (app, { metrics }) => {
    app.addHook("onResponse", async (request, reply) => {
      metrics.httpDuration.observe(
        {
          method: request.method,
          // The route's pattern, never the raw URL: ids would make the label set unbounded.
          route: request.routeOptions.url ?? "unmatched",
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });

    app.get("/metrics", { schema: { hide: true } }, async (_request, reply) => {
      reply.type(metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  },
  { name: "metrics" },
);
