// The tenant's tool knowledge port: recording a call into its session and the tenant's knowledge of its tool, and reading that knowledge.
import type { KnownSharedFix, SharedToolKnowledge, SharedToolSummary } from "./types.js";
import type { NewToolCall } from "../tools/store.js";
import type { ToolLogEntry } from "../tools/types.js";
import type { Page } from "../activity/types.js";
import type { EfficacyReportData } from "../efficacy/ranks.js";
import type { SessionRef } from "../refs.js";
import type { IdempotencyKey, KeyedWrite } from "../idempotency.js";

/** A recorded call, and the fix the tenant knows for its error type when it failed (else null). */
export interface RecordedToolCall {
  entry: ToolLogEntry;
  knownFix: KnownSharedFix | null;
}

export interface SharedToolStore {
  /**
   * Records one call in its session, atomically per session: allocates the next id (`call-0001`, …), links it to
   * the most recent unfixed failure of the same tool within the session's fix-detection window
   * (`fixDetectionWindow` unless the session sets its own; see `lookBack`) when it is a success with
   * different arguments (each failure is fixed at most once), updates the tool's pattern, and trims
   * the log to the session's size (`maxToolLogEntries` unless the session sets a smaller one). Then it folds it into the
   * tenant's shared knowledge of the tool: counts, argument values, error patterns, and the fix it
   * made if any. The session's part is atomic as before; the tenant's part is atomic on its own,
   * with the activity it makes (listing, `tool_call.recorded` and `fix.detected` events, minute
   * counts). Returns the entry and, for a failure or timeout, the tenant's best offerable fix for
   * its error type (ranked by `fixRanking`).
   *
   * Offers: the tenant's part first decides the session's pending offer for this tool, when this
   * call is the next call of the tool after the offered failure (adopted or not, succeeded or not:
   * the offered fix's counts and the tool's change, and a `fix.outcome` event is logged); any call
   * of the tool ends the pending offer. Only then is this call's own fix chosen: a failure offered a
   * fix becomes the session's pending offer for the tool (with a new `offer_id`, counted as offered,
   * and a `fix.offered` event).
   *
   * With `offer` false (a capture that cannot show a fix to the model: an exporter, a drop-in) no fix is
   * offered, so none is counted as ignored; a pending offer of the tool is still decided.
   *
   * With a write key, the session keeps the key's record in its own atomic write, as captureLesson
   * does: a replay answers the first call's entry and known fix (the same offer) as they were
   * answered, and counts nothing again.
   */
  recordSharedToolCall(session: SessionRef, call: NewToolCall, idempotencyKey: IdempotencyKey | null, offer?: boolean): Promise<KeyedWrite<RecordedToolCall>>;

  /** The tenant's tools, most calls first (ties by name), at most `limit`. */
  listSharedTools(tenant: string, limit: number): Promise<SharedToolSummary[]>;

  /**
   * The tenant's tools whose name starts with `prefix`, in name order (byte order), a page of
   * `limit` after the name `after`; `next` is the last name the page looked at, null once no match
   * is left. Read from an index in name order, so a page costs the log of the tenant's tools and
   * its own size; tools whose knowledge expired or was forgotten are never listed (and are dropped
   * from the index as they are met).
   */
  listSharedToolsByPrefix(tenant: string, prefix: string, limit: number, after: string | null): Promise<Page<SharedToolSummary, string>>;

  /** The tenant's knowledge of each named tool, in the order asked; tools it never called are left out. */
  sharedToolKnowledge(tenant: string, toolNames: readonly string[]): Promise<SharedToolKnowledge[]>;

  /** Forgets everything the tenant learned about one tool. */
  forgetSharedTool(tenant: string, toolName: string): Promise<void>;

  /**
   * The tenant's efficacy report in one read, whatever the number of its tools: offers of tool fixes
   * and their outcomes, counted as each was decided (in the same step that decided it), and the
   * `listed` best fixes (domain/efficacy/ranks.ts: bestRank, highest first) and worst ones (worstRank,
   * lowest first, only fixes that failed when taken). A fix of a tool whose knowledge expired or was
   * forgotten is never listed.
   */
  efficacyReport(tenant: string, listed: number): Promise<EfficacyReportData>;
}
