// OTLP capture: maps an export request's spans or log records to tool calls and records each through the tool memory, in start-time order per session.
import { AppError } from "../../errors.js";
import type { ToolMemoryService } from "../tools/service.js";
import type { ToolCallInput } from "../tools/types.js";
import { mapLogRecord, mapSpan } from "./dialects/index.js";
import type { ExportLogsRequest, ExportTraceRequest, MappedItem } from "./types.js";
import { logRecordsOf, spansOf } from "./views.js";

export type OtlpSignal = "traces" | "logs";
export type OtlpVerdict = "accepted" | "ignored" | "refused";

export interface OtlpCaptureDeps {
  tools: Pick<ToolMemoryService, "record">;
  /** The POST's own check of a call (its request schema): a reason when the call fails it, else null. */
  validate: (input: ToolCallInput) => string | null;
  /** Told how many items of a signal and dialect were accepted, ignored or refused. */
  count?: (signal: OtlpSignal, dialect: string, verdict: OtlpVerdict, items: number) => void;
}

/** What became of a request's items: recorded (or answered again, for a retry), not tool calls, or tool calls that could not be recorded. */
export interface CaptureResult {
  accepted: number;
  ignored: number;
  refused: number;
  /** Why, for the first few refused items. */
  reasons: string[];
}

type Call = Extract<MappedItem, { kind: "call" }> & { order: number };

// The partial-success message names a few reasons, not one per item.
const MAX_REASONS = 5;

function isKeyReused(error: unknown): boolean {
  return error instanceof AppError && error.code === "IDEMPOTENCY_KEY_REUSED";
}

export function createOtlpCaptureService({ tools, validate, count = () => {} }: OtlpCaptureDeps) {
  /**
   * Records one session's calls one after the other, in start-time order (ties keep the request's
   * order), so that fix detection sees a failure before the success that fixed it. The first error
   * other than a reused key stops the session: its later calls must not be recorded ahead of it.
   */
  async function recordSession(tenant: string, sessionId: string, calls: Call[], signal: OtlpSignal, refuse: (call: Call, reason: string) => void, accept: (call: Call) => void) {
    calls.sort((a, b) => (a.startNs < b.startNs ? -1 : a.startNs > b.startNs ? 1 : a.order - b.order));
    for (const call of calls) {
      try {
        // An exported call is history: no fix offered to it can reach the model, so none is offered (nor counted as ignored).
        await tools.record({ tenant, sessionId }, { ...call.input, offer_fix: false }, { key: call.idempotencyKey, request: `POST /v1/${signal}` });
        accept(call);
      } catch (error) {
        if (!isKeyReused(error)) throw error;
        refuse(call, `${call.input.tool_name}: its span or record id was recorded before with other content`);
      }
    }
  }

  async function capture(tenant: string, signal: OtlpSignal, mapped: MappedItem[]): Promise<CaptureResult> {
    const result: CaptureResult = { accepted: 0, ignored: 0, refused: 0, reasons: [] };
    const tally = new Map<string, number>();
    const note = (dialect: string, verdict: OtlpVerdict) => tally.set(`${dialect}\n${verdict}`, (tally.get(`${dialect}\n${verdict}`) ?? 0) + 1);
    const refuse = (dialect: string, reason: string) => {
      result.refused += 1;
      if (result.reasons.length < MAX_REASONS) result.reasons.push(reason);
      note(dialect, "refused");
    };
    const bySession = new Map<string, Call[]>();
    mapped.forEach((item, order) => {
      if (item.kind === "ignored") {
        result.ignored += 1;
        note(item.dialect, "ignored");
      } else if (item.kind === "refused") refuse(item.dialect, item.reason);
      else {
        const problem = validate(item.input);
        if (problem) return refuse(item.dialect, `${item.input.tool_name}: ${problem}`);
        const calls = bySession.get(item.sessionId) ?? [];
        calls.push({ ...item, order });
        bySession.set(item.sessionId, calls);
      }
    });
    const accept = (call: Call) => {
      result.accepted += 1;
      note(call.dialect, "accepted");
    };
    // Sessions are independent: they are recorded side by side, each in its own order.
    const settled = await Promise.allSettled(
      [...bySession].map(([sessionId, calls]) => recordSession(tenant, sessionId, calls, signal, (call, reason) => refuse(call.dialect, reason), accept)),
    );
    for (const [key, items] of tally) {
      const [dialect, verdict] = key.split("\n") as [string, OtlpVerdict];
      count(signal, dialect, verdict, items);
    }
    // A store that failed fails the request: the exporter retries it, and the idempotency keys answer what was recorded.
    const failed = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
    if (failed) throw failed.reason;
    return result;
  }

  return {
    /** Records the tool calls among an ExportTraceServiceRequest's spans. */
    traces: (tenant: string, request: ExportTraceRequest) => capture(tenant, "traces", spansOf(request).map(mapSpan)),
    /** Records the tool calls among an ExportLogsServiceRequest's log records. */
    logs: (tenant: string, request: ExportLogsRequest) => capture(tenant, "logs", logRecordsOf(request).map(mapLogRecord)),
  };
}

export type OtlpCaptureService = ReturnType<typeof createOtlpCaptureService>;
