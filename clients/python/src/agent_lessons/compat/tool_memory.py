"""Drop-in ``ToolMemoryManager``, backed by the agent-lessons service.

A stand-in for chuk-ai-session-manager's procedural memory manager: the same public methods,
argument names and defaults, returning the dataclasses of ``tool_models``. The memory lives in the
service, so every method reads or writes it there. Differences, and why, are in the README.

The models and the formatter live in ``tool_models`` and ``tool_formatter``; they are re-exported
here so that imports from this module keep working.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any, Optional

from ..client import Client
from ..errors import ProblemError
from .tool_formatter import FormatterConfig, ProceduralContextFormatter
from .tool_models import (
    _ID,
    ErrorPattern,
    ProceduralMemory,
    SuccessPattern,
    ToolFixRelation,
    ToolLogEntry,
    ToolOutcome,
    ToolPattern,
    _now,
    _parse_time,
)

__all__ = [
    "ToolOutcome",
    "ToolFixRelation",
    "ToolLogEntry",
    "ErrorPattern",
    "SuccessPattern",
    "ToolPattern",
    "ProceduralMemory",
    "ToolMemoryManager",
    "FormatterConfig",
    "ProceduralContextFormatter",
]

log = logging.getLogger(__name__)

_MAX_LOG = 1000  # the most a search returns; also the service's default log size and the original's
_WINDOW = 10  # the original's fix-detection window, and the service's default


def _memory_document(memory: ProceduralMemory) -> dict[str, Any]:
    """A memory as the service exports it: every pattern with its ``success_rate`` and every fix
    relation with a ``detected_at``, which the original's dump lacks. (The service would fill both in
    on import; here a missing ``detected_at`` becomes the fixing call's time, not the import's.)"""
    document = memory.model_dump(mode="json")
    for name, pattern in memory.tool_patterns.items():
        document["tool_patterns"][name]["success_rate"] = pattern.success_rate
    called_at = {entry["id"]: entry["timestamp"] for entry in document["tool_log"]}
    for relation in document["fix_relations"]:
        if relation.get("detected_at") is None:
            relation["detected_at"] = called_at.get(relation["success_call_id"], document["updated_at"])
    return document


def _hash_arguments(arguments: Any) -> str:
    """The original's arguments hash (sorted keys, Python's separators); the service's uses compact JSON."""
    try:
        return hashlib.sha256(json.dumps(arguments, sort_keys=True, default=str).encode()).hexdigest()[:12]
    except (TypeError, ValueError):
        return ""


def _entry(document: Any, arguments: Any = None) -> ToolLogEntry:
    """A service entry as the original's ToolLogEntry, its hash as the original computes it."""
    entry = ToolLogEntry.model_validate(document)
    entry.arguments_hash = _hash_arguments(entry.arguments if arguments is None else arguments)
    return entry


def _own_setting(value: int, default: int) -> Optional[int]:
    """A manager's setting as the session's own, or None at the original's default (the service's applies)."""
    return None if value == default else value


def _iso(moment: datetime) -> str:
    return moment.isoformat()


