// HTTP routes of the lessons API: thin handlers, each a schema plus one service call.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requires } from "../auth/scopes.js";
import type { LessonService } from "../domain/lessons/service.js";
import { apiProblems, idempotencyHeaders, postProblems, promptResponse } from "../schemas/common.js";
import {
  capturedLessonSchema,
  failureReportSchema,
  lessonListSchema,
  lessonParams,
  lessonPromptQuery,
  lessonPromptSchema,
  lessonStatsSchema,
  lessonWithFixesSchema,
  listLessonsQuery,
  signatureListSchema,
  taskParams,
} from "../schemas/lessons.js";
import { idempotencyOf, markReplayed, PROMPT_TYPES, sendPrompt, taskOf } from "./request-scope.js";

const tags = ["lessons"];
const noContent = z.undefined().describe("Done");

const lessonRoutes: FastifyPluginAsyncZod<{ lessons: LessonService }> = async (app, { lessons }) => {
  app.post(
    "/tasks/:task_id/lessons",
    {
      schema: {
        ...requires("write"),
        operationId: "captureLesson",
        tags,
        summary: "Capture a failure as a lesson",
        description:
          "Categorises the failure, judges its severity, hypothesises a fix and keeps the lesson. known_fixes lists " +
          "what worked for the same failure signature in the tenant's resolved tasks.",
        params: taskParams,
        body: failureReportSchema,
        headers: idempotencyHeaders,
        response: { 201: capturedLessonSchema, ...postProblems(400, 413, 415, 503) },
      },
    },
    async (request, reply) => {
      const { lesson, replayed, redactions } = await lessons.capture(taskOf(request, request.params.task_id), request.body, idempotencyOf(request));
      // Ids are restricted to URL-safe characters, so they go into the path as they are.
      reply.header("location", `/tasks/${lesson.task_id}/lessons/${lesson.lesson_id}`);
      markReplayed(reply, replayed);
      return reply.status(201).send({ ...lesson, redactions });
    },
  );

  app.get(
    "/tasks/:task_id/lessons",
    {
      schema: {
        ...requires("read"),
        operationId: "listLessons",
        tags,
        summary: "List a task's lessons, oldest first",
        description: "The lessons kept for the task (the newest LESSONS_MAX_PER_TASK), oldest first; limit keeps only the most recent ones.",
        params: taskParams,
        querystring: listLessonsQuery,
        response: { 200: lessonListSchema, ...apiProblems(400, 503) },
      },
    },
    async (request) => ({
      task_id: request.params.task_id,
      lessons: await lessons.list(taskOf(request, request.params.task_id), request.query.limit),
    }),
  );

  app.get(
    "/tasks/:task_id/lessons/prompt",
    {
      config: PROMPT_TYPES,
      schema: {
        ...requires("read"),
        operationId: "getLessonPrompt",
        tags,
        summary: "The lessons as a block for a fresh session's prompt",
        description: "Call at the start of a fresh session: the task's failures and their hypothesised fixes, formatted to inject into the prompt. group=signature folds repeats of one failure into one entry.",
        params: taskParams,
        querystring: lessonPromptQuery,
        response: { 200: promptResponse(lessonPromptSchema), ...apiProblems(400, 503) },
      },
    },
    async (request, reply) => {
      const { task_id } = request.params;
      const prompt = await lessons.prompt(taskOf(request, task_id), request.query.max_lessons, request.query.group);
      return sendPrompt(request, reply, { task_id, ...prompt });
    },
  );

  app.get(
    "/tasks/:task_id/lessons/signatures",
    {
      schema: {
        ...requires("read"),
        operationId: "listLessonSignatures",
        tags,
        summary: "A task's distinct failures, most recurring first",
        description: "Each distinct failure of the task (by signature: error type plus the message's template), with how often it recurred.",
        params: taskParams,
        response: { 200: signatureListSchema, ...apiProblems(400, 503) },
      },
    },
    async (request) => ({
      task_id: request.params.task_id,
      signatures: await lessons.signatures(taskOf(request, request.params.task_id)),
    }),
  );

  app.get(
    "/tasks/:task_id/lessons/stats",
    {
      schema: {
        ...requires("read"),
        operationId: "getLessonStats",
        tags,
        summary: "Counts of a task's kept lessons by category and tier",
        description: "How many lessons the task captured and keeps, by category and by tier.",
        params: taskParams,
        response: { 200: lessonStatsSchema, ...apiProblems(400, 503) },
      },
    },
    async (request) => lessons.stats(taskOf(request, request.params.task_id)),
  );

  app.delete(
    "/tasks/:task_id/lessons",
    {
      schema: {
        ...requires("admin"),
        operationId: "clearLessons",
        tags,
        summary: "Forget every lesson, counter and signature of a task (its resolution stays)",
        description: "Deletes the task's lessons, counters and signatures. The resolution stays, so what worked is still offered to other tasks.",
        params: taskParams,
        response: { 204: noContent, ...apiProblems(400, 503) },
      },
    },
    async (request, reply) => {
      await lessons.clear(taskOf(request, request.params.task_id));
      return reply.status(204).send();
    },
  );

  app.get(
    "/tasks/:task_id/lessons/:lesson_id",
    {
      schema: {
        ...requires("read"),
        operationId: "getLesson",
        tags,
        summary: "One lesson, with the fixes that worked for its signature in any task",
        description: "A lesson by id, with up to three fixes that worked for the same failure signature in the tenant's resolved tasks.",
        params: lessonParams,
        response: { 200: lessonWithFixesSchema, ...apiProblems(400, 404, 503) },
      },
    },
    async (request) => lessons.get(taskOf(request, request.params.task_id), request.params.lesson_id),
  );

  app.delete(
    "/tasks/:task_id/lessons/:lesson_id",
    {
      schema: {
        ...requires("admin"),
        operationId: "deleteLesson",
        tags,
        summary: "Forget one lesson",
        description: "Deletes one lesson; the task's counters drop with it.",
        params: lessonParams,
        response: { 204: noContent, ...apiProblems(400, 404, 503) },
      },
    },
    async (request, reply) => {
      await lessons.remove(taskOf(request, request.params.task_id), request.params.lesson_id);
      return reply.status(204).send();
    },
  );
};

export default lessonRoutes;
