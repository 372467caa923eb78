"""The drop-in ToolMemoryManager and its models against the real service (see tool_scenario for the calls)."""

from __future__ import annotations

import asyncio
import inspect
import json
from collections.abc import Callable
from datetime import datetime
from typing import Any

import pytest

from agent_lessons import Client, ProblemError
from agent_lessons.compat import (
    ErrorPattern,
    ProceduralContextFormatter,
    ProceduralMemory,
    SuccessPattern,
    ToolLogEntry,
    ToolMemoryManager,
    ToolOutcome,
    ToolPattern,
)
from tool_scenario import CATS_FIX, DOGS_FIX, Scenario, ids, python_hash, record_scenario


@pytest.fixture
def scenario(service_env: Any, uid: Callable[[str], str]) -> Scenario:
    return record_scenario(uid)


def test_record_call_returns_the_originals_log_entries(scenario: Scenario) -> None:
    failed, read, fixed, timeout, fixed_too, partial = scenario.entries
    assert isinstance(failed, ToolLogEntry) and ids(scenario.entries) == [f"call-{n:04d}" for n in range(1, 7)]
    assert failed.model_dump(mode="json") | {"timestamp": None} == {
        "id": "call-0001", "timestamp": None, "tool_name": "search", "arguments": {"q": "cats", "limit": 0},
        "arguments_hash": python_hash({"q": "cats", "limit": 0}), "context_goal": "find cats", "preceding_call_id": None,
        "outcome": "failure", "result_summary": "error: limit must be positive", "result_type": "object",
        "execution_time_ms": 100, "error_type": "ValueError", "error_message": "limit must be positive",
        "fixed_by": None, "fix_for": None, "delta_args": None,
    }
    assert isinstance(failed.timestamp, datetime) and failed.timestamp.tzinfo is not None
    assert failed.outcome is ToolOutcome.FAILURE and failed.is_failure() and not failed.was_fixed()
    assert (read.result_summary, read.result_type) == ("contents", "string")
    # _summarize_result / _classify_result: a dict with "status" gives status=<it> and the status as its type.
    assert (fixed.result_summary, fixed.result_type, fixed.preceding_call_id) == ("status=ok", "ok", "call-0001")
    assert fixed.fix_for == "call-0001" and fixed.delta_args == CATS_FIX and fixed.is_fix()
    assert (timeout.result_summary, timeout.result_type, timeout.error_type) == ("null", "null", "TimeoutError")
    assert fixed_too.fix_for == "call-0004" and fixed_too.delta_args == DOGS_FIX
    assert (fixed_too.result_summary, fixed_too.result_type, fixed_too.outcome) == ("list[2]", "list", ToolOutcome.SUCCESS)
    assert (partial.result_summary, partial.result_type) == ("true", "boolean")
    assert fixed.format_compact() == "[✓] search: status=ok"
    # on_fix_detected gets a ToolFixRelation per detected fix.
    assert [(r.failed_call_id, r.success_call_id, r.delta_args) for r in scenario.fixes] == [
        ("call-0001", "call-0003", CATS_FIX), ("call-0004", "call-0005", DOGS_FIX)
    ]


