"""Shapes of the service's JSON answers, as TypedDicts (at run time they are plain dicts)."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

JSONObject = dict[str, Any]
Outcome = Literal["success", "failure", "partial", "timeout", "cancelled"]
Severity = Literal["low", "medium", "high", "critical"]


class Health(TypedDict, total=False):
    status: str
    store: str
    #: readiness only: ``memory``, ``single``, ``sentinel`` or ``cluster``
    topology: str
    #: readiness only: ``master``, or None in a Cluster
    role: str | None


# --- lessons -------------------------------------------------------------------------------------


class LessonKnownFix(TypedDict):
    task_id: str
    approach: str
    resolved_at: str


class Lesson(TypedDict):
    lesson_id: str
    task_id: str
    attempt_number: int
    tier: int
    error_type: str
    error_message: str
    error_context: str | None
    hypothesized_fix: str
    fix_approach: str | None
    model: str | None
    timestamp: str
    duration_ms: int | None
    tokens_used: int | None
    category: str
    severity: Severity
    signature: str


class LessonWithKnownFixes(Lesson):
    known_fixes: list[LessonKnownFix]


class LessonList(TypedDict):
    task_id: str
    lessons: list[Lesson]


class LessonPrompt(TypedDict):
    task_id: str
    lesson_count: int
    prompt: str


class LessonStats(TypedDict):
    task_id: str
    total_lessons: int
    total_captured: int
    by_category: dict[str, int]
    by_tier: dict[str, int]
    most_common_error: str | None
    resolved: bool


class FailureSignature(TypedDict):
    signature: str
    error_type: str
    category: str
    normalized_message: str
    # The message with its variables as <*>, as the tenant's templates learned it; None for a signature kept before templates.
    template: str | None
    example_message: str
    occurrences: int
    first_attempt: int
    last_attempt: int
    first_seen_at: str
    last_seen_at: str
    hypothesized_fix: str


class FailureSignatureList(TypedDict):
    task_id: str
    signatures: list[FailureSignature]


class SignatureEfficacy(TypedDict):
    """Whether offered known fixes shortened the tasks they were offered to; means are None with nothing to average."""

    tasks_offered: int
    tasks_resolved_after_offer: int
    tasks_resolved_without_offer: int
    mean_attempts_with_offer: float | None
    mean_attempts_without_offer: float | None
    mean_attempts_after_offer: float | None


class TenantSignature(TypedDict):
    signature: str
    error_type: str
    category: str
    normalized_message: str
    template: str | None
    occurrences: int
    tasks: int
    resolved_tasks: int
    latest_known_fix: LessonKnownFix | None
    efficacy: SignatureEfficacy


class TenantSignatureList(TypedDict):
    signatures: list[TenantSignature]


class Resolution(TypedDict):
    task_id: str
    attempt_number: int
    approach: str
    model: str | None
    resolved_at: str
    signatures: list[str]


# --- procedural memory ---------------------------------------------------------------------------


class ArgDelta(TypedDict, total=False):
    added: dict[str, Any]
    removed: list[str]
    changed: dict[str, dict[str, Any]]


class ToolLogEntry(TypedDict):
    id: str
    timestamp: str
    tool_name: str
    arguments: dict[str, Any]
    arguments_hash: str
    context_goal: str | None
    preceding_call_id: str | None
    outcome: Outcome
    result_summary: str
    result_type: str
    execution_time_ms: int | None
    error_type: str | None
    error_message: str | None
    #: a failed or timed-out call with a message: its template signature, shared with a lesson of that type and message
    signature: NotRequired[str]
    #: that failure's message with its variable parts as ``<*>``
    template: NotRequired[str]
    fixed_by: str | None
    fix_for: str | None
    delta_args: ArgDelta | None


class FixEfficacy(TypedDict):
    """Whether a fix helped when offered: adopted = worked + failed; score ranks fixes; retired ones are not offered."""

    offered: int
    adopted: int
    worked: int
    failed: int
    other_fix: int
    ignored: int
    recent_outcomes: str
    score: float
    retired: bool


class KnownSharedFix(TypedDict):
    fix_delta: ArgDelta
    typical_fix: str
    # The fix in words for a person or an agent, every value whole up to 120 characters.
    fix_text: str
    times_applied: int
    offer_id: str
    efficacy: FixEfficacy


class RecordedToolCall(ToolLogEntry):
    known_fix: KnownSharedFix | None


class ToolCallList(TypedDict):
    session_id: str
    calls: list[ToolLogEntry]


class ErrorPattern(TypedDict):
    error_type: str
    count: int
    contexts: list[str]
    example_args: dict[str, Any] | None
    typical_fix: str | None
    fix_delta: ArgDelta | None


class SuccessPattern(TypedDict):
    goal_match: str | None
    arg_hints: dict[str, Any]
    example_call_id: str | None
    delta_that_fixed: ArgDelta | None


class ToolPattern(TypedDict):
    tool_name: str
    total_calls: int
    success_count: int
    failure_count: int
    success_rate: float
    common_args: dict[str, list[Any]]
    error_patterns: list[ErrorPattern]
    success_patterns: list[SuccessPattern]
    avg_execution_ms: float | None
    timed_calls: int
    updated_at: str


class ToolPatterns(TypedDict):
    session_id: str
    patterns: dict[str, ToolPattern]


class FixRelation(TypedDict):
    failed_call_id: str
    success_call_id: str
    delta_args: ArgDelta
    detected_at: str


class ProceduralMemory(TypedDict):
    session_id: str
    tool_log: list[ToolLogEntry]
    tool_patterns: dict[str, ToolPattern]
    fix_relations: list[FixRelation]
    next_call_id: int
    created_at: str | None
    updated_at: str | None


class KnownFix(TypedDict):
    fix_delta: ArgDelta
    typical_fix: str


class ArgHints(TypedDict):
    tool_name: str
    goal: str
    arg_hints: dict[str, Any]


class SessionStats(TypedDict):
    session_id: str
    total_calls: int
    success_count: int
    failure_count: int
    success_rate: float
    total_fixes_detected: int
    tools_tracked: int
    created_at: str | None
    updated_at: str | None


class SessionSettingOverrides(TypedDict):
    """What a session sets for itself; ``None`` where the service's setting applies."""

    max_log_entries: int | None
    fix_detection_window: int | None


