"""The retry policy, step by step, against a scripted local HTTP server (deterministic answers).

The real service's own retry case (Redis frozen under a capture) is in test_redis_retry.py.
"""

from __future__ import annotations

import asyncio
import http.server
import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from agent_lessons import APIConnectionError, AsyncClient, Client, ProblemError


@dataclass
class Script:
    """Answers to give, in order (the last repeats), and the requests seen."""

    answers: list[tuple[int, dict[str, str], Any]]
    seen: list[dict[str, Any]] = field(default_factory=list)


def _problem(status: int, code: str) -> dict[str, Any]:
    return {"type": "urn:x", "title": code.title(), "status": status, "detail": f"{code} happened", "code": code, "request_id": f"r-{status}"}


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, Script]]:
    script = Script(answers=[])

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def _answer(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            body = self.rfile.read(length) if length else b""
            script.seen.append({"method": self.command, "path": self.path, "headers": dict(self.headers), "body": body, "at": time.monotonic()})
            index = min(len(script.seen) - 1, len(script.answers) - 1)
            status, headers, payload = script.answers[index]
            raw = b"" if payload is None else json.dumps(payload).encode()
            self.send_response(status)
            kind = "application/problem+json" if status >= 400 else "application/json"
            self.send_header("content-type", kind)
            self.send_header("content-length", str(len(raw)))
            for name, value in headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(raw)

        do_GET = do_POST = do_PUT = do_DELETE = _answer

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}", script
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture
def stub(server: tuple[str, Script]) -> tuple[str, Script]:
    """The module's server with a fresh script."""
    url, script = server
    script.answers, script.seen[:] = [], []
    return url, script


def fast(url: str, **kwargs: Any) -> Client:
    return Client(url, "k" * 20, backoff_base=0.01, backoff_max=0.05, **kwargs)


def test_a_503_is_retried_with_the_same_idempotency_key(stub: tuple[str, Script]) -> None:
    url, script = stub
    script.answers = [(503, {"retry-after": "0"}, _problem(503, "STORE_UNAVAILABLE")), (503, {}, _problem(503, "STORE_UNAVAILABLE")), (201, {}, {"ok": True})]
    assert fast(url).capture_lesson("t", attempt_number=1, tier=1, error_type="E", error_message="m") == {"ok": True}
    keys = [seen["headers"]["Idempotency-Key"] for seen in script.seen]
    assert len(keys) == 3 and len(set(keys)) == 1 and len(keys[0]) == 36
    assert all(seen["headers"]["Authorization"] == "Bearer " + "k" * 20 for seen in script.seen)
    assert json.loads(script.seen[0]["body"]) == {"attempt_number": 1, "tier": 1, "error_type": "E", "error_message": "m"}


def test_each_call_gets_its_own_key_and_a_given_key_is_used(stub: tuple[str, Script]) -> None:
    url, script = stub
    script.answers = [(201, {}, {})]
    client = fast(url)
    client.record_tool_call("s", tool_name="t", outcome="success")
    client.record_tool_call("s", tool_name="t", outcome="success")
    client.record_tool_call("s", tool_name="t", outcome="success", idempotency_key="mine-1")
    keys = [seen["headers"]["Idempotency-Key"] for seen in script.seen]
    assert keys[0] != keys[1] and keys[2] == "mine-1"
    client.list_lessons("t")
    assert "Idempotency-Key" not in script.seen[-1]["headers"]
    assert script.seen[-1]["headers"]["Accept"].startswith("application/json")


def test_a_429_waits_for_retry_after(stub: tuple[str, Script]) -> None:
    url, script = stub
    script.answers = [(429, {"retry-after": "1"}, _problem(429, "RATE_LIMITED")), (200, {}, {"task_id": "t", "lessons": []})]
    assert fast(url).list_lessons("t") == {"task_id": "t", "lessons": []}
    assert script.seen[1]["at"] - script.seen[0]["at"] >= 0.95


def test_other_4xx_and_500_are_never_retried(stub: tuple[str, Script]) -> None:
    url, script = stub
    for status, code in [(400, "VALIDATION_FAILED"), (404, "NOT_FOUND"), (422, "IDEMPOTENCY_KEY_REUSED"), (500, "INTERNAL")]:
        script.seen.clear()
        script.answers = [(status, {"x-request-id": "hdr-id"}, _problem(status, code))]
        with pytest.raises(ProblemError) as raised:
            fast(url).capture_lesson("t", attempt_number=1, tier=1, error_type="E", error_message="m")
        assert len(script.seen) == 1, code
        assert raised.value.status == status and raised.value.code == code and raised.value.request_id == f"r-{status}"


def test_a_409_is_not_retried(stub: tuple[str, Script]) -> None:
    url, script = stub
    script.answers = [(409, {}, _problem(409, "CONFLICT"))]
    with pytest.raises(ProblemError):
        fast(url).record_tool_call("s", tool_name="t", outcome="success")
    assert len(script.seen) == 1


def test_retries_stop_at_max_retries_with_the_last_problem(stub: tuple[str, Script]) -> None:
    url, script = stub
    script.answers = [(503, {}, _problem(503, "STORE_UNAVAILABLE"))]
    with pytest.raises(ProblemError) as raised:
        fast(url, max_retries=2).get_lesson_stats("t")
    assert len(script.seen) == 3 and raised.value.status == 503
    script.seen.clear()
    with pytest.raises(ProblemError):
        fast(url, max_retries=0).get_lesson_stats("t")
    assert len(script.seen) == 1


def test_a_non_json_error_body_still_raises_a_problem(stub: tuple[str, Script]) -> None:
    url, script = stub
    script.answers = [(404, {"x-request-id": "from-header"}, "not found")]
    with pytest.raises(ProblemError) as raised:
        fast(url).get_lesson("t", "l")
    assert raised.value.status == 404 and raised.value.code is None and raised.value.request_id == "from-header"


def test_a_read_timeout_is_retried_then_reported() -> None:
    """A server that accepts the connection but never answers: each attempt times out."""
    import socket

    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        client = Client(f"http://127.0.0.1:{silent.getsockname()[1]}", timeout=0.2, max_retries=1, backoff_base=0.01)
        with pytest.raises(APIConnectionError) as raised:
            client.get_liveness()
    assert raised.value.attempts == 2 and isinstance(raised.value.__cause__, OSError)
    assert "timed out" in str(raised.value)


def test_the_async_client_retries_the_same_way(stub: tuple[str, Script]) -> None:
    url, script = stub
    script.answers = [(503, {}, _problem(503, "STORE_UNAVAILABLE")), (201, {}, {"lesson_id": "l1"})]

    async def run() -> Any:
        async with AsyncClient(url, "k" * 20, backoff_base=0.01) as client:
            return await client.capture_lesson("t", attempt_number=1, tier=1, error_type="E", error_message="m")

    assert asyncio.run(run()) == {"lesson_id": "l1"}
    assert len({seen["headers"]["Idempotency-Key"] for seen in script.seen}) == 1 and len(script.seen) == 2
