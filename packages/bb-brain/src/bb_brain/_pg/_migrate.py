"""Apply the packaged SQL migrations (``bb_brain/migrations/NNN_name.sql``) to a run schema.

Migrations never name a schema: they run with ``search_path`` set to the run schema, so the
same files serve the embedded server and a shared server where every run has its own schema.
Applied names are recorded in ``schema_migrations`` so a later migration is applied once.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

import psycopg
from psycopg import sql

from bb_brain._errors import BrainRuntimeError


def migration_files() -> list[tuple[str, str]]:
    """Every packaged migration as (name, SQL), in name order."""
    root = resources.files("bb_brain") / "migrations"
    found = [
        (entry.name, entry.read_text(encoding="utf-8"))
        for entry in root.iterdir()
        if entry.name.endswith(".sql")
    ]
    return sorted(found)


def apply_migrations(conn: psycopg.Connection[Any], schema: str) -> list[str]:
    """Apply pending migrations inside ``schema``; return the names applied now."""
    applied_now: list[str] = []
    with conn.transaction():
        conn.execute(sql.SQL("SET LOCAL search_path TO {}").format(sql.Identifier(schema)))
        conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
        )
        done = {row[0] for row in conn.execute("SELECT name FROM schema_migrations")}
        for name, body in migration_files():
            if name in done:
                continue
            try:
                conn.execute(body.encode("utf-8"))
            except psycopg.Error as exc:
                raise BrainRuntimeError(
                    f"migration {name!r} failed in schema {schema!r}: {exc}; "
                    "the packaged migrations are broken, reinstall bb-brain"
                ) from exc
            conn.execute("INSERT INTO schema_migrations (name) VALUES (%s)", (name,))
            applied_now.append(name)
    return applied_now
