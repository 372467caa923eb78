"""The drop-in LearningAccumulator against the real service and the original's recorded behaviour.

No code of the original is here. Its ``__main__`` scenario's output was recorded once, byte for byte,
into ``golden/accumulator_main.txt``; every other expected value below is literal data taken from
what the original returned for the same calls (with the ``redis`` package absent: process memory).
"""

from __future__ import annotations

import contextlib
import dataclasses
import inspect
import io
import json
import textwrap
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

import agent_lessons.compat as compat
from agent_lessons import Client, ProblemError
from agent_lessons.compat import learning

# What the original's `python learning_accumulator.py` printed on stdout (its log lines go to stderr).
GOLDEN_MAIN = Path(__file__).parent / "golden" / "accumulator_main.txt"

# The user's program: the original's own __main__ scenario, importing LearningAccumulator from the drop-in.
PROGRAM = textwrap.dedent(
    """
    import json
    import logging
    from agent_lessons.compat import LearningAccumulator

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
    golden = GOLDEN_MAIN.read_bytes()
    # The recording holds no timestamps or lesson ids: the prompt and the statistics are deterministic.
    assert b"PREVIOUS ATTEMPT #2 FAILED:" in golden and b'"most_common_error": "syntax"' in golden

    through_drop_in = _stdout_of(lambda: exec(PROGRAM, {}))
    assert through_drop_in.encode("utf-8") == golden  # byte for byte

    # The prompt alone, as format_lessons_for_prompt returns it: print() added one newline after it.
    recorded_prompt = golden.decode("utf-8").removeprefix("Formatted Lessons for Prompt:\n").partition("\n\nStatistics:\n")[0]
    assert compat.LearningAccumulator().format_lessons_for_prompt("test-task-001") == recorded_prompt


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

# The lessons the original's capture_failure returned for CAPTURES (lesson_id, timestamp and task_id aside):
# messages cut to 500 characters, contexts to 200.
ORIGINAL_LESSONS: list[dict[str, Any]] = [
    {"attempt_number": 1, "tier": 1, "error_type": "SyntaxError", "error_message": "invalid syntax on line 42",
     "error_context": None, "hypothesized_fix": "Check indentation, brackets, and quotes. Verify Python syntax.",
     "fix_approach": None, "model": "gemini-flash", "duration_ms": None, "tokens_used": None,
     "category": "syntax", "severity": "low"},
    {"attempt_number": 2, "tier": 2, "error_type": "PermissionError", "error_message": "access denied to /etc/x",
     "error_context": None, "hypothesized_fix": "Check file/API permissions. Verify access credentials.",
     "fix_approach": "run as the service user", "model": "", "duration_ms": 1500, "tokens_used": 2048,
     "category": "permission", "severity": "critical"},
    {"attempt_number": 3, "tier": 3, "error_type": "TimeoutError", "error_message": "request timed out after 30s",
     "error_context": "c" * 200, "hypothesized_fix": "Reduce task complexity. Consider breaking into smaller steps.",
     "fix_approach": None, "model": "", "duration_ms": None, "tokens_used": None,
     "category": "timeout", "severity": "high"},
    {"attempt_number": 4, "tier": 1, "error_type": "TypeError", "error_message": "x is undefined and None" + "!" * 477,
     "error_context": None,
     "hypothesized_fix": "Check variable types. Ensure correct attribute access. Check variable definitions before use. "
                         "Add null/None checks.",
     "fix_approach": None, "model": "", "duration_ms": None, "tokens_used": None,
     "category": "type", "severity": "medium"},
    {"attempt_number": 5, "tier": 2, "error_type": "ModuleNotFoundError", "error_message": "No module named 'pandas'",
     "error_context": "pip list", "hypothesized_fix": "Verify module is installed. Check import path and spelling.",
     "fix_approach": None, "model": "", "duration_ms": None, "tokens_used": None,
     "category": "import", "severity": "low"},
    {"attempt_number": 6, "tier": 2, "error_type": "AssertionError", "error_message": "expected 3, got 4",
     "error_context": None, "hypothesized_fix": "Review test assertions. Check expected vs actual values.",
     "fix_approach": None, "model": "", "duration_ms": None, "tokens_used": None,
     "category": "test", "severity": "medium"},
    {"attempt_number": 7, "tier": 1, "error_type": "MemoryError", "error_message": "out of memory",
     "error_context": None, "hypothesized_fix": "Reduce context size. Summarize or truncate inputs.",
     "fix_approach": None, "model": "", "duration_ms": None, "tokens_used": None,
     "category": "resource", "severity": "high"},
    {"attempt_number": 8, "tier": 3, "error_type": "RuntimeError", "error_message": "boom",
     "error_context": None, "hypothesized_fix": "Review the error message. Check related code sections.",
     "fix_approach": None, "model": "", "duration_ms": None, "tokens_used": None,
     "category": "general", "severity": "medium"},
]

# Each lesson's to_prompt_context() in the original, by attempt number.
ORIGINAL_PROMPT_BLOCKS: dict[int, str] = {
    1: "PREVIOUS ATTEMPT #1 FAILED:\nError Type: SyntaxError\nError: invalid syntax on line 42\n"
       "Hypothesized Fix: Check indentation, brackets, and quotes. Verify Python syntax.",
    2: "PREVIOUS ATTEMPT #2 FAILED:\nError Type: PermissionError\nError: access denied to /etc/x\n"
       "Hypothesized Fix: Check file/API permissions. Verify access credentials.\nSuggested Approach: run as the service user",
    3: "PREVIOUS ATTEMPT #3 FAILED:\nError Type: TimeoutError\nError: request timed out after 30s\n"
       "Hypothesized Fix: Reduce task complexity. Consider breaking into smaller steps.",
    4: "PREVIOUS ATTEMPT #4 FAILED:\nError Type: TypeError\nError: x is undefined and None" + "!" * 477 + "\n"
       "Hypothesized Fix: Check variable types. Ensure correct attribute access. Check variable definitions before use. "
       "Add null/None checks.",
    5: "PREVIOUS ATTEMPT #5 FAILED:\nError Type: ModuleNotFoundError\nError: No module named 'pandas'\n"
       "Hypothesized Fix: Verify module is installed. Check import path and spelling.",
    6: "PREVIOUS ATTEMPT #6 FAILED:\nError Type: AssertionError\nError: expected 3, got 4\n"
       "Hypothesized Fix: Review test assertions. Check expected vs actual values.",
    7: "PREVIOUS ATTEMPT #7 FAILED:\nError Type: MemoryError\nError: out of memory\n"
       "Hypothesized Fix: Reduce context size. Summarize or truncate inputs.",
    8: "PREVIOUS ATTEMPT #8 FAILED:\nError Type: RuntimeError\nError: boom\n"
       "Hypothesized Fix: Review the error message. Check related code sections.",
}
PROMPT_HEAD = "## LEARNINGS FROM PREVIOUS ATTEMPTS\nThe following attempts have been made. Learn from these failures:\n\n"
PROMPT_TAIL = (
    "## INSTRUCTIONS\n- Do NOT repeat the same mistakes\n- Apply the hypothesized fixes\n"
    "- Try a DIFFERENT approach if similar approaches have failed\n"
)

# Which attempts the original's get_recent_lessons(count) returned (Python's lessons[-count:]) ...
ORIGINAL_RECENT: dict[int, list[int]] = {
    5: [4, 5, 6, 7, 8], 3: [6, 7, 8], 1: [8], 100: [1, 2, 3, 4, 5, 6, 7, 8], 0: [1, 2, 3, 4, 5, 6, 7, 8],
    -2: [3, 4, 5, 6, 7, 8],
}
# ... and which lessons its format_lessons_for_prompt(max_lessons) showed.
ORIGINAL_PROMPTED: dict[int, list[int]] = {
    5: [4, 5, 6, 7, 8], 2: [7, 8], 8: [1, 2, 3, 4, 5, 6, 7, 8], 50: [1, 2, 3, 4, 5, 6, 7, 8],
    0: [1, 2, 3, 4, 5, 6, 7, 8], -3: [4, 5, 6, 7, 8],
}
ORIGINAL_STATISTICS: dict[str, Any] = {
    "total_lessons": 8,
    "by_category": {"syntax": 1, "permission": 1, "timeout": 1, "type": 1, "import": 1, "test": 1, "resource": 1,
                    "general": 1},
    "by_tier": {1: 3, 2: 3, 3: 2},
    "most_common_error": "syntax",
}


_NO_DEFAULT = dataclasses.MISSING

# The original FailureLesson's fields and defaults, in order (timestamp has a default factory, no default).
ORIGINAL_FIELDS: list[tuple[str, Any]] = [
    ("lesson_id", _NO_DEFAULT), ("task_id", _NO_DEFAULT), ("attempt_number", _NO_DEFAULT), ("tier", _NO_DEFAULT),
    ("error_type", _NO_DEFAULT), ("error_message", _NO_DEFAULT), ("error_context", None), ("hypothesized_fix", ""),
    ("fix_approach", None), ("model", ""), ("timestamp", _NO_DEFAULT), ("duration_ms", None), ("tokens_used", None),
    ("category", "general"), ("severity", "medium"),
]


def _prompt_of(attempts: list[int]) -> str:
    """The original's prompt for these lessons: its header, each lesson's block and a blank line, its instructions."""
    return PROMPT_HEAD + "".join(ORIGINAL_PROMPT_BLOCKS[n] + "\n\n" for n in attempts) + PROMPT_TAIL


VARYING = {"lesson_id", "timestamp", "task_id"}


def _comparable(lesson: Any) -> dict[str, Any]:
    return {k: v for k, v in lesson.to_dict().items() if k not in VARYING}


def _lessons(attempts: list[int]) -> list[dict[str, Any]]:
    return [ORIGINAL_LESSONS[n - 1] for n in attempts]


def test_every_method_returns_what_the_original_returns(service_env: Any, uid: Callable[[str], str]) -> None:
    task = uid("task")
    ours = compat.LearningAccumulator()
    for capture, expected in zip(CAPTURES, ORIGINAL_LESSONS, strict=True):
        got = ours.capture_failure(task, **capture)
        assert type(got).__name__ == "FailureLesson" and got.task_id == task
        assert _comparable(got) == expected
        assert list(got.to_dict()) == [name for name, _ in ORIGINAL_FIELDS]  # the original's key order

    assert [_comparable(l) for l in ours.get_lessons(task)] == ORIGINAL_LESSONS
    for count, attempts in ORIGINAL_RECENT.items():
        assert [_comparable(l) for l in ours.get_recent_lessons(task, count)] == _lessons(attempts), count
    assert [l.attempt_number for l in ours.get_recent_lessons(task)] == [4, 5, 6, 7, 8]
    for max_lessons, attempts in ORIGINAL_PROMPTED.items():
        assert ours.format_lessons_for_prompt(task, max_lessons) == _prompt_of(attempts), max_lessons
    assert ours.format_lessons_for_prompt(task) == _prompt_of([4, 5, 6, 7, 8])

    statistics = ours.get_statistics(task)
    assert statistics == ORIGINAL_STATISTICS
    assert json.dumps(statistics) == json.dumps(ORIGINAL_STATISTICS)  # key order and int tier keys too

    assert ours.clear_lessons(task) is None
    # The original, cleared: no lessons, {"total_lessons": 0}, an empty prompt.
    assert ours.get_lessons(task) == [] and ours.get_recent_lessons(task) == []
    assert ours.get_statistics(task) == {"total_lessons": 0}
    assert ours.format_lessons_for_prompt(task) == ""


def test_a_tie_for_the_most_common_error_goes_to_the_first_seen_as_in_the_original(service_env: Any, uid: Callable[[str], str]) -> None:
    task = uid("task")
    ours = compat.LearningAccumulator()
    for n, error_type in enumerate(["PermissionError", "TimeoutError"], start=1):
        ours.capture_failure(task, n, 1, error_type, "failed")
    # What the original's get_statistics returned for the same two captures.
    assert ours.get_statistics(task) == {
        "total_lessons": 2, "by_category": {"permission": 1, "timeout": 1}, "by_tier": {1: 2, 2: 0, 3: 0},
        "most_common_error": "permission",
    }
    # (The service's own stats endpoint breaks the tie by its rule table instead.)
    assert ours.client.get_lesson_stats(task)["most_common_error"] == "timeout"


def test_lessons_are_the_originals_dataclass_with_its_serialisation(service_env: Any, uid: Callable[[str], str]) -> None:
    assert [(f.name, f.default) for f in dataclasses.fields(compat.FailureLesson)] == ORIGINAL_FIELDS
    timestamp = next(f for f in dataclasses.fields(compat.FailureLesson) if f.name == "timestamp")
    assert timestamp.default_factory is not dataclasses.MISSING
    lesson = compat.LearningAccumulator().capture_failure(uid("task"), 1, 2, "KeyError", "missing key 'a'", fix_approach="check keys")
    assert compat.FailureLesson.from_dict(lesson.to_dict()) == lesson
    assert compat.FailureLesson.from_json(lesson.to_json()) == lesson
    # The original's to_prompt_context() of the same capture.
    assert lesson.to_prompt_context() == (
        "PREVIOUS ATTEMPT #1 FAILED:\nError Type: KeyError\nError: missing key 'a'\n"
        "Hypothesized Fix: Review the error message. Check related code sections.\nSuggested Approach: check keys"
    )
    # The original's timestamp format: naive UTC ISO 8601 with microseconds.
    parsed = datetime.fromisoformat(lesson.timestamp)
    assert parsed.tzinfo is None and len(lesson.timestamp) == len("2026-01-01T00:00:00.000000")
    assert lesson.model == "" and lesson.tier == 2 and lesson.category == "general" and lesson.severity == "medium"


_EMPTY = inspect.Parameter.empty

# The original LearningAccumulator's public methods: (parameter, default), all positional-or-keyword.
ORIGINAL_SIGNATURES: dict[str, list[tuple[str, Any]]] = {
    "capture_failure": [("self", _EMPTY), ("task_id", _EMPTY), ("attempt_number", _EMPTY), ("tier", _EMPTY),
                        ("error_type", _EMPTY), ("error_message", _EMPTY), ("model", ""), ("error_context", None),
                        ("fix_approach", None), ("duration_ms", None), ("tokens_used", None)],
    "get_lessons": [("self", _EMPTY), ("task_id", _EMPTY)],
    "get_recent_lessons": [("self", _EMPTY), ("task_id", _EMPTY), ("count", 5)],
    "format_lessons_for_prompt": [("self", _EMPTY), ("task_id", _EMPTY), ("max_lessons", 5)],
    "get_statistics": [("self", _EMPTY), ("task_id", _EMPTY)],
    "clear_lessons": [("self", _EMPTY), ("task_id", _EMPTY)],
    "categorize_error": [("self", _EMPTY), ("error_type", _EMPTY), ("error_message", _EMPTY)],
    "hypothesize_fix": [("self", _EMPTY), ("error_type", _EMPTY), ("error_message", _EMPTY), ("category", _EMPTY)],
}


def test_the_public_signatures_match_the_original() -> None:
    for name, expected in ORIGINAL_SIGNATURES.items():
        ours = inspect.signature(getattr(compat.LearningAccumulator, name))
        assert [(p.name, p.default, p.kind) for p in ours.parameters.values()] == [
            (pname, default, inspect.Parameter.POSITIONAL_OR_KEYWORD) for pname, default in expected
        ], name
    init = inspect.signature(compat.LearningAccumulator.__init__).parameters
    assert list(init)[:2] == ["self", "redis_url"] and init["redis_url"].default is None
    assert all(init[name].kind is inspect.Parameter.KEYWORD_ONLY for name in ("base_url", "api_key"))
    assert compat.LearningAccumulator.MAX_LESSONS_PER_TASK == 40  # the original's cap


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
