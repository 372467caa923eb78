// HTTP routes over what each tool's history teaches: patterns, known fixes, hints, guidance, templates.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requires } from "../auth/scopes.js";
import type { ToolMemoryService } from "../domain/tools/service.js";
import { apiProblems, promptResponse } from "../schemas/common.js";
import {
  argHintsSchema,
  fixQuery,
  guidanceQuery,
  hintsQuery,
  knownFixSchema,
  patternsSchema,
  sessionParams,
  sessionPromptSchema,
  templateQuery,
  toolParams,
  toolPatternSchema,
} from "../schemas/tools.js";
import { PROMPT_TYPES, sendPrompt, sessionOf } from "./request-scope.js";

const tags = ["patterns"];

const patternRoutes: FastifyPluginAsyncZod<{ tools: ToolMemoryService }> = async (app, { tools }) => {
  app.get(
    "/sessions/:session_id/patterns",
    {
      schema: {
        ...requires("read"),
        operationId: "listToolPatterns",
        tags,
        summary: "Every tool's pattern, in order of first use",
        description: "What the session's history teaches about each tool: counts, success rate, common arguments, error and success patterns.",
        params: sessionParams,
        response: { 200: patternsSchema, ...apiProblems(400, 503) },
      },
    },
    async (request) => ({
      session_id: request.params.session_id,
      patterns: await tools.patterns(sessionOf(request, request.params.session_id)),
    }),
  );

  app.get(
    "/sessions/:session_id/patterns/:tool_name",
    {
      schema: {
        ...requires("read"),
        operationId: "getToolPattern",
        tags,
        summary: "One tool's pattern; 404 when the tool has no calls",
        description: "What the session's history teaches about one tool.",
        params: toolParams,
        response: { 200: toolPatternSchema, ...apiProblems(400, 404, 503) },
      },
    },
    async (request) => tools.pattern(sessionOf(request, request.params.session_id), request.params.tool_name),
  );

  app.get(
    "/sessions/:session_id/patterns/:tool_name/fix",
    {
      schema: {
        ...requires("read"),
        operationId: "getKnownFix",
        tags,
        summary: "The argument change that fixed this error type before; 404 when none is known",
        description: "Call when a tool call fails: the change of arguments that fixed this error type of this tool earlier in the session.",
        params: toolParams,
        querystring: fixQuery,
        response: { 200: knownFixSchema, ...apiProblems(400, 404, 503) },
      },
    },
    async (request) =>
      tools.knownFix(sessionOf(request, request.params.session_id), request.params.tool_name, request.query.error_type),
  );

  app.get(
    "/sessions/:session_id/patterns/:tool_name/hints",
    {
      schema: {
        ...requires("read"),
        operationId: "getArgHints",
        tags,
        summary: "Arguments that worked for a goal like this one; 404 when none did",
        description: "Arguments of a past success whose goal contains the given one (case-insensitive), to start a call from.",
        params: toolParams,
        querystring: hintsQuery,
        response: { 200: argHintsSchema, ...apiProblems(400, 404, 503) },
      },
    },
    async (request) => {
      const { session_id, tool_name } = request.params;
      const { goal } = request.query;
      return { tool_name, goal, arg_hints: await tools.argHints(sessionOf(request, session_id), tool_name, goal) };
    },
  );

  app.get(
    "/sessions/:session_id/patterns/:tool_name/guidance",
    {
      config: PROMPT_TYPES,
      schema: {
        ...requires("read"),
        operationId: "getErrorGuidance",
        tags,
        summary: "An <error_guidance> block for an error type of a tool",
        description: "A prompt block on one error type of a tool: how often it happened, and what fixed it.",
        params: toolParams,
        querystring: guidanceQuery,
        response: { 200: promptResponse(sessionPromptSchema), ...apiProblems(400, 404, 503) },
      },
    },
    async (request, reply) => {
      const { session_id, tool_name } = request.params;
      const prompt = await tools.guidance(sessionOf(request, session_id), tool_name, request.query.error_type);
      return sendPrompt(request, reply, { session_id, prompt });
    },
  );

  app.get(
    "/sessions/:session_id/patterns/:tool_name/template",
    {
      config: PROMPT_TYPES,
      schema: {
        ...requires("read"),
        operationId: "getSuccessTemplate",
        tags,
        summary: "A <success_template> block of arguments that worked for a goal; 404 when none did",
        description: "A prompt block with the arguments of a past success for a goal like the given one.",
        params: toolParams,
        querystring: templateQuery,
        response: { 200: promptResponse(sessionPromptSchema), ...apiProblems(400, 404, 503) },
      },
    },
    async (request, reply) => {
      const { session_id, tool_name } = request.params;
      const prompt = await tools.template(sessionOf(request, session_id), tool_name, request.query.goal);
      return sendPrompt(request, reply, { session_id, prompt });
    },
  );
};

export default patternRoutes;
