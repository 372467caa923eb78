// What a listing shows of a task or a session, built the same way by both stores; null when it is not to be listed.
import type { SessionSummary, TaskSummary } from "../domain/activity/types.js";
import type { LessonCounters } from "../domain/lessons/types.js";
import type { SessionCounters } from "../domain/tools/store.js";

/** A task is listed while it keeps lessons. */
export function taskSummaryOf(
  taskId: string,
  at: number,
  counters: Pick<LessonCounters, "total_lessons" | "total_captured" | "by_category">,
  lastErrorType: string | null,
  resolved: boolean,
): TaskSummary | null {
  if (counters.total_lessons === 0) return null;
  return {
    task_id: taskId,
    total_lessons: counters.total_lessons,
    total_captured: counters.total_captured,
    by_category: counters.by_category,
    last_error_type: lastErrorType,
    resolved,
    updated_at: new Date(at).toISOString(),
  };
}

/** A session is listed while it keeps calls. */
export function sessionSummaryOf(
  sessionId: string,
  at: number,
  counters: Pick<SessionCounters, "total_calls" | "success_count" | "total_fixes_detected" | "tools_tracked">,
): SessionSummary | null {
  if (counters.total_calls === 0) return null;
  return {
    session_id: sessionId,
    total_calls: counters.total_calls,
    success_rate: counters.success_count / counters.total_calls,
    total_fixes_detected: counters.total_fixes_detected,
    tools_tracked: counters.tools_tracked,
    updated_at: new Date(at).toISOString(),
  };
}
