// The tool-call scripts' inputs and answers, by name: what recordToolCall-13.lua, learnToolCall-18.lua and
// recordAndLearnToolCall-31.lua take as their one JSON argument and answer as JSON, and their keys in order.
import type { IdempotencyKey } from "../../domain/idempotency.js";
import type { SessionRef } from "../../domain/refs.js";
import type { Keys } from "./keys.js";
import type { NewToolCall } from "../../domain/tools/store.js";
import { named, type NamedKeys } from "./named-keys.js";
import type { FieldsReply, PatternWrite } from "./session-pattern-fields.js";


/** The session's keys for a call of `tool` (lib/record-tool-call.lua's `k`). */
export function sessionKeys(keys: Keys, session: SessionRef, tool: string, idempotencyKey: IdempotencyKey | null): NamedKeys & { root: string } {
  const k = keys.session(session);
  const t = k.tool(tool);
  return {
    ...named({
      meta: k.meta,
      log: k.log,
      calls: k.calls,
      fixes: k.fixes,
      record: k.idempotencyKey(idempotencyKey?.key ?? null),
      settings: k.settings,
      tools: k.tools,
      pattern: t.pattern,
      args: t.args,
      args_seen: t.argsSeen,
      errors: t.errors,
      errors_seen: t.errorsSeen,
      recent: t.recent,
    }),
    root: k.root,
  };
}

/** The tenant's keys for a call of `tool` in `sessionId` (lib/learn-tool-call.lua's `k`). */
export function tenantKeys(keys: Keys, tenant: string, tool: string, sessionId: string, recordKey: string): NamedKeys {
  const shared = keys.shared(tenant);
  return named({
    tool: shared.tool(tool),
    args: shared.toolArgs(tool),
    args_seen: shared.toolArgsSeen(tool),
    errors: shared.toolErrors(tool),
    errors_seen: shared.toolErrorsSeen(tool),
    fixes: shared.toolFixes(tool),
    fix_slots: shared.toolFixSlots(tool),
    sessions: shared.toolSessions(tool),
    tools: shared.tools,
    tool_names: shared.toolNames,
    recent_sessions: shared.toolRecentSessions(tool),
    record: recordKey,
    offers: shared.pendingOffers(sessionId),
    offer_sequence: shared.offerSequence,
    efficacy_totals: shared.efficacyTotals,
    best_fixes: shared.bestFixes,
    worst_fixes: shared.worstFixes,
    ranked_fixes: shared.rankedFixes,
  });
}

/** What both scripts read of the call itself, under the same names. */
export interface CallFacts {
  tool: string;
  outcome: string;
  /** log-entries.ts: argumentPairs. */
  arguments: string;
  goal: string;
  error_type: string;
  /** "" for none. */
  execution_ms: number | "";
  at: string;
}

/** The call's facts as both scripts take them, from the call and its argument pairs. */
export function callFacts(
  call: Pick<NewToolCall, "tool_name" | "outcome" | "context_goal" | "error_type" | "execution_time_ms" | "timestamp">,
  argumentPairs: string,
): CallFacts {
  return {
    tool: call.tool_name,
    outcome: call.outcome,
    arguments: argumentPairs,
    goal: call.context_goal ?? "",
    error_type: call.error_type ?? "",
    execution_ms: call.execution_time_ms ?? "",
    at: call.timestamp,
  };
}

/** What a decision on a session's window depends on (lib/session-window.lua: sessionGuard); '' where unset. */
export interface SessionGuard {
  allocated: number;
  created_at: string;
  /** The random token of the session's last write. */
  token: string;
  max_log: string;
  window: string;
}

/** The end of a session's log as lib/session-window.lua reads it: the guard, then the entries' JSON and fixing ids, oldest first. */
export interface WindowReply extends SessionGuard {
  entries: string[] | Record<string, never>;
  fixed_by: string[] | Record<string, never>;
}

/** lib/record-tool-call.lua's input (with its keys' names and the session's key root). */
export interface RecordInput extends CallFacts {
  keys: string[];
  root: string;
  /** The entry as JSON, without its id and fix links. */
  entry: string;
  max_log: number;
  max_recent: number;
  max_tools: number;
  ttl: number;
  fingerprint: string;
  record_ttl: number;
  /** Random: the token the session's guard holds after this write. */
  token: string;
  /** The session as the call was decided on. */
  expect: SessionGuard;
  /** How many of the log's last calls a refusal answers, when the session sets no window of its own. */
  span: number;
  /** The failure this call fixes, as decided (pattern-update.ts: findFixTarget). */
  fix?: { id: string; error_type: string; delta: string };
  /** What the call changes in its tool's pattern, as decided on the version it names. */
  pattern: PatternWrite;
}

