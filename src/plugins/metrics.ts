// Serves Prometheus metrics at /metrics (plugins/request-lifecycle times every request by route and status).
import fp from "fastify-plugin";
import { z } from "zod";
import { noQuery, problemResponses } from "../schemas/common.js";
import type { Metrics } from "../metrics/registry.js";

export default fp<{ metrics: Metrics }>(
  async (app, { metrics }) => {
    app.get(
      "/metrics",
      {
        schema: {
          operationId: "getMetrics",
          tags: ["health"],
          summary: "Prometheus metrics",
          description: "Request durations by route and status, store commands, open event streams and the process's own metrics, in Prometheus's text format.",
          security: [],
          querystring: noQuery,
          response: { ...problemResponses(400), 200: { description: "Metrics in Prometheus's text exposition format", content: { "text/plain": { schema: z.string() } } } },
        },
      },
      async (_request, reply) => {
        reply.type(metrics.registry.contentType);
        return metrics.registry.metrics();
      },
    );
  },
  { name: "metrics" },
);
