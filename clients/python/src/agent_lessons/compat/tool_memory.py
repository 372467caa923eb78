"""Drop-in ``ToolMemoryManager`` and ``ProceduralContextFormatter``, backed by the agent-lessons service.

Stand-ins for chuk-ai-session-manager's procedural memory: the same public methods, argument
names and defaults, returning dataclasses with the pydantic models' attribute names (plus
``model_dump()``, ``model_dump_json()`` and ``model_validate()``). The memory lives in the
service, so every method reads or writes it there. Differences, and why, are in the README.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from datetime import datetime, timezone
from enum import Enum
from typing import Any, Optional, TypeVar

from ..client import Client
from ..errors import ProblemError

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

# Tool names and call ids the service accepts; any other name can have no history there.
_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")
_MAX_LOG = 1000  # the most a search returns; also the service's default log size
_M = TypeVar("_M", bound="_Model")


class ToolOutcome(str, Enum):
    """Outcome of a tool invocation."""

    SUCCESS = "success"
    FAILURE = "failure"
    PARTIAL = "partial"
    TIMEOUT = "timeout"
    CANCELLED = "cancelled"


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _parse_time(value: Any) -> Any:
    if isinstance(value, str):
        try:
            return datetime.fromisoformat(value)
        except ValueError:
            return value
    return value


def _dump(value: Any, mode: str, exclude_none: bool) -> Any:
    if isinstance(value, _Model):
        return value.model_dump(mode=mode, exclude_none=exclude_none)
    if isinstance(value, Enum):
        return value.value if mode == "json" else value
    if isinstance(value, datetime):
        if mode != "json":
            return value
        text = value.isoformat()
        return text[:-6] + "Z" if text.endswith("+00:00") else text
    if isinstance(value, dict):
        return {key: _dump(item, mode, exclude_none) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_dump(item, mode, exclude_none) for item in value]
    return value


class _Model:
    """The slice of pydantic's BaseModel API that code using these models commonly calls."""

    _times: tuple[str, ...] = ()

    def model_dump(self, *, mode: str = "python", exclude_none: bool = False) -> dict[str, Any]:
        """The fields as a dict; ``mode="json"`` gives JSON-ready values (ISO times, enum values)."""
        assert is_dataclass(self)
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if exclude_none and value is None:
                continue
            out[f.name] = _dump(value, mode, exclude_none)
        return out

    def model_dump_json(self, *, indent: Optional[int] = None, exclude_none: bool = False) -> str:
        return json.dumps(self.model_dump(mode="json", exclude_none=exclude_none), indent=indent)

    @classmethod
    def model_validate(cls: type[_M], data: Any) -> _M:
        """Builds the model from a dict (as the service or ``model_dump`` gives it); unknown keys are ignored."""
        if isinstance(data, cls):
            return data
        assert is_dataclass(cls)
        names = {f.name for f in fields(cls)}
        values = {key: value for key, value in dict(data).items() if key in names}
        for name in cls._times:
            if name in values:
                values[name] = _parse_time(values[name])
        return cls._convert(values)  # type: ignore[return-value]

    @classmethod
    def _convert(cls, values: dict[str, Any]) -> Any:
        return cls(**values)


@dataclass(kw_only=True)
class ToolFixRelation(_Model):
    """Describes how one call fixed a prior failure (``detected_at`` is the service's addition)."""

    failed_call_id: str
    success_call_id: str
    delta_args: dict[str, Any] = field(default_factory=dict)
    detected_at: Optional[datetime] = None

    _times = ("detected_at",)


def _abbrev(value: Any, max_len: int = 20) -> str:
    text = str(value)
    return text[: max_len - 3] + "..." if len(text) > max_len else text


@dataclass(kw_only=True)
class ToolLogEntry(_Model):
    """Single tool invocation record (the 'trace')."""

    id: str
    timestamp: datetime = field(default_factory=_now)
    tool_name: str
    arguments: dict[str, Any] = field(default_factory=dict)
    arguments_hash: str = ""
    context_goal: Optional[str] = None
    preceding_call_id: Optional[str] = None
    outcome: ToolOutcome
    result_summary: str
    result_type: Optional[str] = None
    execution_time_ms: Optional[int] = None
    error_type: Optional[str] = None
    error_message: Optional[str] = None
    fixed_by: Optional[str] = None
    fix_for: Optional[str] = None
    delta_args: Optional[dict[str, Any]] = None

    _times = ("timestamp",)

    @classmethod
    def _convert(cls, values: dict[str, Any]) -> "ToolLogEntry":
        values["outcome"] = ToolOutcome(values["outcome"])
        return cls(**values)

    def is_failure(self) -> bool:
        return self.outcome in (ToolOutcome.FAILURE, ToolOutcome.TIMEOUT)

    def is_success(self) -> bool:
        return self.outcome == ToolOutcome.SUCCESS

    def was_fixed(self) -> bool:
        return self.fixed_by is not None

    def is_fix(self) -> bool:
        return self.fix_for is not None

    def format_compact(self) -> str:
        status = "✓" if self.is_success() else "✗"
        return f"[{status}] {self.tool_name}: {self.result_summary}"

    def format_for_context(self, include_args: bool = False) -> str:
        status = "✓" if self.is_success() else "✗"
        lines = [f"[{status}] {self.result_summary}"]
        if include_args and self.arguments:
            lines.append("    args: " + ", ".join(f"{k}={_abbrev(v)}" for k, v in self.arguments.items()))
        if self.is_fix() and self.delta_args:
            lines.append(f"    (fixed prior failure by: {self.delta_args})")
        if self.is_failure() and self.was_fixed():
            lines.append(f"    (later fixed by {self.fixed_by})")
        return "\n".join(lines)


