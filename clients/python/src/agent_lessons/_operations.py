"""Every operation of the service's OpenAPI document, once: what each sends and what it answers.

Each function is named after its ``operationId`` in snake_case and builds a ``Request``; ``Client``
sends it and blocks, ``AsyncClient`` awaits it. Path ids are positional, body fields and query
parameters keyword-only, with the names the API uses. Optional arguments left as ``None`` are not
sent, so the service applies its own defaults.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from . import types as t
from ._transport import Request, segment

def _fields(**values: Any) -> dict[str, Any]:
    """The given fields without the ones left as None."""
    return {name: value for name, value in values.items() if value is not None}


def _names(value: str | Iterable[str] | None) -> str | None:
    if value is None or isinstance(value, str):
        return value
    return ",".join(value)


# --- health --------------------------------------------------------------------------------------


def get_liveness() -> Request[t.Health]:
    """``GET /health/live``: the process answers."""
    return Request("GET", "/health/live")


def get_readiness() -> Request[t.Health]:
    """``GET /health/ready``: the store answers (a ``ProblemError`` 503 while it does not; not retried)."""
    return Request("GET", "/health/ready", retry=False)


def get_metrics() -> Request[str]:
    """``GET /metrics``: the Prometheus text exposition (a ``str``)."""
    return Request("GET", "/metrics", accept="text/plain, application/problem+json")


def get_open_api_document() -> Request[t.JSONObject]:
    """``GET /openapi.json``: the service's OpenAPI 3.1 document."""
    return Request("GET", "/openapi.json")


# --- lessons -------------------------------------------------------------------------------------


def capture_lesson(
    task_id: str,
    *,
    attempt_number: int,
    tier: int,
    error_type: str,
    error_message: str,
    model: str | None = None,
    error_context: str | None = None,
    fix_approach: str | None = None,
    duration_ms: int | None = None,
    tokens_used: int | None = None,
    idempotency_key: str | None = None,
) -> Request[t.LessonWithKnownFixes]:
    """``POST /tasks/{task_id}/lessons``: capture a failed attempt as a lesson (201 with the lesson)."""
    body = _fields(
        attempt_number=attempt_number,
        tier=tier,
        error_type=error_type,
        error_message=error_message,
        model=model,
        error_context=error_context,
        fix_approach=fix_approach,
        duration_ms=duration_ms,
        tokens_used=tokens_used,
    )
    return Request("POST", f"/tasks/{segment(task_id)}/lessons", body=body, idempotency_key=idempotency_key)


def list_lessons(task_id: str, *, limit: int | None = None) -> Request[t.LessonList]:
    """``GET /tasks/{task_id}/lessons``: the kept lessons, oldest first; with ``limit``, the most recent N."""
    return Request("GET", f"/tasks/{segment(task_id)}/lessons", query={"limit": limit})


def clear_lessons(task_id: str) -> Request[None]:
    """``DELETE /tasks/{task_id}/lessons``: forget the task's lessons, counters and signatures."""
    return Request("DELETE", f"/tasks/{segment(task_id)}/lessons")


def get_lesson_prompt(
    task_id: str, *, max_lessons: int | None = None, group: str | None = None
) -> Request[t.LessonPrompt]:
    """``GET /tasks/{task_id}/lessons/prompt``: ``{task_id, lesson_count, prompt}`` for a fresh session.

    ``group="signature"`` shows each distinct failure once.
    """
    return Request(
        "GET", f"/tasks/{segment(task_id)}/lessons/prompt", query={"max_lessons": max_lessons, "group": group}
    )


def list_lesson_signatures(task_id: str) -> Request[t.FailureSignatureList]:
    """``GET /tasks/{task_id}/lessons/signatures``: the task's distinct failures, most recurring first."""
    return Request("GET", f"/tasks/{segment(task_id)}/lessons/signatures")


def get_lesson_stats(task_id: str) -> Request[t.LessonStats]:
    """``GET /tasks/{task_id}/lessons/stats``: counts of the kept lessons by category and tier."""
    return Request("GET", f"/tasks/{segment(task_id)}/lessons/stats")


