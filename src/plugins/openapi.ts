// Builds the OpenAPI 3.1 document from the routes' zod schemas; serves it at /openapi.json and a UI at /docs.
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

export const API_VERSION = "0.1.0";

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: "agent-lessons",
          version: API_VERSION,
          description:
            "A memory of failures and tool use for AI agents: capture failures as lessons, record tool calls, " +
            "detect fixes, learn per-tool patterns, and get prompt blocks for the next fresh session.",
        },
        components: {
          securitySchemes: {
            apiKey: {
              type: "http",
              scheme: "bearer",
              description: "An API key from API_KEYS or API_KEYS_FILE; not needed when the service runs without keys.",
            },
          },
        },
        security: [{ apiKey: [] }],
        tags: [
          { name: "lessons", description: "Failures captured as lessons, per task" },
          { name: "resolutions", description: "What finally worked for a task, and known fixes across tasks" },
          { name: "tool-calls", description: "Tool calls recorded per session, with fix detection" },
          { name: "patterns", description: "What each tool's history teaches" },
          { name: "sessions", description: "Session stats, prompts and whole-memory export/import" },
          { name: "shared-tools", description: "What every session of a tenant learned about each tool" },
          { name: "context", description: "One context block for a fresh session, within a token budget" },
          { name: "dashboard", description: "Listings, an overview and a live event stream of the tenant, for dashboards" },
          { name: "health", description: "Liveness and readiness probes" },
        ],
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, { routePrefix: "/docs" });
    app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  },
  { name: "openapi" },
);
