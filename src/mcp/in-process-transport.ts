// An MCP transport inside the process: one server answers the requests of every HTTP exchange, each reply routed back to its own.
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, JSONRPCRequest, RequestId } from "@modelcontextprotocol/sdk/types.js";

/** A reply to one request: a result or an error, with the id the client sent. */
export type JsonRpcReply = Extract<JSONRPCMessage, { id: RequestId }> & ({ result: unknown } | { error: unknown });

/**
 * Clients of different exchanges reuse the same ids (every SDK client starts at 0), so each request
 * goes to the server under an id of its own, and its reply is given back the client's.
 */
export class InProcessTransport implements Transport {
  onmessage?: Transport["onmessage"];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private nextId = 0;
  private readonly waiting = new Map<number, { clientId: RequestId; settle: (reply: JsonRpcReply) => void }>();

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.waiting.clear();
    this.onclose?.();
  }

  /** Hands the server a request and settles with its reply. */
  request(message: JSONRPCRequest, authInfo: AuthInfo): Promise<JsonRpcReply> {
    const id = (this.nextId += 1);
    return new Promise((settle) => {
      this.waiting.set(id, { clientId: message.id, settle });
      this.onmessage?.({ ...message, id }, { authInfo });
    });
  }

  /** Hands the server a notification, or a reply to a request it never sent; nothing answers either. */
  deliver(message: JSONRPCMessage, authInfo: AuthInfo): void {
    this.onmessage?.(message, { authInfo });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    // A stateless JSON exchange carries only replies: the server's notifications and its own
    // requests have no stream to go out on (the SDK's transport drops them the same way).
    if (!("id" in message) || "method" in message) return;
    const waiting = this.waiting.get(message.id as number);
    if (!waiting) return;
    this.waiting.delete(message.id as number);
    waiting.settle({ ...message, id: waiting.clientId } as JsonRpcReply);
  }
}
