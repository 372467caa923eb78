"""Starting and stopping real processes for the tests: the service (via tsx) and redis-server."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

# clients/python/tests -> the repository root
REPO_ROOT = Path(__file__).resolve().parents[3]
KEY_A = "py-test-key-aaaaaaaaaaaa"
KEY_B = "py-test-key-bbbbbbbbbbbb"
TENANT_A = "tenant-a"
TENANT_B = "tenant-b"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _stop(process: subprocess.Popen[bytes], grace: float = 15.0) -> None:
    """SIGTERM by PID, then SIGKILL of the process group this module started, if it lingers."""
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=5)


@dataclass
class ServiceProcess:
    """The service started from the repository with ``node_modules/.bin/tsx src/server.ts``."""

    log_path: Path
    env: dict[str, str] = field(default_factory=dict)
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, ready_within: float = 90.0) -> "ServiceProcess":
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": os.environ.get("HOME", "/tmp"),
            "PORT": str(self.port),
            "HOST": "127.0.0.1",
            "LOG_LEVEL": "warn",
            "API_KEYS": f"{KEY_A}:{TENANT_A},{KEY_B}:{TENANT_B}",
            "RATE_LIMIT_MAX": "0",
            **self.env,
        }
        if "TMPDIR" in os.environ:
            env.setdefault("TMPDIR", os.environ["TMPDIR"])
        log = open(self.log_path, "wb")
        self.process = subprocess.Popen(
            [str(REPO_ROOT / "node_modules" / ".bin" / "tsx"), "src/server.ts"],
            cwd=REPO_ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group, so a lingering child can be ended with it
        )
        log.close()
        deadline = time.monotonic() + ready_within
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the service exited with {self.process.returncode}:\n{self.log_tail()}")
            if self.ready():
                return self
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"the service was not ready within {ready_within:.0f} s:\n{self.log_tail()}")

    def ready(self) -> bool:
        try:
            with urllib.request.urlopen(f"{self.url}/health/ready", timeout=2) as response:
                return int(response.status) == 200
        except (OSError, urllib.error.URLError):
            return False

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def stop(self) -> None:
        if self.process is not None:
            _stop(self.process)


@dataclass
class RedisProcess:
    """A throwaway ``redis-server`` with no persistence."""

    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}"

    def start(self) -> "RedisProcess":
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as connection:
                    connection.sendall(b"PING\r\n")
                    if connection.recv(64).startswith(b"+PONG"):
                        return self
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("redis-server did not answer PING")

    def freeze(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def thaw(self) -> None:
        assert self.process is not None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGCONT)

    def stop(self) -> None:
        if self.process is not None:
            self.thaw()
            _stop(self.process, grace=5)
