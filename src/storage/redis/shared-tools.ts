// Redis shared tool knowledge: learned after each session write (cross-slot-write.ts), a failure with a message signed in the same script on a single server; reads take one round trip.
import { fixDetected } from "../../domain/activity/event-data.js";
import { MAX_FIXES_PER_ERROR, MAX_SHARED_SUCCESS_PATTERNS } from "../../domain/shared-tools/knowledge.js";
import type { KnownSharedFix, SharedToolKnowledge, SharedToolSummary } from "../../domain/shared-tools/types.js";
import { formatCallId } from "../../domain/tools/arguments.js";
import { MAX_ARGUMENT_NAMES_PER_TOOL, MAX_CONTEXTS_PER_ERROR, MAX_ERROR_TYPES_PER_TOOL, MAX_VALUES_PER_ARGUMENT } from "../../domain/tools/pattern-limits.js";
import type { ArgDelta } from "../../domain/tools/types.js";
import type { RankedFix } from "../../domain/efficacy/ranks.js";
import type { FailureToSign, SignedFailureStore } from "../../domain/failures/store.js";
import type { KeyedWrite, IdempotencyKey } from "../../domain/idempotency.js";
import type { RecordedToolCall, SharedToolStore } from "../../domain/shared-tools/store.js";
import type { NewToolCall } from "../../domain/tools/store.js";
import type { StoreLimits } from "../port.js";
import { recordSignedInTwoSteps } from "../signed-capture.js";
import { templateMessageOf, type RedisTemplateBuckets, type StepAnswer } from "./template-buckets.js";
import type { SessionRef } from "../../domain/refs.js";
import { scopedWriteId, writeLocalThenTenant, tenantIdempotencyRecord } from "./cross-slot-write.js";
import { guarded } from "./errors.js";
import { scriptInput } from "./named-keys.js";
import { asArray } from "./pattern-state.js";
import { templateSignature } from "../../domain/lessons/signature.js";
import { flatHash } from "./flat-hash.js";
import type { Keys } from "./keys.js";
import type { ScriptedRedis } from "./script-commands.js";
import { createServedKnowledge } from "./shared-tool-state.js";
import type { ActivityBatches } from "./activity-batches.js";
import { createToolFixes, type DecidedLearning, type LearnDecision } from "./tool-fixes.js";
import { OFFER_COUNTS, SLOT_FIELDS, type SlotField } from "./tool-fix-texts.js";
import { tenantKeys, type LearnAnswer, type LearnInput, type RecordAndLearnAnswer } from "./tool-call-scripts.js";
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

/** A fix as readEfficacy-4.lua lists it: its member (["tool","error type","canonical delta"]), what the report shows, and its offer counts (absent for none). */
interface ListedFix {
  member: string;
  fix: string;
  counts: Partial<Record<(typeof OFFER_COUNTS)[number], string>>;
}

/** What readEfficacy-4.lua answers (cjson writes an empty list as an object). */
interface EfficacyAnswer {
  totals: string[] | Record<string, never>;
  best: ListedFix[] | Record<string, never>;
  worst: ListedFix[] | Record<string, never>;
}

function rankedFixOf({ member, fix: raw, counts }: ListedFix): RankedFix {
  const [toolName, errorType] = JSON.parse(member) as [string, string, string];
  const fix = JSON.parse(raw) as { delta: string; times_applied: number; last_applied_at: string; worked: number; failed: number; recent_outcomes: string };
  const [offered, otherFix, ignored] = OFFER_COUNTS.map((name) => Number(counts[name] ?? 0)) as [number, number, number];
  return {
    tool_name: toolName,
    error_type: errorType,
    fix_delta: JSON.parse(fix.delta) as ArgDelta,
    times_applied: fix.times_applied,
    last_applied_at: fix.last_applied_at,
    counts: { offered, worked: fix.worked, failed: fix.failed, other_fix: otherFix, ignored, recent_outcomes: fix.recent_outcomes },
  };
}

/** What readSharedTools-1.lua answers: per tool asked, its hashes flat (cjson writes an empty list as an object). */
interface SharedToolsAnswer {
  tools: Array<Record<"tool" | "args" | "errors" | "fix_sets" | "fix_slots", string[] | Record<string, never>> & { sessions: number }> | Record<string, never>;
}

/** A tool as the listing scripts answer it (lib/tool-row.lua). */
interface ToolRow {
  name: string;
  calls: number;
  successes: number;
  fixes: number;
  last_used_at: string;
  sessions: number;
}

/** What listSharedTools-2.lua and listSharedToolsByPrefix-2.lua answer (cjson writes an empty list as an object). */
interface ToolRowsAnswer {
  tools: ToolRow[] | Record<string, never>;
  next?: string;
}

