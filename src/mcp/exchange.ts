// Streamable HTTP's stateless JSON exchange, answered without a server and a transport per request: the SDK's refusals, then one shared server.
import type { IncomingHttpHeaders } from "node:http";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  isInitializeRequest,
  JSONRPCMessageSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
  type JSONRPCRequest,
} from "@modelcontextprotocol/sdk/types.js";
import { InProcessTransport, type JsonRpcReply } from "./in-process-transport.js";

// The SDK transport's own bound on a batch.
const MAX_BATCH_SIZE = 100;

/** What the HTTP response carries: a JSON body, or none (202, for notifications alone). */
export interface McpAnswer {
  status: number;
  body?: JsonRpcReply | JsonRpcReply[] | JsonRpcRefusal;
  /** Why the exchange refused the request itself, for the log. */
  refused?: string;
}

interface JsonRpcRefusal {
  jsonrpc: "2.0";
  error: { code: number; message: string };
  id: null;
}

function refusal(status: number, code: number, message: string): McpAnswer {
  return { status, body: { jsonrpc: "2.0", error: { code, message }, id: null }, refused: message };
}

const isRequest = (message: JSONRPCMessage): message is JSONRPCRequest => "method" in message && "id" in message;

/**
 * The checks of the SDK's Streamable HTTP transport in stateless JSON mode, in its order and with its
 * codes and words, so that a client sees no difference; then each request goes to `server`, which
 * every exchange shares. What the caller is (tenant, scope, log) travels with each message as its
 * auth info, which the SDK hands to the request handlers.
 */
export class McpExchange {
  private readonly transport = new InProcessTransport();

  private constructor(private readonly server: Server) {}

  static async serving(server: Server): Promise<McpExchange> {
    const exchange = new McpExchange(server);
    await server.connect(exchange.transport);
    return exchange;
  }

  async answer(headers: IncomingHttpHeaders, body: unknown, authInfo: AuthInfo): Promise<McpAnswer> {
    const accept = headers.accept ?? "";
    if (!accept.includes("application/json") || !accept.includes("text/event-stream")) {
      return refusal(406, -32000, "Not Acceptable: Client must accept both application/json and text/event-stream");
    }
    // The SDK's 415 for a body that is not JSON is the API's own here: Fastify's parser refuses it first.
    if (Array.isArray(body) && body.length > MAX_BATCH_SIZE) {
      return refusal(400, -32600, `Invalid Request: Batch must not exceed ${MAX_BATCH_SIZE} messages`);
    }
    const parsed = (Array.isArray(body) ? body : [body]).map((message) => JSONRPCMessageSchema.safeParse(message));
    if (parsed.some((result) => !result.success)) return refusal(400, -32700, "Parse error: Invalid JSON-RPC message");
    const messages = parsed.map((result) => result.data!);

    const initializing = messages.some((message) => "method" in message && message.method === "initialize" && isInitializeRequest(message));
    if (initializing && messages.length > 1) return refusal(400, -32600, "Invalid Request: Only one initialization request is allowed");
    const version = headers["mcp-protocol-version"];
    if (!initializing && typeof version === "string" && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
      return refusal(
        400,
        -32000,
        `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")})`,
      );
    }

    const replies: Promise<JsonRpcReply>[] = [];
    for (const message of messages) {
      if (isRequest(message)) replies.push(this.transport.request(message, authInfo));
      else this.transport.deliver(message, authInfo);
    }
    if (replies.length === 0) return { status: 202 };
    const answered = await Promise.all(replies);
    // As the SDK answers: one reply as itself, more as an array in the order of their requests.
    return { status: 200, body: answered.length === 1 ? answered[0] : answered };
  }

  close(): Promise<void> {
    return this.server.close();
  }
}
