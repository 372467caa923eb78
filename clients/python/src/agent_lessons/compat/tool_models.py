"""The procedural-memory models of the drop-in ToolMemoryManager: ``ToolOutcome`` and the dataclasses.

Keyword-only dataclasses with chuk-ai-session-manager's pydantic models' attribute names, order and
defaults, their helper methods, and the slice of pydantic's API code commonly calls on them
(``model_dump()``, ``model_dump_json()``, ``model_validate()``). They do not validate like pydantic.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, fields, is_dataclass
from datetime import datetime, timezone
from enum import Enum
from typing import Any, Optional, TypeVar

from . import pattern_rules as rules

__all__ = [
    "ToolOutcome",
    "ToolFixRelation",
    "ToolLogEntry",
    "ErrorPattern",
    "SuccessPattern",
    "ToolPattern",
    "ProceduralMemory",
]

# Tool names and call ids the service accepts; any other name can have no history there.
_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")
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


# The original's name for a fix in words; kept because it costs nothing (the same rule as typical_fix).
_describe_fix = rules.describe_delta


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

    def __post_init__(self) -> None:
        # When each argument name and error type was last seen (the call number), for the caps; names a
        # pattern came with were seen before any call. Not fields: a dump holds what the original's does.
        self._arguments_seen = {name: 0 for name in self.common_args}
        self._errors_seen = {pattern.error_type: 0 for pattern in self.error_patterns}

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

    def record_call(self, entry: ToolLogEntry) -> None:
        """Counts a call: its outcome, its time (the mean is over timed calls), its argument values.

        Its error, if any, is ``add_error_pattern``'s to record, as the original manager does.
        """
        self.total_calls += 1
        if entry.is_success():
            self.success_count += 1
        elif entry.is_failure():
            self.failure_count += 1
        if rules.is_measured(entry.execution_time_ms):
            self.avg_execution_ms = (rules.timed_sum(self.avg_execution_ms, self.timed_calls) + entry.execution_time_ms) / (self.timed_calls + 1)
            self.timed_calls += 1
        for key, value in entry.arguments.items():
            rules.remember_value(self.common_args.setdefault(key, []), value)
        # As the service: past 64 argument names, the least recently seen is forgotten with its values.
        for name in rules.see_and_forget(self._arguments_seen, list(entry.arguments), self.total_calls, rules.ARGUMENT_NAMES_PER_TOOL):
            del self.common_args[name]
        self.updated_at = _now()

    def add_error_pattern(
        self,
        error_type: str,
        context: Optional[str] = None,
        example_args: Optional[dict[str, Any]] = None,
    ) -> ErrorPattern:
        """Counts a failure under its error type, making the pattern (with these example arguments) the first time.

        As the service: past 32 error types, the one seen least recently is forgotten.
        """
        forgotten = rules.see_and_forget(self._errors_seen, [error_type], self.total_calls, rules.ERROR_TYPES_PER_TOOL)
        self.error_patterns = [pattern for pattern in self.error_patterns if pattern.error_type not in forgotten]
        for pattern in self.error_patterns:
            if pattern.error_type == error_type:
                pattern.count += 1
                rules.remember_context(pattern.contexts, context)
                return pattern
        pattern = ErrorPattern(error_type=error_type, contexts=[context] if context else [], example_args=example_args)
        self.error_patterns.append(pattern)
        return pattern

    def add_success_pattern(
        self,
        goal_match: Optional[str] = None,
        arg_hints: Optional[dict[str, Any]] = None,
        delta_that_fixed: Optional[dict[str, Any]] = None,
        example_call_id: Optional[str] = None,
    ) -> SuccessPattern:
        """Adds a success pattern; the 10 latest are kept."""
        pattern = SuccessPattern(goal_match=goal_match, arg_hints=arg_hints or {}, delta_that_fixed=delta_that_fixed, example_call_id=example_call_id)
        self.success_patterns.append(pattern)
        del self.success_patterns[: -rules.SUCCESS_PATTERNS_KEPT]
        return pattern

    def record_fix(self, error_type: str, fix_delta: dict[str, Any]) -> None:
        """Teaches the error pattern of ``error_type`` (only that one, if it exists) the change that fixed it."""
        for pattern in self.error_patterns:
            if pattern.error_type == error_type:
                pattern.fix_delta = fix_delta
                pattern.typical_fix = rules.describe_delta(fix_delta)
                return

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

    def allocate_call_id(self) -> str:
        """The next call id (``call-0001``, ``call-0002``, …), counting it as used."""
        call_id = f"call-{self.next_call_id:04d}"
        self.next_call_id += 1
        return call_id

    def has_history(self) -> bool:
        return bool(self.tool_log or self.tool_patterns or self.fix_relations)
