"""The asyncio client: the same operations as ``Client``, awaited.

Each attempt runs the blocking urllib exchange in a worker thread (``asyncio.to_thread``); the
backoff between retries waits on the event loop.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Coroutine
from types import TracebackType
from typing import Any, Concatenate, ParamSpec, TypeVar

from . import _operations as ops
from ._transport import Request, Transport
from .client import _add_self

__all__ = ["AsyncClient"]

P = ParamSpec("P")
T = TypeVar("T")


def _method(build: Callable[P, Request[T]]) -> Callable[Concatenate["AsyncClient", P], Coroutine[Any, Any, T]]:
    """Turns an operation's request builder into a coroutine method that sends it."""

    @functools.wraps(build)
    async def method(self: AsyncClient, /, *args: P.args, **kwargs: P.kwargs) -> T:
        return await self._transport.asend(build(*args, **kwargs))

    _add_self(method, build)
    return method


class AsyncClient:
    """An asyncio client of the agent-lessons service; see ``Client`` for the arguments and retries."""

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
        return f"AsyncClient(base_url={self.base_url!r})"

    async def aclose(self) -> None:
        """Nothing to release (each request uses its own connection); kept for symmetry."""

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.aclose()

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
