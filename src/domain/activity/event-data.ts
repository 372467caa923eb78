// The data of events that are not a stored document as it is.
import { errorTypeOf } from "../tools/pattern-update.js";
import type { ToolLogEntry } from "../tools/types.js";

/** What `fix.detected` tells: which call fixed which failure, and how the arguments changed. */
export function fixDetected(session: { sessionId: string }, entry: ToolLogEntry) {
  return {
    session_id: session.sessionId,
    tool_name: entry.tool_name,
    failed_call_id: entry.fix_for,
    fix_call_id: entry.id,
    delta_args: entry.delta_args,
  };
}

/** What `fix.offered` tells: which failure of which session was offered which fix, under what offer id. */
export function fixOffered(session: { sessionId: string }, entry: ToolLogEntry, offer: { offer_id: string; fix_delta: unknown }) {
  return {
    offer_id: offer.offer_id,
    session_id: session.sessionId,
    tool_name: entry.tool_name,
    error_type: errorTypeOf(entry),
    call_id: entry.id,
    fix_delta: offer.fix_delta,
  };
}

/** What `fix.outcome` tells: how the session's next call of the tool ended the offer. */
export function fixOutcome(session: { sessionId: string }, entry: ToolLogEntry, offer: { offer_id: string; call_id: string; error_type: string }, outcome: string) {
  return {
    offer_id: offer.offer_id,
    session_id: session.sessionId,
    tool_name: entry.tool_name,
    error_type: offer.error_type,
    outcome,
    offered_call_id: offer.call_id,
    call_id: entry.id,
  };
}

