"""The blocking client against the real service: every operation, errors, auth and idempotency."""

from __future__ import annotations

import inspect
import json
import re
import threading
from collections.abc import Callable
from typing import Any

import pytest

from agent_lessons import APIConnectionError, AsyncClient, Client, ProblemError
from agent_lessons import _operations
from service import REPO_ROOT, free_port


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def operation_ids() -> set[str]:
    document = json.loads((REPO_ROOT / "openapi" / "openapi.json").read_text())
    return {
        op["operationId"]
        for path in document["paths"].values()
        for method, op in path.items()
        if method in {"get", "post", "put", "delete", "patch"}
    }


def test_every_openapi_operation_has_a_method_on_both_clients() -> None:
    wanted = {snake(op) for op in operation_ids()} - {"stream_events"}
    built = {build.__name__ for build in _operations.OPERATIONS}
    assert built == wanted
    for name in wanted:
        assert callable(getattr(Client, name)), name
        assert inspect.iscoroutinefunction(getattr(AsyncClient, name)), name
        assert getattr(Client, name).__doc__, name
    assert hasattr(Client, "stream_events")


def test_lessons_capture_list_prompt_stats_delete(client: Client, uid: Callable[[str], str]) -> None:
    task = uid("task")
    first = client.capture_lesson(
        task, attempt_number=1, tier=1, error_type="SyntaxError", error_message="invalid syntax on line 42", model="m1"
    )
    assert first["category"] == "syntax" and first["severity"] == "low" and first["known_fixes"] == []
    assert first["task_id"] == task and first["model"] == "m1" and len(first["signature"]) == 16
    second = client.capture_lesson(
        task,
        attempt_number=2,
        tier=2,
        error_type="TimeoutError",
        error_message="timed out after 30s",
        fix_approach="smaller batches",
        duration_ms=1200,
        tokens_used=0,
    )
    assert second["fix_approach"] == "smaller batches" and second["duration_ms"] == 1200 and second["tokens_used"] == 0

    lessons = client.list_lessons(task)
    assert [lesson["attempt_number"] for lesson in lessons["lessons"]] == [1, 2]
    assert [lesson["attempt_number"] for lesson in client.list_lessons(task, limit=1)["lessons"]] == [2]
    assert client.get_lesson(task, first["lesson_id"])["lesson_id"] == first["lesson_id"]

    prompt = client.get_lesson_prompt(task, max_lessons=1)
    assert prompt["lesson_count"] == 1 and "PREVIOUS ATTEMPT #2 FAILED:" in prompt["prompt"]
    assert "Suggested Approach: smaller batches" in prompt["prompt"]
    grouped = client.get_lesson_prompt(task, group="signature")
    assert grouped["prompt"] == client.get_lesson_prompt(task)["prompt"]

    signatures = client.list_lesson_signatures(task)["signatures"]
    assert {s["error_type"] for s in signatures} == {"SyntaxError", "TimeoutError"}
    stats = client.get_lesson_stats(task)
    assert stats["total_lessons"] == 2 and stats["by_tier"] == {"1": 1, "2": 1, "3": 0} and stats["resolved"] is False

    assert client.delete_lesson(task, first["lesson_id"]) is None
    with pytest.raises(ProblemError) as missing:
        client.get_lesson(task, first["lesson_id"])
    assert missing.value.status == 404 and missing.value.code == "NOT_FOUND"
    assert client.clear_lessons(task) is None
    assert client.get_lesson_stats(task)["total_lessons"] == 0


