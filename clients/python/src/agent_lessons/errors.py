"""Exceptions raised by the agent-lessons clients."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

__all__ = ["AgentLessonsError", "ProblemError", "APIConnectionError"]


class AgentLessonsError(Exception):
    """Base class of every error this package raises on purpose."""


class ProblemError(AgentLessonsError):
    """A non-2xx answer, read from its RFC 9457 ``application/problem+json`` body.

    Attributes mirror the problem document: ``status`` (the HTTP status), ``code`` (the service's
    stable machine-readable code, e.g. ``VALIDATION_FAILED``), ``title``, ``detail``, ``errors``
    (one ``{"field", "message"}`` per invalid field; empty otherwise), ``request_id`` (from the
    body, else the ``X-Request-Id`` header), ``type`` and ``instance``. ``body`` holds the parsed
    body (or the raw text when it was not JSON) and ``retry_after`` the ``Retry-After`` seconds.
    """

    status: int
    code: str | None
    title: str
    detail: str
    errors: list[dict[str, Any]]
    request_id: str | None
    type: str | None
    instance: str | None
    retry_after: float | None
    body: Any

    def __init__(
        self,
        status: int,
        *,
        code: str | None = None,
        title: str = "",
        detail: str = "",
        errors: list[dict[str, Any]] | None = None,
        request_id: str | None = None,
        type: str | None = None,
        instance: str | None = None,
        retry_after: float | None = None,
        body: Any = None,
    ) -> None:
        self.status = status
        self.code = code
        self.title = title
        self.detail = detail
        self.errors = list(errors or [])
        self.request_id = request_id
        self.type = type
        self.instance = instance
        self.retry_after = retry_after
        self.body = body
        super().__init__(str(self))

    def __str__(self) -> str:
        text = f"{self.status} {self.code or self.title or 'error'}"
        if self.detail:
            text += f": {self.detail}"
        if self.request_id:
            text += f" (request {self.request_id})"
        return text

    def __repr__(self) -> str:
        return f"ProblemError(status={self.status!r}, code={self.code!r}, detail={self.detail!r}, request_id={self.request_id!r})"

    @classmethod
    def from_response(cls, status: int, reason: str, headers: Mapping[str, str], raw: bytes) -> "ProblemError":
        """Builds the error from a response's status, headers (lower-cased names) and body."""
        text = raw.decode("utf-8", errors="replace")
        body: Any = text
        try:
            body = json.loads(text) if text else None
        except ValueError:
            pass
        problem: Mapping[str, Any] = body if isinstance(body, Mapping) else {}
        errors = problem.get("errors")

        def text_of(name: str) -> str | None:
            value = problem.get(name)
            return value if isinstance(value, str) else None

        return cls(
            status,
            code=text_of("code"),
            title=text_of("title") or reason,
            detail=text_of("detail") or (text if not problem and isinstance(body, str) else ""),
            errors=[e for e in errors if isinstance(e, dict)] if isinstance(errors, list) else [],
            request_id=text_of("request_id") or headers.get("x-request-id"),
            type=text_of("type"),
            instance=text_of("instance"),
            retry_after=parse_retry_after(headers.get("retry-after")),
            body=body,
        )


class APIConnectionError(AgentLessonsError, ConnectionError):
    """The service could not be reached (refused, reset, timed out), even after the retries.

    The last underlying error is chained as ``__cause__``; ``attempts`` says how many were made.
    """

    def __init__(self, message: str, *, method: str, url: str, attempts: int) -> None:
        super().__init__(message)
        self.method = method
        self.url = url
        self.attempts = attempts


def parse_retry_after(value: str | None) -> float | None:
    """``Retry-After`` as seconds (the delta form; an HTTP date is ignored)."""
    if not value:
        return None
    try:
        seconds = float(value.strip())
    except ValueError:
        return None
    return seconds if seconds >= 0 else None
