// Notes the wrapped server's tools as it lists them (tools/list), so that the agent of that directory is told only of tools it has.
import { mcpToolName } from "../tool-call-report.js";
import type { JsonRpcMessage } from "./tool-calls.js";

// Listings asked for and not answered yet, at most: a client that never reads its answers cannot grow the set.
const MAX_WAITING = 100;

const idKey = (id: unknown) => `${typeof id}:${String(id)}`;

/**
 * Follows the client's tools/list requests to the server's answers, and hands each answer's tool names
 * (as the proxy records them: mcp__NAME__TOOL with --name) to `onTools`. A paged listing is handed page by page.
 */
export function createToolListWatch(serverName: string | undefined, onTools: (names: string[]) => void) {
  const waiting = new Set<string>();
  return {
    /** Whether an answer to a listing may be on its way: only then are the server's lines looked at for one. */
    get waiting(): boolean {
      return waiting.size > 0;
    },
    fromClient(message: JsonRpcMessage): void {
      if (message.method !== "tools/list" || message.id === undefined || message.id === null) return;
      if (waiting.size < MAX_WAITING) waiting.add(idKey(message.id));
    },
    fromServer(message: JsonRpcMessage): void {
      if (message.id === undefined || !waiting.delete(idKey(message.id))) return;
      const tools = (message.result as { tools?: unknown } | undefined)?.tools;
      if (!Array.isArray(tools)) return;
      const names = tools.flatMap((tool: unknown) => {
        const name = (tool as { name?: unknown } | null)?.name;
        return typeof name === "string" && name !== "" ? [mcpToolName(name, serverName)] : [];
      });
      if (names.length > 0) onTools(names);
    },
  };
}
