// POST /mcp: the tools over MCP's Streamable HTTP transport, stateless, one server per request, behind the API's auth and rate limit.
import type { ServerResponse } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { requires } from "../auth/scopes.js";
import { createCatalogue, createMcpServer } from "./server.js";
import { mcpTools, type McpServices } from "./tools.js";

/**
 * A hijacked reply skips every onSend hook, and the transport writes its own head on reply.raw.
 * What the onRequest hooks put on the reply (security headers, rate-limit headers, CORS) is copied
 * onto the raw response, and the x-request-id that request-lifecycle sets in onSend is set here.
 */
function carryHeaders(request: FastifyRequest, reply: FastifyReply): void {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
  reply.raw.setHeader("x-request-id", request.id);
}

/** A 500 for a failure outside any tool (the transport itself); the body reveals nothing. */
function internalProblem(request: FastifyRequest, raw: ServerResponse): void {
  const problem = {
    type: "urn:agent-lessons:problem:internal",
    title: "Internal server error",
    status: 500,
    detail: "The server could not complete the request.",
    instance: "/mcp",
    code: "INTERNAL",
    request_id: String(request.id),
  };
  raw.writeHead(500, { "content-type": "application/problem+json" }).end(JSON.stringify(problem));
}

const mcpRoute: FastifyPluginAsync<McpServices> = async (app, services) => {
  const catalogue = createCatalogue(mcpTools(services));

  // request-lifecycle marks responses "Connection: close" in onSend while shutting down, which a hijacked reply skips: an
  // MCP request in flight when the server starts closing gets the header here, before its head goes out.
  const inFlight = new Set<ServerResponse>();
  app.addHook("preClose", async () => {
    for (const raw of inFlight) if (!raw.headersSent) raw.setHeader("connection", "close");
  });

  // Any key may speak MCP; each tool then needs its own scope (tools/list shows only those the key may call).
  app.post("/mcp", { schema: { hide: true, ...requires("read") } }, async (request, reply) => {
    // Stateless: no session id, and a fresh server whose tools only see this request's tenant and scope.
    const server = createMcpServer(request.tenant, request.scope, catalogue, request.log);
    // JSON rather than an SSE stream: every tool answers once and sends no progress, so one plain
    // response suits proxies and clients alike.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    // Protocol refusals (a wrong Accept, a body that is no JSON-RPC) are answered by the transport itself.
    transport.onerror = (error) => request.log.info({ detail: error.message }, "mcp request refused");
    await server.connect(transport);

    reply.hijack();
    const raw = reply.raw;
    carryHeaders(request, reply);
    inFlight.add(raw);
    raw.on("close", () => {
      inFlight.delete(raw);
      void transport.close();
      void server.close();
    });
    try {
      // Fastify has read and parsed the body (within BODY_LIMIT_BYTES); the transport takes it as it is.
      await transport.handleRequest(request.raw, raw, request.body);
    } catch (error) {
      request.log.error({ err: error }, "mcp request failed");
      if (!raw.headersSent) internalProblem(request, raw);
      else raw.destroy();
    }
  });
};

export default mcpRoute;