def test_resolution_and_tenant_signatures(client: Client, uid: Callable[[str], str]) -> None:
    task, later = uid("task"), uid("task")
    client.capture_lesson(task, attempt_number=1, tier=1, error_type="ImportError", error_message="No module named 'zzq'")
    resolution = client.resolve_task(task, attempt_number=2, approach="pip install zzq", model="m")
    assert resolution["task_id"] == task and resolution["approach"] == "pip install zzq" and len(resolution["signatures"]) == 1
    assert client.get_resolution(task)["approach"] == "pip install zzq"
    assert "## WHAT WORKED\nAttempt #2 succeeded: pip install zzq\n" in client.get_lesson_prompt(task)["prompt"]

    # The same failure in another task is offered the fix.
    offered = client.capture_lesson(later, attempt_number=1, tier=1, error_type="ImportError", error_message="No module named 'other'")
    assert [fix["task_id"] for fix in offered["known_fixes"]] == [task]
    tenant = client.list_tenant_signatures(limit=1000)["signatures"]
    mine = [s for s in tenant if s["signature"] == resolution["signatures"][0]]
    assert mine and mine[0]["occurrences"] == 2 and mine[0]["latest_known_fix"]["task_id"] == task

    assert client.delete_resolution(task) is None
    with pytest.raises(ProblemError) as missing:
        client.get_resolution(task)
    assert missing.value.status == 404


def test_recall_finds_a_failure_met_before_with_what_fixed_it(client: Client, uid: Callable[[str], str]) -> None:
    task, session = uid("task"), uid("session")
    client.capture_lesson(task, attempt_number=1, tier=1, error_type="OSError", error_message="disk quota exceeded on /var/lib/pg-17")
    client.resolve_task(task, attempt_number=2, approach="moved the WAL to the data volume")
    client.record_tool_call(session, tool_name="http_get", arguments={"url": "a"}, outcome="failure", error_type="HTTP429", error_message="429 rate limited: retry in 3s")

    [lesson] = client.recall("disk quota exceeded on /var/lib/pg-3", kind="lessons")["matches"]
    assert lesson["kind"] == "lesson" and lesson["why"]["same_template"] and lesson["task_ids"] == [task]
    assert lesson["resolution"] is not None and lesson["resolution"]["approach"] == "moved the WAL to the data volume"
    trace = "Traceback (most recent call last):\n  File \"agent.py\", line 3\nHTTPError: 429 rate limited: retry in 9s\n" + "x" * 20_000
    [tool] = client.recall_by_body(trace, kind="tools", tool="http_get", limit=1)["matches"]
    assert tool["tool_name"] == "http_get" and tool["session_ids"] == [session] and tool["fix"] is None
    assert client.recall("nothing like this ever failed here zzqx")["matches"] == []
    with pytest.raises(ProblemError) as refused:
        client.recall("disk quota", limit=51)
    assert refused.value.status == 400


def test_tool_calls_patterns_prompts_and_memory(client: Client, uid: Callable[[str], str]) -> None:
    session, copy = uid("session"), uid("session")
    failed = client.record_tool_call(
        session,
        tool_name="search",
        arguments={"q": "cats", "limit": 0},
        result={"error": "limit must be positive"},
        outcome="failure",
        context_goal="find cats",
        error_type="ValueError",
        execution_time_ms=12,
    )
    assert failed["id"] == "call-0001" and failed["result_summary"] == "error: limit must be positive"
    fixed = client.record_tool_call(
        session, tool_name="search", arguments={"q": "cats", "limit": 10}, result=[1, 2], outcome="success", context_goal="find cats"
    )
    assert fixed["fix_for"] == "call-0001" and fixed["delta_args"] == {"changed": {"limit": {"from": 0, "to": 10}}}
    assert fixed["known_fix"] is None

    assert [c["id"] for c in client.search_tool_calls(session)["calls"]] == ["call-0002", "call-0001"]
    assert [c["id"] for c in client.search_tool_calls(session, only_fixed=True)["calls"]] == ["call-0001"]
    assert [c["id"] for c in client.search_tool_calls(session, outcome="success", limit=5)["calls"]] == ["call-0002"]
    assert client.get_tool_call(session, "call-0001")["fixed_by"] == "call-0002"

    pattern = client.get_tool_pattern(session, "search")
    assert pattern["total_calls"] == 2 and pattern["success_rate"] == 0.5
    assert list(client.list_tool_patterns(session)["patterns"]) == ["search"]
    assert client.get_known_fix(session, "search", error_type="ValueError")["typical_fix"] == "change limit: 0 -> 10"
    assert client.get_arg_hints(session, "search", goal="cats")["arg_hints"] == {"q": "cats", "limit": 10}
    guidance = client.get_error_guidance(session, "search", error_type="ValueError")["prompt"]
    assert guidance.startswith('<error_guidance tool="search" error="ValueError">')
    assert "<success_template" in client.get_success_template(session, "search", goal="cats")["prompt"]
    with pytest.raises(ProblemError) as none_known:
        client.get_known_fix(session, "search", error_type="KeyError")
    assert none_known.value.status == 404

    stats = client.get_session_stats(session)
    assert (stats["total_calls"], stats["success_count"], stats["failure_count"], stats["total_fixes_detected"]) == (2, 1, 1, 1)
    prompt = client.get_session_prompt(session, tools=["search"], include_timing=True, compact=True)["prompt"]
    assert prompt.startswith("<procedural_memory>") and "[12ms]" in prompt and "success_rate" not in prompt
    assert "1 fixes detected" in client.get_session_summary(session, max_tools=1)["prompt"]

    memory = client.export_session_memory(session)
    assert memory["session_id"] == session and len(memory["tool_log"]) == 2
    assert client.import_session_memory(copy, memory) is None
    assert client.get_session_stats(copy)["total_fixes_detected"] == 1
    assert client.reset_session_memory(copy) is None
    assert client.get_session_stats(copy)["total_calls"] == 0
    again = client.record_tool_call(copy, tool_name="search", outcome="success")
    assert again["id"] == "call-0001" and again["arguments"] == {}


