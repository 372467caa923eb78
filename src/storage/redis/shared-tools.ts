// Redis shared tool knowledge: learned after each session write (cross-slot-write.ts), a failure with a message signed in the same script on a single server; reads take one round trip.
import { fixDetected } from "../../domain/activity/event-data.js";
import { latencyBucket } from "../../domain/activity/latency.js";
import { RECENT_SESSIONS_KEPT } from "../../domain/activity/tool-activity.js";
import { adoptionText, fixEfficacy, type FixCounts } from "../../domain/shared-tools/efficacy.js";
import { applicabilityText } from "../../domain/shared-tools/applicability.js";
import { MAX_FIX_EVENTS_PER_ERROR, MAX_FIXES_PER_ERROR, MAX_SHARED_SUCCESS_PATTERNS } from "../../domain/shared-tools/knowledge.js";
import type { KnownSharedFix, SharedToolKnowledge, SharedToolSummary } from "../../domain/shared-tools/types.js";
import { canonicalJson } from "../../domain/tools/arguments.js";
import { describeDelta } from "../../domain/tools/delta-text.js";
import { MAX_ARGUMENT_NAMES_PER_TOOL, MAX_CONTEXTS_PER_ERROR, MAX_ERROR_TYPES_PER_TOOL, MAX_VALUES_PER_ARGUMENT } from "../../domain/tools/pattern-limits.js";
import type { ArgDelta } from "../../domain/tools/types.js";
import type { RankedFix } from "../../domain/efficacy/ranks.js";
import type { FailureToSign, KeyedWrite, NewToolCall, RecordedToolCall, SignedFailureStore, StoreLimits, SharedToolStore } from "../port.js";
import { recordSignedInTwoSteps } from "../signed-capture.js";
import { templateMessageOf, type RedisTemplateBuckets, type StepAnswer } from "./template-buckets.js";
import type { IdempotencyKey } from "../../domain/idempotency.js";
import type { SessionRef } from "../../domain/refs.js";
import { scopedWriteId, writeLocalThenTenant, tenantIdempotencyRecord } from "./cross-slot-write.js";
import { guarded } from "./errors.js";
import { templateSignature } from "../../domain/lessons/signature.js";
import { flatHash } from "./flat-hash.js";
import type { Keys } from "./keys.js";
import type { ScriptedRedis } from "./script-commands.js";
import { createServedKnowledge } from "./shared-tool-state.js";
import { callFacts, tenantKeys, type LearnAnswer, type LearnInput, type RecordAndLearnAnswer } from "./tool-call-scripts.js";
import { argumentPairs } from "./log-entries.js";
import { recordDeciding, recordInSession, sessionScriptInput, sessionWriteFrom, type SessionDecision, type SessionDeciding, type SessionRecord } from "./session-writes.js";
import { errorTypeOf } from "../../domain/tools/pattern-update.js";

type KnowledgeLimits = Pick<
  StoreLimits,
  | "lessonsTtlSeconds"
  | "maxToolLogEntries"
  | "fixDetectionWindow"
  | "sessionsTtlSeconds"
  | "toolsTtlSeconds"
  | "idempotencyTtlSeconds"
  | "eventsMaxPerTenant"
  | "eventsTtlSeconds"
  | "fixRanking"
>;

/** A ranked fix as readEfficacy-4.lua answers it: its member (["tool","error type","canonical delta"]) and what the report shows. */
function rankedFixOf([member, raw]: [string, string]): RankedFix {
  const [toolName, errorType] = JSON.parse(member) as [string, string, string];
  // Written as times and last before the names were words.
  const fix = JSON.parse(raw) as { delta: string; times_applied?: number; times?: number; last_applied_at?: string; last?: string } & FixCounts;
  return {
    tool_name: toolName,
    error_type: errorType,
    fix_delta: JSON.parse(fix.delta) as ArgDelta,
    times_applied: fix.times_applied ?? fix.times ?? 0,
    last_applied_at: fix.last_applied_at ?? fix.last ?? "",
    counts: { offered: fix.offered, worked: fix.worked, failed: fix.failed, other_fix: fix.other_fix, ignored: fix.ignored, recent_outcomes: fix.recent_outcomes ?? "" },
  };
}

/** The listing scripts' rows (name, calls, successes, fixes, last_used_at, sessions seen) as summaries. */
function summariesFrom(flat: ReadonlyArray<string | number>): SharedToolSummary[] {
  const tools: SharedToolSummary[] = [];
  for (let i = 0; i + 5 < flat.length; i += 6) {
    const calls = Number(flat[i + 1]);
    tools.push({
      tool_name: String(flat[i]),
      total_calls: calls,
      success_rate: calls === 0 ? 0 : Number(flat[i + 2]) / calls,
      fixes_learned: Number(flat[i + 3]),
      last_used_at: String(flat[i + 4]),
      sessions_seen: Number(flat[i + 5]),
    });
  }
  return tools;
}

