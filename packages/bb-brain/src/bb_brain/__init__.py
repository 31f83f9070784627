"""bb_brain: the BrainBench reference memory engine on PostgreSQL.

Public API: :func:`open_database` (embedded or shared PostgreSQL, one schema per run),
:class:`Database`, :class:`Engine` (the Python twin of the TurnContext and BenchControl
services), :func:`temp_files_here` (run-scoped temp files in the process's private run
directory, swept once its owner is gone) and the error hierarchy.

The storage names are imported on first use (PEP 562): ``bb-brain hook`` runs once per prompt
under an 800 ms deadline and needs neither psycopg nor the engine, so importing the package
must not pay for them. The error hierarchy is cheap and always loaded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bb_schema._lazy import lazy_exports

from bb_brain._errors import (
    BrainError,
    BrainRuntimeError,
    BrainUserError,
    DatabaseStartError,
    UnknownBrainError,
)

if TYPE_CHECKING:
    from bb_brain._pg import Database, open_database, temp_files_here
    from bb_brain.engine import Engine

__version__ = "0.1.0"

#: Public name -> the module that defines it, imported on first attribute access.
_LAZY = {
    "Database": "bb_brain._pg",
    "open_database": "bb_brain._pg",
    "Engine": "bb_brain.engine",
    "temp_files_here": "bb_brain._pg",
}

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
    "temp_files_here",
]


__getattr__, __dir__ = lazy_exports(__name__, _LAZY, globals(), __all__)