def test_session_settings(client: Client, uid: Callable[[str], str]) -> None:
    session = uid("session")
    default = client.get_session_settings(session)
    assert default["set_by_session"] == {"max_log_entries": None, "fix_detection_window": None}
    assert (default["max_log_entries"], default["fix_detection_window"]) == (1000, 10)
    put = client.put_session_settings(session, max_log_entries=2)
    assert put == {
        "session_id": session,
        "max_log_entries": 2,
        "fix_detection_window": 10,
        "set_by_session": {"max_log_entries": 2, "fix_detection_window": None},
    }
    for n in range(3):
        client.record_tool_call(session, tool_name="t", arguments={"n": n}, outcome="success")
    assert [call["id"] for call in client.search_tool_calls(session)["calls"]] == ["call-0003", "call-0002"]
    with pytest.raises(ProblemError) as refused:
        client.put_session_settings(session, max_log_entries=1001)
    assert refused.value.status == 400 and "TOOL_LOG_MAX_ENTRIES" in refused.value.detail
    assert client.get_session_settings(session) == put


def test_shared_tool_knowledge(client: Client, uid: Callable[[str], str]) -> None:
    tool = uid("tool")
    before = client.get_efficacy()["tools"]
    for session in (uid("s"), uid("s")):
        client.record_tool_call(session, tool_name=tool, arguments={"n": 0}, outcome="failure", error_type="ValueError")
        client.record_tool_call(session, tool_name=tool, arguments={"n": 5}, outcome="success")
    fresh = client.record_tool_call(uid("s"), tool_name=tool, arguments={"n": 0}, outcome="failure", error_type="ValueError")
    known = fresh["known_fix"]
    assert known is not None and known["offer_id"].startswith("offer-")
    assert {k: known[k] for k in ("fix_delta", "typical_fix", "times_applied")} == {
        "fix_delta": {"changed": {"n": {"from": 0, "to": 5}}},
        "typical_fix": "change n: 0 -> 5",
        "times_applied": 2,
    }
    # The second session was offered the first one's fix and took it; the fresh session's offer is pending.
    assert {k: known["efficacy"][k] for k in ("offered", "adopted", "worked")} == {"offered": 2, "adopted": 1, "worked": 1}
    after = client.get_efficacy()["tools"]
    assert [after[k] - before[k] for k in ("offered", "worked", "pending")] == [2, 1, 1]

    listed = [t for t in client.list_shared_tools(limit=1000)["tools"] if t["tool_name"] == tool]
    assert listed and listed[0]["total_calls"] == 5 and listed[0]["sessions_seen"] == 3
    knowledge = client.get_shared_tool_knowledge(tool)
    assert knowledge["fixes_learned"] == 2
    fix = client.get_shared_fix(tool, error_type="ValueError")
    assert fix["times_applied"] == 2 and fix["alternatives"] == [] and fix["fix_text"] == "change n: 0 → 5"
    # The fix changes n from 0: it applies to a call holding n = 0, and to no other.
    assert client.get_shared_fix(tool, error_type="ValueError", arguments={"n": 0})["fix_text"] == "change n: 0 → 5"
    with pytest.raises(ProblemError) as elsewhere:
        client.get_shared_fix(tool, error_type="ValueError", arguments={"n": 7})
    assert elsewhere.value.status == 404
    quiet = client.record_tool_call(
        uid("s"), tool_name=tool, arguments={"n": 0}, outcome="failure", error_type="ValueError", offer_fix=False
    )
    assert quiet["known_fix"] is None
    assert client.get_efficacy()["tools"]["offered"] - before["offered"] == 2
    assert "Past fixes:" in client.get_shared_error_guidance(tool, error_type="ValueError")["prompt"]
    assert client.forget_shared_tool(tool) is None
    with pytest.raises(ProblemError) as forgotten:
        client.get_shared_tool_knowledge(tool)
    assert forgotten.value.status == 404


