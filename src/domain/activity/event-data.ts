// The data of events that are not a stored document as it is.
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
