"""Drop-in ``ProceduralContextFormatter`` and ``FormatterConfig``: prompt blocks the service renders.

A stand-in for chuk-ai-session-manager's formatter: the same methods and blocks, each rendered by
one of the service's prompt endpoints for the manager's session. Differences are in the README.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

from ..errors import ProblemError
from .tool_models import _ID, _Model

if TYPE_CHECKING:
    from .tool_memory import ToolMemoryManager

__all__ = ["FormatterConfig", "ProceduralContextFormatter"]


@dataclass(kw_only=True)
class FormatterConfig(_Model):
    """Configuration for procedural memory formatting (sent to the service's prompt endpoint)."""

    max_recent_calls: int = 3
    max_error_patterns: int = 3
    max_success_patterns: int = 3
    include_args: bool = False
    include_timing: bool = False
    show_fix_relations: bool = True  # the service always shows them
    compact: bool = False


def _clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


_EMPTY_SUMMARY = "<procedural_memory_summary>\n  Total: 0 calls, 0% success, 0 fixes detected\n</procedural_memory_summary>"


class ProceduralContextFormatter:
    """Formats a session's procedural memory for a model's context, rendered by the service."""

    def __init__(self, config: Optional[FormatterConfig] = None) -> None:
        self.config = config if config is not None else FormatterConfig()

    def format_for_tools(
        self,
        manager: ToolMemoryManager,
        tool_names: Sequence[str],
        context_goal: Optional[str] = None,
    ) -> str:
        """The ``<procedural_memory>`` block for tools about to be called; empty without history."""
        names = [name for name in tool_names if _ID.match(name)]
        if not names:
            return ""
        config = self.config
        answer = manager.client.get_session_prompt(
            manager.session_id,
            tools=names,
            goal=context_goal or None,
            max_recent_calls=_clamp(config.max_recent_calls, 0, 50),
            max_error_patterns=_clamp(config.max_error_patterns, 0, 100),
            max_success_patterns=_clamp(config.max_success_patterns, 0, 10),
            include_args=config.include_args,
            include_timing=config.include_timing,
            compact=config.compact,
        )
        return answer["prompt"]

    def format_full_summary(self, manager: ToolMemoryManager, max_tools: int = 5) -> str:
        """The ``<procedural_memory_summary>`` block: totals, then the most used tools."""
        prompt = manager.client.get_session_summary(manager.session_id, max_tools=_clamp(max_tools, 1, 100))["prompt"]
        if not prompt:
            return _EMPTY_SUMMARY
        if max_tools <= 0:
            lines = prompt.split("\n")
            return "\n".join(lines[:2] + lines[-1:])
        return prompt

    def format_error_guidance(self, manager: ToolMemoryManager, tool_name: str, error_type: str) -> str:
        """The ``<error_guidance>`` block: the previous fix and past failure → fix pairs."""
        try:
            if _ID.match(tool_name) and error_type:
                return manager.client.get_error_guidance(manager.session_id, tool_name, error_type=error_type)["prompt"]
        except ProblemError as error:
            if error.status != 404:
                raise
        return "\n".join(
            [
                f'<error_guidance tool="{tool_name}" error="{error_type}">',
                "  No previous fixes found for this error type.",
                "</error_guidance>",
            ]
        )

    def format_success_template(self, manager: ToolMemoryManager, tool_name: str, goal: str) -> Optional[str]:
        """The ``<success_template>`` block of arguments that worked for the goal, or None."""
        if not _ID.match(tool_name) or not goal:
            return None
        try:
            return manager.client.get_success_template(manager.session_id, tool_name, goal=goal)["prompt"] or None
        except ProblemError as error:
            if error.status == 404:
                return None
            raise