def test_get_recent_calls_and_search_calls(scenario: Scenario) -> None:
    m = scenario.manager
    assert ids(m.get_recent_calls()) == ["call-0006", "call-0005", "call-0004", "call-0003", "call-0002"]
    assert ids(m.get_recent_calls("search", limit=2)) == ["call-0005", "call-0004"]
    assert ids(m.get_recent_calls(outcome=ToolOutcome.SUCCESS)) == ["call-0005", "call-0003", "call-0002"]
    assert ids(m.get_recent_calls(limit=0)) == [f"call-{n:04d}" for n in range(6, 0, -1)]  # entries[-0:] is all
    assert m.get_recent_calls("never-called") == [] and m.get_recent_calls("not a tool name") == []

    assert ids(m.search_calls()) == [f"call-{n:04d}" for n in range(6, 0, -1)]
    assert ids(m.search_calls(tool_name="search", only_fixed=True)) == ["call-0004", "call-0001"]
    assert ids(m.search_calls(only_fixes=True)) == ["call-0005", "call-0003"]
    assert ids(m.search_calls(goal_contains="FIND")) == ["call-0005", "call-0003", "call-0001"]
    assert ids(m.search_calls(error_type="ValueError")) == ["call-0001"]
    assert ids(m.search_calls(outcome=ToolOutcome.TIMEOUT)) == ["call-0004"]
    assert ids(m.search_calls(limit=2)) == ["call-0006", "call-0005"]
    assert ids(m.search_calls(limit=0)) == ["call-0006"]  # the original's loop appends one before checking
    assert all(e.arguments_hash == python_hash(e.arguments) for e in m.search_calls())


def test_patterns_fixes_and_hints(scenario: Scenario) -> None:
    m = scenario.manager
    search = m.get_pattern("search")
    assert isinstance(search, ToolPattern)
    assert (search.total_calls, search.success_count, search.failure_count, search.success_rate) == (4, 2, 2, 0.5)
    assert search.avg_execution_ms == 200.0  # (100 * 1 + 300) / 2, then untimed calls leave it
    assert search.common_args == {"q": ["cats", "dogs"], "limit": [0, 10, 5]}
    assert search.error_patterns == [
        ErrorPattern(error_type="ValueError", count=1, contexts=["find cats"], example_args={"q": "cats", "limit": 0},
                     typical_fix="change limit: 0 -> 10", fix_delta=CATS_FIX),
        ErrorPattern(error_type="TimeoutError", count=1, contexts=[], example_args={"q": "dogs"},
                     typical_fix="add limit", fix_delta=DOGS_FIX),
    ]
    assert [(sp.goal_match, sp.example_call_id, sp.delta_that_fixed, sp.notes) for sp in search.success_patterns] == [
        ("find cats", "call-0003", CATS_FIX, None), ("find dogs", "call-0005", DOGS_FIX, None)
    ]
    assert isinstance(search.success_patterns[0], SuccessPattern)
    read = m.get_pattern("read_file")
    assert read is not None and (read.total_calls, read.success_count, read.failure_count) == (2, 1, 0)
    assert read.common_args == {"path": ["/a", "/b"]} and read.error_patterns == [] and read.success_patterns == []
    assert m.get_pattern("never-called") is None and m.get_pattern("bad name") is None
    assert list(m.get_all_patterns()) == ["search", "read_file"]
    assert m.get_all_patterns()["search"] == search

    assert m.get_fix_for_error("search", "ValueError") == CATS_FIX
    assert m.get_fix_for_error("search", "TimeoutError") == DOGS_FIX
    assert m.get_fix_for_error("search", "unknown") is None and m.get_fix_for_error("search", "KeyError") is None
    assert m.get_fix_for_error("never-called", "ValueError") is None
    assert m.get_successful_args_for_goal("search", "birds") is None
    assert m.get_successful_args_for_goal("never-called", "cats") is None
    # Documented difference: the service keeps the fixing call's arguments as hints; the original's stayed {}.
    assert m.get_successful_args_for_goal("search", "CATS") == {"q": "cats", "limit": 10}
    assert search.format_for_context() == (
        "Success rate: 50% (4 calls)\nCommon errors:\n  - ValueError (x1) -> change limit: 0 -> 10\n  - TimeoutError (x1) -> add limit\n"
        f"Success hints:\n  - Fixed by: {CATS_FIX}\n  - Fixed by: {DOGS_FIX}"
    )


