"""The models' own methods (ToolPattern's record_call, add_error_pattern, add_success_pattern, record_fix;
ProceduralMemory.allocate_call_id) with the original's semantics, and in step with what the service learns."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

from agent_lessons.compat import ErrorPattern, ProceduralMemory, SuccessPattern, ToolLogEntry, ToolMemoryManager, ToolOutcome, ToolPattern


def _entry(n: int, outcome: str = "success", ms: Any = None, **arguments: Any) -> ToolLogEntry:
    return ToolLogEntry(id=f"call-{n:04d}", tool_name="t", arguments=arguments, outcome=ToolOutcome(outcome), result_summary="r", execution_time_ms=ms)


def test_record_call_counts_outcomes_times_and_the_last_five_distinct_values() -> None:
    pattern = ToolPattern(tool_name="t")
    for n, (outcome, ms) in enumerate([("success", 100), ("failure", None), ("timeout", 200), ("partial", 0), ("cancelled", 60)], 1):
        pattern.record_call(_entry(n, outcome, ms, q=f"v{n % 3}"))
    assert (pattern.total_calls, pattern.success_count, pattern.failure_count) == (5, 1, 2)
    # The mean is over the calls that were timed (0 and None are not times): (100 + 200 + 60) / 3.
    assert (pattern.avg_execution_ms, pattern.timed_calls) == (120.0, 3)
    assert pattern.success_rate == 0.2
    # Distinct values in first-seen order: a repeated one keeps its place.
    assert pattern.common_args == {"q": ["v1", "v2", "v0"]}
    for n in range(6, 13):
        pattern.record_call(_entry(n, limit=n))
    assert pattern.common_args["limit"] == [8, 9, 10, 11, 12]
    # Values are the same when their JSON is: a dict with its keys in another order is no new value.
    pattern.record_call(_entry(13, o={"a": 1, "b": 2}))
    pattern.record_call(_entry(14, o={"b": 2, "a": 1}))
    assert pattern.common_args["o"] == [{"a": 1, "b": 2}]


def test_error_patterns_keep_their_first_example_and_the_last_five_distinct_contexts() -> None:
    pattern = ToolPattern(tool_name="t")
    first = pattern.add_error_pattern("ValueError", context="goal-0", example_args={"limit": 0})
    assert isinstance(first, ErrorPattern) and (first.count, first.contexts, first.example_args) == (1, ["goal-0"], {"limit": 0})
    for n in range(1, 8):
        assert pattern.add_error_pattern("ValueError", context=f"goal-{n % 6}", example_args={"limit": n}) is first
    assert first.count == 8 and first.example_args == {"limit": 0}
    # goal-0 and goal-1 were pushed out by goal-5 and goal-0, then came back as new ones.
    assert first.contexts == ["goal-3", "goal-4", "goal-5", "goal-0", "goal-1"]
    other = pattern.add_error_pattern("TimeoutError")
    assert other.contexts == [] and other.example_args is None and [p.error_type for p in pattern.error_patterns] == ["ValueError", "TimeoutError"]


def test_success_patterns_keep_the_last_ten_and_record_fix_teaches_only_its_error_type() -> None:
    pattern = ToolPattern(tool_name="t")
    for n in range(12):
        made = pattern.add_success_pattern(goal_match=f"g{n}", delta_that_fixed={"added": {"n": n}}, example_call_id=f"call-{n:04d}")
        assert isinstance(made, SuccessPattern) and made.arg_hints == {}
    assert [p.goal_match for p in pattern.success_patterns] == [f"g{n}" for n in range(2, 12)]

    pattern.add_error_pattern("ValueError")
    pattern.add_error_pattern("TimeoutError")
    delta = {"added": {"retry": True}, "removed": ["cache"], "changed": {"limit": {"from": 0, "to": "a-very-long-value-indeed"}}}
    pattern.record_fix("TimeoutError", delta)
    value_error, timeout = pattern.error_patterns
    assert (value_error.typical_fix, value_error.fix_delta) == (None, None)
    assert timeout.fix_delta == delta
    assert timeout.typical_fix == "add retry; remove cache; change limit: 0 -> a-very-long-value..."
    pattern.record_fix("KeyError", {"added": {"x": 1}})
    assert [p.error_type for p in pattern.error_patterns] == ["ValueError", "TimeoutError"]


def test_allocate_call_id_continues_the_sequence() -> None:
    memory = ProceduralMemory(session_id="s")
    assert [memory.allocate_call_id() for _ in range(3)] == ["call-0001", "call-0002", "call-0003"]
    assert memory.next_call_id == 4
    assert ProceduralMemory(session_id="s", next_call_id=10_000).allocate_call_id() == "call-10000"


def _learn_locally(pattern: ToolPattern, log: list[ToolLogEntry], entry: ToolLogEntry, goal: str | None) -> None:
    """What the original's manager does with a recorded entry, by the models' methods alone."""
    pattern.record_call(entry)
    if entry.is_success() and entry.is_fix():
        failed = next(prior for prior in log if prior.id == entry.fix_for)
        pattern.record_fix(failed.error_type or "unknown", entry.delta_args or {})
        # The service keeps the fixing call's arguments as the hints (the original left them empty).
        pattern.add_success_pattern(goal_match=goal, arg_hints=entry.arguments, delta_that_fixed=entry.delta_args, example_call_id=entry.id)
    elif entry.is_failure():
        pattern.add_error_pattern(entry.error_type or "unknown", context=goal, example_args=entry.arguments)


def test_the_models_learn_what_the_service_learns_from_the_same_calls(service_env: Any, uid: Callable[[str], str]) -> None:
    rng = random.Random(20261202)
    manager = ToolMemoryManager.create(uid("session"))
    local = {name: ToolPattern(tool_name=name) for name in ("search", "fetch")}
    log: list[ToolLogEntry] = []

    async def run() -> None:
        for _ in range(60):
            tool = rng.choice(["search", "fetch"])
            outcome = rng.choice([ToolOutcome.SUCCESS, ToolOutcome.SUCCESS, ToolOutcome.FAILURE, ToolOutcome.TIMEOUT, ToolOutcome.PARTIAL])
            goal = rng.choice([None, "find cats", "find dogs", "g1", "g2", "g3", "g4"])
            arguments = {"q": rng.choice(["cats", "dogs", "birds"]), "limit": rng.choice([0, 5, 10, 20, 50, 100, 7])}
            error_type = rng.choice(["ValueError", "TimeoutError", None]) if outcome in (ToolOutcome.FAILURE, ToolOutcome.TIMEOUT) else None
            entry = await manager.record_call(tool, arguments, {"ok": outcome == ToolOutcome.SUCCESS}, outcome, context_goal=goal,
                                              error_type=error_type, execution_time_ms=rng.choice([None, 0, 12, 40, 333]))
            log.append(entry)
            _learn_locally(local[tool], log, entry, goal)

    asyncio.run(run())
    assert any(entry.is_fix() for entry in log), "the calls should include fixes"
    for name, pattern in local.items():
        served = manager.get_pattern(name)
        assert served is not None
        mine, theirs = pattern.model_dump(mode="json"), served.model_dump(mode="json")
        mine.pop("updated_at"), theirs.pop("updated_at")
        assert mine == theirs, name


def test_past_the_caps_the_models_forget_what_the_service_forgets(service_env: Any, uid: Callable[[str], str]) -> None:
    # Names and error types from pools larger than the caps (64 and 32), so that both are passed many times.
    rng = random.Random(20261203)
    manager = ToolMemoryManager.create(uid("session"))
    local = ToolPattern(tool_name="wide")
    log: list[ToolLogEntry] = []

    async def run() -> None:
        for _ in range(150):
            outcome = rng.choice([ToolOutcome.SUCCESS, ToolOutcome.FAILURE])
            arguments = {f"arg{rng.randrange(100):02d}": rng.randrange(3) for _ in range(rng.randint(1, 3))}
            error_type = f"E{rng.randrange(50):02d}" if outcome == ToolOutcome.FAILURE else None
            entry = await manager.record_call("wide", arguments, {"ok": True}, outcome, error_type=error_type)
            log.append(entry)
            _learn_locally(local, log, entry, None)

    asyncio.run(run())
    served = manager.get_pattern("wide")
    assert served is not None
    assert len(local.common_args) == 64 and len(local.error_patterns) <= 32
    mine, theirs = local.model_dump(mode="json"), served.model_dump(mode="json")
    mine.pop("updated_at"), theirs.pop("updated_at")
    assert mine == theirs


def test_from_session_goes_on_from_the_stored_next_call_id_with_an_empty_log(service_env: Any, uid: Callable[[str], str]) -> None:
    class Stored:
        def __init__(self, session_id: str, state: dict[str, Any]) -> None:
            self.id = session_id
            self.state = state

        async def get_state(self, key: str) -> Any:
            return self.state.get(key)

    session_id = uid("session")
    stored = ProceduralMemory(session_id=session_id, next_call_id=2).model_dump(mode="json")
    manager = asyncio.run(ToolMemoryManager.from_session(Stored(session_id, {"procedural_memory": stored})))
    assert asyncio.run(manager.record_call("read_file", {}, None, ToolOutcome.SUCCESS)).id == "call-0002"
    assert manager.memory.next_call_id == 3


def test_the_private_helpers_kept_at_no_cost_answer_as_the_originals() -> None:
    from agent_lessons.compat.tool_models import _describe_fix

    delta = {"added": {"a": 1}, "removed": ["b"], "changed": {"c": {"from": 0, "to": 9}}}
    assert _describe_fix(delta) == "add a; remove b; change c: 0 -> 9"
    assert _describe_fix({}) == "unknown changes"
    pattern = ToolPattern(tool_name="t")
    pattern.add_error_pattern("unsat")
    pattern.record_fix("unsat", delta)
    assert pattern.error_patterns[0].typical_fix == _describe_fix(delta)

    class Unprintable:
        def __str__(self) -> str:
            raise TypeError("no text")

    digest = ToolMemoryManager._hash_arguments({"a": 1})
    assert len(digest) == 12 and int(digest, 16) >= 0 and digest == ToolMemoryManager._hash_arguments({"a": 1})
    assert digest != ToolMemoryManager._hash_arguments({"a": 2})
    assert ToolMemoryManager._hash_arguments({"x": Unprintable()}) == ""