/** The listing scripts' rows as summaries. */
function summariesFrom(rows: ToolRowsAnswer["tools"]): SharedToolSummary[] {
  return asArray(rows).map((row) => ({
    tool_name: row.name,
    total_calls: row.calls,
    success_rate: row.calls === 0 ? 0 : row.successes / row.calls,
    fixes_learned: row.fixes,
    last_used_at: row.last_used_at,
    sessions_seen: row.sessions,
  }));
}

/** recordSignedToolCall-40.lua's answer, its two JSON texts read. */
interface SignedCallAnswer {
  /** `held`: the session moved since the call was decided, so neither part was written. */
  template: StepAnswer | { outcome: "held" };
  /** recordAndLearnToolCall-31.lua's answer, as JSON text. */
  answer?: string;
}

export function createRedisSharedToolStore(
  redis: ScriptedRedis,
  keys: Keys,
  limits: KnowledgeLimits,
  templates: Pick<RedisTemplateBuckets, "learn" | "runStep">,
  deciding: SessionDeciding,
  activity: Pick<ActivityBatches, "addToolCall">,
): SharedToolStore & Pick<SignedFailureStore, "recordSignedToolCall"> {
  const ranking = limits.fixRanking ?? "wilson";
  const served = createServedKnowledge(ranking);
  const fixes = createToolFixes(ranking);

  /** learnToolCall-18.lua's keys and input for the session's record of a call, with what the decision made of it. */
  function tenantScriptInput(session: SessionRef, record: SessionRecord, idempotencyKey: IdempotencyKey | null, decided: DecidedLearning): { keys: string[]; input: LearnInput } {
    const { entry } = record;
    const shared = keys.shared(session.tenant);
    const [recordKey, recordTtl] = tenantIdempotencyRecord(shared.applied, idempotencyKey && scopedWriteId(`tool-call:${session.sessionId}`, idempotencyKey.key), limits.idempotencyTtlSeconds);
    const named = tenantKeys(keys, session.tenant, entry.tool_name, session.sessionId, recordKey);
    return {
      keys: named.keys,
      input: {
        keys: named.names,
        tool: entry.tool_name,
        session: session.sessionId,
        arguments: record.argumentPairs,
        goal: entry.context_goal ?? "",
        at: entry.timestamp,
        at_ms: Date.parse(entry.timestamp),
        previous_id: "",
        ...decided,
        entry_event: JSON.stringify({ session_id: session.sessionId, ...entry }),
        fix_event: entry.fix_for ? JSON.stringify(fixDetected(session, entry)) : "",
        max_values: MAX_VALUES_PER_ARGUMENT,
        max_contexts: MAX_CONTEXTS_PER_ERROR,
        max_successes: MAX_SHARED_SUCCESS_PATTERNS,
        max_names: MAX_ARGUMENT_NAMES_PER_TOOL,
        max_errors: MAX_ERROR_TYPES_PER_TOOL,
        max_fixes: MAX_FIXES_PER_ERROR,
        slot_fields: SLOT_FIELDS,
        ttl: limits.toolsTtlSeconds,
        sessions_ttl: limits.sessionsTtlSeconds,
        record_ttl: recordTtl,
        events_kept: limits.eventsMaxPerTenant,
        events_ttl: limits.eventsTtlSeconds,
        prefix: shared.prefix,
      },
    };
  }

  /** Folds the session's record into the tenant's knowledge on its own (learnToolCall-18.lua); answers the known fix of a failure. */
  function learn(session: SessionRef, record: SessionRecord, idempotencyKey: IdempotencyKey | null, offer: boolean, refused = false): Promise<KnownSharedFix | null> {
    const call = { session, entry: record.entry, fixedErrorType: record.fixedErrorType, previousCallId: record.previousCallId, offer };
    return fixes.learn(call, async (decided) => {
      const script = tenantScriptInput(session, record, idempotencyKey, decided);
      const answer = JSON.parse(await guarded(() => redis.learnToolCall(...script.keys, JSON.stringify(script.input)))) as LearnAnswer;
      if (answer.outcome === "applied") activity.addToolCall(session.tenant, session.sessionId, record.entry);
      return answer;
    }, refused);
  }

  /**
   * A single Redis server lets one script touch both hash tags: the session's write and the tenant's in one round trip
   * while the session's window and the tool's fixes are known here; both parts are decided here.
   */
  async function recordAndLearn(session: SessionRef, call: NewToolCall, idempotencyKey: IdempotencyKey | null, offer: boolean): Promise<KeyedWrite<RecordedToolCall>> {
    let sent: FusedInput | null = null;
    const answer = await recordDeciding(deciding, session, call, async (decision) => {
      const script = (sent = recordAndLearnInput(session, call, idempotencyKey, offer, decision));
      return settledFused(script.tenant, () => guarded(() => redis.recordAndLearnToolCall(...script.keys, script.input)));
    });
    return recordedFrom(session, answer, call, sent!, idempotencyKey, offer);
  }

  /** Sends a fused script and settles the tenant's decision with what its part answered (nothing, when the session's part did not apply). */
  async function settledFused(tenant: LearnDecision, send: () => Promise<string>): Promise<RecordAndLearnAnswer> {
    let answer: RecordAndLearnAnswer;
    try {
      answer = JSON.parse(await send()) as RecordAndLearnAnswer;
    } catch (error) {
      tenant.settle(null);
      throw error;
    }
    tenant.settle(answer.learned ?? null);
    return answer;
  }

  /** recordAndLearnToolCall-31.lua's keys and input (JSON text) for a call, both parts as decided here. */
  function recordAndLearnInput(session: SessionRef, call: NewToolCall, idempotencyKey: IdempotencyKey | null, offer: boolean, decision: SessionDecision) {
    const args = decision.argumentPairs;
    const local = sessionScriptInput(keys, limits, session, call, idempotencyKey, limits.idempotencyTtlSeconds, decision);
    const { fix } = decision;
    // The call as the session will record it, if it applies: the id after the last one the guard says was allocated.
    const decided: SessionRecord = {
      entry: { id: formatCallId(decision.expect.allocated + 1), ...call, fixed_by: null, fix_for: fix?.target.id ?? null, delta_args: fix?.delta ?? null },
      fixedErrorType: fix ? errorTypeOf(fix.target) : null,
      argumentPairs: args,
      previousCallId: null,
    };
    const tenant = fixes.decide({ session, entry: decided.entry, fixedErrorType: decided.fixedErrorType, previousCallId: undefined, offer });
    const script = tenantScriptInput(session, decided, idempotencyKey, tenant.decided);
    return { keys: [...local.keys, ...script.keys], sessionNames: local.input.keys, input: JSON.stringify({ session: local.input, tenant: script.input }), tenant, args };
  }

  type FusedInput = ReturnType<typeof recordAndLearnInput>;

  /**
   * recordAndLearnToolCall-31.lua's answer as the recorded call, the entry made from `call`. The tenant's part goes on
   * its own (a second round trip) when it did not apply with the session's: a replay, whose first write the tenant's
   * record answers, or a refusal (what its decision read moved, or the call before was not the offered failure), which
   * then waits its turn behind this process's other tries of the tool.
   */
  async function recordedFrom(
    session: SessionRef,
    answer: RecordAndLearnAnswer,
    call: NewToolCall,
    { tenant, args }: Pick<FusedInput, "tenant" | "args">,
    idempotencyKey: IdempotencyKey | null,
    offer: boolean,
  ): Promise<KeyedWrite<RecordedToolCall>> {
    // The arguments as the decision that was sent made them: not made again.
    const written = sessionWriteFrom(answer.recorded, call, args);
    if (written.outcome === "mismatch") return written;
    const { learned } = answer;
    if (learned?.outcome === "applied") activity.addToolCall(session.tenant, session.sessionId, written.record.entry);
    const knownFix =
      learned && learned.outcome !== "refused" ? fixes.answered(tenant, learned) : await learn(session, written.record, idempotencyKey, offer, learned !== undefined);
    return { outcome: written.outcome, value: { entry: written.record.entry, knownFix } };
  }

  /**
   * A failure with a message on a single server: its template step decided here, then one script applies it and records
   * the call with the signature and template it makes (recordSignedToolCall-40.lua). A session that moved since the call
   * was decided holds the whole write back, and both parts are decided again.
   */
  async function recordSigned(session: SessionRef, call: NewToolCall, idempotencyKey: IdempotencyKey | null, offer: boolean, failure: FailureToSign): Promise<KeyedWrite<RecordedToolCall> | null> {
    const { template, rest } = await templates.runStep(session.tenant, templateMessageOf(failure), async (step) => {
      const signed: NewToolCall = { ...call, signature: templateSignature(failure.errorType, step.decision.id), template: step.decision.template };
      let reply: SignedCallAnswer | null = null;
      let sent: FusedInput | null = null;
      const answer = await recordDeciding(deciding, session, signed, async (decision) => {
        const script = (sent = recordAndLearnInput(session, signed, idempotencyKey, offer, decision));
        // Where the session's keys the script checks the guard with are in KEYS (1-based, after the step's).
        const at = (name: string) => step.keys.length + 1 + script.sessionNames.indexOf(name);
        const read = ["meta", "settings", "log", "calls", "pattern", "args", "args_seen", "errors", "errors_seen"];
        const guard = { expect: decision.expect, pattern: decision.pattern.expect, span: limits.fixDetectionWindow, at: Object.fromEntries(read.map((name) => [name, at(name)])) };
        const outer = { template: step.input, session: guard };
        // recordAndLearnToolCall's input travels on its own, as that script takes it, not escaped into this one's.
        return settledFused(script.tenant, async () => {
          const [template, answer] = await guarded(() => redis.recordSignedToolCall(...step.keys, ...script.keys, JSON.stringify(outer), script.input));
          reply = { template: JSON.parse(template) as SignedCallAnswer["template"], ...(answer === undefined ? {} : { answer }) };
          // A step held for the session (which moved) answers the session's refusal, and both go again; a step that did
          // not apply wrote nothing, so there is no window to keep: the caller reads the step's answer.
          return reply.answer ?? JSON.stringify({ recorded: { outcome: "mismatch" } });
        });
      });
      const { template } = reply! as SignedCallAnswer;
      // recordDeciding returns only once the session did not refuse the call.
      if (template.outcome === "held") throw new Error("a step held for its session is sent again, never answered");
      return { template, rest: { answer, signed, sent: sent! } };
    });
    if (template.outcome === "mismatch") return { outcome: "mismatch" };
    // A retry whose step was applied before: the caller records it again from the first write's template.
    if (template.outcome !== "applied") return null;
    return recordedFrom(session, rest.answer, rest.signed, rest.sent, idempotencyKey, offer);
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
      const input = { limit, tool_prefix: shared.tool(""), seen_prefix: shared.toolSessions("") };
      const answer = JSON.parse(await guarded(() => redis.listSharedTools(shared.tools, shared.toolNames, scriptInput(input)))) as ToolRowsAnswer;
      return summariesFrom(answer.tools);
    },

    async listSharedToolsByPrefix(tenant, prefix, limit, after) {
      const shared = keys.shared(tenant);
      const input = { prefix, after: after ?? "", limit, tool_prefix: shared.tool(""), seen_prefix: shared.toolSessions("") };
      const answer = JSON.parse(await guarded(() => redis.listSharedToolsByPrefix(shared.toolNames, shared.tools, scriptInput(input)))) as ToolRowsAnswer;
      return { items: summariesFrom(answer.tools), next: answer.next ?? null };
    },

    async sharedToolKnowledge(tenant, toolNames) {
      if (toolNames.length === 0) return [];
      const shared = keys.shared(tenant);
      const answer = JSON.parse(await guarded(() => redis.readSharedTools(shared.tools, scriptInput({ root: shared.prefix, tools: toolNames })))) as SharedToolsAnswer;
      const found: SharedToolKnowledge[] = [];
      asArray(answer.tools).forEach((read, i) => {
        const tool = asArray(read.tool);
        const fields = { tool, args: asArray(read.args), errors: asArray(read.errors), sessionsSeen: read.sessions, fixes: asArray(read.fix_sets), fixSlots: asArray(read.fix_slots) };
        if (tool.length > 0) found.push(served.knowledgeOf(tenant, toolNames[i]!, fields));
      });
      return found;
    },

    async efficacyReport(tenant, listed) {
      const shared = keys.shared(tenant);
      const input = { listed, tool_root: shared.tool(""), slots_root: shared.toolFixSlots(""), member_name: "member" satisfies SlotField, count_names: OFFER_COUNTS };
      const answer = await guarded(() => redis.readEfficacy(shared.efficacyTotals, shared.bestFixes, shared.worstFixes, shared.rankedFixes, scriptInput(input)));
      const { totals, best, worst } = JSON.parse(answer) as EfficacyAnswer;
      const flat = flatHash(asArray(totals));
      const counted = (field: string) => Number(flat[field] ?? 0);
      return {
        tools: { offered: counted("offered"), worked: counted("worked"), failed: counted("failed"), other_fix: counted("other_fix"), ignored: counted("ignored") },
        best: asArray(best).map(rankedFixOf),
        worst: asArray(worst).map(rankedFixOf),
      };
    },

    async forgetSharedTool(tenant, toolName) {
      const shared = keys.shared(tenant);
      await redis.writes.transaction((t) =>
        t
          .del(
            shared.tool(toolName),
            shared.toolSessions(toolName),
            shared.toolArgs(toolName),
            shared.toolArgsSeen(toolName),
            shared.toolErrors(toolName),
            shared.toolErrorsSeen(toolName),
            shared.toolFixes(toolName),
            shared.toolFixSlots(toolName),
          )
          .zrem(shared.tools, toolName)
          .zrem(shared.toolNames, toolName),
      );
    },
  };
  return store;
}