/** recordSignedToolCall-38.lua's answer. */
interface SignedCallAnswer {
  /** `held`: the session moved since the call was decided, so neither part was written. */
  template: StepAnswer | { outcome: "held" };
  /** recordAndLearnToolCall-29.lua's answer, as JSON text. */
  answer?: string;
}

export function createRedisSharedToolStore(
  redis: ScriptedRedis,
  keys: Keys,
  limits: KnowledgeLimits,
  templates: Pick<RedisTemplateBuckets, "learn" | "runStep">,
  deciding: SessionDeciding,
): SharedToolStore & Pick<SignedFailureStore, "recordSignedToolCall"> {
  const ranking = limits.fixRanking ?? "wilson";
  const served = createServedKnowledge(ranking);

  /** learnToolCall-16.lua's keys and input for the session's record of a call. */
  function tenantScriptInput(
    session: SessionRef,
    { entry, fixedErrorType, argumentPairs, previousCallId }: SessionRecord,
    idempotencyKey: IdempotencyKey | null,
    offer: boolean,
  ): { keys: string[]; input: LearnInput } {
    const shared = keys.shared(session.tenant);
    const [recordKey, recordTtl] = tenantIdempotencyRecord(shared.applied, idempotencyKey && scopedWriteId(`tool-call:${session.sessionId}`, idempotencyKey.key), limits.idempotencyTtlSeconds);
    const delta = entry.fix_for ? entry.delta_args : null;
    const named = tenantKeys(keys, session.tenant, entry.tool_name, session.sessionId, recordKey);
    return {
      keys: named.keys,
      input: {
        keys: named.names,
        ...callFacts(entry, argumentPairs),
        session: session.sessionId,
        call_id: entry.id,
        at_ms: Date.parse(entry.timestamp),
        fixed_error_type: fixedErrorType ?? "",
        fixed_id: entry.fix_for ?? "",
        delta: delta ? JSON.stringify(delta) : "",
        canonical_delta: delta ? canonicalJson(delta) : "",
        adoption: delta ? adoptionText(delta, entry.arguments) : "",
        applicability: delta ? applicabilityText(delta) : "",
        offer,
        previous_id: previousCallId ?? "",
        entry_event: JSON.stringify({ session_id: session.sessionId, ...entry }),
        fix_event: delta ? JSON.stringify(fixDetected(session, entry)) : "",
        latency_bucket: entry.execution_time_ms === null ? "" : latencyBucket(entry.execution_time_ms),
        max_values: MAX_VALUES_PER_ARGUMENT,
        max_contexts: MAX_CONTEXTS_PER_ERROR,
        max_successes: MAX_SHARED_SUCCESS_PATTERNS,
        max_fixes: MAX_FIXES_PER_ERROR,
        max_fix_events: MAX_FIX_EVENTS_PER_ERROR,
        max_names: MAX_ARGUMENT_NAMES_PER_TOOL,
        max_errors: MAX_ERROR_TYPES_PER_TOOL,
        recent_sessions: RECENT_SESSIONS_KEPT,
        ttl: limits.toolsTtlSeconds,
        sessions_ttl: limits.sessionsTtlSeconds,
        record_ttl: recordTtl,
        events_kept: limits.eventsMaxPerTenant,
        events_ttl: limits.eventsTtlSeconds,
        ranking,
        prefix: shared.prefix,
      },
    };
  }

  /** The script's answer for a failure offered a fix, as the known fix. */
  function knownFixFrom(answer: LearnAnswer | undefined): KnownSharedFix | null {
    if (!answer?.delta) return null;
    const fixDelta = JSON.parse(answer.delta) as ArgDelta;
    // A sixth part, the fix's latest outcomes, since fixes are retired on them; an answer kept from before has five.
    const parts = String(answer.counts).split(",");
    const [offered, worked, failed, otherFix, ignored] = parts.slice(0, 5).map(Number) as [number, number, number, number, number];
    const recentOutcomes = parts[5] ?? "";
    const timesApplied = Number(answer.times_applied);
    return {
      fix_delta: fixDelta,
      typical_fix: describeDelta(fixDelta),
      times_applied: timesApplied,
      offer_id: String(answer.offer_id),
      efficacy: fixEfficacy({ offered, worked, failed, other_fix: otherFix, ignored, recent_outcomes: recentOutcomes }, timesApplied, ranking),
    };
  }

  /** Folds the session's record into the tenant's knowledge; answers the known fix of a failure. */
  async function learn(session: SessionRef, record: SessionRecord, idempotencyKey: IdempotencyKey | null, offer: boolean): Promise<KnownSharedFix | null> {
    const script = tenantScriptInput(session, record, idempotencyKey, offer);
    const answer = JSON.parse(await guarded(() => redis.learnToolCall(...script.keys, JSON.stringify(script.input)))) as LearnAnswer;
    return knownFixFrom(answer);
  }

  /**
   * A single Redis server lets one script touch both hash tags: the session's write and the tenant's in one round trip
   * while the session's window is known here. The fix is decided here; the id the session allocates is filled in by the script.
   */
  async function recordAndLearn(session: SessionRef, call: NewToolCall, idempotencyKey: IdempotencyKey | null, offer: boolean): Promise<KeyedWrite<RecordedToolCall>> {
    const answer = await recordDeciding(deciding, session, call, async (decision) => {
      const script = recordAndLearnInput(session, call, idempotencyKey, offer, decision);
      return JSON.parse(await guarded(() => redis.recordAndLearnToolCall(...script.keys, script.input))) as RecordAndLearnAnswer;
    });
    return recordedFrom(answer, call);
  }

  /** recordAndLearnToolCall-29.lua's keys and input (JSON text) for a call, with the session's part as decided. */
  function recordAndLearnInput(session: SessionRef, call: NewToolCall, idempotencyKey: IdempotencyKey | null, offer: boolean, decision: SessionDecision) {
    const args = argumentPairs(call.arguments);
    const local = sessionScriptInput(keys, limits, session, call, args, idempotencyKey, limits.idempotencyTtlSeconds, decision);
    const { fix } = decision;
    const decided: SessionRecord = {
      entry: { id: "", ...call, fixed_by: null, fix_for: fix?.target.id ?? null, delta_args: fix?.delta ?? null },
      fixedErrorType: fix ? errorTypeOf(fix.target) : null,
      argumentPairs: args,
      previousCallId: null,
    };
    const tenant = tenantScriptInput(session, decided, idempotencyKey, offer);
    return { keys: [...local.keys, ...tenant.keys], sessionNames: local.input.keys, input: JSON.stringify({ session: local.input, tenant: tenant.input }) };
  }

  /** recordAndLearnToolCall-29.lua's answer as the recorded call, the entry made from `call`. */
  function recordedFrom(answer: RecordAndLearnAnswer, call: NewToolCall): KeyedWrite<RecordedToolCall> {
    const written = sessionWriteFrom(answer.recorded, call, argumentPairs(call.arguments));
    if (written.outcome === "mismatch") return written;
    return { outcome: written.outcome, value: { entry: written.record.entry, knownFix: knownFixFrom(answer.learned) } };
  }

  /**
   * A failure with a message on a single server: its template step decided here, then one script applies it and records
   * the call with the signature and template it makes (recordSignedToolCall-38.lua). A session that moved since the call
   * was decided holds the whole write back, and both parts are decided again.
   */
  async function recordSigned(session: SessionRef, call: NewToolCall, idempotencyKey: IdempotencyKey | null, offer: boolean, failure: FailureToSign): Promise<KeyedWrite<RecordedToolCall> | null> {
    const { template, rest } = await templates.runStep(session.tenant, templateMessageOf(failure), async (step) => {
      const signed: NewToolCall = { ...call, signature: templateSignature(failure.errorType, step.decision.id), template: step.decision.template };
      let reply: SignedCallAnswer | null = null;
      const answer = await recordDeciding(deciding, session, signed, async (decision) => {
        const script = recordAndLearnInput(session, signed, idempotencyKey, offer, decision);
        // Where the session's keys the script checks the guard with are in KEYS (1-based, after the step's).
        const at = (name: string) => step.keys.length + 1 + script.sessionNames.indexOf(name);
        const outer = { template: step.input, session: { expect: decision.expect, span: limits.fixDetectionWindow, at: { meta: at("meta"), settings: at("settings"), log: at("log"), calls: at("calls") } } };
        // recordAndLearnToolCall's input travels on its own, as that script takes it, not escaped into this one's.
        reply = JSON.parse(await guarded(() => redis.recordSignedToolCall(...step.keys, ...script.keys, JSON.stringify(outer), script.input))) as SignedCallAnswer;
        // A step held for the session (which moved) answers the session's refusal, and both go again; a step that did
        // not apply wrote nothing, so there is no window to keep: the caller reads the step's answer.
        return reply.answer ? (JSON.parse(reply.answer) as RecordAndLearnAnswer) : { recorded: { outcome: "mismatch" as const } };
      });
      const { template } = reply! as SignedCallAnswer;
      // recordDeciding returns only once the session did not refuse the call.
      if (template.outcome === "held") throw new Error("a step held for its session is sent again, never answered");
      return { template, rest: { answer, signed } };
    });
    if (template.outcome === "mismatch") return { outcome: "mismatch" };
    // A retry whose step was applied before: the caller records it again from the first write's template.
    if (template.outcome !== "applied") return null;
    return recordedFrom(rest.answer, rest.signed);
  }

  const store: SharedToolStore & Pick<SignedFailureStore, "recordSignedToolCall"> = {
    async recordSignedToolCall(session, call, idempotencyKey, offer, failure) {
      const inOne = redis.isCluster ? null : await recordSigned(session, call, idempotencyKey, offer, failure);
      // A Cluster keeps the template step in the tenant's slot, apart from the session's: it goes first.
      return inOne ?? recordSignedInTwoSteps({ learnFailureTemplate: templates.learn, recordSharedToolCall: store.recordSharedToolCall }, session, call, idempotencyKey, offer, failure);
    },

    async recordSharedToolCall(session, call: NewToolCall, idempotencyKey, offer = true) {
      if (!redis.isCluster) return recordAndLearn(session, call, idempotencyKey, offer);
      // In a Cluster the tenant's slot is elsewhere, and the tenant learns the fix the session's
      // script detects, so the two go in sequence. A replay
      // is folded in too: if the first attempt's tenant write failed, this is when it lands (the
      // idempotency record makes it once), with the facts the session kept from that first attempt.
      const { local, tenant } = await writeLocalThenTenant(
        () => recordInSession(redis, keys, limits, deciding, session, call, idempotencyKey, limits.idempotencyTtlSeconds),
        (written) => (written.outcome === "mismatch" ? Promise.resolve(null) : learn(session, written.record, idempotencyKey, offer)),
      );
      if (local.outcome === "mismatch") return local;
      // The script answers a fix only for a failure or timeout with an error type.
      return { outcome: local.outcome, value: { entry: local.record.entry, knownFix: tenant } };
    },

    async listSharedTools(tenant, limit) {
      const shared = keys.shared(tenant);
      return summariesFrom(await guarded(() => redis.listSharedTools(shared.tools, shared.toolNames, limit, shared.tool(""), shared.toolSessions(""))));
    },

    async listSharedToolsByPrefix(tenant, prefix, limit, after) {
      const shared = keys.shared(tenant);
      const [next, ...flat] = await guarded(() =>
        redis.listSharedToolsByPrefix(shared.toolNames, shared.tools, prefix, after ?? "", limit, shared.tool(""), shared.toolSessions("")),
      );
      return { items: summariesFrom(flat), next: next ? String(next) : null };
    },

    async sharedToolKnowledge(tenant, toolNames) {
      if (toolNames.length === 0) return [];
      const shared = keys.shared(tenant);
      const replies = await guarded(() => redis.readSharedTools(shared.tools, shared.prefix, ...toolNames));
      const found: SharedToolKnowledge[] = [];
      toolNames.forEach((name, i) => {
        const [tool, args, errors, sessionsSeen] = replies[i]!;
        if (tool.length > 0) found.push(served.knowledgeOf(tenant, name, { tool, args, errors, sessionsSeen }));
      });
      return found;
    },

    async efficacyReport(tenant, listed) {
      const shared = keys.shared(tenant);
      const reply = await guarded(() =>
        redis.readEfficacy(shared.efficacyTotals, shared.bestFixes, shared.worstFixes, shared.rankedFixes, listed, shared.tool("")),
      );
      const { totals, best, worst } = JSON.parse(reply) as { totals: string[]; best: Array<[string, string]>; worst: Array<[string, string]> };
      const flat = flatHash(totals);
      const counted = (field: string) => Number(flat[field] ?? 0);
      return {
        tools: { offered: counted("offered"), worked: counted("worked"), failed: counted("failed"), other_fix: counted("other_fix"), ignored: counted("ignored") },
        best: best.map(rankedFixOf),
        worst: worst.map(rankedFixOf),
      };
    },

    async forgetSharedTool(tenant, toolName) {
      const shared = keys.shared(tenant);
      await redis.writes.transaction((t) =>
        t
          .del(shared.tool(toolName), shared.toolSessions(toolName), shared.toolArgs(toolName), shared.toolArgsSeen(toolName), shared.toolErrors(toolName), shared.toolErrorsSeen(toolName))
          .zrem(shared.tools, toolName)
          .zrem(shared.toolNames, toolName),
      );
    },
  };
  return store;
}
