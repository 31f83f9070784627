"""bb_brain: the BrainBench reference memory engine on PostgreSQL.

Public API: :func:`open_database` (embedded or shared PostgreSQL, one schema per run),
:class:`Database`, :class:`Engine` (the Python twin of the TurnContext and BenchControl
services) and the error hierarchy.
"""

from bb_brain._errors import (
    BrainError,
    BrainRuntimeError,
    BrainUserError,
    DatabaseStartError,
    UnknownBrainError,
)
from bb_brain._pg import Database, open_database
from bb_brain.engine import Engine

__version__ = "0.1.0"

__all__ = [
    "BrainError",
    "BrainRuntimeError",
    "BrainUserError",
    "Database",
    "DatabaseStartError",
    "Engine",
    "UnknownBrainError",
    "__version__",
    "open_database",
]
