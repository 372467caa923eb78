// HTTP routes over the tenant's shared tool knowledge: what every session learned about each tool.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requires } from "../auth/scopes.js";
import type { SharedToolService } from "../domain/shared-tools/service.js";
import type { ToolArguments } from "../domain/tools/types.js";
import { apiProblems, promptResponse } from "../schemas/common.js";
import {
  listToolsQuery,
  sharedFixQuery,
  sharedGuidanceSchema,
  sharedKnownFixSchema,
  sharedToolKnowledgeSchema,
  sharedToolListSchema,
  sharedToolParams,
} from "../schemas/shared-tools.js";
import { PROMPT_TYPES, sendPrompt } from "./request-scope.js";

const tags = ["shared-tools"];

const sharedToolRoutes: FastifyPluginAsyncZod<{ knowledge: SharedToolService }> = async (app, { knowledge }) => {
  app.get(
    "/tools",
    {
      schema: {
        ...requires("read"),
        operationId: "listSharedTools",
        tags,
        summary: "The tenant's tools across every session, most calls first (or by name prefix, in name order, a page at a time)",
        description:
          "Every tool the tenant's sessions called, with calls, success rate and fixes learned, most called first, up to limit. " +
          "With prefix, only the tools whose name starts with it, in name order, a page at a time: pass next_cursor back as cursor (with the same prefix).",
        querystring: listToolsQuery,
        response: { 200: sharedToolListSchema, ...apiProblems(400, 503) },
      },
    },
    async (request) => knowledge.list(request.tenant, request.query),
  );

  app.get(
    "/tools/:tool_name",
    {
      schema: {
        ...requires("read"),
        operationId: "getSharedToolKnowledge",
        tags,
        summary: "What every session of the tenant taught about one tool; 404 when none called it",
        description: "The tenant's knowledge of one tool, pooled from every session: error patterns, the fixes that worked for each, and arguments that succeeded.",
        params: sharedToolParams,
        response: { 200: sharedToolKnowledgeSchema, ...apiProblems(400, 404, 503) },
      },
    },
    async (request) => knowledge.knowledge(request.tenant, request.params.tool_name),
  );

  app.delete(
    "/tools/:tool_name",
    {
      schema: {
        ...requires("admin"),
        operationId: "forgetSharedTool",
        tags,
        summary: "Forget what the tenant learned about one tool; sessions keep their own memory",
        description: "Deletes the tenant's pooled knowledge of one tool. Each session's own memory is untouched.",
        params: sharedToolParams,
        response: { 204: z.undefined().describe("Forgotten (also when nothing was known)"), ...apiProblems(400, 503) },
      },
    },
    async (request, reply) => {
      await knowledge.forget(request.tenant, request.params.tool_name);
      return reply.status(204).send();
    },
  );

  app.get(
    "/tools/:tool_name/fix",
    {
      schema: {
        ...requires("read"),
        operationId: "getSharedFix",
        tags,
        summary: "The fix the tenant's sessions applied most for an error type, and the alternatives; 404 when none",
        description:
          "Call when a tool call fails in a session with no fix of its own: the fix the tenant's sessions applied most for this error type, with alternatives. " +
          "Pass the failing call's `arguments` (JSON) to get only fixes that apply to them: a fix that changed a value applies to a call holding that value, " +
          "one that added a key to a call without it, one that removed a key to a call with it; 404 when none does.",
        params: sharedToolParams,
        querystring: sharedFixQuery,
        response: { 200: sharedKnownFixSchema, ...apiProblems(400, 404, 503) },
      },
    },
    async (request) => {
      const { error_type, arguments: failing } = request.query;
      return knowledge.fix(request.tenant, request.params.tool_name, error_type, failing === undefined ? null : (JSON.parse(failing) as ToolArguments));
    },
  );

  app.get(
    "/tools/:tool_name/guidance",
    {
      config: PROMPT_TYPES,
      schema: {
        ...requires("read"),
        operationId: "getSharedErrorGuidance",
        tags,
        summary: "An <error_guidance> block from every session's fixes; 404 when no session called the tool",
        description: "A prompt block on one error type of a tool, from the fixes every session of the tenant found.",
        params: sharedToolParams,
        querystring: sharedFixQuery,
        response: { 200: promptResponse(sharedGuidanceSchema), ...apiProblems(400, 404, 503) },
      },
    },
    async (request, reply) => {
      const { tool_name } = request.params;
      const prompt = await knowledge.guidance(request.tenant, tool_name, request.query.error_type);
      return sendPrompt(request, reply, { tool_name, prompt });
    },
  );
};

export default sharedToolRoutes;
