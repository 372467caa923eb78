// Builds the OpenAPI 3.1 document from the routes' zod schemas; serves it at /openapi.json and a UI at /docs.
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import { noQuery, problemResponses } from "../schemas/common.js";
import type { OpenApiDocument } from "../openapi/json.js";
import { polishDocument } from "../openapi/polish.js";
import { API_VERSION } from "../api-version.js";

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
            "detect fixes, learn per-tool patterns, and get prompt blocks for the next fresh session. " +
            "Every error is an RFC 9457 problem (application/problem+json) with a stable code.",
          license: { name: "MIT", identifier: "MIT" },
          contact: { name: "agent-lessons: see the README for set-up, configuration and behaviour under faults" },
        },
        // Relative: "Try it out" in /docs, and any client reading the document, go to the origin that served it.
        servers: [{ url: "/", description: "The instance that serves this document" }],
        components: {
          securitySchemes: {
            bearer: {
              type: "http",
              scheme: "bearer",
              description: "An API key from API_KEYS or API_KEYS_FILE; not needed when the service runs without keys.",
            },
          },
        },
        security: [{ bearer: [] }],
        tags: [
          { name: "lessons", description: "Failures captured as lessons, per task" },
          { name: "resolutions", description: "What finally worked for a task, and known fixes across tasks" },
          { name: "tool-calls", description: "Tool calls recorded per session, with fix detection" },
          { name: "patterns", description: "What each tool's history teaches" },
          { name: "sessions", description: "Session stats, prompts and whole-memory export/import" },
          { name: "shared-tools", description: "What every session of a tenant learned about each tool" },
          { name: "context", description: "One context block for a fresh session, within a token budget" },
          { name: "recall", description: "Have we seen this failure? The tenant's failures most like a free text" },
          { name: "dashboard", description: "Listings, an overview and a live event stream of the tenant, for dashboards" },
          { name: "otlp", description: "OTLP/HTTP receiver: the tool calls among an OpenTelemetry exporter's spans and log records, recorded as tool calls" },
          { name: "health", description: "Probes, metrics and this document; open without a key" },
        ],
      },
      transform: jsonSchemaTransform,
      transformObject: (document) => polishDocument(jsonSchemaTransformObject(document) as OpenApiDocument),
    });
    await app.register(swaggerUi, { routePrefix: "/docs" });
    // Rendered once: the document only changes with the code.
    let rendered: string | undefined;
    app.get(
      "/openapi.json",
      {
        schema: {
          operationId: "getOpenApiDocument",
          tags: ["health"],
          summary: "This document",
          description: "The OpenAPI 3.1 document of the running service; /docs shows it in Swagger UI.",
          security: [],
          querystring: noQuery,
          response: { ...problemResponses(400), 200: { description: "The OpenAPI document", content: { "application/json": { schema: z.looseObject({}) } } } },
        },
      },
      async (_request, reply) => reply.type("application/json; charset=utf-8").send((rendered ??= JSON.stringify(app.swagger()))),
    );
  },
  { name: "openapi" },
);
