// HTTP routes to record and search a session's tool calls.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requires } from "../auth/scopes.js";
import type { ToolMemoryService } from "../domain/tools/service.js";
import { apiProblems, idempotencyHeaders, postProblems } from "../schemas/common.js";
import { recordedToolCallSchema } from "../schemas/shared-tools.js";
import { callListSchema, callParams, searchCallsQuery, sessionParams, toolCallInputSchema, toolLogEntrySchema } from "../schemas/tools.js";
import { idempotencyOf, markReplayed, sessionOf } from "./request-scope.js";

const tags = ["tool-calls"];

const toolCallRoutes: FastifyPluginAsyncZod<{ tools: ToolMemoryService }> = async (app, { tools }) => {
  app.post(
    "/sessions/:session_id/tool-calls",
    {
      schema: {
        ...requires("write"),
        operationId: "recordToolCall",
        tags,
        summary: "Record a tool call",
        description:
          "Allocates the next call id; a success linked to the most recent unfixed failure of the same tool " +
          "(within the detection window, with different arguments) comes back with fix_for and delta_args. " +
          "The call also feeds the tenant's shared knowledge of the tool; a failure comes back with known_fix, " +
          "the best fix the tenant knows for its error type (ranked by how often it fixed the error against how often it failed when taken), with an offer_id. " +
          "The session's next call of the same tool decides that offer: adopted or not, worked or not (see GET /efficacy).",
        params: sessionParams,
        body: toolCallInputSchema,
        headers: idempotencyHeaders,
        response: { 201: recordedToolCallSchema, ...postProblems(400, 413, 415, 503) },
      },
    },
    async (request, reply) => {
      const { call, replayed, redactions } = await tools.record(sessionOf(request, request.params.session_id), request.body, idempotencyOf(request));
      reply.header("location", `/sessions/${request.params.session_id}/tool-calls/${call.id}`);
      markReplayed(reply, replayed);
      return reply.status(201).send({ ...call, redactions });
    },
  );

  app.get(
    "/sessions/:session_id/tool-calls",
    {
      schema: {
        ...requires("read"),
        operationId: "searchToolCalls",
        tags,
        summary: "Search a session's calls, newest first",
        description: "The session's kept calls matching every filter given, newest first.",
        params: sessionParams,
        querystring: searchCallsQuery,
        response: { 200: callListSchema, ...apiProblems(400, 503) },
      },
    },
    async (request) => {
      const { limit, ...filter } = request.query;
      const { session_id } = request.params;
      return { session_id, calls: await tools.search(sessionOf(request, session_id), filter, limit) };
    },
  );

  app.get(
    "/sessions/:session_id/tool-calls/:call_id",
    {
      schema: {
        ...requires("read"),
        operationId: "getToolCall",
        tags,
        summary: "One call",
        description: "One recorded call by id, with the fix links fix detection added to it.",
        params: callParams,
        response: { 200: toolLogEntrySchema, ...apiProblems(400, 404, 503) },
      },
    },
    async (request) => tools.getCall(sessionOf(request, request.params.session_id), request.params.call_id),
  );
};

export default toolCallRoutes;
