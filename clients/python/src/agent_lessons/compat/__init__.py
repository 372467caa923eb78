"""Drop-in replacements for the Python originals the service reimplements.

Change the import and nothing else::

    from agent_lessons.compat import LearningAccumulator, FailureLesson
    from agent_lessons.compat import ToolMemoryManager, ToolOutcome, ProceduralContextFormatter

They read ``AGENT_LESSONS_URL`` and ``AGENT_LESSONS_API_KEY``; ``base_url=``/``api_key=`` override.
"""

from .learning import FailureLesson, LearningAccumulator, get_learning_accumulator
from .tool_formatter import FormatterConfig, ProceduralContextFormatter
from .tool_memory import ToolMemoryManager
from .tool_models import (
    ErrorPattern,
    ProceduralMemory,
    SuccessPattern,
    ToolFixRelation,
    ToolLogEntry,
    ToolOutcome,
    ToolPattern,
)

__all__ = [
    "FailureLesson",
    "LearningAccumulator",
    "get_learning_accumulator",
    "ToolOutcome",
    "ToolLogEntry",
    "ToolPattern",
    "ToolFixRelation",
    "ProceduralMemory",
    "ErrorPattern",
    "SuccessPattern",
    "ToolMemoryManager",
    "ProceduralContextFormatter",
    "FormatterConfig",
]
