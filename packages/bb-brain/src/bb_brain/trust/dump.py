"""DumpStores for the reference engine: every text-bearing column of every table, and the files.

The column list comes from ``information_schema`` (never from purge's own list of stores), so
the bench's residual scan over this dump stays independent of purge: any table added later
is dumped without anyone remembering to list it. Rows are scoped to the brain where the table
has a ``brain_id`` (whole otherwise). A ``tsvector`` column is dumped as the word sequence it
indexes (its lexemes in position order), so a stale index entry is found like a stale row.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Final

from bb_schema.trust import TrustTier
from bb_schema.trust_seam import StoreDump, StoreFile, StoreRecord, StoreRole
from psycopg import sql

from bb_brain._pg import Database
from bb_brain.trust.api import TEXT_COLUMNS_SQL

#: What each table is for, as the bench reads a dump (anything unlisted is "other").
ROLES: Final[dict[str, StoreRole]] = {
    "pages": "content",
    "chunks": "content",
    "timeline_entries": "content",
    "takes": "content",
    "search_index": "content",
    "facts": "facts",
    "quarantine": "held",
}
#: The ref reads report for a row, per table (SQL over the row's own columns).
REFS: Final[dict[str, str]] = {
    "facts": "'fact:' || fact_id",
    "chunks": "'chunk:' || chunk_id",
    "pages": "'page:' || slug",
    "quarantine": "'quarantine:' || quarantine_id",
}
#: Tables whose row aggregates content of several tiers (a page's row holds every chunk of
#: its body, each fenced with its own tier): their tier is the author's.
AGGREGATE_TABLES: Final = frozenset({"pages"})
_TIERS: Final = ("owner", "user_confirmed", "agent_written", "external_untrusted")


def _tier(value: object) -> TrustTier | None:
    for tier in _TIERS:
        if value == tier:
            return tier
    return None


def _column(name: str, data_type: str) -> sql.Composable:
    column = sql.Identifier(name)
    if data_type == "tsvector":
        return sql.SQL(
            "(SELECT string_agg(u.lexeme, ' ' ORDER BY p) FROM unnest({c}) AS u(lexeme,"
            " positions, weights), unnest(u.positions) AS p)"
        ).format(c=column)
    return sql.SQL("{c}::text").format(c=column)


def _records(db: Database, brain_id: str) -> Iterable[StoreRecord]:
    with db.connection() as conn:
        columns = conn.execute(TEXT_COLUMNS_SQL).fetchall()
        tiered = {
            str(row[0])
            for row in conn.execute(
                "SELECT table_name FROM information_schema.columns"
                " WHERE table_schema = current_schema() AND column_name = 'trust_tier'"
            ).fetchall()
        }
        by_table: dict[str, list[tuple[str, str, bool]]] = {}
        for table, column, data_type, has_brain in columns:
            if column != "trust_tier":
                by_table.setdefault(str(table), []).append((str(column), str(data_type), has_brain))
        for table, cols in sorted(by_table.items()):
            values = [_column(name, data_type) for name, data_type, _ in cols]
            ref = sql.SQL(REFS[table]) if table in REFS else sql.SQL("NULL")
            tier = sql.SQL("trust_tier::text") if table in tiered else sql.SQL("NULL")
            query = sql.SQL("SELECT ctid::text, {ref}, {tier}, {values} FROM {t}").format(
                ref=ref, tier=tier, values=sql.SQL(", ").join(values), t=sql.Identifier(table)
            )
            params: tuple[str, ...] = ()
            if cols[0][2]:
                query = sql.SQL("{q} WHERE brain_id::text = %s").format(q=query)
                params = (brain_id,)
            for row in conn.execute(query, params).fetchall():
                texts: list[str] = []
                phrases: list[str] = []
                for (_, data_type, _), value in zip(cols, row[3:], strict=True):
                    if value is None:
                        continue
                    (phrases if data_type == "tsvector" else texts).append(str(value))
                yield StoreRecord(
                    store=table,
                    key=str(row[0]),
                    ref=None if row[1] is None else str(row[1]),
                    role=ROLES.get(table, "other"),
                    tier=_tier(row[2]),
                    aggregate=table in AGGREGATE_TABLES,
                    texts=texts,
                    phrases=phrases,
                )


def _files(repo: Path) -> list[StoreFile]:
    """Markdown files of the working tree (``.git`` excluded), whatever their names."""
    found = []
    for path in sorted(repo.rglob("*.md")):
        relative = path.relative_to(repo)
        if ".git" in relative.parts or not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        found.append(StoreFile(path=relative.as_posix(), content=text))
    return found


def dump_stores(db: Database, brain_id: str, repo: Path) -> StoreDump:
    """Every record of the brain in every table, and the source's canonical files."""
    return StoreDump(records=list(_records(db, brain_id)), files=_files(repo))


__all__ = ["AGGREGATE_TABLES", "REFS", "ROLES", "dump_stores"]
