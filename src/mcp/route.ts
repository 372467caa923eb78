// POST /mcp: the tools over MCP's Streamable HTTP transport, stateless, behind the API's auth and rate limit.
import type { FastifyPluginAsync } from "fastify";
import { requires } from "../auth/scopes.js";
import { McpExchange } from "./exchange.js";
import { authInfoOf, createCatalogue, createMcpServer } from "./server.js";
import { mcpTools, type McpServices } from "./tools.js";

const mcpRoute: FastifyPluginAsync<McpServices> = async (app, services) => {
  // One server and one in-process transport for every request: the exchange keeps each request's
  // replies, tenant and scope apart, so nothing is built per request.
  const exchange = await McpExchange.serving(createMcpServer(createCatalogue(mcpTools(services))));
  app.addHook("onClose", () => exchange.close());

  // Any key may speak MCP; each tool then needs its own scope (tools/list shows only those the key may call).
  app.post("/mcp", { schema: { hide: true, ...requires("read") } }, async (request, reply) => {
    // Fastify has read and parsed the body (within BODY_LIMIT_BYTES); the exchange takes it as it is.
    const answer = await exchange.answer(request.headers, request.body, authInfoOf({ tenant: request.tenant, scope: request.scope, log: request.log }));
    // Protocol refusals (a wrong Accept, a body that is no JSON-RPC) are JSON-RPC errors, as MCP clients expect.
    if (answer.refused) request.log.info({ detail: answer.refused }, "mcp request refused");
    // JSON rather than an SSE stream: every tool answers once and sends no progress, so one plain
    // response suits proxies and clients alike. As an ordinary reply it gets every header the other
    // routes send, "Connection: close" while shutting down included.
    reply.code(answer.status);
    return answer.body === undefined ? reply.send() : reply.type("application/json").send(answer.body);
  });
};

export default mcpRoute;
