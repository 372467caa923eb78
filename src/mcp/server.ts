// The one MCP server of the service: it lists the tools and runs them for the tenant and scope each request carries.
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { allows, insufficientScope, type Scope } from "../auth/scopes.js";
import { API_VERSION } from "../api-version.js";
import { errorResult, problemOf } from "./results.js";
import type { McpTool } from "./tools.js";

const INSTRUCTIONS =
  "agent-lessons remembers what failed and what fixed it, across sessions. At the start of a fresh session call " +
  "get_context (or get_lessons_prompt and get_procedural_memory) and follow it. When an attempt fails call " +
  "record_failure; after each call of one of your tools call record_tool_call; before retrying a failed tool call " +
  "check get_tool_fix; when the task finally succeeds call resolve_task. Keep task_id and session_id the same across " +
  "sessions of the same work.";

/** The tools and their listing, built once: the JSON Schemas do not change per request. */
export interface McpCatalogue {
  tools: ReadonlyMap<string, McpTool>;
  /** What tools/list answers a key of each scope: only the tools it may call. */
  listing: Record<Scope, Tool[]>;
}

export function createCatalogue(tools: readonly McpTool[]): McpCatalogue {
  const listed = tools.map((tool) => ({
    scope: tool.scope,
    entry: {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      // What a client sends, not what the schema makes of it (defaults are optional to send). Draft 7,
      // as the SDK's own McpServer.registerTool lists zod schemas.
      inputSchema: z.toJSONSchema(tool.input, { io: "input", target: "draft-7" }) as Tool["inputSchema"],
      annotations: tool.annotations,
    } satisfies Tool,
  }));
  const listingFor = (scope: Scope) => listed.filter((tool) => allows(scope, tool.scope)).map((tool) => tool.entry);
  return {
    tools: new Map(tools.map((tool) => [tool.name, tool])),
    listing: { read: listingFor("read"), write: listingFor("write"), admin: listingFor("admin") },
  };
}

/** Who sent a request: what the route knows of the key, carried to the handlers as the SDK's auth info. */
export interface McpCaller {
  tenant: string;
  scope: Scope;
  log: FastifyBaseLogger;
}

export function authInfoOf(caller: McpCaller): AuthInfo {
  return { token: "", clientId: caller.tenant, scopes: [caller.scope], extra: { caller } };
}

function callerOf(authInfo: AuthInfo | undefined): McpCaller {
  const caller = authInfo?.extra?.caller as McpCaller | undefined;
  // Every exchange attaches one; a message without one would be a bug here, never a client's doing.
  if (!caller) throw new Error("an MCP request reached the server without its caller");
  return caller;
}

/**
 * The tools are served by handlers on the SDK's Server rather than McpServer.registerTool:
 * registerTool validates arguments itself and words a failure its own way, before the handler
 * runs. Here the routes' schemas check them, after turning JSON booleans and lists into the query
 * form those schemas parse, and a failure reads like the HTTP 400 (VALIDATION_FAILED, each field).
 * One server serves every tenant: building one per request cost more than the tool call itself.
 */
export function createMcpServer(catalogue: McpCatalogue): Server {
  const server = new Server({ name: "agent-lessons", version: API_VERSION }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });

  server.setRequestHandler(ListToolsRequestSchema, (_request, extra) => ({ tools: catalogue.listing[callerOf(extra.authInfo).scope] }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { tenant, scope, log } = callerOf(extra.authInfo);
    const tool = catalogue.tools.get(request.params.name);
    // An unknown tool is a protocol error (the client asked for something not listed), not a tool error.
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Tool ${request.params.name} not found`);
    try {
      // A tool the key may not call is refused as a tool error, like a route's 403: nothing runs.
      if (!allows(scope, tool.scope)) throw insufficientScope(tool.scope, scope);
      return await tool.call(tenant, request.params.arguments ?? {});
    } catch (error) {
      const problem = problemOf(error);
      if (problem.status >= 500) log.error({ err: error, mcp_tool: tool.name }, "mcp tool failed");
      else log.info({ mcp_tool: tool.name, code: problem.code, detail: problem.message }, "mcp tool call rejected");
      return errorResult(problem);
    }
  });

  return server;
}
