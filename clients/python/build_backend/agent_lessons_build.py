"""A PEP 517 build backend in the standard library only, for this one package.

It packs ``src/agent_lessons`` (``py.typed`` included) into a pure-Python wheel and an sdist, and
supports editable installs (PEP 660) with a ``.pth`` file. Metadata comes from ``pyproject.toml``.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import tarfile
import tomllib
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# Reproducible archives: a fixed time unless SOURCE_DATE_EPOCH says otherwise (zip needs >= 1980).
EPOCH = max(int(os.environ.get("SOURCE_DATE_EPOCH", "315532800")), 315532800)
SKIPPED = {"__pycache__", ".pytest_cache", ".mypy_cache"}


def _project() -> dict[str, Any]:
    with open(ROOT / "pyproject.toml", "rb") as handle:
        return tomllib.load(handle)


def _names() -> tuple[str, str, str]:
    """(distribution name, normalised name for file names, version)."""
    project = _project()["project"]
    name = project["name"]
    return name, name.replace("-", "_").replace(".", "_").lower(), project["version"]


def _metadata() -> str:
    config = _project()
    project = config["project"]
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {project['version']}",
        f"Summary: {project.get('description', '')}",
        f"Requires-Python: {project.get('requires-python', '>=3')}",
    ]
    license_text = project.get("license", {}).get("text")
    if license_text:
        lines.append(f"License: {license_text}")
    lines += [f"Classifier: {classifier}" for classifier in project.get("classifiers", [])]
    lines += [f"Requires-Dist: {requirement}" for requirement in project.get("dependencies", [])]
    readme = project.get("readme")
    if readme:
        lines.append("Description-Content-Type: text/markdown")
        return "\n".join(lines) + "\n\n" + (ROOT / readme).read_text(encoding="utf-8")
    return "\n".join(lines) + "\n"


def _package_files() -> list[tuple[str, Path]]:
    """(path in the wheel, file on disk) for every file of the import packages."""
    settings = _project()["tool"]["agent-lessons-build"]
    base = ROOT / settings["package-dir"]
    found: list[tuple[str, Path]] = []
    for package in settings["packages"]:
        for directory, subdirectories, files in os.walk(base / package):
            subdirectories[:] = sorted(d for d in subdirectories if d not in SKIPPED)
            for name in sorted(files):
                if name.endswith((".pyc", ".pyo")):
                    continue
                path = Path(directory) / name
                found.append((path.relative_to(base).as_posix(), path))
    return found


def _record_line(arcname: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"{arcname},sha256={digest},{len(data)}"


def _write_wheel(directory: str, extra: list[tuple[str, bytes]]) -> str:
    _, normalised, version = _names()
    filename = f"{normalised}-{version}-py3-none-any.whl"
    dist_info = f"{normalised}-{version}.dist-info"
    entries = list(extra)
    entries.append((f"{dist_info}/METADATA", _metadata().encode("utf-8")))
    wheel = "Wheel-Version: 1.0\nGenerator: agent_lessons_build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    entries.append((f"{dist_info}/WHEEL", wheel.encode("utf-8")))
    record = [_record_line(name, data) for name, data in entries] + [f"{dist_info}/RECORD,,"]
    entries.append((f"{dist_info}/RECORD", ("\n".join(record) + "\n").encode("utf-8")))
    with zipfile.ZipFile(Path(directory) / filename, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=_zip_time())
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return filename


def _zip_time() -> tuple[int, int, int, int, int, int]:
    import time

    moment = time.gmtime(EPOCH)
    return (moment.tm_year, moment.tm_mon, moment.tm_mday, moment.tm_hour, moment.tm_min, moment.tm_sec)


# --- PEP 517 hooks ---------------------------------------------------------------------------------


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    return []


def get_requires_for_build_sdist(config_settings: dict[str, Any] | None = None) -> list[str]:
    return []


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    return []


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    _, normalised, version = _names()
    dist_info = Path(metadata_directory) / f"{normalised}-{version}.dist-info"
    dist_info.mkdir(parents=True, exist_ok=True)
    (dist_info / "METADATA").write_text(_metadata(), encoding="utf-8")
    return dist_info.name


prepare_metadata_for_build_editable = prepare_metadata_for_build_wheel


def build_wheel(
    wheel_directory: str, config_settings: dict[str, Any] | None = None, metadata_directory: str | None = None
) -> str:
    return _write_wheel(wheel_directory, [(name, path.read_bytes()) for name, path in _package_files()])


def build_editable(
    wheel_directory: str, config_settings: dict[str, Any] | None = None, metadata_directory: str | None = None
) -> str:
    _, normalised, _ = _names()
    source = ROOT / _project()["tool"]["agent-lessons-build"]["package-dir"]
    return _write_wheel(wheel_directory, [(f"_{normalised}_editable.pth", f"{source}\n".encode("utf-8"))])


def build_sdist(sdist_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    _, normalised, version = _names()
    top = f"{normalised}-{version}"
    members: list[tuple[str, bytes]] = [(f"{top}/PKG-INFO", _metadata().encode("utf-8"))]
    for relative in ("pyproject.toml", "README.md", "build_backend/agent_lessons_build.py"):
        if (ROOT / relative).exists():
            members.append((f"{top}/{relative}", (ROOT / relative).read_bytes()))
    package_dir = _project()["tool"]["agent-lessons-build"]["package-dir"]
    members += [(f"{top}/{package_dir}/{name}", path.read_bytes()) for name, path in _package_files()]
    filename = f"{top}.tar.gz"
    with tarfile.open(Path(sdist_directory) / filename, "w:gz", format=tarfile.PAX_FORMAT) as archive:
        for name, data in members:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mtime = EPOCH
            info.mode = 0o644
            archive.addfile(info, io.BytesIO(data))
    return filename
