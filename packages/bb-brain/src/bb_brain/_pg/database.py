"""The engine's handle on PostgreSQL: a thread-safe connection pool pinned to one run schema."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg.rows import TupleRow
from psycopg_pool import ConnectionPool

from bb_brain._pg._server import EmbeddedServer

Connection = psycopg.Connection[TupleRow]


class Database:
    """A psycopg connection pool whose every connection has ``search_path`` = the run schema.

    Safe to share between threads (the gRPC server's workers, the runner's fixture workers):
    each :meth:`connection` block borrows its own connection. Built by
    :func:`bb_brain.open_database`, which also owns the server and schema lifetimes.

    Attributes:
        schema: The run schema every query resolves unqualified names in.
        conninfo: libpq connection string of the server (without the search_path option).
        server: The private embedded server (None on a shared server): start-up timings,
            data directory.
    """

    def __init__(
        self, conninfo: str, schema: str, *, server: EmbeddedServer | None, max_size: int = 8
    ) -> None:
        self.conninfo = conninfo
        self.schema = schema
        self.server = server
        kwargs: dict[str, Any] = {"options": f"-c search_path={schema}"}
        self._pool: ConnectionPool[Connection] = ConnectionPool(
            conninfo,
            kwargs=kwargs,
            min_size=1,
            max_size=max_size,
            open=False,
            name=f"bb-brain-{schema}",
        )
        self._pool.open(wait=True, timeout=30.0)
        # Reads only (see reader()): a pool whose sessions always reuse a statement's generic
        # plan. The planner re-plans a statement over `= ANY(array)` for every call when a
        # generic plan looks costlier for an unknown array size, and that planning costs
        # several times the execution of TurnContext's indexed reads. Plans never change what
        # a statement returns. Opened in the background: start-up does not wait for it.
        self._readers: ConnectionPool[Connection] = ConnectionPool(
            conninfo,
            kwargs={
                "options": f"-c search_path={schema} -c plan_cache_mode=force_generic_plan",
                "autocommit": True,
            },
            min_size=1,
            max_size=max_size,
            open=False,
            name=f"bb-brain-{schema}-readers",
        )
        self._readers.open(wait=False)
        #: The embedded server's exit code once it exited on its own (None while it runs).
        self.server_exit: int | None = None
        if server is not None:
            server.on_exit(self._server_gone)

    def _server_gone(self, code: int) -> None:
        """The embedded server died: close the pool so no caller waits for a connection."""
        self.server_exit = code
        for pool in (self._pool, self._readers):
            threading.Thread(target=pool.close, name="bb-pg-gone", daemon=True).start()

    @contextmanager
    def connection(self) -> Iterator[Connection]:
        """Borrow a connection; the block's transaction commits on success, rolls back on error."""
        with self._pool.connection() as conn:
            yield conn

    @contextmanager
    def reader(self) -> Iterator[Connection]:
        """Borrow a connection for a block of reads only, in autocommit mode.

        Each statement is its own snapshot and no BEGIN / COMMIT round trips are sent: a
        TurnContext is a couple of indexed SELECTs, and on a server whose backend must be
        woken for every message those two extra round trips are most of a turn's database
        time. Use :meth:`connection` for anything that writes. The connection comes from a
        pool of its own whose sessions use generic plans (see ``__init__``).
        """
        with self._readers.connection(timeout=30.0) as conn:
            yield conn

    @property
    def embedded(self) -> bool:
        """True when the server is this process's private embedded one."""
        return self.server is not None

    def close(self) -> None:
        """Close every pooled connection (idempotent)."""
        self._readers.close()
        self._pool.close()

    def __repr__(self) -> str:
        mode = "embedded" if self.embedded else "external"
        return f"Database(schema={self.schema!r}, {mode})"
