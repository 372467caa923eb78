"""Drop-in ``LearningAccumulator`` and ``FailureLesson``, backed by the agent-lessons service.

Same constructor, methods, argument names, defaults and return shapes as the original failure
learning accumulator (PM-006), synchronous like it; the lessons live in the service instead of
Redis or process memory. Differences, and why, are listed in the package README.
"""

from __future__ import annotations

import json
import logging
import os
import re
from dataclasses import asdict, dataclass, field, fields
from datetime import datetime, timezone
from typing import Any, Dict, List, Optional

from ..client import Client
from ..types import Lesson

__all__ = ["FailureLesson", "LearningAccumulator", "get_learning_accumulator"]

logger = logging.getLogger(__name__)


def _utcnow_naive() -> str:
    """The original's ``datetime.utcnow().isoformat()``: naive UTC, microseconds when non-zero."""
    return datetime.now(timezone.utc).replace(tzinfo=None).isoformat()


@dataclass
class FailureLesson:
    """A discrete lesson learned from a failure (the original's fields, in its order)."""

    lesson_id: str
    task_id: str
    attempt_number: int
    tier: int

    # Error details
    error_type: str
    error_message: str
    error_context: Optional[str] = None

    # Hypothesized fix
    hypothesized_fix: str = ""
    fix_approach: Optional[str] = None

    # Metadata
    model: str = ""
    timestamp: str = field(default_factory=_utcnow_naive)
    duration_ms: Optional[int] = None
    tokens_used: Optional[int] = None

    # Learning categorization
    category: str = "general"
    severity: str = "medium"

    def to_dict(self) -> Dict[str, Any]:
        return asdict(self)

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "FailureLesson":
        return cls(**data)

    @classmethod
    def from_json(cls, json_str: str) -> "FailureLesson":
        return cls.from_dict(json.loads(json_str))

    def to_prompt_context(self) -> str:
        """The lesson's block in a fresh session's prompt, as the original writes it."""
        context = (
            f"PREVIOUS ATTEMPT #{self.attempt_number} FAILED:\n"
            f"Error Type: {self.error_type}\n"
            f"Error: {self.error_message}\n"
            f"Hypothesized Fix: {self.hypothesized_fix}"
        )
        if self.fix_approach:
            context += f"\nSuggested Approach: {self.fix_approach}"
        return context

    @classmethod
    def from_service(cls, lesson: Lesson) -> "FailureLesson":
        """A lesson as the service answers it, in the original's shape (service-only fields dropped)."""
        names = {f.name for f in fields(cls)}
        data: Dict[str, Any] = {name: value for name, value in lesson.items() if name in names}
        data["model"] = data.get("model") or ""
        data["timestamp"] = _naive_timestamp(str(data.get("timestamp") or ""))
        return cls(**data)


def _naive_timestamp(text: str) -> str:
    """``2026-01-02T03:04:05.678Z`` → ``2026-01-02T03:04:05.678000``, the original's format."""
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return text
    if moment.tzinfo is not None:
        moment = moment.astimezone(timezone.utc).replace(tzinfo=None)
    return moment.isoformat()


# The service's rule table (first match wins). A keyword must start a word of the error text once
# CamelCase, digits and punctuation are split, which is where the service departs from the original's
# raw substrings ("rapid" is not "api", "latest" is not "test").
_CATEGORY_RULES = (
    ("syntax", ("syntax", "indent", "parse")),
    ("timeout", ("timeout", "timed out")),
    ("api", ("api", "rate limit", "quota")),
    ("import", ("import", "module", "not found")),
    ("type", ("type", "attribute")),
    ("test", ("assertion", "test", "expect")),
    ("resource", ("memory", "overflow", "context")),
    ("permission", ("permission", "access", "denied")),
)
_FIXES = {
    "syntax": "Check indentation, brackets, and quotes. Verify Python syntax.",
    "timeout": "Reduce task complexity. Consider breaking into smaller steps.",
    "api": "Check API credentials and rate limits. Add retry with backoff.",
    "import": "Verify module is installed. Check import path and spelling.",
    "type": "Check variable types. Ensure correct attribute access.",
    "test": "Review test assertions. Check expected vs actual values.",
    "resource": "Reduce context size. Summarize or truncate inputs.",
    "permission": "Check file/API permissions. Verify access credentials.",
    "general": "Review the error message. Check related code sections.",
}
_SEVERITY = {
    "syntax": "low",
    "import": "low",
    "type": "medium",
    "test": "medium",
    "timeout": "high",
    "resource": "high",
    "api": "critical",
    "permission": "critical",
}


def _words(text: str) -> str:
    text = re.sub(r"([a-z])([A-Z])", r"\1 \2", text)
    text = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1 \2", text)
    text = re.sub(r"([A-Za-z])(\d)", r"\1 \2", text)
    text = re.sub(r"(\d)([A-Za-z])", r"\1 \2", text)
    return " ".join(word for word in re.split(r"[^a-z0-9]+", text.lower()) if word)


