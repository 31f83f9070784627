"""The independent scan: which tables and canonical files hold a piece of text.

It reads the column list from ``information_schema`` itself and greps the repository's
working tree itself, so it never relies on purge's store list or its verification: every
text-bearing column (text, varchar, char, json, jsonb, tsvector and arrays of those) of every
base table in the run schema, scoped to the fixture's brain where the table has a
``brain_id`` (and whole otherwise, since every claim is unique to its fixture).

Matching is case-insensitive with any run of whitespace between the claim's words; a
``tsvector`` column matches when it holds the claim's words as a phrase.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from bb_brain import Database
from psycopg import sql

_COLUMNS: Final = """
SELECT c.table_name, c.column_name, c.data_type,
       EXISTS (SELECT 1 FROM information_schema.columns b
               WHERE b.table_schema = c.table_schema AND b.table_name = c.table_name
                 AND b.column_name = 'brain_id') AS has_brain_id
FROM information_schema.columns c
JOIN information_schema.tables t
  ON t.table_schema = c.table_schema AND t.table_name = c.table_name
 AND t.table_type = 'BASE TABLE'
WHERE c.table_schema = current_schema()
  AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'tsvector')
       OR c.udt_name IN ('_text', '_varchar', '_bpchar', '_json', '_jsonb'))
ORDER BY 1, 2
"""

CANONICAL_FILES: Final = "canonical_files"


@dataclass(frozen=True)
class Column:
    """A text-bearing column of the run schema."""

    table: str
    column: str
    data_type: str
    has_brain_id: bool


@dataclass(frozen=True)
class Holdings:
    """Where a text was found: rows per table, and canonical files (relative paths)."""

    rows: dict[str, int]
    files: tuple[str, ...]

    @property
    def stores(self) -> frozenset[str]:
        """Tables holding it, plus ``canonical_files`` when a file does."""
        names = {table for table, count in self.rows.items() if count}
        if self.files:
            names.add(CANONICAL_FILES)
        return frozenset(names)

    @property
    def row_count(self) -> int:
        """Rows holding it, summed over tables (a row counts once per table)."""
        return sum(self.rows.values())

    def where(self) -> tuple[str, ...]:
        """``table (n rows)`` and file paths, for failure reasons."""
        tables = [
            f"{t} ({n} row{'s' if n != 1 else ''})" for t, n in sorted(self.rows.items()) if n
        ]
        return (*tables, *(f"file {path}" for path in self.files))


def claim_pattern(claim: str) -> str:
    """The regular expression both scans use: the claim's words, any whitespace between."""
    return r"\s+".join(re.escape(word) for word in claim.split())


def text_columns(db: Database) -> list[Column]:
    """Every text-bearing column of every base table in the run schema."""
    with db.connection() as conn:
        rows = conn.execute(_COLUMNS).fetchall()
    return [Column(str(r[0]), str(r[1]), str(r[2]), bool(r[3])) for r in rows]


def _column_test(column: Column) -> sql.Composable:
    name = sql.Identifier(column.column)
    if column.data_type == "tsvector":
        return sql.SQL(
            "({c} @@ phraseto_tsquery('simple', %(claim)s)"
            " OR {c} @@ phraseto_tsquery('english', %(claim)s))"
        ).format(c=name)
    return sql.SQL("{c}::text ~* %(pattern)s").format(c=name)


def scan_tables(
    db: Database, brain_id: str, claim: str, *, tables: Iterable[str] | None = None
) -> dict[str, int]:
    """Rows per table holding ``claim`` in any text-bearing column (optionally some tables)."""
    wanted = None if tables is None else set(tables)
    by_table: dict[str, list[Column]] = {}
    for column in text_columns(db):
        if wanted is None or column.table in wanted:
            by_table.setdefault(column.table, []).append(column)
    params = {"claim": claim, "pattern": claim_pattern(claim), "brain": brain_id}
    counts: dict[str, int] = {}
    with db.connection() as conn:
        for table, columns in sorted(by_table.items()):
            test = sql.SQL(" OR ").join(_column_test(column) for column in columns)
            query = sql.SQL("SELECT count(*) FROM {t} WHERE ({test})").format(
                t=sql.Identifier(table), test=test
            )
            if columns[0].has_brain_id:
                query = sql.SQL("{q} AND brain_id::text = %(brain)s").format(q=query)
            row = conn.execute(query, params).fetchone()
            counts[table] = int(row[0]) if row else 0
    return counts


#: Tables whose row aggregates content of several tiers (a page's row holds every chunk of
#: its body, each fenced with its own tier): their tier is the author's, read via get_page.
AGGREGATE_TABLES: Final = frozenset({"pages"})


def stored_tiers(db: Database, brain_id: str, text: str) -> list[str]:
    """``trust_tier`` of every content row whose text columns hold ``text``.

    Every table with a ``trust_tier`` column counts except :data:`AGGREGATE_TABLES`.
    """
    columns = text_columns(db)
    with db.connection() as conn:
        tiered = {
            str(row[0])
            for row in conn.execute(
                "SELECT table_name FROM information_schema.columns"
                " WHERE table_schema = current_schema() AND column_name = 'trust_tier'"
            ).fetchall()
        }
        params = {"claim": text, "pattern": claim_pattern(text), "brain": brain_id}
        found: list[str] = []
        for table in sorted(tiered - AGGREGATE_TABLES):
            mine = [c for c in columns if c.table == table and c.column != "trust_tier"]
            if not mine:
                continue
            test = sql.SQL(" OR ").join(_column_test(column) for column in mine)
            query = sql.SQL("SELECT trust_tier::text FROM {t} WHERE ({test})").format(
                t=sql.Identifier(table), test=test
            )
            if mine[0].has_brain_id:
                query = sql.SQL("{q} AND brain_id::text = %(brain)s").format(q=query)
            found.extend(str(row[0]) for row in conn.execute(query, params).fetchall())
    return found


def scan_files(repo: Path, claim: str) -> tuple[str, ...]:
    """Markdown files of the repository's working tree (``.git`` excluded) holding ``claim``."""
    pattern = re.compile(claim_pattern(claim), re.IGNORECASE)
    found = []
    for path in sorted(repo.rglob("*.md")):
        relative = path.relative_to(repo)
        if ".git" in relative.parts or not path.is_file():
            continue
        if pattern.search(path.read_text(encoding="utf-8", errors="replace")):
            found.append(relative.as_posix())
    return tuple(found)


def scan(db: Database, brain_id: str, claim: str, repo: Path) -> Holdings:
    """Everything holding ``claim``: every table's text columns and the canonical files."""
    return Holdings(rows=scan_tables(db, brain_id, claim), files=scan_files(repo, claim))


__all__ = [
    "CANONICAL_FILES",
    "Column",
    "Holdings",
    "claim_pattern",
    "scan",
    "scan_files",
    "scan_tables",
    "stored_tiers",
    "text_columns",
]
