"""The tool-call scenario the ToolMemoryManager and formatter tests share, recorded in the real service.

The original needs pydantic, which is not installed here, so each expected value in those tests is
derived by reading the original's code (chuk-ai-session-manager's procedural_memory manager, models
and formatter) for the same calls; the comments there say which rule gives it.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Callable
from typing import Any

from agent_lessons.compat import ToolFixRelation, ToolLogEntry, ToolMemoryManager, ToolOutcome

CATS_FIX = {"changed": {"limit": {"from": 0, "to": 10}}}
DOGS_FIX = {"added": {"limit": 5}}


def python_hash(arguments: dict[str, Any]) -> str:
    """The original's _hash_arguments."""
    return hashlib.sha256(json.dumps(arguments, sort_keys=True, default=str).encode()).hexdigest()[:12]


class Scenario:
    """Six calls: a failure fixed by a changed argument, a timeout fixed by an added one, other tools."""

    def __init__(self, manager: ToolMemoryManager, fixes: list[ToolFixRelation]) -> None:
        self.manager = manager
        self.fixes = fixes
        record = manager.record_call
        self.entries = asyncio.run(self._record(record))

    @staticmethod
    async def _record(record: Callable[..., Any]) -> list[ToolLogEntry]:
        return [
            await record("search", {"q": "cats", "limit": 0}, {"error": "limit must be positive"}, ToolOutcome.FAILURE,
                         context_goal="find cats", error_type="ValueError", error_message="limit must be positive",
                         execution_time_ms=100),
            await record("read_file", {"path": "/a"}, "contents", ToolOutcome.SUCCESS),
            await record("search", {"q": "cats", "limit": 10}, {"status": "ok", "items": 3}, ToolOutcome.SUCCESS,
                         context_goal="find cats", execution_time_ms=300, preceding_call_id="call-0001"),
            await record("search", {"q": "dogs"}, None, ToolOutcome.TIMEOUT, error_type="TimeoutError"),
            await record("search", {"q": "dogs", "limit": 5}, [1, 2], "success", context_goal="find dogs"),
            await record("read_file", {"path": "/b"}, True, ToolOutcome.PARTIAL),
        ]


def record_scenario(uid: Callable[[str], str]) -> Scenario:
    """The six calls in a new session, with the fixes its on_fix_detected callback received."""
    fixes: list[ToolFixRelation] = []
    manager = ToolMemoryManager.create(uid("session"), on_fix_detected=fixes.append)
    return Scenario(manager, fixes)


def ids(entries: list[ToolLogEntry]) -> list[str]:
    return [entry.id for entry in entries]
