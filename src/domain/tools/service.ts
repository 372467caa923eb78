// The procedural-memory use cases: record calls, search them, read patterns, stats, prompts, export and import.
import { AppError, keyReused, notFound } from "../../errors.js";
import type { FailureToSign, SignedFailureStore } from "../failures/store.js";
import type { SharedToolStore } from "../shared-tools/store.js";
import type { NewToolCall, ToolMemoryStore } from "./store.js";
import type { StoreLimits } from "../../storage/port.js";
import type { SessionRef } from "../refs.js";
import { redactMemoryImport, redactToolCall } from "../redaction/inputs.js";
import { RedactionTally, type Redactor } from "../redaction/redactor.js";
import { idempotencyKeyOf, type IdempotencyKey, type IdempotencyRequest } from "../idempotency.js";
import { formatToolContextWithShared } from "../shared-tools/prompt.js";
import type { KnownSharedFix } from "../shared-tools/types.js";
import { KEPT_MESSAGE_CHARS } from "../failures/templates.js";
import { truncateText } from "../text/text-format.js";
import { hashArguments } from "./arguments.js";
import { hasDeltaParts } from "./delta-text.js";
import { withFixText } from "./fix-text.js";
import { formatErrorGuidance, formatSuccessTemplate, formatSummary, formatToolContext } from "./prompt-format.js";
import { UNKNOWN_ERROR_TYPE } from "./pattern-update.js";
import { summariseResult } from "./result-summary.js";
import { isUnfiltered, matchesFilter, type CallFilter } from "./search.js";
import { effectiveSettings, type SessionSettingOverrides } from "./session-settings.js";
import { FAILURE_OUTCOMES, type ArgDelta, type MemoryImport, type ProceduralMemory, type StoredMemory, type ToolArguments, type ToolCallInput, type ToolLogEntry, type ToolPattern } from "./types.js";

export interface PromptOptions {
  tools?: string[] | undefined;
  goal?: string | undefined;
  max_recent_calls: number;
  max_error_patterns: number;
  max_success_patterns: number;
  include_args: boolean;
  include_timing: boolean;
  compact: boolean;
  /** Also what other sessions of the tenant learned about these tools. */
  shared: boolean;
}

/** A recorded call as the agent gets it back: the entry, and the tenant's fix when it failed, in words too. */
export type RecordedCall = ToolLogEntry & { known_fix: (KnownSharedFix & { fix_text: string }) | null };

export interface ToolMemoryServiceDeps {
  store: ToolMemoryStore & Pick<SignedFailureStore, "recordSignedToolCall"> & Pick<SharedToolStore, "recordSharedToolCall" | "sharedToolKnowledge">;
  clock: () => Date;
  limits: Pick<StoreLimits, "maxToolLogEntries" | "fixDetectionWindow">;
  /** Replaces secrets in what agents send, before the store sees it. */
  redactor: Redactor;
  /** Told what a stored write redacted (the metric). */
  countRedactions?: (tally: RedactionTally) => void;
}

const CALL_SEQUENCE = /^call-(\d+)$/;

function noHistory(session: SessionRef, toolName: string): AppError {
  return notFound(`Session '${session.sessionId}' has no calls of tool '${toolName}'.`);
}

/** Checks an imported memory and brings it within this service's limits; throws a 400 when it cannot. */
function prepareImport(session: SessionRef, memory: MemoryImport, maxEntries: number, now: string): StoredMemory {
  const seen = new Set<string>();
  let highest = 0;
  for (const entry of memory.tool_log) {
    if (seen.has(entry.id)) {
      throw new AppError("VALIDATION_FAILED", `tool_log holds call id '${entry.id}' twice.`, [
        { field: "body.tool_log", message: `duplicate id '${entry.id}'` },
      ]);
    }
    seen.add(entry.id);
    highest = Math.max(highest, Number(CALL_SEQUENCE.exec(entry.id)?.[1] ?? 0));
  }
  const patterns: Record<string, ToolPattern> = {};
  for (const [name, pattern] of Object.entries(memory.tool_patterns)) {
    if (pattern.tool_name !== name) {
      throw new AppError("VALIDATION_FAILED", `tool_patterns.${name} names tool '${pattern.tool_name}'.`, [
        { field: `body.tool_patterns.${name}.tool_name`, message: "must equal its key" },
      ]);
    }
    // Recomputed from the counts: the Python's to_dict() leaves it out, and a sent one could disagree.
    patterns[name] = { ...pattern, success_rate: pattern.total_calls === 0 ? 0 : pattern.success_count / pattern.total_calls };
  }
  return {
    ...memory,
    tool_patterns: patterns,
    session_id: session.sessionId,
    // A document without times (one written by hand, say) starts its history at the import.
    created_at: memory.created_at ?? now,
    updated_at: memory.updated_at ?? now,
    tool_log: memory.tool_log.slice(-maxEntries),
    fix_relations: memory.fix_relations.slice(-maxEntries).map((relation) => ({ ...relation, detected_at: relation.detected_at ?? now })),
    // Ids must never repeat: the sequence continues after the highest id the log holds.
    next_call_id: Math.max(memory.next_call_id ?? 1, highest + 1),
  };
}