def test_get_stats_in_the_originals_keys_and_types(scenario: Scenario) -> None:
    stats = scenario.manager.get_stats()
    assert list(stats) == ["session_id", "total_calls", "success_count", "failure_count", "success_rate",
                           "total_fixes_detected", "tools_tracked", "created_at", "updated_at"]
    assert {k: v for k, v in stats.items() if not k.endswith("_at")} == {
        "session_id": scenario.manager.session_id, "total_calls": 6, "success_count": 3, "failure_count": 2,
        "success_rate": 0.5, "total_fixes_detected": 2, "tools_tracked": 2,
    }
    for name in ("created_at", "updated_at"):
        assert stats[name].endswith("+00:00") and datetime.fromisoformat(stats[name]).tzinfo is not None


def test_an_empty_session_reads_as_the_originals_fresh_manager(service_env: Any, uid: Callable[[str], str]) -> None:
    manager = ToolMemoryManager.create(uid("session"))
    stats = manager.get_stats()
    assert stats["total_calls"] == 0 and stats["success_rate"] == 0 and type(stats["success_rate"]) is int
    assert datetime.fromisoformat(stats["created_at"]).tzinfo is not None
    assert manager.get_recent_calls() == [] and manager.get_all_patterns() == {} and manager.search_calls() == []
    memory = manager.memory
    assert isinstance(memory, ProceduralMemory) and memory.tool_log == [] and memory.next_call_id == 1


def test_documented_differences_of_a_failure_without_error_type(service_env: Any, uid: Callable[[str], str]) -> None:
    m, formatter = ToolMemoryManager.create(uid("session")), ProceduralContextFormatter()
    asyncio.run(m.record_call("fetch", {"url": "a"}, None, ToolOutcome.FAILURE))
    asyncio.run(m.record_call("fetch", {"url": "b"}, "ok", ToolOutcome.SUCCESS))
    pattern = m.get_pattern("fetch")
    assert pattern is not None and pattern.error_patterns[0].error_type == "unknown"  # as the original files it
    # The original learns no fix without an error_type (typical_fix stays None) and finds no such failure
    # by error_type "unknown"; the service files, fixes and finds it under "unknown".
    assert pattern.error_patterns[0].typical_fix == "change url: a -> b"
    assert ids(m.search_calls(error_type="unknown")) == ["call-0001"]
    assert "    - call-0001 -> call-0002" in formatter.format_error_guidance(m, "fetch", "unknown")


def test_persistence_to_dict_from_dict_memory_and_reset(scenario: Scenario, uid: Callable[[str], str]) -> None:
    m = scenario.manager
    document = m.to_dict()
    assert list(document) == ["session_id", "tool_log", "next_call_id", "tool_patterns", "fix_relations", "created_at", "updated_at"]
    assert json.loads(json.dumps(document)) == document and document["next_call_id"] == 7
    assert [r["failed_call_id"] for r in document["fix_relations"]] == ["call-0001", "call-0004"]

    snapshot = m.memory
    assert isinstance(snapshot, ProceduralMemory) and len(snapshot.tool_log) == 6
    assert snapshot.tool_patterns["search"] == m.get_pattern("search")

    copy_id = uid("session")
    copy = ToolMemoryManager.from_dict(document | {"session_id": copy_id})
    assert copy.session_id == copy_id
    assert {k: v for k, v in copy.get_stats().items() if k != "session_id"} == {
        k: v for k, v in m.get_stats().items() if k != "session_id"
    }
    assert copy.get_pattern("search") == m.get_pattern("search")
    entry = asyncio.run(copy.record_call("search", {"q": "x"}, "ok", ToolOutcome.SUCCESS))
    assert entry.id == "call-0007"

    # A document as the original's to_dict() writes it: no success_rate, timed_calls or detected_at.
    original_shape = json.loads(json.dumps(document))
    for pattern in original_shape["tool_patterns"].values():
        del pattern["timed_calls"]
    for relation in original_shape["fix_relations"]:
        del relation["detected_at"]
    legacy = ToolMemoryManager.from_dict(original_shape | {"session_id": uid("session")})
    assert legacy.get_stats()["total_fixes_detected"] == 2

    m.reset()
    stats = m.get_stats()
    assert (stats["total_calls"], stats["tools_tracked"], stats["total_fixes_detected"]) == (0, 0, 0)
    assert m.get_all_patterns() == {}
    assert asyncio.run(m.record_call("read_file", {}, None, ToolOutcome.SUCCESS)).id == "call-0001"


