// Follows each tools/call through the proxy, from the client's request to the server's answer (or the client giving up), and turns it into a record.
import { performance } from "node:perf_hooks";
import { errorMessageOf, errorTypeOf, fitArguments, fitResult, mcpToolName, resultTextOf, type ToolCallReport } from "../tool-call-report.js";
import type { Recorder, RecordSlot } from "./recorder.js";

/** A JSON-RPC message as it crosses the proxy; only the fields the proxy reads are typed. */
export interface JsonRpcMessage {
  jsonrpc?: string;
  id?: string | number | null;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code?: number; message?: string };
}

/** A failed call whose answer the proxy may extend with a known fix. */
export interface FailedCall {
  slot: RecordSlot;
  errorType: string;
}

interface OpenCall {
  slot: RecordSlot;
  /** As recorded: mcp__NAME__TOOL with a server name. */
  tool: string;
  arguments: Record<string, unknown>;
  startedAt: number;
  timer: NodeJS.Timeout;
}

// A client that gives up sends notifications/cancelled; the MCP SDK's reason reads "…Request timed out".
const TIMEOUT_REASON = /time(d)?[\s_-]*out/i;

const idKey = (id: unknown) => `${typeof id}:${String(id)}`;

function firstText(result: Record<string, unknown> | undefined): string | undefined {
  const content = Array.isArray(result?.content) ? (result.content as Array<Record<string, unknown>>) : [];
  const text = content.find((item) => item?.type === "text" && typeof item.text === "string");
  return text?.text as string | undefined;
}

export interface CallTracker {
  /** Reads a message the client sent: a tools/call opens a call, a cancellation ends one. */
  fromClient(message: JsonRpcMessage): void;
  /** Reads a message the server sent: the answer to an open call ends it; a failure is returned for its hint. */
  fromServer(message: JsonRpcMessage): FailedCall | null;
  /** Ends every open call: recorded as a failure of this type (the server exited), or discarded (the client left). */
  endAll(ending: { errorType: string; message: string } | "discard"): void;
  /** Whether any call is waiting for its answer. */
  readonly open: boolean;
}

export function createCallTracker(deps: { recorder: Recorder; serverName: string | undefined; callTimeoutMs: number }): CallTracker {
  const calls = new Map<string, OpenCall>();

  function end(key: string, outcome: Pick<ToolCallReport, "outcome" | "error_type" | "error_message" | "result">): OpenCall | undefined {
    const call = calls.get(key);
    if (!call) return undefined;
    calls.delete(key);
    clearTimeout(call.timer);
    deps.recorder.complete(call.slot, {
      tool_name: call.tool,
      arguments: call.arguments,
      execution_time_ms: Math.round(performance.now() - call.startedAt),
      ...outcome,
    });
    return call;
  }

  /** Drops an open call unrecorded, giving up its place in the order. */
  function forget(key: string): void {
    const call = calls.get(key);
    if (!call) return;
    calls.delete(key);
    clearTimeout(call.timer);
    deps.recorder.discard(call.slot);
  }

  return {
    fromClient(message) {
      if (message.method === "tools/call" && message.id !== undefined && message.id !== null) {
        const key = idKey(message.id);
        const tool = mcpToolName(typeof message.params?.name === "string" ? message.params.name : "unknown", deps.serverName);
        // A client that reuses the id of a call still open can no longer tell the two answers apart.
        forget(key);
        // A client that never cancels still gets its call recorded, as a timeout, once callTimeoutMs pass.
        const timer = setTimeout(
          () => end(key, { outcome: "timeout", error_type: "timeout", error_message: `no answer within ${deps.callTimeoutMs} ms` }),
          deps.callTimeoutMs,
        ).unref();
        calls.set(key, { slot: deps.recorder.open(tool), tool, arguments: fitArguments(message.params?.arguments), startedAt: performance.now(), timer });
      } else if (message.method === "notifications/cancelled") {
        const reason = typeof message.params?.reason === "string" ? message.params.reason : "";
        const key = idKey(message.params?.requestId);
        if (TIMEOUT_REASON.test(reason)) end(key, { outcome: "timeout", error_type: "timeout", error_message: errorMessageOf(reason) });
        else end(key, { outcome: "cancelled", error_message: errorMessageOf(reason) });
      }
    },

    fromServer(message) {
      if (message.method !== undefined || (message.result === undefined && message.error === undefined)) return null;
      const key = idKey(message.id);
      if (!calls.has(key)) return null;
      if (message.error) {
        const errorType = `mcp_error_${message.error.code ?? "unknown"}`;
        const call = end(key, { outcome: "failure", error_type: errorType, error_message: errorMessageOf(message.error.message) });
        return call ? { slot: call.slot, errorType } : null;
      }
      const result = message.result!;
      if (result.isError === true) {
        const text = firstText(result);
        const errorType = errorTypeOf(text);
        const call = end(key, { outcome: "failure", error_type: errorType, error_message: errorMessageOf(text), result: resultTextOf(text) });
        return call ? { slot: call.slot, errorType } : null;
      }
      const text = firstText(result);
      end(key, { outcome: "success", result: text !== undefined ? resultTextOf(text) : (fitResult(result.structuredContent) ?? null) });
      return null;
    },

    endAll(ending) {
      for (const key of [...calls.keys()]) {
        if (ending === "discard") forget(key);
        else end(key, { outcome: "failure", error_type: ending.errorType, error_message: ending.message });
      }
    },

    get open() {
      return calls.size > 0;
    },
  };
}
