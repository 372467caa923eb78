"""Python client of the agent-lessons service: failure lessons per task, tool-call memory per session.

``Client`` blocks, ``AsyncClient`` awaits; both have one method per API operation. The drop-in
replacements for the original Python classes live in ``agent_lessons.compat``.
"""

from ._transport import VERSION as __version__
from .async_client import AsyncClient
from .client import Client
from .errors import AgentLessonsError, APIConnectionError, ProblemError

__all__ = ["Client", "AsyncClient", "ProblemError", "APIConnectionError", "AgentLessonsError", "__version__"]
