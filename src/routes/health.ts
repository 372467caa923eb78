// Liveness (the process answers) and readiness (the store answers) probes.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { problemResponses } from "../schemas/common.js";

const healthSchema = z.object({ status: z.literal("ok"), store: z.enum(["memory", "redis"]).optional() }).meta({ id: "Health" });

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health/live",
    {
      schema: {
        operationId: "getLiveness",
        tags: ["health"],
        summary: "The process is up",
        security: [],
        response: { 200: healthSchema, ...problemResponses() },
      },
    },
    async () => ({ status: "ok" as const }),
  );

  app.get(
    "/health/ready",
    {
      schema: {
        operationId: "getReadiness",
        tags: ["health"],
        summary: "The store answers; 503 while it does not",
        security: [],
        response: { 200: healthSchema, ...problemResponses(503) },
      },
    },
    async () => {
      await app.store.ping();
      return { status: "ok" as const, store: app.store.kind };
    },
  );
};

export default healthRoutes;
