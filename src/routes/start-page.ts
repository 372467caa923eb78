// GET /: where a person opening the port in a browser lands (the dashboard), and a JSON index of the entry points for a client.
import type { FastifyInstance } from "fastify";
import { preferredType } from "./content-negotiation.js";

/** Every place to start from, for a client that asks the root what is here. */
export const ENTRY_POINTS = {
  dashboard: "/dashboard",
  docs: "/docs",
  openapi: "/openapi.json",
  mcp: "/mcp",
  health_live: "/health/live",
  health_ready: "/health/ready",
  metrics: "/metrics",
} as const;

export default async function startPage(app: FastifyInstance): Promise<void> {
  // Left out of the OpenAPI document, like the dashboard: a way in, not part of the API.
  app.get("/", { schema: { hide: true } }, async (request, reply) => {
    // A browser (or a client with no preference) is sent to the dashboard; JSON only to one that asks for it.
    if (preferredType(request.headers.accept, ["text/html", "application/json"]) === "application/json") {
      return { service: "agent-lessons", links: ENTRY_POINTS };
    }
    return reply.redirect("/dashboard", 302);
  });
}
