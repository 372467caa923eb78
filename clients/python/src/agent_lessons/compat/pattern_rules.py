"""How a tool's pattern learns from a call and a fix, as the service's own pattern learning does.

``ToolPattern``'s methods apply these rules locally, so that a pattern built or inspected in
process (in a test, offline analysis, or code that formats a pattern it assembled) comes out as the
service would have learned it from the same calls. The limits and wording are the service's.
"""

from __future__ import annotations

import copy
import json
import math
from typing import Any, Optional

VALUES_PER_ARGUMENT = 5
CONTEXTS_PER_ERROR = 5
SUCCESS_PATTERNS_KEPT = 10
ARGUMENT_NAMES_PER_TOOL = 64
ERROR_TYPES_PER_TOOL = 32
_LONG_VALUE = 20


def canonical_json(value: Any) -> str:
    """Compact JSON with keys sorted: two values are the same argument value when these agree."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def _value_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, default=str)


def _cut(text: str, limit: int = _LONG_VALUE, marker: str = "...") -> str:
    return text if len(text) <= limit else text[: max(0, limit - len(marker))] + marker


def describe_delta(delta: Optional[dict[str, Any]]) -> str:
    """A fix in words, e.g. ``add k1, k2; remove k3; change x: 1 -> 2; y: a -> b``."""
    delta = delta or {}
    parts = []
    if delta.get("added"):
        parts.append("add " + ", ".join(delta["added"].keys()))
    if delta.get("removed"):
        parts.append("remove " + ", ".join(delta["removed"]))
    if delta.get("changed"):
        described = [f"{key}: {_cut(_value_text(c['from']))} -> {_cut(_value_text(c['to']))}" for key, c in delta["changed"].items()]
        parts.append("change " + "; ".join(described))
    return "; ".join(parts) if parts else "unknown changes"


def is_measured(ms: Any) -> bool:
    """A time that counts towards the mean: a finite, non-zero number (0 and None mean 'not timed')."""
    return isinstance(ms, (int, float)) and not isinstance(ms, bool) and math.isfinite(ms) and ms != 0


def timed_sum(mean: Optional[float], timed: int) -> float:
    """The sum behind a mean of ``timed`` times; integer times give back an integer sum exactly."""
    if mean is None or timed == 0:
        return 0
    total = mean * timed
    nearest = round(total)
    return nearest if abs(total - nearest) < 1e-6 else total


def remember_value(values: list[Any], value: Any) -> None:
    """Keeps the last few distinct values of an argument; one already listed keeps its place."""
    text = canonical_json(value)
    if any(canonical_json(known) == text for known in values):
        return
    values.append(copy.deepcopy(value))
    del values[:-VALUES_PER_ARGUMENT]


def remember_context(contexts: list[str], context: Optional[str]) -> None:
    """Keeps the last few distinct goals an error happened under; one already listed keeps its place."""
    if context and context not in contexts:
        contexts.append(context)
        del contexts[:-CONTEXTS_PER_ERROR]


def see_and_forget(seen: dict[str, int], names: list[str], call_number: int, most: int) -> list[str]:
    """Marks ``names`` seen at ``call_number``; past ``most``, forgets and returns the least recently seen.

    Ties go by the names' UTF-8 bytes, as the service's sorted sets order them; the names just seen are
    the most recent, so they stay (unless one call brings more than ``most``).
    """
    for name in names:
        seen[name] = call_number
    if len(seen) <= most:
        return []
    oldest = sorted(seen.items(), key=lambda item: (item[1], item[0].encode("utf-8", "surrogatepass")))[: len(seen) - most]
    for name, _ in oldest:
        del seen[name]
    return [name for name, _ in oldest]
