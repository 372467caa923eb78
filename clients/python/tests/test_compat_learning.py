"""The drop-in LearningAccumulator against the original (run here, in process memory) and the real service."""

from __future__ import annotations

import contextlib
import dataclasses
import inspect
import io
import json
import runpy
import textwrap
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

import agent_lessons.compat as compat
from agent_lessons import Client, ProblemError
from agent_lessons.compat import learning
from reference import learning_accumulator_original as original

ORIGINAL = Path(original.__file__)

# The user's program: the original's own __main__ scenario, importing LearningAccumulator from `{module}`.
PROGRAM = textwrap.dedent(
    """
    import json
    import logging
    from {module} import LearningAccumulator

    logging.basicConfig(level=logging.INFO)
    acc = LearningAccumulator()
    acc.clear_lessons("test-task-001")  # the service outlives this program; the original starts empty
    acc.capture_failure(
        task_id="test-task-001",
        attempt_number=1,
        tier=1,
        error_type="SyntaxError",
        error_message="invalid syntax on line 42",
        model="gemini-flash"
    )
    acc.capture_failure(
        task_id="test-task-001",
        attempt_number=2,
        tier=1,
        error_type="TypeError",
        error_message="'NoneType' object has no attribute 'get'",
        model="gemini-flash"
    )
    print("Formatted Lessons for Prompt:")
    print(acc.format_lessons_for_prompt("test-task-001"))
    print("\\nStatistics:")
    print(json.dumps(acc.get_statistics("test-task-001"), indent=2))
    """
)


def _stdout_of(action: Callable[[], Any]) -> str:
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        action()
    return buffer.getvalue()


def test_the_originals_main_scenario_prints_the_same_bytes_through_the_drop_in(service_env: Any) -> None:
    expected = _stdout_of(lambda: runpy.run_path(str(ORIGINAL), run_name="__main__"))
    assert "PREVIOUS ATTEMPT #2 FAILED:" in expected and '"most_common_error": "syntax"' in expected

    through_original = _stdout_of(lambda: exec(PROGRAM.format(module="reference.learning_accumulator_original"), {}))
    through_drop_in = _stdout_of(lambda: exec(PROGRAM.format(module="agent_lessons.compat"), {}))
    assert through_original == expected
    assert through_drop_in == expected  # byte for byte: the prompt (no timestamps in it) and the statistics

    prompt = compat.LearningAccumulator().format_lessons_for_prompt("test-task-001")
    assert prompt == original_accumulator_prompt()


def original_accumulator_prompt() -> str:
    acc = original.LearningAccumulator()
    acc.capture_failure(task_id="test-task-001", attempt_number=1, tier=1, error_type="SyntaxError",
                        error_message="invalid syntax on line 42", model="gemini-flash")
    acc.capture_failure(task_id="test-task-001", attempt_number=2, tier=1, error_type="TypeError",
                        error_message="'NoneType' object has no attribute 'get'", model="gemini-flash")
    return acc.format_lessons_for_prompt("test-task-001")


# Failures on which the original's substring rules and the service's word rules agree.
CAPTURES: list[dict[str, Any]] = [
    dict(attempt_number=1, tier=1, error_type="SyntaxError", error_message="invalid syntax on line 42", model="gemini-flash"),
    dict(attempt_number=2, tier=2, error_type="PermissionError", error_message="access denied to /etc/x",
         fix_approach="run as the service user", duration_ms=1500, tokens_used=2048),
    dict(attempt_number=3, tier=3, error_type="TimeoutError", error_message="request timed out after 30s", error_context="c" * 250),
    dict(attempt_number=4, tier=1, error_type="TypeError", error_message="x is undefined and None" + "!" * 600),
    dict(attempt_number=5, tier=2, error_type="ModuleNotFoundError", error_message="No module named 'pandas'", error_context="pip list"),
    dict(attempt_number=6, tier=2, error_type="AssertionError", error_message="expected 3, got 4"),
    dict(attempt_number=7, tier=1, error_type="MemoryError", error_message="out of memory"),
    dict(attempt_number=8, tier=3, error_type="RuntimeError", error_message="boom"),
]