class FakeSession:
    """The two methods of a chuk Session that from_session and save_to_session use."""

    def __init__(self, session_id: str, state: dict[str, Any] | None = None) -> None:
        self.id = session_id
        self.state = dict(state or {})

    async def get_state(self, key: str) -> Any:
        return self.state.get(key)

    async def set_state(self, key: str, value: Any) -> None:
        self.state[key] = value


def test_from_session_and_save_to_session(scenario: Scenario, uid: Callable[[str], str]) -> None:
    saved = FakeSession(scenario.manager.session_id)
    asyncio.run(scenario.manager.save_to_session(saved))
    assert saved.state["procedural_memory"]["next_call_id"] == 7

    moved_id = uid("session")
    restored = asyncio.run(ToolMemoryManager.from_session(FakeSession(moved_id, {"procedural_memory": saved.state["procedural_memory"] | {"session_id": moved_id}})))
    assert restored.session_id == moved_id and restored.get_stats()["total_calls"] == 6
    fresh = asyncio.run(ToolMemoryManager.from_session(FakeSession(uid("session"))))
    assert fresh.get_stats()["total_calls"] == 0


def _record(manager: ToolMemoryManager, tool: str, arguments: dict[str, Any], outcome: ToolOutcome) -> ToolLogEntry:
    error = "e" if outcome is ToolOutcome.FAILURE else None
    return asyncio.run(manager.record_call(tool, arguments, None, outcome, error_type=error))


def test_each_manager_keeps_its_own_log_size_and_window(service_env: Any, uid: Callable[[str], str]) -> None:
    session = uid("session")
    small = ToolMemoryManager.create(session, max_log_entries=3, fix_detection_window=2)
    for n in range(5):
        _record(small, "t", {"n": n}, ToolOutcome.SUCCESS)
    assert [entry.id for entry in small.memory.tool_log] == ["call-0003", "call-0004", "call-0005"]
    # A failure three calls back is outside a window of 2; two back is inside.
    _record(small, "t", {"x": 1}, ToolOutcome.FAILURE)
    _record(small, "a", {}, ToolOutcome.SUCCESS)
    _record(small, "b", {}, ToolOutcome.SUCCESS)
    assert _record(small, "t", {"x": 2}, ToolOutcome.SUCCESS).fix_for is None
    _record(small, "t", {"x": 3}, ToolOutcome.FAILURE)
    _record(small, "a", {}, ToolOutcome.SUCCESS)
    assert _record(small, "t", {"x": 4}, ToolOutcome.SUCCESS).fix_for == "call-0010"

    # Changed on the manager, as the original's fields can be: its next call uses them.
    small.fix_detection_window = 0
    _record(small, "t", {"x": 5}, ToolOutcome.FAILURE)
    assert _record(small, "t", {"x": 6}, ToolOutcome.SUCCESS).fix_for is None
    # Kept through a reset, as the original's manager keeps its fields.
    small.reset()
    for n in range(4):
        _record(small, "t", {"n": n}, ToolOutcome.SUCCESS)
    assert len(small.memory.tool_log) == 3

    # Another manager of the session, left at the defaults, records with the service's settings again.
    default = ToolMemoryManager.create(session)
    for n in range(3):
        _record(default, "t", {"m": n}, ToolOutcome.SUCCESS)
    assert len(default.memory.tool_log) == 6
    assert default.client.get_session_settings(session)["set_by_session"] == {"max_log_entries": None, "fix_detection_window": None}


