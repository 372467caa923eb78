"""One HTTP exchange with the service, and the retry policy around it (shared by both clients)."""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import random
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .errors import APIConnectionError, ProblemError, parse_retry_after

__all__ = ["Request", "Transport", "DEFAULT_BASE_URL", "VERSION"]

VERSION = "0.1.0"
DEFAULT_BASE_URL = "http://127.0.0.1:3000"

T = TypeVar("T")

# Statuses worth another attempt: the store or a proxy is briefly unavailable, or we were too fast.
RETRY_STATUSES = frozenset({429, 502, 503, 504})
# The longest Retry-After we wait for; a longer one is raised to the caller at once.
MAX_RETRY_AFTER = 60.0


class _NoBody:
    def __repr__(self) -> str:
        return "NO_BODY"


NO_BODY: Any = _NoBody()


@dataclass(frozen=True)
class Request(Generic[T]):
    """What one operation sends. ``T`` is the parsed JSON it answers with (None for a 204)."""

    method: str
    path: str
    query: Mapping[str, Any] = field(default_factory=dict)
    body: Any = NO_BODY
    idempotency_key: str | None = None
    retry: bool = True
    accept: str = "application/json, application/problem+json"

    def query_string(self) -> str:
        pairs: list[tuple[str, str]] = []
        for name, value in self.query.items():
            if value is None:
                continue
            if isinstance(value, bool):
                pairs.append((name, "true" if value else "false"))
            elif isinstance(value, (list, tuple, set, frozenset)):
                pairs.append((name, ",".join(str(item) for item in value)))
            else:
                pairs.append((name, str(value)))
        return urllib.parse.urlencode(pairs, quote_via=urllib.parse.quote)


def segment(value: str) -> str:
    """A path id, percent-encoded so that an invalid id reaches the service (and its 400) intact."""
    return urllib.parse.quote(str(value), safe="")


@dataclass
class _Answer:
    status: int
    reason: str
    headers: dict[str, str]
    raw: bytes