VARYING = {"lesson_id", "timestamp"}


def _comparable(lesson: Any) -> dict[str, Any]:
    return {k: v for k, v in lesson.to_dict().items() if k not in VARYING}


def test_every_method_returns_what_the_original_returns(service_env: Any, uid: Callable[[str], str]) -> None:
    task = uid("task")
    theirs, ours = original.LearningAccumulator(), compat.LearningAccumulator()
    for capture in CAPTURES:
        expected, got = theirs.capture_failure(task, **capture), ours.capture_failure(task, **capture)
        assert type(got).__name__ == "FailureLesson"
        assert _comparable(got) == _comparable(expected)

    assert [_comparable(l) for l in ours.get_lessons(task)] == [_comparable(l) for l in theirs.get_lessons(task)]
    for count in (5, 3, 1, 100, 0, -2):
        assert [_comparable(l) for l in ours.get_recent_lessons(task, count)] == [
            _comparable(l) for l in theirs.get_recent_lessons(task, count)
        ], count
    assert ours.get_recent_lessons(task) and len(ours.get_recent_lessons(task)) == 5
    for max_lessons in (5, 2, 8, 50, 0, -3):
        assert ours.format_lessons_for_prompt(task, max_lessons) == theirs.format_lessons_for_prompt(task, max_lessons), max_lessons
    assert ours.format_lessons_for_prompt(task) == theirs.format_lessons_for_prompt(task)

    statistics = ours.get_statistics(task)
    assert statistics == theirs.get_statistics(task)
    assert json.dumps(statistics) == json.dumps(theirs.get_statistics(task))  # key order and int tier keys too
    assert statistics["by_tier"] == {1: 3, 2: 3, 3: 2}

    assert ours.clear_lessons(task) is None
    theirs.clear_lessons(task)
    assert ours.get_lessons(task) == theirs.get_lessons(task) == []
    assert ours.get_recent_lessons(task) == []
    assert ours.get_statistics(task) == theirs.get_statistics(task) == {"total_lessons": 0}
    assert ours.format_lessons_for_prompt(task) == theirs.format_lessons_for_prompt(task) == ""


def test_a_tie_for_the_most_common_error_goes_to_the_first_seen_as_in_the_original(service_env: Any, uid: Callable[[str], str]) -> None:
    task = uid("task")
    theirs, ours = original.LearningAccumulator(), compat.LearningAccumulator()
    for n, error_type in enumerate(["PermissionError", "TimeoutError"], start=1):
        theirs.capture_failure(task, n, 1, error_type, "failed")
        ours.capture_failure(task, n, 1, error_type, "failed")
    assert ours.get_statistics(task) == theirs.get_statistics(task)
    assert ours.get_statistics(task)["most_common_error"] == "permission"
    # (The service's own stats endpoint breaks the tie by its rule table instead.)
    assert ours.client.get_lesson_stats(task)["most_common_error"] == "timeout"


def test_lessons_are_the_originals_dataclass_with_its_serialisation(service_env: Any, uid: Callable[[str], str]) -> None:
    assert [(f.name, f.default) for f in dataclasses.fields(compat.FailureLesson)] == [
        (f.name, f.default) for f in dataclasses.fields(original.FailureLesson)
    ]
    lesson = compat.LearningAccumulator().capture_failure(uid("task"), 1, 2, "KeyError", "missing key 'a'", fix_approach="check keys")
    assert compat.FailureLesson.from_dict(lesson.to_dict()) == lesson
    assert compat.FailureLesson.from_json(lesson.to_json()) == lesson
    assert original.FailureLesson.from_json(lesson.to_json()).to_prompt_context() == lesson.to_prompt_context()
    assert lesson.to_prompt_context().endswith("\nSuggested Approach: check keys")
    # The original's timestamp format: naive UTC ISO 8601 with microseconds.
    parsed = datetime.fromisoformat(lesson.timestamp)
    assert parsed.tzinfo is None and len(lesson.timestamp) == len("2026-01-01T00:00:00.000000")
    assert lesson.model == "" and lesson.tier == 2 and lesson.category == "general"


