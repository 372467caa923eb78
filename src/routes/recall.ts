// HTTP routes of recall: "have we seen this failure?", by free text, as a query string or, for a pasted trace, a body.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requires } from "../auth/scopes.js";
import type { RecallService } from "../domain/recall/service.js";
import { apiProblems } from "../schemas/common.js";
import { recallAnswerSchema, recallBody, recallQuery } from "../schemas/recall.js";

const description =
  "The tenant's failures (lesson signatures and tools' failures) most like the text, best first: the template the text would be placed in " +
  "first, then by BM25 over the templates' terms (error codes, names and path parts included). Each lesson match carries its latest tasks and " +
  "resolution, each tool match its latest sessions and the tool's best offerable fix. Nothing matched answers an empty list.";

const recallRoutes: FastifyPluginAsyncZod<{ recall: RecallService }> = async (app, { recall }) => {
  app.get(
    "/recall",
    {
      schema: {
        ...requires("read"),
        operationId: "recall",
        tags: ["recall"],
        summary: "Have we seen this failure? The tenant's failures most like a text",
        description,
        querystring: recallQuery,
        response: { 200: recallAnswerSchema, ...apiProblems(400, 503) },
      },
    },
    async (request) => recall.recall(request.tenant, request.query),
  );
  app.post(
    "/recall",
    {
      schema: {
        ...requires("read"),
        operationId: "recallByBody",
        tags: ["recall"],
        summary: "Have we seen this failure? The same, with the text in the body",
        description: `${description} The same as GET /recall, for text too long for a URL (a pasted stack trace).`,
        body: recallBody,
        response: { 200: recallAnswerSchema, ...apiProblems(400, 413, 415, 503) },
      },
    },
    async (request) => recall.recall(request.tenant, request.body),
  );
};

export default recallRoutes;