export function createToolMemoryService({ store, clock, limits, redactor, countRedactions = () => {} }: ToolMemoryServiceDeps) {
  const defaults = { max_log_entries: limits.maxToolLogEntries, fix_detection_window: limits.fixDetectionWindow };
  const settingsAnswer = (session: SessionRef, overrides: SessionSettingOverrides) => ({
    session_id: session.sessionId,
    ...effectiveSettings(overrides, defaults),
    set_by_session: { ...overrides },
  });

  async function patternOf(session: SessionRef, toolName: string): Promise<ToolPattern> {
    const pattern = await store.getPattern(session, toolName);
    if (!pattern) throw noHistory(session, toolName);
    return pattern;
  }

  /** The arguments of the first success pattern whose goal contains `goal`, case-insensitively. */
  async function argHints(session: SessionRef, toolName: string, goal: string): Promise<ToolArguments> {
    const pattern = await store.getPattern(session, toolName);
    const wanted = goal.toLowerCase();
    const match = pattern?.success_patterns.find((sp) => sp.goal_match?.toLowerCase().includes(wanted));
    if (!match) throw notFound(`No success of tool '${toolName}' matches the goal '${goal}'.`);
    return match.arg_hints;
  }

  /**
   * A failed or timed-out call's message, to be placed in the tenant's templates as a lesson's message is, by the
   * write that records the call (failures/store.ts: recordSignedToolCall); null for any other call. A keyed call's retry
   * learns nothing again, and its key reused for another failure is refused before anything is learned. (A key
   * first used for a call that learned no template is checked by the record alone, after its message was learned.)
   */
  function failureToSign(session: SessionRef, input: ToolCallInput, idempotencyKey: IdempotencyKey | null): FailureToSign | null {
    if (!FAILURE_OUTCOMES.has(input.outcome) || !input.error_message) return null;
    return {
      errorType: input.error_type || UNKNOWN_ERROR_TYPE,
      message: truncateText(input.error_message, KEPT_MESSAGE_CHARS, ""),
      write: idempotencyKey && { scope: `call:${session.sessionId}`, key: idempotencyKey },
      where: { kind: "tool", tool: input.tool_name, ref: session.sessionId, at: clock().getTime() },
    };
  }

  return {
    /**
     * Redacts secrets, summarises the result (the raw result is not kept), then records the call and
     * any fix it makes, in the session and in the tenant's shared knowledge. With an idempotency key,
     * a retry answers the first call again (`replayed`), and a key used for another request is
     * refused. `redactions` counts the values replaced.
     */
    async record(
      session: SessionRef,
      sent: ToolCallInput,
      idempotency: IdempotencyRequest | null = null,
    ): Promise<{ call: RecordedCall; replayed: boolean; redactions: number }> {
      const tally = new RedactionTally();
      const input = redactToolCall(redactor, sent, tally);
      const idempotencyKey = idempotencyKeyOf(idempotency, input);
      const { summary, type } = summariseResult(input.result);
      const call: NewToolCall = {
        timestamp: clock().toISOString(),
        tool_name: input.tool_name,
        arguments: input.arguments,
        arguments_hash: hashArguments(input.arguments),
        context_goal: input.context_goal ?? null,
        preceding_call_id: input.preceding_call_id ?? null,
        outcome: input.outcome,
        result_summary: summary,
        result_type: type,
        execution_time_ms: input.execution_time_ms ?? null,
        error_type: input.error_type ?? null,
        error_message: input.error_message ?? null,
      };
      const offer = input.offer_fix !== false;
      const failure = failureToSign(session, input, idempotencyKey);
      const written = failure
        ? await store.recordSignedToolCall(session, call, idempotencyKey, offer, failure)
        : await store.recordSharedToolCall(session, call, idempotencyKey, offer);
      if (written.outcome === "mismatch") throw keyReused();
      if (written.outcome === "applied") countRedactions(tally);
      const knownFix = written.value.knownFix && withFixText(written.value.knownFix);
      return { call: { ...written.value.entry, known_fix: knownFix }, replayed: written.outcome === "replayed", redactions: tally.total };
    },

    /** Matching calls, newest first, at most `limit`. */
    async search(session: SessionRef, filter: CallFilter, limit: number): Promise<ToolLogEntry[]> {
      if (isUnfiltered(filter)) return store.readToolLog(session, limit);
      const log = await store.readToolLog(session);
      return log.filter((entry) => matchesFilter(entry, filter)).slice(0, limit);
    },

    async getCall(session: SessionRef, callId: string): Promise<ToolLogEntry> {
      const entry = await store.getToolCall(session, callId);
      if (!entry) throw notFound(`Session '${session.sessionId}' has no call '${callId}'.`);
      return entry;
    },

    patterns(session: SessionRef): Promise<Record<string, ToolPattern>> {
      return store.getPatterns(session);
    },

    pattern: patternOf,

    /** The arguments change that fixed this error type before. */
    async knownFix(session: SessionRef, toolName: string, errorType: string) {
      const pattern = await store.getPattern(session, toolName);
      const known = pattern?.error_patterns.find((ep) => ep.error_type === errorType && hasDeltaParts(ep.fix_delta));
      if (!known) throw notFound(`No fix is known for '${errorType}' errors of tool '${toolName}'.`);
      return { fix_delta: known.fix_delta as ArgDelta, typical_fix: known.typical_fix ?? "" };
    },

    argHints,

    async stats(session: SessionRef) {
      const counters = await store.sessionCounters(session);
      const rate = counters.total_calls === 0 ? 0 : counters.success_count / counters.total_calls;
      return { session_id: session.sessionId, ...counters, success_rate: rate };
    },

    /** The whole memory; an empty one, with no times (as in stats), for a session with no history. */
    async exportMemory(session: SessionRef): Promise<ProceduralMemory> {
      const memory = await store.exportMemory(session);
      if (memory) return memory;
      return { session_id: session.sessionId, tool_log: [], tool_patterns: {}, fix_relations: [], next_call_id: 1, created_at: null, updated_at: null };
    },

    /** Replaces the session's memory with the document, redacted by the rules of the calls it holds. */
    async importMemory(session: SessionRef, memory: MemoryImport): Promise<void> {
      const tally = new RedactionTally();
      const redacted = redactMemoryImport(redactor, memory, tally);
      await store.importMemory(session, prepareImport(session, redacted, limits.maxToolLogEntries, clock().toISOString()));
      countRedactions(tally);
    },

    reset(session: SessionRef): Promise<void> {
      return store.resetSession(session);
    },

    /** The settings the session's next call is recorded with, and which of them it set itself. */
    async settings(session: SessionRef) {
      return settingsAnswer(session, await store.readSessionSettings(session));
    },

    /** Replaces what the session sets for itself; a log larger than the service keeps is refused. */
    async updateSettings(session: SessionRef, overrides: SessionSettingOverrides) {
      if (overrides.max_log_entries !== null && overrides.max_log_entries > limits.maxToolLogEntries) {
        throw new AppError(
          "VALIDATION_FAILED",
          `max_log_entries may be at most ${limits.maxToolLogEntries}, the service's TOOL_LOG_MAX_ENTRIES.`,
          [{ field: "body.max_log_entries", message: `must be at most ${limits.maxToolLogEntries}` }],
        );
      }
      await store.writeSessionSettings(session, overrides);
      return settingsAnswer(session, overrides);
    },

    async prompt(session: SessionRef, options: PromptOptions): Promise<string> {
      const format = {
        ...(options.goal ? { goal: options.goal } : {}),
        maxErrorPatterns: options.max_error_patterns,
        maxSuccessPatterns: options.max_success_patterns,
        includeArgs: options.include_args,
        includeTiming: options.include_timing,
        compact: options.compact,
      };
      const asked = options.tools ?? null;
      if (!options.shared) return formatToolContext(await store.toolContexts(session, asked, options.max_recent_calls), format);
      // Named tools: both reads at once. Otherwise the session's tools decide what to ask the tenant.
      const [contexts, named] = await Promise.all([
        store.toolContexts(session, asked, options.max_recent_calls),
        asked ? store.sharedToolKnowledge(session.tenant, asked) : null,
      ]);
      const order = asked ?? contexts.map((context) => context.pattern.tool_name);
      const knowledge = named ?? (await store.sharedToolKnowledge(session.tenant, order));
      return formatToolContextWithShared(order, contexts, knowledge, format);
    },

    async summary(session: SessionRef, maxTools: number): Promise<string> {
      const [counters, patterns] = await Promise.all([store.sessionCounters(session), store.getPatterns(session)]);
      if (counters.total_calls === 0 && Object.keys(patterns).length === 0) return "";
      return formatSummary(
        {
          totalCalls: counters.total_calls,
          successRate: counters.total_calls === 0 ? 0 : counters.success_count / counters.total_calls,
          fixesDetected: counters.total_fixes_detected,
          patterns: Object.values(patterns),
        },
        maxTools,
      );
    },

    async guidance(session: SessionRef, toolName: string, errorType: string): Promise<string> {
      const pattern = await patternOf(session, toolName);
      const log = await store.readToolLog(session);
      const fixed = log.filter((entry) => matchesFilter(entry, { tool_name: toolName, error_type: errorType, only_fixed: true }));
      return formatErrorGuidance(pattern, errorType, fixed);
    },

    async template(session: SessionRef, toolName: string, goal: string): Promise<string> {
      const hints = await argHints(session, toolName, goal);
      // A success without arguments has nothing to recommend: no template.
      if (Object.keys(hints).length === 0) throw notFound(`No success of tool '${toolName}' with arguments matches the goal '${goal}'.`);
      return formatSuccessTemplate(toolName, goal, hints);
    },
  };
}

export type ToolMemoryService = ReturnType<typeof createToolMemoryService>;