def get_lesson(task_id: str, lesson_id: str) -> Request[t.LessonWithKnownFixes]:
    """``GET /tasks/{task_id}/lessons/{lesson_id}``: one lesson with its known fixes (404 if absent)."""
    return Request("GET", f"/tasks/{segment(task_id)}/lessons/{segment(lesson_id)}")


def delete_lesson(task_id: str, lesson_id: str) -> Request[None]:
    """``DELETE /tasks/{task_id}/lessons/{lesson_id}``: forget one lesson (404 if absent)."""
    return Request("DELETE", f"/tasks/{segment(task_id)}/lessons/{segment(lesson_id)}")


def resolve_task(
    task_id: str, *, attempt_number: int, approach: str, model: str | None = None
) -> Request[t.Resolution]:
    """``PUT /tasks/{task_id}/resolution``: record what finally worked (replaces an earlier one)."""
    body = _fields(attempt_number=attempt_number, approach=approach, model=model)
    return Request("PUT", f"/tasks/{segment(task_id)}/resolution", body=body)


def get_resolution(task_id: str) -> Request[t.Resolution]:
    """``GET /tasks/{task_id}/resolution``: the resolution (404 when there is none)."""
    return Request("GET", f"/tasks/{segment(task_id)}/resolution")


def delete_resolution(task_id: str) -> Request[None]:
    """``DELETE /tasks/{task_id}/resolution``: remove the resolution (also when there was none)."""
    return Request("DELETE", f"/tasks/{segment(task_id)}/resolution")


def list_tenant_signatures(*, limit: int | None = None) -> Request[t.TenantSignatureList]:
    """``GET /lessons/signatures``: the tenant's most recurring failures across tasks."""
    return Request("GET", "/lessons/signatures", query={"limit": limit})


# --- procedural memory ---------------------------------------------------------------------------


def record_tool_call(
    session_id: str,
    *,
    tool_name: str,
    outcome: str,
    arguments: Mapping[str, Any] | None = None,
    result: Any = None,
    context_goal: str | None = None,
    error_type: str | None = None,
    error_message: str | None = None,
    execution_time_ms: int | None = None,
    preceding_call_id: str | None = None,
    offer_fix: bool | None = None,
    idempotency_key: str | None = None,
) -> Request[t.RecordedToolCall]:
    """``POST /sessions/{session_id}/tool-calls``: record a call; answers the stored entry.

    ``outcome`` is ``success``, ``failure``, ``partial``, ``timeout`` or ``cancelled`` (a ``str``
    enum member works too). ``result`` is any JSON value; only its summary is kept. With
    ``offer_fix=False`` a failure is answered without ``known_fix``, and no offer is counted.
    """
    body = _fields(
        tool_name=tool_name,
        arguments=dict(arguments or {}),
        outcome=_text(outcome),
        context_goal=context_goal,
        error_type=error_type,
        error_message=error_message,
        execution_time_ms=execution_time_ms,
        preceding_call_id=preceding_call_id,
        offer_fix=offer_fix,
    )
    body["result"] = result
    return Request("POST", f"/sessions/{segment(session_id)}/tool-calls", body=body, idempotency_key=idempotency_key)


def search_tool_calls(
    session_id: str,
    *,
    tool_name: str | None = None,
    goal_contains: str | None = None,
    outcome: str | None = None,
    error_type: str | None = None,
    only_fixes: bool | None = None,
    only_fixed: bool | None = None,
    limit: int | None = None,
) -> Request[t.ToolCallList]:
    """``GET /sessions/{session_id}/tool-calls``: matching calls, newest first."""
    query = {
        "tool_name": tool_name,
        "goal_contains": goal_contains,
        "outcome": _text(outcome) if outcome is not None else None,
        "error_type": error_type,
        "only_fixes": only_fixes,
        "only_fixed": only_fixed,
        "limit": limit,
    }
    return Request("GET", f"/sessions/{segment(session_id)}/tool-calls", query=query)


def get_tool_call(session_id: str, call_id: str) -> Request[t.ToolLogEntry]:
    """``GET /sessions/{session_id}/tool-calls/{call_id}``: one entry (404 if absent)."""
    return Request("GET", f"/sessions/{segment(session_id)}/tool-calls/{segment(call_id)}")


