// Liveness (the process answers) and readiness (the store answers) probes.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { noQuery, problemResponses } from "../schemas/common.js";

const healthSchema = z
  .object({
    status: z.literal("ok"),
    store: z.enum(["memory", "redis"]).optional(),
    topology: z.enum(["memory", "single", "sentinel", "cluster"]).optional().describe("How the store keeps data: in process, one Redis, a primary found through Sentinel, or a Cluster"),
    role: z.enum(["master"]).nullable().optional().describe("The role of the Redis server this replica writes to (null in a Cluster, whose masters are many)"),
  })
  .meta({ id: "Health", description: "The service's state: ok, and which store it uses" });

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health/live",
    {
      schema: {
        operationId: "getLiveness",
        tags: ["health"],
        summary: "The process is up",
        description: "For a liveness probe: 200 while the process runs, whatever the store's state.",
        security: [],
        querystring: noQuery,
        response: { 200: healthSchema, ...problemResponses(400) },
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
        description:
          "For a readiness probe: 200 once the store answers, with its topology and the role of the Redis server it writes to; " +
          "503 while it does not answer, or answers as a replica (a demoted primary), so that a load balancer stops sending traffic.",
        security: [],
        querystring: noQuery,
        response: { 200: healthSchema, ...problemResponses(400, 503) },
      },
    },
    async () => {
      const { mode, role } = await app.store.ping();
      return { status: "ok" as const, store: app.store.kind, topology: mode, role };
    },
  );
};

export default healthRoutes;