class Transport:
    """Sends requests with urllib, decodes answers, and retries what is safe to retry."""

    def __init__(
        self,
        base_url: str | None,
        api_key: str | None,
        *,
        timeout: float,
        max_retries: int,
        backoff_base: float = 0.5,
        backoff_max: float = 8.0,
        user_agent: str | None = None,
    ) -> None:
        if max_retries < 0:
            raise ValueError("max_retries must be 0 or more")
        self.base_url = (base_url or os.environ.get("AGENT_LESSONS_URL") or DEFAULT_BASE_URL).rstrip("/")
        self.api_key = api_key if api_key is not None else (os.environ.get("AGENT_LESSONS_API_KEY") or None)
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff_base = backoff_base
        self.backoff_max = backoff_max
        self.user_agent = user_agent or f"agent-lessons-python/{VERSION}"
        self._opener = urllib.request.build_opener()

    # --- one attempt -------------------------------------------------------------------------

    def url_of(self, request: Request[Any]) -> str:
        query = request.query_string()
        return f"{self.base_url}{request.path}" + (f"?{query}" if query else "")

    def _headers(self, request: Request[Any], key: str | None, accept: str) -> dict[str, str]:
        headers = {"Accept": accept, "User-Agent": self.user_agent}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        if request.body is not NO_BODY:
            headers["Content-Type"] = "application/json"
        if key is not None:
            headers["Idempotency-Key"] = key
        return headers

    def _encode(self, request: Request[Any]) -> bytes | None:
        if request.body is NO_BODY:
            return None
        return json.dumps(request.body, separators=(",", ":"), ensure_ascii=False, default=str).encode("utf-8")

    def attempt(self, request: Request[Any], key: str | None) -> _Answer:
        """One exchange. Raises OSError (or http.client.HTTPException) when the network fails."""
        http_request = urllib.request.Request(
            self.url_of(request),
            data=self._encode(request),
            headers=self._headers(request, key, request.accept),
            method=request.method,
        )
        try:
            with self._opener.open(http_request, timeout=self.timeout) as response:
                raw = response.read()
                return _Answer(response.status, response.reason, _lower(response.headers), raw)
        except urllib.error.HTTPError as error:
            with error:
                raw = error.read()
            return _Answer(error.code, str(error.reason), _lower(error.headers), raw)

    def open_stream(self, request: Request[Any], extra_headers: Mapping[str, str], read_timeout: float) -> Any:
        """Opens a long-lived response (Server-Sent Events); the caller reads and closes it."""
        headers = self._headers(request, None, "text/event-stream")
        headers.update(extra_headers)
        http_request = urllib.request.Request(self.url_of(request), headers=headers, method="GET")
        try:
            return self._opener.open(http_request, timeout=read_timeout)
        except urllib.error.HTTPError as error:
            with error:
                raw = error.read()
            raise ProblemError.from_response(error.code, str(error.reason), _lower(error.headers), raw) from None
        except (OSError, http.client.HTTPException) as error:
            raise APIConnectionError(
                f"GET {self.url_of(request)} failed: {error}", method="GET", url=self.url_of(request), attempts=1
            ) from error

    @staticmethod
    def decode(answer: _Answer) -> Any:
        """The parsed body of a 2xx (None when empty); a ProblemError for anything else."""
        if not 200 <= answer.status < 300:
            raise ProblemError.from_response(answer.status, answer.reason, answer.headers, answer.raw)
        if answer.status == 204 or not answer.raw:
            return None
        text = answer.raw.decode("utf-8")
        if "json" in answer.headers.get("content-type", "application/json"):
            return json.loads(text)
        return text

    # --- retry policy ------------------------------------------------------------------------

    def _key_for(self, request: Request[Any]) -> str | None:
        if request.method != "POST":
            return None
        return request.idempotency_key or str(uuid.uuid4())

    def _backoff(self, retry: int) -> float:
        """Exponential backoff with jitter: between half and all of base * 2^retry (capped)."""
        ceiling = min(self.backoff_max, self.backoff_base * (2**retry))
        return ceiling / 2 + random.uniform(0, ceiling / 2)

    def _delay_after_status(self, request: Request[Any], answer: _Answer, retry: int) -> float | None:
        """Seconds to wait before retrying this answer, or None when it must not be retried."""
        if not request.retry or retry >= self.max_retries:
            return None
        if answer.status not in RETRY_STATUSES:
            return None
        delay = self._backoff(retry)
        retry_after = parse_retry_after(answer.headers.get("retry-after"))
        if retry_after is not None:
            if retry_after > MAX_RETRY_AFTER:
                return None
            delay = max(delay, retry_after)
        return delay

    def _delay_after_failure(self, request: Request[Any], retry: int) -> float | None:
        if not request.retry or retry >= self.max_retries:
            return None
        return self._backoff(retry)

    def _unreachable(self, request: Request[Any], error: BaseException, attempts: int) -> APIConnectionError:
        url = self.url_of(request)
        reason = getattr(error, "reason", None) or error
        return APIConnectionError(
            f"{request.method} {url} failed after {attempts} attempt{'s' if attempts != 1 else ''}: {reason}",
            method=request.method,
            url=url,
            attempts=attempts,
        )

    def send(self, request: Request[T]) -> T:
        """Sends with retries, blocking; the same Idempotency-Key goes with every attempt."""
        key = self._key_for(request)
        retry = 0
        while True:
            try:
                answer = self.attempt(request, key)
            except (OSError, http.client.HTTPException) as error:
                delay = self._delay_after_failure(request, retry)
                if delay is None:
                    raise self._unreachable(request, error, retry + 1) from error
            else:
                delay = self._delay_after_status(request, answer, retry)
                if delay is None:
                    return self.decode(answer)  # type: ignore[no-any-return]
            time.sleep(delay)
            retry += 1

    async def asend(self, request: Request[T]) -> T:
        """As ``send``, with each attempt in a worker thread and the waits on the event loop."""
        key = self._key_for(request)
        retry = 0
        while True:
            try:
                answer = await asyncio.to_thread(self.attempt, request, key)
            except (OSError, http.client.HTTPException) as error:
                delay = self._delay_after_failure(request, retry)
                if delay is None:
                    raise self._unreachable(request, error, retry + 1) from error
            else:
                delay = self._delay_after_status(request, answer, retry)
                if delay is None:
                    return self.decode(answer)  # type: ignore[no-any-return]
            await asyncio.sleep(delay)
            retry += 1


def _lower(headers: Any) -> dict[str, str]:
    return {str(name).lower(): str(value) for name, value in (headers.items() if headers is not None else [])}

