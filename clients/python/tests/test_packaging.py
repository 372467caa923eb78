"""`pip install ./clients/python` works offline, with the in-tree stdlib-only build backend."""

from __future__ import annotations

import importlib
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]


def _backend():  # type: ignore[no-untyped-def]
    sys.path.insert(0, str(PROJECT / "build_backend"))
    try:
        return importlib.import_module("agent_lessons_build")
    finally:
        sys.path.remove(str(PROJECT / "build_backend"))


def test_pip_installs_the_package_offline_into_a_fresh_venv(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True, timeout=180)
    python, pip = venv / "bin" / "python", venv / "bin" / "pip"
    installed = subprocess.run(
        [str(pip), "install", "--no-index", "--disable-pip-version-check", "--no-cache-dir", str(PROJECT)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    probe = (
        "import agent_lessons, agent_lessons.compat, pathlib;"
        "root = pathlib.Path(agent_lessons.__file__).parent;"
        "assert (root / 'py.typed').exists();"
        "assert 'site-packages' in str(root);"
        "print(agent_lessons.__version__, agent_lessons.Client.__name__, agent_lessons.compat.ToolMemoryManager.__name__)"
    )
    ran = subprocess.run([str(python), "-c", probe], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.split() == ["0.1.0", "Client", "ToolMemoryManager"]
    shown = subprocess.run([str(pip), "show", "agent-lessons"], capture_output=True, text=True, timeout=60)
    assert "Version: 0.1.0" in shown.stdout


def test_the_backend_builds_a_wheel_and_an_sdist(tmp_path: Path) -> None:
    backend = _backend()
    assert backend.get_requires_for_build_wheel() == [] and backend.get_requires_for_build_sdist() == []
    wheel = tmp_path / backend.build_wheel(str(tmp_path))
    assert wheel.name == "agent_lessons-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        record = archive.read("agent_lessons-0.1.0.dist-info/RECORD").decode()
        metadata = archive.read("agent_lessons-0.1.0.dist-info/METADATA").decode()
    assert {"agent_lessons/py.typed", "agent_lessons/client.py", "agent_lessons/compat/__init__.py"} <= names
    assert not any("__pycache__" in name for name in names)
    assert all(name in record for name in names)
    assert "Name: agent-lessons" in metadata and "Requires-Python: >=3.11" in metadata
    sdist = tmp_path / backend.build_sdist(str(tmp_path))
    with tarfile.open(sdist) as archive:
        members = set(archive.getnames())
    assert {"agent_lessons-0.1.0/pyproject.toml", "agent_lessons-0.1.0/PKG-INFO",
            "agent_lessons-0.1.0/build_backend/agent_lessons_build.py",
            "agent_lessons-0.1.0/src/agent_lessons/py.typed"} <= members