def list_tool_patterns(session_id: str) -> Request[t.ToolPatterns]:
    """``GET /sessions/{session_id}/patterns``: every tool's pattern, in order of first use."""
    return Request("GET", f"/sessions/{segment(session_id)}/patterns")


def get_tool_pattern(session_id: str, tool_name: str) -> Request[t.ToolPattern]:
    """``GET /sessions/{session_id}/patterns/{tool_name}``: one tool's pattern (404 without calls)."""
    return Request("GET", f"/sessions/{segment(session_id)}/patterns/{segment(tool_name)}")


def get_known_fix(session_id: str, tool_name: str, *, error_type: str) -> Request[t.KnownFix]:
    """``GET …/patterns/{tool_name}/fix``: ``{fix_delta, typical_fix}`` for an error type (404 if none)."""
    path = f"/sessions/{segment(session_id)}/patterns/{segment(tool_name)}/fix"
    return Request("GET", path, query={"error_type": error_type})


def get_arg_hints(session_id: str, tool_name: str, *, goal: str) -> Request[t.ArgHints]:
    """``GET …/patterns/{tool_name}/hints``: arguments of the first fix whose goal contains ``goal``."""
    path = f"/sessions/{segment(session_id)}/patterns/{segment(tool_name)}/hints"
    return Request("GET", path, query={"goal": goal})


def get_error_guidance(session_id: str, tool_name: str, *, error_type: str) -> Request[t.SessionPrompt]:
    """``GET …/patterns/{tool_name}/guidance``: an ``<error_guidance>`` block in ``prompt``."""
    path = f"/sessions/{segment(session_id)}/patterns/{segment(tool_name)}/guidance"
    return Request("GET", path, query={"error_type": error_type})


def get_success_template(session_id: str, tool_name: str, *, goal: str) -> Request[t.SessionPrompt]:
    """``GET …/patterns/{tool_name}/template``: a ``<success_template>`` block (404 if none)."""
    path = f"/sessions/{segment(session_id)}/patterns/{segment(tool_name)}/template"
    return Request("GET", path, query={"goal": goal})


def get_session_stats(session_id: str) -> Request[t.SessionStats]:
    """``GET /sessions/{session_id}/stats``: counts over the session's kept log."""
    return Request("GET", f"/sessions/{segment(session_id)}/stats")


def get_session_settings(session_id: str) -> Request[t.SessionSettings]:
    """``GET /sessions/{session_id}/settings``: the log size and fix-detection window in force, and what the session set."""
    return Request("GET", f"/sessions/{segment(session_id)}/settings")


def put_session_settings(
    session_id: str, *, max_log_entries: int | None = None, fix_detection_window: int | None = None
) -> Request[t.SessionSettings]:
    """``PUT /sessions/{session_id}/settings``: the session's own log size and window; ``None`` follows the service's."""
    return Request(
        "PUT",
        f"/sessions/{segment(session_id)}/settings",
        body={"max_log_entries": max_log_entries, "fix_detection_window": fix_detection_window},
    )


def get_session_prompt(
    session_id: str,
    *,
    tools: str | Iterable[str] | None = None,
    goal: str | None = None,
    max_recent_calls: int | None = None,
    max_error_patterns: int | None = None,
    max_success_patterns: int | None = None,
    include_args: bool | None = None,
    include_timing: bool | None = None,
    compact: bool | None = None,
    shared: bool | None = None,
) -> Request[t.SessionPrompt]:
    """``GET /sessions/{session_id}/prompt``: the ``<procedural_memory>`` block in ``prompt``.

    ``tools`` is a list of names (or one comma-separated string).
    """
    query = {
        "tools": _names(tools),
        "goal": goal,
        "max_recent_calls": max_recent_calls,
        "max_error_patterns": max_error_patterns,
        "max_success_patterns": max_success_patterns,
        "include_args": include_args,
        "include_timing": include_timing,
        "compact": compact,
        "shared": shared,
    }
    return Request("GET", f"/sessions/{segment(session_id)}/prompt", query=query)


def get_session_summary(session_id: str, *, max_tools: int | None = None) -> Request[t.SessionPrompt]:
    """``GET /sessions/{session_id}/prompt/summary``: the ``<procedural_memory_summary>`` block."""
    return Request("GET", f"/sessions/{segment(session_id)}/prompt/summary", query={"max_tools": max_tools})