def test_the_public_signatures_match_the_original() -> None:
    for name in ("capture_failure", "get_lessons", "get_recent_lessons", "format_lessons_for_prompt", "get_statistics",
                 "clear_lessons", "categorize_error", "hypothesize_fix"):
        theirs = inspect.signature(getattr(original.LearningAccumulator, name))
        ours = inspect.signature(getattr(compat.LearningAccumulator, name))
        assert [(p.name, p.default, p.kind) for p in ours.parameters.values()] == [
            (p.name, p.default, p.kind) for p in theirs.parameters.values()
        ], name
    init = inspect.signature(compat.LearningAccumulator.__init__).parameters
    assert list(init)[:2] == ["self", "redis_url"] and init["redis_url"].default is None
    assert all(init[name].kind is inspect.Parameter.KEYWORD_ONLY for name in ("base_url", "api_key"))
    assert compat.LearningAccumulator.MAX_LESSONS_PER_TASK == original.LearningAccumulator.MAX_LESSONS_PER_TASK


@pytest.mark.parametrize(
    ("error_type", "message"),
    [
        ("SyntaxError", "invalid syntax"),
        ("TypeError", "'NoneType' object has no attribute 'get'"),
        ("ModuleNotFoundError", "No module named 'x'"),
        ("TimeoutError", "timed out"),
        ("HTTPError", "429 rate limit exceeded"),
        ("RuntimeError", "variable is undefined"),
        ("ValueError", "rapid growth of the latest batch"),  # the original says "api"; the service (and we) "general"
    ],
)
def test_categorize_and_hypothesize_agree_with_what_the_service_stores(
    service_env: Any, uid: Callable[[str], str], error_type: str, message: str
) -> None:
    acc = compat.LearningAccumulator()
    stored = acc.capture_failure(uid("task"), 1, 1, error_type, message)
    category = acc.categorize_error(error_type, message)
    assert category == stored.category
    assert acc.hypothesize_fix(error_type, message, category) == stored.hypothesized_fix


def test_configuration_by_environment_and_keywords(service: Any, monkeypatch: pytest.MonkeyPatch, uid: Callable[[str], str]) -> None:
    monkeypatch.setenv("AGENT_LESSONS_URL", "http://127.0.0.1:9")  # nothing there
    monkeypatch.setenv("AGENT_LESSONS_API_KEY", service.key_b)
    explicit = compat.LearningAccumulator(base_url=service.url)  # key from the environment: tenant B
    task = uid("task")
    explicit.capture_failure(task, 1, 1, "E", "m")
    assert Client(service.url, service.key_b).list_lessons(task)["lessons"]
    assert Client(service.url, service.key_a).list_lessons(task)["lessons"] == []
    with pytest.raises(ProblemError):
        compat.LearningAccumulator(base_url=service.url, api_key="wrong-key-000000000000").get_lessons(task)
    assert compat.LearningAccumulator("redis://elsewhere:6379").redis_url == "redis://elsewhere:6379"
    assert compat.LearningAccumulator().redis_client is None


def test_get_learning_accumulator_is_a_singleton(service_env: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(learning, "_accumulator", None)
    first = compat.get_learning_accumulator()
    assert first is compat.get_learning_accumulator() and first.client.base_url == service_env.url


def test_documented_difference_an_empty_fix_approach_reads_as_none(service_env: Any, uid: Callable[[str], str]) -> None:
    lesson = compat.LearningAccumulator().capture_failure(uid("task"), 1, 1, "E", "m", fix_approach="")
    assert lesson.fix_approach is None  # the original keeps ""; both leave the prompt without a Suggested Approach
    assert "Suggested Approach" not in lesson.to_prompt_context()


def test_invalid_input_the_original_accepted_is_a_problem(service_env: Any, uid: Callable[[str], str]) -> None:
    with pytest.raises(ProblemError) as raised:
        compat.LearningAccumulator().capture_failure(uid("task"), 1, 4, "E", "m")
    assert raised.value.status == 400 and raised.value.errors[0]["field"] == "body.tier"
