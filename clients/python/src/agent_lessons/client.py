"""The synchronous client: one method per operation, sent with urllib, with retries."""

from __future__ import annotations

import functools
import inspect
import json
from collections.abc import Callable, Iterable, Iterator
from types import TracebackType
from typing import Any, Concatenate, ParamSpec, TypeVar

from . import _operations as ops
from ._transport import Request, Transport
from .types import Event

__all__ = ["Client"]

P = ParamSpec("P")
T = TypeVar("T")


def _method(build: Callable[P, Request[T]]) -> Callable[Concatenate["Client", P], T]:
    """Turns an operation's request builder into a blocking method that sends it."""

    @functools.wraps(build)
    def method(self: Client, /, *args: P.args, **kwargs: P.kwargs) -> T:
        return self._transport.send(build(*args, **kwargs))

    _add_self(method, build)
    return method


def _add_self(method: Callable[..., Any], build: Callable[..., Any]) -> None:
    """Gives the method its builder's signature with ``self`` first, for help() and IDEs."""
    signature = inspect.signature(build)
    self_param = inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY)
    answer = signature.return_annotation
    if isinstance(answer, str) and answer.startswith("Request[") and answer.endswith("]"):
        answer = answer[len("Request[") : -1]
    method.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=[self_param, *signature.parameters.values()], return_annotation=answer
    )
    del method.__wrapped__  # type: ignore[attr-defined]


class Client:
    """A blocking client of the agent-lessons service.

    ``base_url`` defaults to ``$AGENT_LESSONS_URL``, else ``http://127.0.0.1:3000``; ``api_key`` to
    ``$AGENT_LESSONS_API_KEY`` (sent as ``Authorization: Bearer``). Every POST carries an
    ``Idempotency-Key`` (a new UUID per call unless ``idempotency_key=`` is given), reused by its
    retries. 503, 429 (after ``Retry-After``), 502, 504, connection errors and timeouts are retried
    up to ``max_retries`` times with exponential backoff and jitter; other 4xx never are.
    Non-2xx answers raise ``ProblemError``; an unreachable service raises ``APIConnectionError``.
    """

    def __init__(
        self,
        base_url: str | None = None,
        api_key: str | None = None,
        *,
        timeout: float = 10.0,
        max_retries: int = 3,
        backoff_base: float = 0.5,
        backoff_max: float = 8.0,
    ) -> None:
        self._transport = Transport(
            base_url,
            api_key,
            timeout=timeout,
            max_retries=max_retries,
            backoff_base=backoff_base,
            backoff_max=backoff_max,
        )

    @property
    def base_url(self) -> str:
        return self._transport.base_url

    def __repr__(self) -> str:
        return f"Client(base_url={self.base_url!r})"

    def close(self) -> None:
        """Nothing to release (each request uses its own connection); kept for symmetry."""

    def __enter__(self) -> Client:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    get_liveness = _method(ops.get_liveness)
    get_readiness = _method(ops.get_readiness)
    get_metrics = _method(ops.get_metrics)
    get_open_api_document = _method(ops.get_open_api_document)
    capture_lesson = _method(ops.capture_lesson)
    list_lessons = _method(ops.list_lessons)
    clear_lessons = _method(ops.clear_lessons)
    get_lesson_prompt = _method(ops.get_lesson_prompt)
    list_lesson_signatures = _method(ops.list_lesson_signatures)
    get_lesson_stats = _method(ops.get_lesson_stats)
    get_lesson = _method(ops.get_lesson)
    delete_lesson = _method(ops.delete_lesson)
    resolve_task = _method(ops.resolve_task)
    get_resolution = _method(ops.get_resolution)
    delete_resolution = _method(ops.delete_resolution)
    list_tenant_signatures = _method(ops.list_tenant_signatures)
    record_tool_call = _method(ops.record_tool_call)
    search_tool_calls = _method(ops.search_tool_calls)
    get_tool_call = _method(ops.get_tool_call)
    list_tool_patterns = _method(ops.list_tool_patterns)
    get_tool_pattern = _method(ops.get_tool_pattern)
    get_known_fix = _method(ops.get_known_fix)
    get_arg_hints = _method(ops.get_arg_hints)
    get_error_guidance = _method(ops.get_error_guidance)
    get_success_template = _method(ops.get_success_template)
    get_session_stats = _method(ops.get_session_stats)
    get_session_settings = _method(ops.get_session_settings)
    put_session_settings = _method(ops.put_session_settings)
    get_session_prompt = _method(ops.get_session_prompt)
    get_session_summary = _method(ops.get_session_summary)
    export_session_memory = _method(ops.export_session_memory)
    import_session_memory = _method(ops.import_session_memory)
    reset_session_memory = _method(ops.reset_session_memory)
    list_shared_tools = _method(ops.list_shared_tools)
    get_shared_tool_knowledge = _method(ops.get_shared_tool_knowledge)
    forget_shared_tool = _method(ops.forget_shared_tool)
    get_shared_fix = _method(ops.get_shared_fix)
    get_shared_error_guidance = _method(ops.get_shared_error_guidance)
    get_context = _method(ops.get_context)
    list_tasks = _method(ops.list_tasks)
    list_sessions = _method(ops.list_sessions)
    get_overview = _method(ops.get_overview)
    get_tool_activity = _method(ops.get_tool_activity)
    get_efficacy = _method(ops.get_efficacy)
    recall = _method(ops.recall)
    recall_by_body = _method(ops.recall_by_body)
    export_traces = _method(ops.export_traces)
    export_logs = _method(ops.export_logs)

    def stream_events(
        self,
        *,
        types: str | Iterable[str] | None = None,
        task_id: str | None = None,
        session_id: str | None = None,
        last_event_id: str | None = None,
        read_timeout: float = 60.0,
    ) -> Iterator[Event]:
        """``GET /events`` (``streamEvents``): the tenant's events as they happen, until closed.

        Yields ``{"id", "event", "data"}`` with ``data`` parsed from JSON. Pass the last ``id`` seen
        as ``last_event_id`` to resume. Not retried: on a dropped stream, call again with it.
        ``read_timeout`` must exceed the service's heartbeat interval (15 s by default).
        """
        request: Request[Any] = Request(
            "GET",
            "/events",
            query={"types": ops._names(types), "task_id": task_id, "session_id": session_id},
        )
        headers = {"Last-Event-ID": last_event_id} if last_event_id else {}
        response = self._transport.open_stream(request, headers, read_timeout)
        with response:
            yield from _parse_events(response)


def _parse_events(lines: Iterable[bytes]) -> Iterator[Event]:
    """Server-Sent Events: fields until a blank line, which dispatches the event."""
    event_id: str | None = None
    event_type = ""
    data: list[str] = []
    for raw in lines:
        line = raw.decode("utf-8").rstrip("\r\n")
        if not line:
            if data:
                text = "\n".join(data)
                try:
                    parsed: Any = json.loads(text)
                except ValueError:
                    parsed = text
                yield {"id": event_id, "event": event_type or "message", "data": parsed}
            event_type, data = "", []
            continue
        if line.startswith(":"):
            continue
        name, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if name == "data":
            data.append(value)
        elif name == "event":
            event_type = value
        elif name == "id":
            event_id = value
