"""Session fixtures: one real service (embedded store, two tenants) for every test."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest

from agent_lessons import Client
from service import KEY_A, KEY_B, ServiceProcess


@dataclass(frozen=True)
class Service:
    url: str
    key_a: str
    key_b: str


@pytest.fixture(scope="session")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Service]:
    process = ServiceProcess(log_path=tmp_path_factory.mktemp("service") / "service.log").start()
    try:
        yield Service(process.url, KEY_A, KEY_B)
    finally:
        process.stop()


@pytest.fixture
def client(service: Service) -> Iterator[Client]:
    with Client(service.url, service.key_a) as c:
        yield c


@pytest.fixture
def uid() -> Callable[[str], str]:
    """Unique ids per test, so tests never see each other's tasks and sessions."""

    def make(prefix: str = "py") -> str:
        return f"{prefix}-{uuid.uuid4().hex[:12]}"

    return make


@pytest.fixture
def service_env(service: Service, monkeypatch: pytest.MonkeyPatch) -> Service:
    """AGENT_LESSONS_URL / AGENT_LESSONS_API_KEY pointing at the test service (tenant A)."""
    monkeypatch.setenv("AGENT_LESSONS_URL", service.url)
    monkeypatch.setenv("AGENT_LESSONS_API_KEY", service.key_a)
    return service
