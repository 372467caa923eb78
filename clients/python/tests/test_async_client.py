"""The asyncio client against the real service."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from agent_lessons import AsyncClient, ProblemError


def test_async_operations_and_concurrency(service, uid: Callable[[str], str]) -> None:  # type: ignore[no-untyped-def]
    task, session = uid("task"), uid("session")

    async def run() -> None:
        async with AsyncClient(service.url, service.key_a) as client:
            captured = await asyncio.gather(
                *[
                    client.capture_lesson(task, attempt_number=n, tier=1, error_type="TypeError", error_message=f"bad {n}")
                    for n in range(1, 9)
                ]
            )
            assert len({lesson["lesson_id"] for lesson in captured}) == 8
            assert len((await client.list_lessons(task))["lessons"]) == 8
            assert (await client.get_lesson_stats(task))["by_category"] == {"type": 8}

            await client.record_tool_call(session, tool_name="fetch", arguments={"url": "a"}, outcome="timeout", error_type="Timeout")
            fixed = await client.record_tool_call(session, tool_name="fetch", arguments={"url": "b"}, outcome="success")
            assert fixed["fix_for"] == "call-0001"
            prompt = await client.get_session_prompt(session)
            assert '<tool_memory name="fetch">' in prompt["prompt"]
            assert await client.reset_session_memory(session) is None

            with pytest.raises(ProblemError) as raised:
                await client.get_tool_pattern(session, "fetch")
            assert raised.value.status == 404

    asyncio.run(run())


def test_async_client_reads_the_environment(service_env) -> None:  # type: ignore[no-untyped-def]
    async def run() -> dict:  # type: ignore[type-arg]
        async with AsyncClient() as client:
            assert client.base_url == service_env.url
            return await client.get_readiness()  # type: ignore[return-value]

    assert asyncio.run(run())["status"] == "ok"
