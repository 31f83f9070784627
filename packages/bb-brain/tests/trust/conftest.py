"""A fresh persistence-enabled brain per test, backed by a real git repository in a temp dir."""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from bb_brain import Database
from bb_brain.trust import TrustBrain, TrustSettings

SOURCE = "src-a"
MakeBrain = Callable[..., TrustBrain]


def git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True,
                          check=True)  # fmt: skip
    return done.stdout


def commit(repo: Path, files: dict[str, str], message: str = "owner edit") -> None:
    """The owner writes files and commits them."""
    for rel, text in files.items():
        path = repo / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", message)


def residual(db: Database, brain_id: str, claim: str) -> dict[str, int]:
    """Independent scan: every text-like column of every table (information_schema), rows
    of this brain holding ``claim`` case-insensitively. Does not use purge's store list."""
    found: dict[str, int] = {}
    with db.connection() as conn:
        columns = conn.execute(
            "SELECT c.table_name, c.column_name, EXISTS (SELECT 1 FROM information_schema.columns"
            " b WHERE b.table_schema = c.table_schema AND b.table_name = c.table_name AND"
            " b.column_name = 'brain_id') FROM information_schema.columns c JOIN"
            " information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name ="
            " c.table_name AND t.table_type = 'BASE TABLE' WHERE c.table_schema ="
            " current_schema() AND (c.data_type IN ('text', 'character varying', 'character',"
            " 'json', 'jsonb', 'tsvector') OR c.udt_name IN ('_text', '_varchar', '_jsonb'))"
        ).fetchall()
        for table, column, scoped in columns:
            where = f"{column}::text ILIKE %s" + (" AND brain_id = %s" if scoped else "")
            params: tuple[str, ...] = (f"%{claim}%", brain_id) if scoped else (f"%{claim}%",)
            (count,) = conn.execute(
                f"SELECT count(*) FROM {table} WHERE {where}", params
            ).fetchone()  # type: ignore[misc]
            if count:
                found[f"{table}.{column}"] = int(count)
    return found


def files_holding(repo: Path, claim: str) -> list[str]:
    return sorted(
        p.relative_to(repo).as_posix()
        for p in repo.rglob("*.md")
        if ".git" not in p.parts and claim.lower() in p.read_text(encoding="utf-8").lower()
    )


@pytest.fixture
def make_trust_brain(db: Database, tmp_path: Path) -> Iterator[MakeBrain]:
    made: list[TrustBrain] = []

    def factory(settings: TrustSettings | None = None, name: str = "repo") -> TrustBrain:
        brain = TrustBrain.create(db, source=SOURCE, repo=tmp_path / name, settings=settings)
        made.append(brain)
        return brain

    yield factory
    for brain in made:
        brain.close()


@pytest.fixture
def brain(make_trust_brain: MakeBrain) -> TrustBrain:
    return make_trust_brain()


ALICE = (
    "---\ntitle: Alice Example\ntype: person\naliases: [Al]\nsummary: Our CTO\n---\n"
    "Alice likes green tea.\n\n## Timeline\n- 2024-01-02: joined the company\n\n"
    "## Takes\n- strong on security\n"
)