def export_session_memory(session_id: str) -> Request[t.ProceduralMemory]:
    """``GET /sessions/{session_id}/memory``: the whole procedural memory as one document."""
    return Request("GET", f"/sessions/{segment(session_id)}/memory")


def import_session_memory(session_id: str, memory: Mapping[str, Any]) -> Request[None]:
    """``PUT /sessions/{session_id}/memory``: replace the session's memory with ``memory``.

    ``memory`` is a document as ``export_session_memory`` answers it; the path's session wins.
    """
    return Request("PUT", f"/sessions/{segment(session_id)}/memory", body=dict(memory))


def reset_session_memory(session_id: str) -> Request[None]:
    """``DELETE /sessions/{session_id}/memory``: forget the session; ids restart at ``call-0001``."""
    return Request("DELETE", f"/sessions/{segment(session_id)}/memory")


# --- shared tool knowledge -----------------------------------------------------------------------


def list_shared_tools(
    *, limit: int | None = None, prefix: str | None = None, cursor: str | None = None
) -> Request[t.SharedToolList]:
    """``GET /tools``: every tool the tenant's sessions called, most calls first.

    With ``prefix``, only the tools whose name starts with it, in name order, a page at a time:
    pass ``next_cursor`` back as ``cursor`` with the same ``prefix``.
    """
    return Request("GET", "/tools", query={"limit": limit, "prefix": prefix, "cursor": cursor})


def get_shared_tool_knowledge(tool_name: str) -> Request[t.SharedToolKnowledge]:
    """``GET /tools/{tool_name}``: what every session of the tenant taught about the tool (404 if none)."""
    return Request("GET", f"/tools/{segment(tool_name)}")


def forget_shared_tool(tool_name: str) -> Request[None]:
    """``DELETE /tools/{tool_name}``: forget what the tenant learned about the tool."""
    return Request("DELETE", f"/tools/{segment(tool_name)}")


def get_shared_fix(
    tool_name: str, *, error_type: str, arguments: Mapping[str, Any] | None = None
) -> Request[t.SharedKnownFix]:
    """``GET /tools/{tool_name}/fix``: the tenant's fix for an error type, with alternatives (404 if none).

    With ``arguments`` (the failing call's), only a fix that applies to them is answered.
    """
    query = {"error_type": error_type}
    if arguments is not None:
        query["arguments"] = json.dumps(dict(arguments), separators=(",", ":"), ensure_ascii=False)
    return Request("GET", f"/tools/{segment(tool_name)}/fix", query=query)


def get_shared_error_guidance(tool_name: str, *, error_type: str) -> Request[t.SharedErrorGuidance]:
    """``GET /tools/{tool_name}/guidance``: an ``<error_guidance>`` block from every session's fixes."""
    return Request("GET", f"/tools/{segment(tool_name)}/guidance", query={"error_type": error_type})


# --- context, listings, overview -----------------------------------------------------------------


def get_context(
    *,
    task_id: str | None = None,
    session_id: str | None = None,
    tools: str | Iterable[str] | None = None,
    max_tokens: int | None = None,
) -> Request[t.ContextBlock]:
    """``GET /context``: one block of a task's and a session's memory within a token budget."""
    query = {"task_id": task_id, "session_id": session_id, "tools": _names(tools), "max_tokens": max_tokens}
    return Request("GET", "/context", query=query)


def list_tasks(
    *, limit: int | None = None, cursor: str | None = None, prefix: str | None = None
) -> Request[t.TaskList]:
    """``GET /tasks``: tasks that keep lessons, most recently active first; follow ``next_cursor``.

    With ``prefix``, only the tasks whose id starts with it, in id order (pass the same ``prefix``
    with each ``cursor``).
    """
    return Request("GET", "/tasks", query={"limit": limit, "cursor": cursor, "prefix": prefix})


def list_sessions(
    *, limit: int | None = None, cursor: str | None = None, prefix: str | None = None
) -> Request[t.SessionList]:
    """``GET /sessions``: sessions that keep calls, most recently active first; follow ``next_cursor``.

    With ``prefix``, only the sessions whose id starts with it, in id order.
    """
    return Request("GET", "/sessions", query={"limit": limit, "cursor": cursor, "prefix": prefix})


