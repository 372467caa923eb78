// HTTP routes over a whole session: stats, prompt blocks, and export, import and reset of its memory.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ToolMemoryService } from "../domain/tools/service.js";
import { apiProblems, promptResponse } from "../schemas/common.js";
import {
  proceduralMemorySchema,
  sessionParams,
  sessionPromptQuery,
  sessionPromptSchema,
  sessionStatsSchema,
  summaryQuery,
} from "../schemas/tools.js";
import { sendPrompt, sessionOf } from "./request-scope.js";

const tags = ["sessions"];
const noContent = z.undefined().describe("Done");

const sessionRoutes: FastifyPluginAsyncZod<{ tools: ToolMemoryService; importBodyLimit: number }> = async (
  app,
  { tools, importBodyLimit },
) => {
  app.get(
    "/sessions/:session_id/stats",
    {
      schema: {
        operationId: "getSessionStats",
        tags,
        summary: "Counts over the session's kept log",
        params: sessionParams,
        response: { 200: sessionStatsSchema, ...apiProblems(400, 503) },
      },
    },
    async (request) => tools.stats(sessionOf(request, request.params.session_id)),
  );

  app.get(
    "/sessions/:session_id/prompt",
    {
      schema: {
        operationId: "getSessionPrompt",
        tags,
        summary: "The <procedural_memory> block for a fresh session's prompt",
        params: sessionParams,
        querystring: sessionPromptQuery,
        response: { 200: promptResponse(sessionPromptSchema), ...apiProblems(400, 503) },
      },
    },
    async (request, reply) => {
      const { session_id } = request.params;
      const prompt = await tools.prompt(sessionOf(request, session_id), request.query);
      return sendPrompt(request, reply, { session_id, prompt });
    },
  );

  app.get(
    "/sessions/:session_id/prompt/summary",
    {
      schema: {
        operationId: "getSessionSummary",
        tags,
        summary: "The <procedural_memory_summary> block: totals and the most used tools",
        params: sessionParams,
        querystring: summaryQuery,
        response: { 200: promptResponse(sessionPromptSchema), ...apiProblems(400, 503) },
      },
    },
    async (request, reply) => {
      const { session_id } = request.params;
      const prompt = await tools.summary(sessionOf(request, session_id), request.query.max_tools);
      return sendPrompt(request, reply, { session_id, prompt });
    },
  );

  app.get(
    "/sessions/:session_id/memory",
    {
      schema: {
        operationId: "exportSessionMemory",
        tags,
        summary: "Export the session's whole procedural memory",
        params: sessionParams,
        response: { 200: proceduralMemorySchema, ...apiProblems(400, 503) },
      },
    },
    async (request) => tools.exportMemory(sessionOf(request, request.params.session_id)),
  );

  app.put(
    "/sessions/:session_id/memory",
    {
      // A full export of 1000 calls can pass the ordinary body limit.
      bodyLimit: importBodyLimit,
      schema: {
        operationId: "importSessionMemory",
        tags,
        summary: "Replace the session's memory with an exported one",
        description: "The document's session_id gives way to the path's, so a memory can be copied into another session.",
        params: sessionParams,
        body: proceduralMemorySchema,
        response: { 204: noContent, ...apiProblems(400, 413, 415, 503) },
      },
    },
    async (request, reply) => {
      await tools.importMemory(sessionOf(request, request.params.session_id), request.body);
      return reply.status(204).send();
    },
  );

  app.delete(
    "/sessions/:session_id/memory",
    {
      schema: {
        operationId: "resetSessionMemory",
        tags,
        summary: "Forget the session; call ids start again at call-0001",
        params: sessionParams,
        response: { 204: noContent, ...apiProblems(400, 503) },
      },
    },
    async (request, reply) => {
      await tools.reset(sessionOf(request, request.params.session_id));
      return reply.status(204).send();
    },
  );
};

export default sessionRoutes;
