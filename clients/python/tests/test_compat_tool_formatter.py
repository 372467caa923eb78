"""The drop-in ProceduralContextFormatter and FormatterConfig against the real service (see tool_scenario)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from agent_lessons.compat import FormatterConfig, ProceduralContextFormatter, ToolMemoryManager
from tool_scenario import Scenario, record_scenario


@pytest.fixture
def scenario(service_env: Any, uid: Callable[[str], str]) -> Scenario:
    return record_scenario(uid)


SEARCH_SECTION = "\n".join([
    '<tool_memory name="search">',
    "<recent_calls>",
    "  [✓] list[2] (fixed prior by: +limit)",
    "  [✗] null (fixed by call-0005)",
    "  [✓] status=ok (fixed prior by: limit:0->10)",
    "</recent_calls>",
    "",
    "<patterns>",
    "  success_rate: 50% (4 calls)",
    "  <common_errors>",
    "    - ValueError -> fix: change limit: 0 -> 10",
    "    - TimeoutError -> fix: add limit",
    "  </common_errors>",
    "  <success_hints>",
    "    - Fixed by: limit:0->10",
    "    - Fixed by: +limit",
    "  </success_hints>",
    "</patterns>",
    "</tool_memory>",
])
READ_SECTION = '<tool_memory name="read_file">\n<recent_calls>\n  [✗] true\n  [✓] contents\n</recent_calls>\n</tool_memory>'


def test_the_formatters_blocks(scenario: Scenario) -> None:
    m, formatter = scenario.manager, ProceduralContextFormatter()
    assert formatter.format_for_tools(m, ["search"]) == f"<procedural_memory>\n{SEARCH_SECTION}\n</procedural_memory>"
    assert formatter.format_for_tools(m, ["search"], context_goal="dogs") == formatter.format_for_tools(m, ["search"])
    assert formatter.format_for_tools(m, ["search", "never-called", "read_file"]) == (
        f"<procedural_memory>\n{SEARCH_SECTION}\n\n{READ_SECTION}\n</procedural_memory>"
    )
    assert formatter.format_for_tools(m, []) == "" and formatter.format_for_tools(m, ["never-called"]) == ""

    terse = ProceduralContextFormatter(FormatterConfig(max_recent_calls=1, include_args=True, compact=True, max_error_patterns=1))
    assert terse.format_for_tools(m, ["search"]) == "\n".join([
        "<procedural_memory>", '<tool_memory name="search">', "<recent_calls>",
        "  [✓] list[2] (fixed prior by: +limit)", "    args: q=dogs, limit=5", "</recent_calls>", "",
        "<patterns>", "  <common_errors>", "    - TimeoutError -> fix: add limit", "  </common_errors>", "  <success_hints>",
        "    - Fixed by: limit:0->10", "    - Fixed by: +limit", "  </success_hints>", "</patterns>",
        "</tool_memory>", "</procedural_memory>",
    ])
    timed = ProceduralContextFormatter(FormatterConfig(include_timing=True)).format_for_tools(m, ["search"])
    assert "  [✓] status=ok (fixed prior by: limit:0->10) [300ms]\n" in timed

    assert formatter.format_full_summary(m) == "\n".join([
        "<procedural_memory_summary>", "  Total: 6 calls, 50% success, 2 fixes detected", "", "  Most used tools:",
        "    - search: 4 calls, 50% success", "      last error: TimeoutError",
        "    - read_file: 2 calls, 50% success", "</procedural_memory_summary>",
    ])
    assert formatter.format_full_summary(m, max_tools=1).count("    - ") == 1
    assert formatter.format_full_summary(m, max_tools=0) == (
        "<procedural_memory_summary>\n  Total: 6 calls, 50% success, 2 fixes detected\n</procedural_memory_summary>"
    )

    assert formatter.format_error_guidance(m, "search", "ValueError") == "\n".join([
        '<error_guidance tool="search" error="ValueError">', "  Previous fix: limit:0->10", "  Past fixes:",
        "    - call-0001 -> call-0003", "</error_guidance>",
    ])
    nothing = '<error_guidance tool="{}" error="{}">\n  No previous fixes found for this error type.\n</error_guidance>'
    assert formatter.format_error_guidance(m, "search", "KeyError") == nothing.format("search", "KeyError")
    assert formatter.format_error_guidance(m, "never-called", "KeyError") == nothing.format("never-called", "KeyError")
    assert formatter.format_success_template(m, "search", "birds") is None
    assert formatter.format_success_template(m, "never-called", "cats") is None


def test_documented_differences_of_the_formatter(scenario: Scenario) -> None:
    m, formatter = scenario.manager, ProceduralContextFormatter()
    # The original's arg_hints were always empty, so it never produced a template; the service fills them.
    assert formatter.format_success_template(m, "search", "cats") == (
        '<success_template tool="search" goal="cats">\n  Recommended args based on past success:\n'
        "    q: cats\n    limit: 10\n</success_template>"
    )


def test_an_empty_session_formats_as_the_originals_fresh_manager(service_env: Any, uid: Callable[[str], str]) -> None:
    manager, formatter = ToolMemoryManager.create(uid("session")), ProceduralContextFormatter()
    assert formatter.format_for_tools(manager, ["search"]) == ""
    assert formatter.format_full_summary(manager) == (
        "<procedural_memory_summary>\n  Total: 0 calls, 0% success, 0 fixes detected\n</procedural_memory_summary>"
    )


def test_the_configs_defaults_are_the_originals() -> None:
    assert FormatterConfig().model_dump() == {
        "max_recent_calls": 3, "max_error_patterns": 3, "max_success_patterns": 3, "include_args": False,
        "include_timing": False, "show_fix_relations": True, "compact": False,
    }
