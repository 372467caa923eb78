// HTTP routes over a whole session: stats, prompt blocks, its settings, and export, import and reset of its memory.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requires } from "../auth/scopes.js";
import type { ToolMemoryService } from "../domain/tools/service.js";
import { apiProblems, promptResponse } from "../schemas/common.js";
import {
  memoryImportSchema,
  proceduralMemorySchema,
  sessionParams,
  sessionPromptQuery,
  sessionPromptSchema,
  sessionSettingsBody,
  sessionSettingsSchema,
  sessionStatsSchema,
  summaryQuery,
} from "../schemas/tools.js";
import { PROMPT_TYPES, sendPrompt, sessionOf } from "./request-scope.js";

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
        ...requires("read"),
        operationId: "getSessionStats",
        tags,
        summary: "Counts over the session's kept log",
        description: "Calls, successes, failures and detected fixes over the session's kept log, and when the session began; the times are null for a session with no history.",
        params: sessionParams,
        response: { 200: sessionStatsSchema, ...apiProblems(400, 503) },
      },
    },
    async (request) => tools.stats(sessionOf(request, request.params.session_id)),
  );

  app.get(
    "/sessions/:session_id/prompt",
    {
      config: PROMPT_TYPES,
      schema: {
        ...requires("read"),
        operationId: "getSessionPrompt",
        tags,
        summary: "The <procedural_memory> block for a fresh session's prompt",
        description: "Call at the start of a fresh session that continues this one: recent calls, error patterns and the fixes that worked, per tool. shared=true adds what the tenant's other sessions learned.",
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
      config: PROMPT_TYPES,
      schema: {
        ...requires("read"),
        operationId: "getSessionSummary",
        tags,
        summary: "The <procedural_memory_summary> block: totals and the most used tools",
        description: "A short prompt block: the session's totals and its most used tools.",
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
    "/sessions/:session_id/settings",
    {
      schema: {
        ...requires("read"),
        operationId: "getSessionSettings",
        tags,
        summary: "The log size and fix-detection window the session's calls are recorded with",
        description: "The settings in force for the session's next call, and which of them the session set itself (the rest are the service's).",
        params: sessionParams,
        response: { 200: sessionSettingsSchema, ...apiProblems(400, 503) },
      },
    },
    async (request) => tools.settings(sessionOf(request, request.params.session_id)),
  );

  app.put(
    "/sessions/:session_id/settings",
    {
      schema: {
        ...requires("write"),
        operationId: "putSessionSettings",
        tags,
        summary: "Set the session's own log size and fix-detection window",
        description:
          "Replaces what the session sets for itself: a setting left out or null follows the service's again. They take " +
          "effect from the session's next call (a smaller log is trimmed then), live as long as the session, and stay " +
          "through a reset or an import of its memory.",
        params: sessionParams,
        body: sessionSettingsBody,
        response: { 200: sessionSettingsSchema, ...apiProblems(400, 413, 415, 503) },
      },
    },
    async (request) => tools.updateSettings(sessionOf(request, request.params.session_id), request.body),
  );

  app.get(
    "/sessions/:session_id/memory",
    {
      schema: {
        ...requires("read"),
        operationId: "exportSessionMemory",
        tags,
        summary: "Export the session's whole procedural memory",
        description: "The session's whole procedural memory as one document, to back it up or copy it into another session with importSessionMemory.",
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
      config: { bodyLimitSetting: "IMPORT_BODY_LIMIT_BYTES" },
      schema: {
        ...requires("admin"),
        operationId: "importSessionMemory",
        tags,
        summary: "Replace the session's memory with an exported one",
        description:
          "Takes a document from exportSessionMemory (or the Python's to_dict()). Its session_id gives way to the " +
          "path's, so a memory can be copied into another session; missing times become the time of the import.",
        params: sessionParams,
        body: memoryImportSchema,
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
        ...requires("admin"),
        operationId: "resetSessionMemory",
        tags,
        summary: "Forget the session; call ids start again at call-0001",
        description: "Deletes the session's log, patterns and fixes; its settings stay, and the tenant's shared knowledge keeps what it learned.",
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