class SessionSettings(TypedDict):
    """``GET``/``PUT /sessions/{session_id}/settings``: the settings in force and what the session set."""

    session_id: str
    max_log_entries: int
    fix_detection_window: int
    set_by_session: SessionSettingOverrides


class SessionPrompt(TypedDict):
    session_id: str
    prompt: str


# --- shared tool knowledge -----------------------------------------------------------------------


class SharedToolSummary(TypedDict):
    tool_name: str
    total_calls: int
    success_rate: float
    fixes_learned: int
    sessions_seen: int
    last_used_at: str


class SharedToolList(TypedDict):
    tools: list[SharedToolSummary]
    # Only with ``prefix``: the next page's cursor, None once every match was listed.
    next_cursor: NotRequired[str | None]


class SharedToolKnowledge(TypedDict):
    tool_name: str
    total_calls: int
    success_count: int
    failure_count: int
    success_rate: float
    common_args: dict[str, list[Any]]
    error_patterns: list[dict[str, Any]]
    success_patterns: list[dict[str, Any]]
    avg_execution_ms: float | None
    timed_calls: int
    updated_at: str
    fixes_learned: int
    sessions_seen: int
    last_used_at: str
    efficacy: ToolEfficacy


class ToolEfficacy(TypedDict):
    offered: int
    adopted: int
    worked: int
    failed: int
    other_fix: int
    ignored: int
    pending: int


class SharedFixSummary(TypedDict):
    fix_delta: ArgDelta
    typical_fix: str
    fix_text: str
    times_applied: int
    efficacy: FixEfficacy


class SharedKnownFix(SharedFixSummary):
    tool_name: str
    error_type: str
    alternatives: list[SharedFixSummary]


class SharedErrorGuidance(TypedDict):
    tool_name: str
    prompt: str


# --- context, listings, overview -----------------------------------------------------------------


class ContextSection(TypedDict):
    name: str
    items: int
    omitted: int


class ContextBlock(TypedDict):
    prompt: str
    tokens: int
    max_tokens: int
    encoding: str
    sections: list[ContextSection]


class TaskSummary(TypedDict):
    task_id: str
    total_lessons: int
    total_captured: int
    by_category: dict[str, int]
    last_error_type: str | None
    resolved: bool
    updated_at: str


class TaskList(TypedDict):
    tasks: list[TaskSummary]
    next_cursor: str | None


class SessionSummary(TypedDict):
    session_id: str
    total_calls: int
    success_rate: float
    total_fixes_detected: int
    tools_tracked: int
    updated_at: str


class SessionList(TypedDict):
    sessions: list[SessionSummary]
    next_cursor: str | None


class ToolLatency(TypedDict):
    tool_name: str
    calls: int
    p50_ms: float
    p95_ms: float


class TenantOverview(TypedDict):
    window: str
    tasks: dict[str, int]
    sessions: dict[str, int]
    failures_by_category: dict[str, int]
    timeline: list[dict[str, Any]]
    latency_since: str
    tool_latency: list[ToolLatency]


class ToolActivity(TypedDict):
    """``GET /tools/{tool_name}/activity``: calls and successes per hour, latency, recent sessions."""

    tool_name: str
    window: str
    timeline: list[dict[str, Any]]
    latency: dict[str, Any] | None
    recent_sessions: list[dict[str, str]]


class ListedFix(SharedFixSummary):
    tool_name: str
    error_type: str


class ToolEfficacyTotals(ToolEfficacy):
    adoption_rate: float | None
    success_rate_when_adopted: float | None


class EfficacyReport(TypedDict):
    """``GET /efficacy``: the tenant's totals and its best and worst fixes."""

    tools: ToolEfficacyTotals
    lessons: SignatureEfficacy
    best_fixes: list[ListedFix]
    worst_fixes: list[ListedFix]


class RecallWhy(TypedDict):
    same_template: bool
    terms: list[str]


class RecalledResolution(TypedDict):
    task_id: str
    approach: str
    resolved_at: str


class RecallMatch(TypedDict):
    """One failure the tenant has met, like the query: a lesson signature or a tool's failure."""

    kind: str
    signature: str
    template: str
    error_type: str
    tool_name: str | None
    score: float
    why: RecallWhy
    occurrences: int
    last_seen: str
    task_ids: list[str]
    session_ids: list[str]
    resolution: RecalledResolution | None
    fix: SharedFixSummary | None


class RecallAnswer(TypedDict):
    """``GET``/``POST /recall``: best first; empty when nothing matched."""

    matches: list[RecallMatch]


class OtlpPartialSuccess(TypedDict, total=False):
    # int64 counts: proto3's JSON mapping allows a string or a number.
    rejectedSpans: int | str
    rejectedLogRecords: int | str
    errorMessage: str


class OtlpExportResponse(TypedDict, total=False):
    """``POST /v1/traces`` and ``/v1/logs``: empty when every item was taken."""

    partialSuccess: OtlpPartialSuccess


class Event(TypedDict):
    """One Server-Sent Event: its ``id``, ``event`` type and parsed JSON ``data``."""

    id: str | None
    event: str
    data: Any