def test_context_listings_overview_and_health(client: Client, uid: Callable[[str], str]) -> None:
    task, session = uid("task"), uid("session")
    client.capture_lesson(task, attempt_number=1, tier=1, error_type="TypeError", error_message="bad operand")
    client.record_tool_call(session, tool_name="read_file", outcome="success", result="ok")
    context = client.get_context(task_id=task, session_id=session, tools=["read_file"], max_tokens=2000)
    assert "PREVIOUS ATTEMPT #1 FAILED" in context["prompt"] and '<tool_memory name="read_file">' in context["prompt"]
    assert [s["name"] for s in context["sections"]] == ["what_worked", "lessons", "procedural_memory", "shared_tool_knowledge"]
    assert context["encoding"] == "o200k_base" and context["tokens"] <= 2000

    seen: list[str] = []
    cursor = None
    while True:
        page = client.list_tasks(limit=2, cursor=cursor)
        seen += [t["task_id"] for t in page["tasks"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert task in seen and len(seen) == len(set(seen))
    assert session in [s["session_id"] for s in client.list_sessions(limit=1000)["sessions"]]

    overview = client.get_overview(window="hour")
    assert overview["window"] == "hour" and len(overview["timeline"]) == 60
    week = client.get_overview(window="week")
    assert len(week["timeline"]) == 168 and isinstance(week["tool_latency"], list) and week["latency_since"]
    timed = uid("timed")
    client.record_tool_call(session, tool_name=timed, arguments={"n": 1}, outcome="success", execution_time_ms=42)
    activity = client.get_tool_activity(timed, window="week")
    assert activity["tool_name"] == timed and len(activity["timeline"]) == 168
    assert activity["latency"]["calls"] == 1 and 25 < activity["latency"]["p50_ms"] <= 63.1
    assert activity["recent_sessions"][0]["session_id"] == session
    assert client.get_liveness() == {"status": "ok"}
    assert client.get_readiness()["status"] == "ok"
    metrics = client.get_metrics()
    assert isinstance(metrics, str) and "lessons_captured_total" in metrics
    document = client.get_open_api_document()
    assert document["openapi"].startswith("3.1") and "/tasks/{task_id}/lessons" in document["paths"]


def test_listings_by_prefix_page_in_id_order(client: Client, uid: Callable[[str], str]) -> None:
    base = uid("prefix")
    ids = [f"{base}-b", f"{base}-a", f"{base}-a2", f"{base}:c"]
    for item_id in ids:
        client.capture_lesson(item_id, attempt_number=1, tier=1, error_type="TypeError", error_message="bad operand")
        client.record_tool_call(item_id, tool_name=item_id, outcome="success", result="ok")
    client.capture_lesson(uid("other"), attempt_number=1, tier=1, error_type="TypeError", error_message="x")

    def walk(list_page: Callable[..., Any], field: str, key: str, prefix: str) -> list[str]:
        seen: list[str] = []
        cursor = None
        while True:
            page = list_page(limit=1, prefix=prefix, cursor=cursor)
            seen += [item[key] for item in page[field]]
            cursor = page["next_cursor"]
            if cursor is None:
                return seen

    in_id_order = sorted(ids)
    assert walk(client.list_tasks, "tasks", "task_id", base) == in_id_order
    assert walk(client.list_sessions, "sessions", "session_id", base) == in_id_order
    assert walk(client.list_shared_tools, "tools", "tool_name", base) == in_id_order
    assert [t["task_id"] for t in client.list_tasks(prefix=f"{base}-a")["tasks"]] == [f"{base}-a", f"{base}-a2"]
    assert client.list_sessions(prefix=f"{base}-z") == {"sessions": [], "next_cursor": None}
    assert "next_cursor" not in client.list_shared_tools(limit=1)

    with pytest.raises(ProblemError) as bad_prefix:
        client.list_tasks(prefix="not a prefix")
    assert bad_prefix.value.status == 400
    assert [error["field"] for error in bad_prefix.value.errors] == ["querystring.prefix"]
    by_activity = client.list_tasks(limit=1)["next_cursor"]
    with pytest.raises(ProblemError) as other_kind:
        client.list_tasks(prefix=base, cursor=by_activity)
    assert [error["field"] for error in other_kind.value.errors] == ["querystring.cursor"]


def test_otlp_export_records_the_tool_calls_among_spans(client: Client, uid: Callable[[str], str]) -> None:
    session = uid("otlp")

    def span(span_id: str, start: int, path: str, failed: bool) -> dict[str, Any]:
        attributes = [
            {"key": "gen_ai.operation.name", "value": {"stringValue": "execute_tool"}},
            {"key": "gen_ai.tool.name", "value": {"stringValue": "read_file"}},
            {"key": "gen_ai.conversation.id", "value": {"stringValue": session}},
            {"key": "gen_ai.tool.call.arguments", "value": {"stringValue": json.dumps({"path": path})}},
        ]
        if failed:
            attributes.append({"key": "error.type", "value": {"stringValue": "ENOENT"}})
        return {
            "traceId": "5b8efff798038103d269b633813fc60c",
            "spanId": span_id,
            "name": "execute_tool read_file",
            "startTimeUnixNano": str(start),
            "endTimeUnixNano": str(start + 1_000_000),
            "attributes": attributes,
            "status": {"code": 2 if failed else 1},
        }

    spans = [span("eee19b7ec3c1b174", 1_700_000_000_000_000_000, "a.txt", True),
             span("eee19b7ec3c1b175", 1_700_000_001_000_000_000, "docs/a.txt", False)]
    document = {"resourceSpans": [{"resource": {"attributes": []}, "scopeSpans": [{"scope": {"name": "t"}, "spans": spans}]}]}
    assert client.export_traces(document) == {}
    calls = client.search_tool_calls(session)["calls"]
    assert [(c["outcome"], c["arguments"]["path"]) for c in calls] == [("success", "docs/a.txt"), ("failure", "a.txt")]
    assert calls[0]["fix_for"] == calls[1]["id"]
    assert client.export_logs({"resourceLogs": []}) == {}


def test_validation_problem_is_parsed(client: Client, uid: Callable[[str], str]) -> None:
    with pytest.raises(ProblemError) as raised:
        client.capture_lesson(uid("task"), attempt_number=0, tier=7, error_type="", error_message="x")
    problem = raised.value
    assert problem.status == 400 and problem.code == "VALIDATION_FAILED" and problem.title == "Request validation failed"
    fields = {error["field"] for error in problem.errors}
    assert {"body.attempt_number", "body.tier", "body.error_type"} <= fields
    assert problem.request_id and problem.detail and problem.instance and problem.instance.startswith("/tasks/")
    assert problem.type == "urn:agent-lessons:problem:validation-failed"
    with pytest.raises(ProblemError) as bad_id:
        client.list_lessons("not a valid id/..")
    assert bad_id.value.status == 400


def test_auth_and_tenants(service, uid: Callable[[str], str]) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ProblemError) as unauthorized:
        Client(service.url, "no-such-key-0000000000").list_lessons("t")
    assert unauthorized.value.status == 401 and unauthorized.value.code == "UNAUTHORIZED"
    with pytest.raises(ProblemError):
        Client(service.url, "").list_lessons("t")  # an empty key sends no header

    task = uid("task")
    a, b = Client(service.url, service.key_a), Client(service.url, service.key_b)
    lesson = a.capture_lesson(task, attempt_number=1, tier=1, error_type="E", error_message="m")
    assert b.list_lessons(task)["lessons"] == []
    with pytest.raises(ProblemError) as hidden:
        b.get_lesson(task, lesson["lesson_id"])
    assert hidden.value.status == 404


def test_idempotency_key_replays_the_first_answer(client: Client, uid: Callable[[str], str]) -> None:
    task, key = uid("task"), uid("key")
    first = client.capture_lesson(task, attempt_number=1, tier=1, error_type="E", error_message="m", idempotency_key=key)
    again = client.capture_lesson(task, attempt_number=1, tier=1, error_type="E", error_message="m", idempotency_key=key)
    assert again == first and len(client.list_lessons(task)["lessons"]) == 1
    with pytest.raises(ProblemError) as reused:
        client.capture_lesson(task, attempt_number=2, tier=1, error_type="E", error_message="m", idempotency_key=key)
    assert reused.value.status == 422 and reused.value.code == "IDEMPOTENCY_KEY_REUSED"
    # Without a key of the caller's, each call gets its own: two captures, two lessons.
    client.capture_lesson(task, attempt_number=3, tier=1, error_type="E", error_message="m")
    client.capture_lesson(task, attempt_number=3, tier=1, error_type="E", error_message="m")
    assert len(client.list_lessons(task)["lessons"]) == 3


def test_configuration_from_the_environment(service_env, uid: Callable[[str], str], monkeypatch) -> None:  # type: ignore[no-untyped-def]
    with Client() as from_env:
        assert from_env.base_url == service_env.url
        assert from_env.list_lessons(uid("task"))["lessons"] == []
    monkeypatch.delenv("AGENT_LESSONS_URL")
    assert Client().base_url == "http://127.0.0.1:3000"
    assert Client("http://example.invalid:1/").base_url == "http://example.invalid:1"


def test_unreachable_service_raises_a_connection_error() -> None:
    port = free_port()  # nothing listens there
    broken = Client(f"http://127.0.0.1:{port}", max_retries=2, backoff_base=0.01)
    with pytest.raises(APIConnectionError) as raised:
        broken.capture_lesson("t", attempt_number=1, tier=1, error_type="E", error_message="m")
    assert isinstance(raised.value, ConnectionError)
    assert raised.value.attempts == 3 and raised.value.method == "POST"
    assert "after 3 attempts" in str(raised.value) and raised.value.__cause__ is not None


def test_stream_events_yields_what_agents_report(client: Client, uid: Callable[[str], str]) -> None:
    task = uid("task")
    events: list[dict] = []  # type: ignore[type-arg]
    opened = threading.Event()

    def watch() -> None:
        stream = client.stream_events(types=["lesson.captured"], task_id=task, read_timeout=20)
        opened.set()
        for event in stream:
            events.append(dict(event))
            break
        stream.close()

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    opened.wait(5)
    # The stream starts with what happens next: keep capturing until the watcher has one.
    for attempt in range(1, 20):
        client.capture_lesson(task, attempt_number=attempt, tier=1, error_type="E", error_message="m")
        watcher.join(0.5)
        if not watcher.is_alive():
            break
    assert events and events[0]["event"] == "lesson.captured" and events[0]["data"]["task_id"] == task
    assert events[0]["id"]