def test_settings_past_what_the_service_keeps_are_refused_before_anything_is_recorded(service_env: Any, uid: Callable[[str], str]) -> None:
    manager = ToolMemoryManager.create(uid("session"), max_log_entries=5000)
    with pytest.raises(ProblemError) as refused:
        _record(manager, "t", {}, ToolOutcome.SUCCESS)
    assert refused.value.status == 400 and "TOOL_LOG_MAX_ENTRIES" in refused.value.detail
    assert manager.get_stats()["total_calls"] == 0


def test_configuration_by_environment_and_keywords(service: Any, monkeypatch: pytest.MonkeyPatch, uid: Callable[[str], str]) -> None:
    monkeypatch.setenv("AGENT_LESSONS_URL", service.url)
    monkeypatch.setenv("AGENT_LESSONS_API_KEY", service.key_a)
    session = uid("session")
    in_b = ToolMemoryManager.create(session, api_key=service.key_b)
    asyncio.run(in_b.record_call("t", {}, None, ToolOutcome.SUCCESS))
    assert ToolMemoryManager.create(session).get_stats()["total_calls"] == 0  # tenant A: another session
    assert in_b.get_stats()["total_calls"] == 1
    shared = Client(service.url, service.key_b)
    assert ToolMemoryManager.create(session, client=shared).get_stats()["total_calls"] == 1


def test_the_public_signatures_match_the_original() -> None:
    # (parameter, default) pairs as the original declares them.
    expected: dict[str, list[tuple[str, Any]]] = {
        "record_call": [("self", None), ("tool_name", None), ("arguments", None), ("result", None), ("outcome", None),
                        ("context_goal", None), ("error_type", None), ("error_message", None),
                        ("execution_time_ms", None), ("preceding_call_id", None)],
        "get_recent_calls": [("self", None), ("tool_name", None), ("limit", 5), ("outcome", None)],
        "get_pattern": [("self", None), ("tool_name", None)],
        "get_all_patterns": [("self", None)],
        "search_calls": [("self", None), ("tool_name", None), ("goal_contains", None), ("outcome", None),
                         ("error_type", None), ("only_fixes", False), ("only_fixed", False), ("limit", 10)],
        "get_fix_for_error": [("self", None), ("tool_name", None), ("error_type", None)],
        "get_successful_args_for_goal": [("self", None), ("tool_name", None), ("goal", None)],
        "get_stats": [("self", None)],
        "to_dict": [("self", None)],
        "reset": [("self", None)],
        "save_to_session": [("self", None), ("session", None)],
    }
    for name, params in expected.items():
        signature = inspect.signature(getattr(ToolMemoryManager, name))
        got = [(p.name, None if p.default is inspect.Parameter.empty else p.default) for p in signature.parameters.values()]
        assert got == params, name
    assert inspect.iscoroutinefunction(ToolMemoryManager.record_call)
    assert inspect.iscoroutinefunction(ToolMemoryManager.from_session)
    assert not inspect.iscoroutinefunction(ToolMemoryManager.get_stats)
    assert list(inspect.signature(ToolMemoryManager.create).parameters) == ["session_id", "kwargs"]
    assert list(inspect.signature(ToolMemoryManager.from_dict).parameters) == ["data", "kwargs"]
    assert isinstance(ToolMemoryManager.session_id, property)
    assert [m.value for m in ToolOutcome] == ["success", "failure", "partial", "timeout", "cancelled"]
    assert ToolOutcome.SUCCESS == "success"


def test_every_public_name_keeps_its_import_paths() -> None:
    import agent_lessons.compat as compat
    from agent_lessons.compat import tool_formatter, tool_memory, tool_models

    # `tool_memory` held everything before the models and the formatter got their own modules.
    for name in tool_memory.__all__:
        assert getattr(tool_memory, name) is getattr(compat, name), name
    for module in (tool_models, tool_formatter):
        for name in module.__all__:
            assert getattr(module, name) is getattr(compat, name) is getattr(tool_memory, name), name
