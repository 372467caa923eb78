// HTTP route of the one context block: what worked, lessons and tool memory, within a token budget.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requires } from "../auth/scopes.js";
import type { ContextService } from "../domain/context/service.js";
import { apiProblems, promptResponse } from "../schemas/common.js";
import { contextQuery, contextSchema } from "../schemas/context.js";
import { PROMPT_TYPES, sendPrompt } from "./request-scope.js";

const contextRoutes: FastifyPluginAsyncZod<{ context: ContextService }> = async (app, { context }) => {
  app.get(
    "/context",
    {
      config: PROMPT_TYPES,
      schema: {
        ...requires("read"),
        operationId: "getContext",
        tags: ["context"],
        summary: "One block for a fresh session's prompt, within max_tokens",
        description:
          "Sections in priority order: what worked (the task's resolution and known fixes), the task's lessons grouped " +
          "by signature, the session's procedural memory for the tools, and what the tenant's other sessions learned " +
          "about them. When the whole does not fit, whole items are dropped, the lowest section first, oldest first.",
        querystring: contextQuery,
        response: { 200: promptResponse(contextSchema), ...apiProblems(400, 503) },
      },
    },
    async (request, reply) => sendPrompt(request, reply, await context.build(request.tenant, request.query)),
  );
};

export default contextRoutes;