@dataclass(kw_only=True)
class ErrorPattern(_Model):
    """A pattern of errors for a tool."""

    error_type: str
    count: int = 1
    contexts: list[str] = field(default_factory=list)
    example_args: Optional[dict[str, Any]] = None
    typical_fix: Optional[str] = None
    fix_delta: Optional[dict[str, Any]] = None


@dataclass(kw_only=True)
class SuccessPattern(_Model):
    """A pattern of successful usage for a tool (the service fills ``arg_hints`` with the fix's arguments)."""

    goal_match: Optional[str] = None
    arg_hints: dict[str, Any] = field(default_factory=dict)
    notes: Optional[str] = None
    example_call_id: Optional[str] = None
    delta_that_fixed: Optional[dict[str, Any]] = None


@dataclass(kw_only=True)
class ToolPattern(_Model):
    """Aggregated knowledge about a tool (the 'recipe'). ``timed_calls`` is the service's addition."""

    tool_name: str
    total_calls: int = 0
    success_count: int = 0
    failure_count: int = 0
    common_args: dict[str, list[Any]] = field(default_factory=dict)
    success_patterns: list[SuccessPattern] = field(default_factory=list)
    error_patterns: list[ErrorPattern] = field(default_factory=list)
    avg_execution_ms: Optional[float] = None
    updated_at: datetime = field(default_factory=_now)
    timed_calls: int = 0

    _times = ("updated_at",)

    @property
    def success_rate(self) -> float:
        if self.total_calls == 0:
            return 0.0
        return self.success_count / self.total_calls

    @classmethod
    def _convert(cls, values: dict[str, Any]) -> "ToolPattern":
        values["success_patterns"] = [SuccessPattern.model_validate(sp) for sp in values.get("success_patterns", [])]
        values["error_patterns"] = [ErrorPattern.model_validate(ep) for ep in values.get("error_patterns", [])]
        return cls(**values)

    def format_for_context(self, max_errors: int = 3, max_successes: int = 3) -> str:
        lines = [f"Success rate: {self.success_rate:.0%} ({self.total_calls} calls)"]
        if self.error_patterns:
            lines.append("Common errors:")
            for ep in self.error_patterns[-max_errors:]:
                fix_hint = f" -> {ep.typical_fix}" if ep.typical_fix else ""
                lines.append(f"  - {ep.error_type} (x{ep.count}){fix_hint}")
        if self.success_patterns:
            lines.append("Success hints:")
            for sp in self.success_patterns[-max_successes:]:
                if sp.delta_that_fixed:
                    lines.append(f"  - Fixed by: {sp.delta_that_fixed}")
                elif sp.arg_hints:
                    lines.append(f"  - Args: {sp.arg_hints}")
        return "\n".join(lines)


@dataclass(kw_only=True)
class ProceduralMemory(_Model):
    """A snapshot of a session's whole procedural memory, as the service exports it."""

    session_id: str
    tool_log: list[ToolLogEntry] = field(default_factory=list)
    next_call_id: int = 1
    tool_patterns: dict[str, ToolPattern] = field(default_factory=dict)
    fix_relations: list[ToolFixRelation] = field(default_factory=list)
    created_at: datetime = field(default_factory=_now)
    updated_at: datetime = field(default_factory=_now)

    _times = ("created_at", "updated_at")

    @classmethod
    def _convert(cls, values: dict[str, Any]) -> "ProceduralMemory":
        values["tool_log"] = [ToolLogEntry.model_validate(e) for e in values.get("tool_log", [])]
        values["tool_patterns"] = {
            name: ToolPattern.model_validate(p) for name, p in values.get("tool_patterns", {}).items()
        }
        values["fix_relations"] = [ToolFixRelation.model_validate(r) for r in values.get("fix_relations", [])]
        for name in ("created_at", "updated_at"):
            if values.get(name) is None:
                values.pop(name, None)
        return cls(**values)

    def get_pattern(self, tool_name: str) -> ToolPattern:
        """Get or create (in this snapshot) the pattern of a tool."""
        if tool_name not in self.tool_patterns:
            self.tool_patterns[tool_name] = ToolPattern(tool_name=tool_name)
        return self.tool_patterns[tool_name]

    def has_history(self) -> bool:
        return bool(self.tool_log or self.tool_patterns or self.fix_relations)


def _memory_document(memory: ProceduralMemory) -> dict[str, Any]:
    """A memory as the service imports it: every pattern with its ``success_rate`` and every fix
    relation with a ``detected_at`` (the fixing call's time), which the original's dump lacks."""
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


def _iso(moment: datetime) -> str:
    return moment.isoformat()


class ToolMemoryManager:
    """Manages a session's procedural memory (tool traces, patterns and fixes) in the service.

    Build it with ``ToolMemoryManager.create(session_id)`` (or ``from_dict`` / ``from_session``).
    ``max_log_entries``, ``max_patterns_per_tool`` and ``fix_detection_window`` are accepted for
    compatibility; the service's ``TOOL_LOG_MAX_ENTRIES`` and ``FIX_DETECTION_WINDOW`` decide.
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
        # Times the service has none for (a session without history) read as this manager's own.
        self._created_at = memory.created_at
        self._updated_at = memory.updated_at
        if memory.has_history():
            self.client.import_session_memory(self._session_id, _memory_document(memory))

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
            self.client.record_tool_call,
            self._session_id,
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


# --- The prompt formatter ------------------------------------------------------------------------


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
