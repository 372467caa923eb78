// Follows each tools/call through the proxy, from the client's request to the server's answer (or the client giving up), and turns it into a record.
import { performance } from "node:perf_hooks";
import { errorMessageOf, errorTypeOf, fitArguments, fitResult, mcpToolName, resultTextOf, type ToolCallReport } from "../tool-call-report.js";
import type { Recorder, RecordSlot } from "./recorder.js";

/** A JSON-RPC message as it crosses the proxy. Nothing in it is trusted: every field is checked before use. */
export interface JsonRpcMessage {
  id?: unknown;
  method?: unknown;
  params?: unknown;
  result?: unknown;
  error?: unknown;
}

/** A failed call, and whether its answer is a result the proxy may extend with a known fix. */
export interface FailedCall {
  slot: RecordSlot;
  errorType: string;
  /** An error result (`isError: true`) has content to add to; a JSON-RPC error has none. */
  canTakeHint: boolean;
}

interface OpenCall {
  slot: RecordSlot;
  /** As recorded: mcp__NAME__TOOL with a server name. */
  tool: string;
  arguments: Record<string, unknown>;
  startedAt: number;
  timer: NodeJS.Timeout;
  progressToken: string | undefined;
}

// A client that gives up sends notifications/cancelled; the MCP SDK's reason reads "…Request timed out".
const TIMEOUT_REASON = /time(d)?[\s_-]*out/i;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);
const idKey = (id: unknown) => `${typeof id}:${String(id)}`;
const text = (value: unknown) => (typeof value === "string" ? value : undefined);

function firstText(result: Json): string | undefined {
  const content = Array.isArray(result.content) ? (result.content as unknown[]) : [];
  const item = content.find((entry) => isObject(entry) && entry.type === "text" && typeof entry.text === "string") as Json | undefined;
  return item?.text as string | undefined;
}

export interface CallTracker {
  /** Reads a message the client sent: a tools/call opens a call, a cancellation ends one. */
  fromClient(message: JsonRpcMessage): void;
  /** Reads a message the server sent: the answer to an open call ends it (a failure is returned for its hint); progress keeps it alive. */
  fromServer(message: JsonRpcMessage): FailedCall | null;
  /** Ends every open call: recorded as a failure of this type (the server exited), or dropped unrecorded (the client left). */
  endAll(ending: { errorType: string; message: string } | "discard"): void;
  /** Whether any call is waiting for its answer. */
  readonly hasOpenCalls: boolean;
}

export function createCallTracker(deps: { recorder: Recorder; serverName: string | undefined; callTimeoutMs: number }): CallTracker {
  const calls = new Map<string, OpenCall>();
  const byProgressToken = new Map<string, string>();

  function end(key: string, outcome: Pick<ToolCallReport, "outcome" | "error_type" | "error_message" | "result">): OpenCall | undefined {
    const call = calls.get(key);
    if (!call) return undefined;
    settle(key, call);
    deps.recorder.complete(call.slot, {
      tool_name: call.tool,
      arguments: call.arguments,
      execution_time_ms: Math.round(performance.now() - call.startedAt),
      ...outcome,
    });
    return call;
  }

  function settle(key: string, call: OpenCall): void {
    calls.delete(key);
    clearTimeout(call.timer);
    if (call.progressToken !== undefined) byProgressToken.delete(call.progressToken);
  }

  /** Drops an open call unrecorded, giving up its place in the order. */
  function forget(key: string): void {
    const call = calls.get(key);
    if (!call) return;
    settle(key, call);
    deps.recorder.discard(call.slot);
  }

  // A client that never cancels still gets its call recorded, as a timeout, once callTimeoutMs pass without an answer or progress.
  const timeoutTimer = (key: string) =>
    setTimeout(
      () => end(key, { outcome: "timeout", error_type: "timeout", error_message: `no answer within ${deps.callTimeoutMs} ms` }),
      deps.callTimeoutMs,
    ).unref();

  function failed(key: string, errorType: string, message: string | undefined, canTakeHint: boolean, result?: string): FailedCall | null {
    const call = end(key, { outcome: "failure", error_type: errorType, error_message: errorMessageOf(message), ...(result !== undefined ? { result } : {}) });
    return call ? { slot: call.slot, errorType, canTakeHint } : null;
  }

  return {
    fromClient(message) {
      const params = isObject(message.params) ? message.params : {};
      if (message.method === "tools/call" && (typeof message.id === "string" || typeof message.id === "number")) {
        const key = idKey(message.id);
        // A client that reuses the id of a call still open can no longer tell the two answers apart.
        forget(key);
        const tool = mcpToolName(text(params.name) ?? "unknown", deps.serverName);
        const meta = isObject(params._meta) ? params._meta : {};
        const progressToken = typeof meta.progressToken === "string" || typeof meta.progressToken === "number" ? idKey(meta.progressToken) : undefined;
        if (progressToken !== undefined) byProgressToken.set(progressToken, key);
        const slot = deps.recorder.open(tool);
        calls.set(key, { slot, tool, arguments: fitArguments(params.arguments), startedAt: performance.now(), timer: timeoutTimer(key), progressToken });
      } else if (message.method === "notifications/cancelled") {
        const reason = text(params.reason) ?? "";
        const key = idKey(params.requestId);
        if (TIMEOUT_REASON.test(reason)) end(key, { outcome: "timeout", error_type: "timeout", error_message: errorMessageOf(reason) });
        else end(key, { outcome: "cancelled", error_message: errorMessageOf(reason) });
      }
    },

    fromServer(message) {
      if (message.method === "notifications/progress") {
        // A call that reports progress is alive, as MCP clients count it: its timeout starts again.
        const params = isObject(message.params) ? message.params : {};
        const key = byProgressToken.get(idKey(params.progressToken));
        const call = key === undefined ? undefined : calls.get(key);
        if (call && key !== undefined) {
          clearTimeout(call.timer);
          call.timer = timeoutTimer(key);
        }
        return null;
      }
      if (message.method !== undefined || !("result" in message || "error" in message)) return null;
      const key = idKey(message.id);
      if (!calls.has(key)) return null;
      if ("error" in message) {
        const error = isObject(message.error) ? message.error : {};
        return failed(key, `mcp_error_${typeof error.code === "number" ? error.code : "unknown"}`, text(error.message), false);
      }
      // An answer whose result is not an object breaks the protocol; the client gets it as it came, and it counts as a failure.
      if (!isObject(message.result)) return failed(key, "mcp_invalid_result", `the server answered ${JSON.stringify(message.result)?.slice(0, 200)}`, false);
      const result = message.result;
      const first = firstText(result);
      if (result.isError === true) return failed(key, errorTypeOf(first), first, true, resultTextOf(first) ?? undefined);
      end(key, { outcome: "success", result: first !== undefined ? resultTextOf(first) : (fitResult(result.structuredContent) ?? null) });
      return null;
    },

    endAll(ending) {
      for (const key of [...calls.keys()]) {
        if (ending === "discard") forget(key);
        else end(key, { outcome: "failure", error_type: ending.errorType, error_message: ending.message });
      }
    },

    get hasOpenCalls() {
      return calls.size > 0;
    },
  };
}
