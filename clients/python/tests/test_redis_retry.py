"""A capture while Redis is frozen: the service answers 503, the client retries with the same
Idempotency-Key, and exactly one lesson is kept. Runs its own redis-server and service instance."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from agent_lessons import Client
from service import KEY_A, RedisProcess, ServiceProcess


@pytest.fixture(scope="module")
def on_redis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServiceProcess, RedisProcess]]:
    redis = RedisProcess().start()
    log: Path = tmp_path_factory.mktemp("redis-service") / "service.log"
    service = ServiceProcess(log_path=log, env={"REDIS_URL": redis.url, "REDIS_COMMAND_TIMEOUT_MS": "300"})
    try:
        service.start()
        yield service, redis
    finally:
        service.stop()
        redis.stop()


def test_a_capture_during_a_redis_freeze_is_retried_into_exactly_one_lesson(
    on_redis: tuple[ServiceProcess, RedisProcess],
) -> None:
    service, redis = on_redis
    # Enough retries to outlast the freeze. The first attempt may be applied when Redis thaws; its
    # retry then finds the key's record beside the lesson and is answered with it, not applied again.
    client = Client(service.url, KEY_A, max_retries=6)
    task = f"freeze-{uuid.uuid4().hex[:12]}"
    client.capture_lesson(task, attempt_number=1, tier=1, error_type="WarmUp", error_message="before the freeze")

    sent: list[tuple[int, str | None]] = []
    attempt = client._transport.attempt

    def watched(request: Any, key: str | None) -> Any:
        answer = attempt(request, key)
        sent.append((answer.status, key))
        return answer

    client._transport.attempt = watched  # type: ignore[method-assign]
    redis.freeze()
    thaw = threading.Timer(1.0, redis.thaw)
    thaw.start()
    started = time.monotonic()
    try:
        lesson = client.capture_lesson(
            task, attempt_number=2, tier=1, error_type="TimeoutError", error_message="captured while Redis was frozen"
        )
    finally:
        thaw.join()
        redis.thaw()
        client._transport.attempt = attempt  # type: ignore[method-assign]

    statuses = [status for status, _ in sent]
    print(f"statuses {statuses} in {time.monotonic() - started:.1f} s")
    assert statuses[0] == 503, statuses
    assert statuses[-1] == 201 and set(statuses[1:-1]) <= {503}, statuses
    assert len({key for _, key in sent}) == 1 and sent[0][1] is not None
    assert time.monotonic() - started >= 1.0

    lessons = client.list_lessons(task)["lessons"]
    assert [item["attempt_number"] for item in lessons] == [1, 2]
    assert lessons[1]["lesson_id"] == lesson["lesson_id"]
    assert client.get_lesson_stats(task)["total_captured"] == 2