class ToolMemoryManager:
    """Manages a session's procedural memory (tool traces, patterns and fixes) in the service.

    Build it with ``ToolMemoryManager.create(session_id)`` (or ``from_dict`` / ``from_session``).
    ``max_log_entries`` and ``fix_detection_window`` hold for the calls this manager records: before
    its first call, and whenever they were changed, it sends them as the session's settings (left at
    the original's defaults, 1000 and 10, the service's ``TOOL_LOG_MAX_ENTRIES`` and
    ``FIX_DETECTION_WINDOW`` apply). ``max_patterns_per_tool`` is accepted and, as in the original, unused.
    ``on_fix_detected`` is called with a ``ToolFixRelation`` when a recorded success fixed a failure.
    ``base_url``/``api_key`` default to ``$AGENT_LESSONS_URL``/``$AGENT_LESSONS_API_KEY``;
    ``client`` may pass a ready ``agent_lessons.Client``.
    """

    def __init__(
        self,
        memory: Optional[ProceduralMemory] = None,
        *,
        session_id: Optional[str] = None,
        max_log_entries: int = 1000,
        max_patterns_per_tool: int = 10,
        fix_detection_window: int = 10,
        on_fix_detected: Optional[Callable[[ToolFixRelation], None]] = None,
        base_url: Optional[str] = None,
        api_key: Optional[str] = None,
        client: Optional[Client] = None,
    ) -> None:
        if memory is None:
            if session_id is None:
                raise TypeError("ToolMemoryManager needs a memory or a session_id")
            memory = ProceduralMemory(session_id=session_id)
        self.max_log_entries = max_log_entries
        self.max_patterns_per_tool = max_patterns_per_tool
        self.fix_detection_window = fix_detection_window
        self.on_fix_detected = on_fix_detected
        self.client = client if client is not None else Client(base_url, api_key)
        self._session_id = memory.session_id
        # The settings last sent for the session; None until this manager's first call.
        self._settings_sent: Optional[tuple[Optional[int], Optional[int]]] = None
        # Times the service has none for (a session without history) read as this manager's own.
        self._created_at = memory.created_at
        self._updated_at = memory.updated_at
        # A memory whose calls were all trimmed still says where its ids go on (next_call_id).
        if memory.has_history() or memory.next_call_id > 1:
            self.client.import_session_memory(self._session_id, _memory_document(memory))

    # The original's private helper, kept because the drop-in computes the same hash anyway.
    _hash_arguments = staticmethod(_hash_arguments)

    @classmethod
    def create(cls, session_id: str, **kwargs: Any) -> "ToolMemoryManager":
        """A manager of the service's session ``session_id`` (its history, if any, is kept)."""
        return cls(memory=ProceduralMemory(session_id=session_id), **kwargs)

    @classmethod
    async def from_session(cls, session: Any, **kwargs: Any) -> "ToolMemoryManager":
        """Loads the memory a chuk ``Session`` keeps under ``procedural_memory`` into the service."""
        stored = await session.get_state("procedural_memory")
        if stored:
            try:
                memory = ProceduralMemory.model_validate(stored)
            except Exception as e:  # noqa: BLE001 - the original logs and starts fresh likewise
                log.warning(f"Failed to restore procedural memory: {e}")
            else:
                log.info(f"Restored procedural memory for session {session.id}")
                return await asyncio.to_thread(lambda: cls(memory=memory, **kwargs))
        return await asyncio.to_thread(lambda: cls.create(session_id=session.id, **kwargs))

    async def save_to_session(self, session: Any) -> None:
        """Stores the service's memory of this session in a chuk ``Session``'s state."""
        await session.set_state("procedural_memory", await asyncio.to_thread(self.to_dict))
        log.debug(f"Saved procedural memory to session {session.id}")

    @property
    def session_id(self) -> str:
        return self._session_id

    @property
    def memory(self) -> ProceduralMemory:
        """A snapshot of the session's memory, read from the service (changing it changes nothing)."""
        document = self.client.export_session_memory(self._session_id)
        memory = ProceduralMemory.model_validate(document)
        for entry in memory.tool_log:
            entry.arguments_hash = _hash_arguments(entry.arguments)
        if document.get("created_at") is None:
            memory.created_at = self._created_at
        if document.get("updated_at") is None:
            memory.updated_at = self._updated_at
        return memory

    # --- Recording ---

    async def record_call(
        self,
        tool_name: str,
        arguments: dict[str, Any],
        result: Any,
        outcome: ToolOutcome,
        context_goal: Optional[str] = None,
        error_type: Optional[str] = None,
        error_message: Optional[str] = None,
        execution_time_ms: Optional[int] = None,
        preceding_call_id: Optional[str] = None,
    ) -> ToolLogEntry:
        """Records a tool invocation; the service detects fixes and updates the patterns."""
        recorded = await asyncio.to_thread(
            self._record_with_settings,
            tool_name=tool_name,
            arguments=arguments,
            result=result,
            outcome=outcome,
            context_goal=context_goal,
            error_type=error_type,
            error_message=error_message,
            execution_time_ms=execution_time_ms,
            preceding_call_id=preceding_call_id,
        )
        entry = _entry(recorded, arguments)
        if entry.fix_for is not None and entry.delta_args:
            relation = ToolFixRelation(
                failed_call_id=entry.fix_for,
                success_call_id=entry.id,
                delta_args=entry.delta_args,
                detected_at=entry.timestamp,
            )
            log.info(f"Detected fix: {entry.fix_for} -> {entry.id}, delta: {entry.delta_args}")
            if self.on_fix_detected:
                self.on_fix_detected(relation)
        log.debug(f"Recorded tool call: {entry.format_compact()}")
        return entry

    def _record_with_settings(self, **call: Any) -> Any:
        """Sends this manager's settings when the session may hold others, then records the call."""
        wanted = (_own_setting(self.max_log_entries, _MAX_LOG), _own_setting(self.fix_detection_window, _WINDOW))
        if wanted != self._settings_sent:
            self.client.put_session_settings(self._session_id, max_log_entries=wanted[0], fix_detection_window=wanted[1])
            self._settings_sent = wanted
        # The original answers a log entry and never a fix: an offer made here would reach nobody and
        # count against the fix's efficacy as ignored.
        return self.client.record_tool_call(self._session_id, offer_fix=False, **call)

    # --- Retrieval ---

    def _search(self, limit: int, **filters: Any) -> list[ToolLogEntry]:
        answer = self.client.search_tool_calls(self._session_id, limit=limit, **filters)
        return [_entry(entry) for entry in answer["calls"]]

    def get_recent_calls(
        self,
        tool_name: Optional[str] = None,
        limit: int = 5,
        outcome: Optional[ToolOutcome] = None,
    ) -> list[ToolLogEntry]:
        """Recent calls, most recent first, optionally of one tool and one outcome."""
        if tool_name and not _ID.match(tool_name):
            return []
        newest = self._search(
            min(limit, _MAX_LOG) if limit > 0 else _MAX_LOG, tool_name=tool_name or None, outcome=outcome or None
        )
        entries = newest[::-1]
        # As the original slices: entries[-0:] is every entry.
        return list(reversed(entries[-limit:]))

    def get_pattern(self, tool_name: str) -> Optional[ToolPattern]:
        """The tool's aggregated pattern, or None when the session never called it."""
        if not _ID.match(tool_name):
            return None
        try:
            return ToolPattern.model_validate(self.client.get_tool_pattern(self._session_id, tool_name))
        except ProblemError as error:
            if error.status == 404:
                return None
            raise

    def get_all_patterns(self) -> dict[str, ToolPattern]:
        """Every tool's pattern, in order of first use."""
        patterns = self.client.list_tool_patterns(self._session_id)["patterns"]
        return {name: ToolPattern.model_validate(pattern) for name, pattern in patterns.items()}

    def search_calls(
        self,
        tool_name: Optional[str] = None,
        goal_contains: Optional[str] = None,
        outcome: Optional[ToolOutcome] = None,
        error_type: Optional[str] = None,
        only_fixes: bool = False,
        only_fixed: bool = False,
        limit: int = 10,
    ) -> list[ToolLogEntry]:
        """Matching calls, most recent first, at most ``limit`` (at least one, as the original's loop)."""
        if (tool_name and not _ID.match(tool_name)) or (goal_contains and len(goal_contains) > 1000):
            return []
        if error_type and len(error_type) > 200:
            return []
        return self._search(
            max(1, min(limit, _MAX_LOG)),
            tool_name=tool_name or None,
            goal_contains=goal_contains or None,
            outcome=outcome or None,
            error_type=error_type or None,
            only_fixes=only_fixes or None,
            only_fixed=only_fixed or None,
        )

    def get_fix_for_error(self, tool_name: str, error_type: str) -> Optional[dict[str, Any]]:
        """The argument change that fixed this error type of the tool before, or None."""
        pattern = self.get_pattern(tool_name)
        if not pattern:
            return None
        for ep in pattern.error_patterns:
            if ep.error_type == error_type and ep.fix_delta:
                return ep.fix_delta
        return None

    def get_successful_args_for_goal(self, tool_name: str, goal: str) -> Optional[dict[str, Any]]:
        """The argument hints of the first success pattern whose goal contains ``goal``, or None."""
        pattern = self.get_pattern(tool_name)
        if not pattern:
            return None
        goal_lower = goal.lower()
        for sp in pattern.success_patterns:
            if sp.goal_match and goal_lower in sp.goal_match.lower():
                return sp.arg_hints
        return None

    # --- Statistics ---

    def get_stats(self) -> dict[str, Any]:
        """Counts over the session's kept log, in the original's keys and order."""
        stats = self.client.get_session_stats(self._session_id)
        total = stats["total_calls"]
        created = stats["created_at"]
        updated = stats["updated_at"]
        return {
            "session_id": self.session_id,
            "total_calls": total,
            "success_count": stats["success_count"],
            "failure_count": stats["failure_count"],
            "success_rate": stats["success_count"] / total if total > 0 else 0,
            "total_fixes_detected": stats["total_fixes_detected"],
            "tools_tracked": stats["tools_tracked"],
            "created_at": _iso(_parse_time(created)) if created else _iso(self._created_at),
            "updated_at": _iso(_parse_time(updated)) if updated else _iso(self._updated_at),
        }

    # --- Persistence hooks ---

    def to_dict(self) -> dict[str, Any]:
        """The session's memory as a JSON-ready dict (``model_dump(mode="json")`` of ``memory``)."""
        return _memory_document(self.memory)

    @classmethod
    def from_dict(cls, data: dict[str, Any], **kwargs: Any) -> "ToolMemoryManager":
        """A manager of ``data["session_id"]`` whose service memory is replaced by ``data``."""
        memory = ProceduralMemory.model_validate(data)
        manager = cls(memory=memory, **kwargs)
        if not memory.has_history():
            manager.reset()
        return manager

    def reset(self) -> None:
        """Forget the session's memory; call ids start again at ``call-0001``."""
        self.client.reset_session_memory(self._session_id)
        self._updated_at = _now()
