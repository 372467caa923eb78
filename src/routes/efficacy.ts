// HTTP route of the impact report: whether the fixes the memory offered were taken and worked.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requires } from "../auth/scopes.js";
import type { EfficacyService } from "../domain/efficacy/service.js";
import { apiProblems } from "../schemas/common.js";
import { efficacyReportSchema } from "../schemas/efficacy.js";

const efficacyRoutes: FastifyPluginAsyncZod<{ efficacy: EfficacyService }> = async (app, { efficacy }) => {
  app.get(
    "/efficacy",
    {
      schema: {
        ...requires("read"),
        operationId: "getEfficacy",
        tags: ["dashboard"],
        summary: "Whether offered fixes helped: offers, adoptions and outcomes, the best and worst fixes",
        description:
          "The tenant's totals, equal to the sums over its tools and failure signatures. A failed tool call offered a known_fix is " +
          "decided by the session's next call of the tool: adopted (it took the fix's arguments) and worked or failed, or not adopted " +
          "and succeeded another way (other_fix) or failed (ignored). For lessons: the mean attempts to resolve a task with and without an offered fix.",
        response: { 200: efficacyReportSchema, ...apiProblems(503) },
      },
    },
    async (request) => efficacy.report(request.tenant),
  );
};

export default efficacyRoutes;
