// The real service listening on a port for MCP tests, with the SDK's own client connected to its /mcp endpoint.
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { FastifyInstance } from "fastify";
import supertest from "supertest";
import { afterEach, beforeEach } from "vitest";
import type { Store } from "../../src/storage/port.js";
import { buildTestApp } from "../helpers/app.js";
import type { StoreFactory } from "../helpers/stores.js";

export interface McpService {
  app: FastifyInstance;
  store: Store;
  /** Plain HTTP against the same server, to compare with what the routes answer. */
  http: ReturnType<typeof supertest>;
  url: string;
  /** An MCP client connected with this key (none: no Authorization header). */
  connect(key?: string): Promise<Client>;
}

/** Registers hooks that give each test the service on a fresh store, and close its clients after it. */
export function useMcpService(factory: StoreFactory, env: Record<string, string> = {}, deps: { clock?: () => Date } = {}): McpService {
  const service = {} as McpService;
  const clients: Client[] = [];
  beforeEach(async () => {
    service.store = await factory();
    service.app = await buildTestApp(service.store, env, deps);
    await service.app.listen({ port: 0, host: "127.0.0.1" });
    service.url = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;
    service.http = supertest(service.url);
    service.connect = async (key) => {
      const client = await connectClient(service.url, key);
      clients.push(client);
      return client;
    };
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    await service.app.close();
    await service.store.close();
  });
  return service;
}

export async function connectClient(url: string, key?: string): Promise<Client> {
  const headers: Record<string, string> = key === undefined ? {} : { authorization: `Bearer ${key}` };
  const transport = new StreamableHTTPClientTransport(new URL("/mcp", url), { requestInit: { headers } });
  const client = new Client({ name: "agent-lessons-tests", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

/** Calls a tool and returns its result as the SDK parsed it. */
export async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The text of a result's only content block. */
export function textOf(result: CallToolResult): string {
  const [block, ...rest] = result.content;
  if (block?.type !== "text" || rest.length > 0) throw new Error(`expected one text block, got ${JSON.stringify(result.content)}`);
  return block.text;
}

/** A JSON-RPC request body, as an MCP client posts it. */
export function rpc(method: string, params: Record<string, unknown> = {}, id: number | string = 1) {
  return { jsonrpc: "2.0", id, method, params };
}

/** The headers an MCP client sends with every POST (the transport refuses others with 406 or 415). */
export const MCP_HEADERS = { accept: "application/json, text/event-stream", "content-type": "application/json" };