/** lib/record-tool-call.lua's answer; "" where there is none. */
export type RecordAnswer =
  | {
      outcome: "applied" | "replayed";
      id: string;
      at: string;
      fixed_id: string;
      delta: string;
      fixed_error_type: string;
      previous_id: string;
    }
  | { outcome: "mismatch" }
  | (WindowReply & { outcome: "conflict"; fields: FieldsReply });

/** What a decision on the tenant's fixes of a tool read: the script applies it only while all of it is still so. */
export interface LearnGuard {
  /** The tool's birth token ('' for a tool not kept). */
  born: string;
  /** Each fix set read, by error type: the version it was read at ('' for none). */
  fixes: Record<string, string>;
  /** The session's pending offer of the tool after its id ('' for none). */
  pending: string;
  /** The session's call of the tool before this one, where the decision took it to be the offered failure (a single server's one script checks it). */
  previous?: string;
}

/** A fix's entry in the efficacy report: its member, its places (domain/efficacy/ranks.ts) and what the report shows. */
export interface RankEntry {
  member: string;
  best: number;
  /** Absent: the fix never failed when taken, and is no one's worst. */
  worst?: number;
  shown: string;
}

/** lib/learn-tool-call.lua's input (with its keys' names): the call, what the decision read, and what it changes. */
export interface LearnInput {
  keys: string[];
  tool: string;
  session: string;
  /** log-entries.ts: argumentPairs. */
  arguments: string;
  goal: string;
  at: string;
  at_ms: number;
  /** The session's call of the tool before this one: filled in by the single server's one script, which knows it. */
  previous_id: string;
  guard: LearnGuard;
  /** The birth token a tool not kept gets. */
  born: string;
  /** Increments of the tool's counts, by field. */
  counts: Record<string, number>;
  /** Increments of the tenant's efficacy totals, by field. */
  totals: Record<string, number>;
  /** The error type the call failed with: its pattern is counted. */
  failure?: string;
  /** The error type a fix was learned for: its pattern is seen (made, if the caps forgot it). */
  learned_for?: string;
  /** Fix sets written, each with its new version. */
  fixes: Array<{ name: string; version: string; text: string }>;
  /**
   * The fix slots hash's fields (tool-fix-texts.ts: slotField): the offer counts of the slots new fixes took, removed
   * first; then, field and member, the member each of those slots lists its new fix under; then counts added to by one.
   */
  fix_slots: { cleared: string[]; members: string[]; added: string[] };
  /** The slots an error type's fixes may take, and the fields each slot keeps: they go with it when the caps forget it. */
  max_fixes: number;
  slot_fields: readonly string[];
  ranks: { changed: RankEntry[]; forgotten: string[] };
  /** The success pattern the call's fix leaves (JSON), or "". */
  success_pattern: string;
  /** The session's pending offer of the tool is decided, so it goes. */
  pending_cleared: boolean;
  /** The offer made to the call's failure: each text follows the id Redis numbers it with. */
  offer?: {
    pending: string;
    /** The offered fix's offer counts' fields (offered, other fix, ignored): the first is added to, all three answered and kept in the record. */
    counts: string[];
    record: string;
    event: string;
  };
  /** fix.outcome's data, after the pending offer's id (the script puts it first). */
  outcome_event?: string;
  entry_event: string;
  fix_event: string;
  max_values: number;
  max_contexts: number;
  max_successes: number;
  max_names: number;
  max_errors: number;
  ttl: number;
  sessions_ttl: number;
  record_ttl: number;
  events_kept: number;
  events_ttl: number;
  prefix: string;
}

/** lib/learn-tool-call.lua's answer. */
export type LearnAnswer =
  /** offer_counts: the offered fix's offered, other fix and ignored counts, this offer counted. */
  | { outcome: "applied"; offer_id?: string; offer_counts?: [number, number, number] }
  /** What the key's first write kept: "1" for no offer, else the offer (tool-fixes.ts: knownFixFromRecord). */
  | { outcome: "replayed"; record: string }
  /** What the decision read, as it now reads (raw: a fix set's field, the pending offer with its id). */
  | { outcome: "refused"; born: string; pending: string; fixes: Record<string, string> };

/** recordAndLearnToolCall-31.lua's answer: `learned` only when the session's part applied. */
export interface RecordAndLearnAnswer {
  recorded: RecordAnswer;
  learned?: LearnAnswer;
}