class LearningAccumulator:
    """Accumulate and manage failure lessons, kept by the agent-lessons service.

    ``redis_url`` is accepted for compatibility and ignored: the service owns the storage. The
    service is ``base_url`` (default ``$AGENT_LESSONS_URL``) with ``api_key`` (default
    ``$AGENT_LESSONS_API_KEY``); ``client`` may pass a ready ``agent_lessons.Client`` instead.
    """

    REDIS_KEY_PREFIX = "genesis:lessons:"
    MAX_LESSONS_PER_TASK = 40  # the service's LESSONS_MAX_PER_TASK decides; 40 is its default

    def __init__(
        self,
        redis_url: Optional[str] = None,
        *,
        base_url: Optional[str] = None,
        api_key: Optional[str] = None,
        client: Optional[Client] = None,
    ) -> None:
        self.redis_url = redis_url or os.getenv("REDIS_URL", "redis://localhost:6379")
        self.client = client if client is not None else Client(base_url, api_key)

    @property
    def redis_client(self) -> None:
        """Always None: lessons are kept by the service, never in a local Redis."""
        return None

    def categorize_error(self, error_type: str, error_message: str) -> str:
        """The category the service gives such an error (its rule table, first match wins)."""
        words = " " + _words(f"{error_type} {error_message}")
        for category, keywords in _CATEGORY_RULES:
            if any(" " + keyword in words for keyword in keywords):
                return category
        return "general"

    def hypothesize_fix(self, error_type: str, error_message: str, category: str) -> str:
        """The category's fix, plus the hints for undefined and null values, as the service writes it."""
        base_fix = _FIXES.get(category, _FIXES["general"])
        message = error_message.lower()
        if "undefined" in message:
            base_fix += " Check variable definitions before use."
        if "null" in message or "none" in message:
            base_fix += " Add null/None checks."
        return base_fix

    def capture_failure(
        self,
        task_id: str,
        attempt_number: int,
        tier: int,
        error_type: str,
        error_message: str,
        model: str = "",
        error_context: Optional[str] = None,
        fix_approach: Optional[str] = None,
        duration_ms: Optional[int] = None,
        tokens_used: Optional[int] = None,
    ) -> FailureLesson:
        """Capture a failure as a discrete lesson (categorised and given a fix by the service)."""
        stored = self.client.capture_lesson(
            task_id,
            attempt_number=attempt_number,
            tier=tier,
            error_type=error_type,
            error_message=error_message,
            model=model or None,
            error_context=error_context,
            fix_approach=fix_approach,
            duration_ms=duration_ms,
            tokens_used=tokens_used,
        )
        lesson = FailureLesson.from_service(stored)
        logger.info(f"Captured lesson {lesson.lesson_id}: {lesson.category} error at attempt {attempt_number}")
        return lesson

    def get_lessons(self, task_id: str) -> List[FailureLesson]:
        """Every kept lesson of the task, oldest first."""
        return [FailureLesson.from_service(lesson) for lesson in self.client.list_lessons(task_id)["lessons"]]

    def get_recent_lessons(self, task_id: str, count: int = 5) -> List[FailureLesson]:
        """The most recent lessons of the task (``lessons[-count:]``, as the original slices)."""
        if count > 0:
            recent = self.client.list_lessons(task_id, limit=min(count, 10_000))["lessons"]
            return [FailureLesson.from_service(lesson) for lesson in recent]
        lessons = self.get_lessons(task_id)
        return lessons[-count:] if lessons else []

    def format_lessons_for_prompt(self, task_id: str, max_lessons: int = 5) -> str:
        """The prompt block of the most recent ``max_lessons`` lessons; empty without lessons."""
        if max_lessons > 0:
            shown = min(max_lessons, 1000)
        else:
            # Python's lessons[-0:] is every lesson and lessons[-(-n):] all but the first n.
            shown = len(self.get_lessons(task_id)[-max_lessons:])
            if shown == 0:
                return ""
        return self.client.get_lesson_prompt(task_id, max_lessons=shown)["prompt"]

    def clear_lessons(self, task_id: str) -> None:
        """Forget every lesson of the task (and the service's counters and signatures for it)."""
        self.client.clear_lessons(task_id)

    def get_statistics(self, task_id: str) -> Dict[str, Any]:
        """Counts over the kept lessons, computed from them exactly as the original does."""
        lessons = self.get_lessons(task_id)
        if not lessons:
            return {"total_lessons": 0}
        categories: Dict[str, int] = {}
        for lesson in lessons:
            categories[lesson.category] = categories.get(lesson.category, 0) + 1
        return {
            "total_lessons": len(lessons),
            "by_category": categories,
            "by_tier": {tier: sum(1 for lesson in lessons if lesson.tier == tier) for tier in (1, 2, 3)},
            "most_common_error": max(categories, key=lambda name: categories[name]) if categories else None,
        }


_accumulator: Optional[LearningAccumulator] = None


def get_learning_accumulator() -> LearningAccumulator:
    """Get or create the global LearningAccumulator (configured from the environment)."""
    global _accumulator
    if _accumulator is None:
        _accumulator = LearningAccumulator()
    return _accumulator
