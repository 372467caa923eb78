// HTTP route over the tenant's failure signatures across tasks: what recurs, and what worked for it.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requires } from "../auth/scopes.js";
import type { LessonService } from "../domain/lessons/service.js";
import { apiProblems } from "../schemas/common.js";
import { tenantSignatureListSchema, tenantSignaturesQuery } from "../schemas/lessons.js";

const tenantSignatureRoutes: FastifyPluginAsyncZod<{ lessons: LessonService }> = async (app, { lessons }) => {
  app.get(
    "/lessons/signatures",
    {
      schema: {
        ...requires("read"),
        operationId: "listTenantSignatures",
        tags: ["resolutions"],
        summary: "The tenant's most recurring failures across tasks, with the latest fix that worked for each",
        description: "Failures that recur across the tenant's tasks, most frequent first, each with the latest approach that resolved a task that had it.",
        querystring: tenantSignaturesQuery,
        response: { 200: tenantSignatureListSchema, ...apiProblems(400, 503) },
      },
    },
    async (request) => ({ signatures: await lessons.tenantSignatures(request.tenant, request.query.limit) }),
  );
};

export default tenantSignatureRoutes;