def get_overview(*, window: str | None = None) -> Request[t.TenantOverview]:
    """``GET /overview``: activity counts, a timeline and tool latency over ``window`` (``hour``, ``day`` or ``week``)."""
    return Request("GET", "/overview", query={"window": window})


def get_tool_activity(tool_name: str, *, window: str | None = None) -> Request[t.ToolActivity]:
    """``GET /tools/{tool_name}/activity``: the tool's calls per hour, its latency and its most recent sessions (``day`` or ``week``)."""
    return Request("GET", f"/tools/{segment(tool_name)}/activity", query={"window": window})


def get_efficacy() -> Request[t.EfficacyReport]:
    """``GET /efficacy``: whether offered fixes helped, summed over the tenant's tools and signatures."""
    return Request("GET", "/efficacy")


# --- recall -------------------------------------------------------------------------------------


def recall(
    q: str,
    *,
    kind: str | None = None,
    tool: str | None = None,
    error_type: str | None = None,
    limit: int | None = None,
) -> Request[t.RecallAnswer]:
    """``GET /recall``: have we seen this failure? The tenant's failures most like ``q``, best first.

    ``kind`` is ``lessons``, ``tools`` or ``all``; ``limit`` 1 to 50 (5 by default). For a pasted
    stack trace, too long for a URL, use ``recall_by_body``.
    """
    return Request("GET", "/recall", query={"q": q, "kind": kind, "tool": tool, "error_type": error_type, "limit": limit})


def recall_by_body(
    q: str,
    *,
    kind: str | None = None,
    tool: str | None = None,
    error_type: str | None = None,
    limit: int | None = None,
) -> Request[t.RecallAnswer]:
    """``POST /recall``: the same as ``recall``, with ``q`` (up to 100,000 characters) in the body."""
    return Request("POST", "/recall", body=_fields(q=q, kind=kind, tool=tool, error_type=error_type, limit=limit))


# --- OpenTelemetry ------------------------------------------------------------------------------


def export_traces(document: Mapping[str, Any]) -> Request[t.OtlpExportResponse]:
    """``POST /v1/traces``: an OTLP/JSON ``ExportTraceServiceRequest``; the tool calls among its spans are recorded.

    Answers ``{}``, or ``{"partialSuccess": {...}}`` naming the spans it rejected. Exporters of the
    OpenTelemetry SDKs send here by themselves; this is for a document built by hand.
    """
    return Request("POST", "/v1/traces", body=dict(document))


def export_logs(document: Mapping[str, Any]) -> Request[t.OtlpExportResponse]:
    """``POST /v1/logs``: an OTLP/JSON ``ExportLogsServiceRequest``; the tool results among its records are recorded."""
    return Request("POST", "/v1/logs", body=dict(document))


def _text(value: Any) -> str:
    """A str enum member's value (``ToolOutcome.SUCCESS`` → ``"success"``), else the string itself."""
    return str(getattr(value, "value", value))


OPERATIONS = (
    get_liveness,
    get_readiness,
    get_metrics,
    get_open_api_document,
    capture_lesson,
    list_lessons,
    clear_lessons,
    get_lesson_prompt,
    list_lesson_signatures,
    get_lesson_stats,
    get_lesson,
    delete_lesson,
    resolve_task,
    get_resolution,
    delete_resolution,
    list_tenant_signatures,
    record_tool_call,
    search_tool_calls,
    get_tool_call,
    list_tool_patterns,
    get_tool_pattern,
    get_known_fix,
    get_arg_hints,
    get_error_guidance,
    get_success_template,
    get_session_stats,
    get_session_settings,
    put_session_settings,
    get_session_prompt,
    get_session_summary,
    export_session_memory,
    import_session_memory,
    reset_session_memory,
    list_shared_tools,
    get_shared_tool_knowledge,
    forget_shared_tool,
    get_shared_fix,
    get_shared_error_guidance,
    get_context,
    list_tasks,
    list_sessions,
    get_overview,
    get_tool_activity,
    get_efficacy,
    recall,
    recall_by_body,
    export_traces,
    export_logs,
)
