// HTTP routes of a task's resolution: what finally worked, recorded, read and removed.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requires } from "../auth/scopes.js";
import type { LessonService } from "../domain/lessons/service.js";
import { apiProblems } from "../schemas/common.js";
import { recordedResolutionSchema, resolutionInputSchema, resolutionSchema, taskParams } from "../schemas/lessons.js";
import { taskOf } from "./request-scope.js";

const tags = ["resolutions"];

const resolutionRoutes: FastifyPluginAsyncZod<{ lessons: LessonService }> = async (app, { lessons }) => {
  app.put(
    "/tasks/:task_id/resolution",
    {
      schema: {
        ...requires("write"),
        operationId: "resolveTask",
        tags,
        summary: "Record what finally worked for a task",
        description:
          "201 the first time, 200 when it replaces an earlier resolution. The task's failure signatures at this " +
          "moment are kept with it, and its prompt gains a WHAT WORKED section.",
        params: taskParams,
        body: resolutionInputSchema,
        response: {
          200: recordedResolutionSchema.describe("Replaced the earlier resolution"),
          201: recordedResolutionSchema.describe("The task's first resolution"),
          ...apiProblems(400, 413, 415, 503),
        },
      },
    },
    async (request, reply) => {
      const { resolution, created, redactions } = await lessons.resolve(taskOf(request, request.params.task_id), request.body);
      return reply.status(created ? 201 : 200).send({ ...resolution, redactions });
    },
  );

  app.get(
    "/tasks/:task_id/resolution",
    {
      schema: {
        ...requires("read"),
        operationId: "getResolution",
        tags,
        summary: "What worked for a task; 404 when it has no resolution",
        description: "The approach that finally worked for the task, as recorded by resolveTask.",
        params: taskParams,
        response: { 200: resolutionSchema, ...apiProblems(400, 404, 503) },
      },
    },
    async (request) => lessons.resolution(taskOf(request, request.params.task_id)),
  );

  app.delete(
    "/tasks/:task_id/resolution",
    {
      schema: {
        ...requires("admin"),
        operationId: "deleteResolution",
        tags,
        summary: "Remove a task's resolution",
        description: "Deletes the task's resolution; its failure signatures stop offering it as a known fix.",
        params: taskParams,
        response: { 204: z.undefined().describe("Removed (also when there was none)"), ...apiProblems(400, 503) },
      },
    },
    async (request, reply) => {
      await lessons.unresolve(taskOf(request, request.params.task_id));
      return reply.status(204).send();
    },
  );
};

export default resolutionRoutes;
