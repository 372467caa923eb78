// HTTP routes of the dashboard's reads: the tenant's tasks and sessions, by activity or by id prefix, its overview, and a tool's activity.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requires } from "../auth/scopes.js";
import type { ActivityService } from "../domain/activity/service.js";
import { listingQuery, overviewQuery, overviewSchema, sessionListSchema, taskListSchema, toolActivityQuery, toolActivitySchema } from "../schemas/activity.js";
import { sharedToolParams } from "../schemas/shared-tools.js";
import { apiProblems } from "../schemas/common.js";

const activityRoutes: FastifyPluginAsyncZod<{ activity: ActivityService }> = async (app, { activity }) => {
  app.get(
    "/tasks",
    {
      schema: {
        ...requires("read"),
        operationId: "listTasks",
        tags: ["dashboard"],
        summary: "The tenant's tasks that keep lessons, most recently active first (or by id prefix, in id order), a page at a time",
        description:
          "For dashboards: the tenant's tasks, most recently active first, with lesson counts, the latest error type and whether the task is resolved. " +
          "With prefix, only the tasks whose id starts with it, in id order. Pass next_cursor back as cursor (with the same prefix) for the next page.",
        querystring: listingQuery,
        response: { 200: taskListSchema, ...apiProblems(400, 503) },
      },
    },
    async (request) => activity.listTasks(request.tenant, request.query),
  );

  app.get(
    "/sessions",
    {
      schema: {
        ...requires("read"),
        operationId: "listSessions",
        tags: ["dashboard"],
        summary: "The tenant's sessions that keep calls, most recently active first (or by id prefix, in id order), a page at a time",
        description:
          "For dashboards: the tenant's sessions, most recently active first, with call and fix counts. " +
          "With prefix, only the sessions whose id starts with it, in id order. Pass next_cursor back as cursor (with the same prefix) for the next page.",
        querystring: listingQuery,
        response: { 200: sessionListSchema, ...apiProblems(400, 503) },
      },
    },
    async (request) => activity.listSessions(request.tenant, request.query),
  );

  app.get(
    "/overview",
    {
      schema: {
        ...requires("read"),
        operationId: "getOverview",
        tags: ["dashboard"],
        summary: "Active tasks and sessions, failures by category, and activity over the last hour or day",
        description: "For dashboards: tasks and sessions active in the last hour and day, failures by category, and a timeline of lessons, calls, successes and fixes.",
        querystring: overviewQuery,
        response: { 200: overviewSchema, ...apiProblems(400, 503) },
      },
    },
    async (request) => activity.overview(request.tenant, request.query.window),
  );

  app.get(
    "/tools/:tool_name/activity",
    {
      schema: {
        ...requires("read"),
        operationId: "getToolActivity",
        tags: ["dashboard"],
        summary: "One tool's calls and success rate per hour, its latency, and the sessions that used it last",
        description:
          "For the dashboard's tool view: the tool's calls and successes per hour over the last day or 7 days, p50 and p95 of its execution time, and the sessions that called it most recently. Counted as calls are recorded, so nothing is scanned; a tool nobody called answers zeros.",
        params: sharedToolParams,
        querystring: toolActivityQuery,
        response: { 200: toolActivitySchema, ...apiProblems(400, 503) },
      },
    },
    async (request) => activity.toolActivity(request.tenant, request.params.tool_name, request.query.window),
  );
};

export default activityRoutes;
