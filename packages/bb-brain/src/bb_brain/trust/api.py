"""The memory-trust facade: one persistence-enabled brain, its channels and read surfaces.

A :class:`TrustBrain` is a brain whose sources are each backed by a git repository of
canonical markdown files. Writes go through a :class:`~bb_brain.trust.tiers.Principal`
(the channel fixes the tier ceiling). In-process calls use :attr:`TrustBrain.owner` for owner
actions, or :meth:`TrustBrain.acting_as` with any principal; the real channels (CLI
subprocess, MCP server over stdio, GitHub connector) reach the same service through
:meth:`TrustBrain.env` (the locator a subprocess needs) and :mod:`bb_brain.trust.clients`.
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final, TypeVar

from bb_schema.turn_context import TurnContextRequest, TurnContextResponse

from bb_brain._pg import Connection, Database
from bb_brain.trust import confirm, effects, facts, gate, pagewrite, purge, reads, sync, tokens
from bb_brain.trust.channels import github
from bb_brain.trust.errors import TrustConfigError
from bb_brain.trust.facts import parse_ref
from bb_brain.trust.models import (
    ConfirmReceipt,
    ContextPack,
    FactView,
    ForgetReceipt,
    PageView,
    PurgeReceipt,
    SearchHit,
    Settled,
    SyncReport,
    TextColumn,
    TrustSettings,
    WriteReceipt,
)
from bb_brain.trust.tiers import ContentOrigin, Principal, Tier

#: Environment variables a channel subprocess (CLI, MCP server) reads to find its brain.
ENV_DSN = "BRAINBENCH_DSN"
ENV_SCHEMA = "BB_BRAIN_SCHEMA"
ENV_BRAIN = "BB_BRAIN_ID"
ENV_SOURCE = "BB_BRAIN_SOURCE"
ENV_TOKEN = "BB_BRAIN_TOKEN"

R = TypeVar("R")

#: Every text-bearing column of the run schema, straight from information_schema (it does not
#: use purge's own list of stores, so a residual scan built on it is independent of purge).
TEXT_COLUMNS_SQL: Final = (
    "SELECT c.table_name::text, c.column_name::text, c.data_type::text,"
    " EXISTS (SELECT 1 FROM information_schema.columns AS b WHERE b.table_schema ="
    " c.table_schema AND b.table_name = c.table_name AND b.column_name = 'brain_id')"
    " FROM information_schema.columns AS c JOIN information_schema.tables AS t"
    " ON t.table_schema = c.table_schema AND t.table_name = c.table_name"
    " AND t.table_type = 'BASE TABLE'"
    " WHERE c.table_schema = current_schema() AND (c.data_type IN ('text',"
    " 'character varying', 'character', 'json', 'jsonb', 'tsvector') OR c.udt_name IN"
    " ('_text', '_varchar', '_bpchar', '_json', '_jsonb')) ORDER BY 1, 2"
)


def _ensure_repo(repo: Path) -> None:
    """Create and ``git init`` the repository if needed (with a local identity)."""
    repo.mkdir(parents=True, exist_ok=True)
    if not (repo / ".git").exists():
        subprocess.run(["git", "init", "-q", str(repo)], check=True)
    for key, value in (("user.name", "bb-brain owner"), ("user.email", "owner@bb-brain.invalid")):
        found = subprocess.run(
            ["git", "-C", str(repo), "config", key], capture_output=True, text=True, check=False
        )
        if not found.stdout.strip():
            subprocess.run(["git", "-C", str(repo), "config", key, value], check=True)


class TrustOps:
    """The write operations, performed as one principal (see :class:`Principal`)."""

    def __init__(self, brain: TrustBrain, principal: Principal) -> None:
        self.brain = brain
        self.principal = principal

    def remember(
        self,
        source: str,
        text: str,
        *,
        entity: str | None = None,
        kind: str | None = None,
        key: str | None = None,
        supersedes: Sequence[str] = (),
        valid_until: str | None = None,
        content_origin: ContentOrigin | None = None,
    ) -> WriteReceipt:
        """Store a fact at ``min(ceiling, content_origin's claim)``.

        Args:
            source: The source to write into.
            text: The fact.
            entity: Slug of the page the fact is about (``people/alice``).
            kind: event | preference | commitment | belief | fact.
            key: A state key ("alice/employer"): the new fact supersedes the current facts
                with the same key.
            supersedes: Refs (``fact:<id>``) of facts this one replaces.
            valid_until: ISO-8601 time after which the fact is expired (stale).
            content_origin: What the writer says the content is; only ever lowers the tier.

        Raises:
            TrustRefused: ``lower_tier`` when a superseded fact has a higher tier than this
                write; ``tombstoned`` when the text holds a purged claim.
        """
        return self.brain._write(
            lambda conn: facts.remember(
                conn, self.brain.brain_id, self.principal, source, text, entity=entity,
                kind=kind, key=key, supersedes=list(supersedes), valid_until=valid_until,
                origin=content_origin,
            )
        )  # fmt: skip

    def put_page(
        self, source: str, slug: str, content: str, *, content_origin: ContentOrigin | None = None
    ) -> WriteReceipt:
        """Create or edit a page (markdown + frontmatter).

        On an existing page, chunks above this principal's tier are kept verbatim; what the
        content adds becomes a fenced chunk at ``min(ceiling, claim, page tier)``. A
        frontmatter ``trust_tier`` claim only lowers the tier.
        """
        return self.brain._write(
            lambda conn: pagewrite.put_page(
                conn, self.brain.brain_id, self.principal, source, slug, content, content_origin
            )
        )

    def forget(self, source: str, ref: str) -> ForgetReceipt:
        """Expire a fact (kept as history). Refused (``lower_tier``) for a higher-tier fact."""
        return self.brain._write(
            lambda conn: facts.forget(conn, self.brain.brain_id, self.principal, source, ref)
        )

    def purge(self, source: str, claim: str) -> PurgeReceipt:
        """``forget --purge``: remove ``claim`` from every store of the source; owner only.

        Raises:
            TrustRefused: ``not_owner`` / ``not_interactive`` for any other principal.
        """
        return self.brain._write(
            lambda conn: purge.purge(conn, self.brain.brain_id, self.principal, source, claim)
        )

    def confirm(self, source: str, ref: str) -> ConfirmReceipt:
        """Promote an agent-written or external item to user_confirmed; owner at a TTY only.

        Raises:
            TrustRefused: ``not_owner`` (agent token), ``not_interactive`` (no TTY).
        """
        return self.brain._write(
            lambda conn: confirm.confirm(conn, self.brain.brain_id, self.principal, source, ref)
        )

    def sync(self, source: str) -> SyncReport:
        """Import the source's git working tree (owner tier, claims only lower it)."""
        effects.apply_pending(self.brain.db, self.brain.brain_id)
        return self.brain._write(
            lambda conn: sync.sync_source(conn, self.brain.brain_id, self.principal, source)
        )

    def ingest_github(self, source: str, payload: dict[str, Any]) -> WriteReceipt:
        """Ingest a GitHub issue payload (REST issue object or ``issues`` webhook event)."""
        issue = github.parse_payload(payload)
        return self.put_page(source, github.page_slug(issue), github.page_markdown(issue))


class TrustBrain:
    """A persistence-enabled brain over one :class:`~bb_brain.Database`."""

    def __init__(self, db: Database, brain_id: str) -> None:
        self.db = db
        self.brain_id = brain_id

    def _write(self, operation: Callable[[Connection], R]) -> R:
        """Run a write in one transaction, then apply its post-commit effects."""
        with self.db.connection() as conn:
            result = operation(conn)
        effects.apply_pending(self.db, self.brain_id)
        return result

    # -- lifecycle -------------------------------------------------------------------------

    @classmethod
    def create(
        cls,
        db: Database,
        *,
        source: str,
        repo: Path,
        settings: TrustSettings | None = None,
        fixture_id: str = "trust",
    ) -> TrustBrain:
        """Open a fresh brain with ``source`` backed by the git repository ``repo``.

        ``repo`` is created and ``git init``-ed when it does not exist yet.
        """
        repo = Path(repo).resolve()
        _ensure_repo(repo)
        chosen = settings or TrustSettings()
        with db.connection() as conn:
            row = conn.execute(
                "INSERT INTO brains (brain_id, fixture_id)"
                " VALUES (%s || '-' || nextval('brain_seq'), %s) RETURNING brain_id",
                (fixture_id, fixture_id),
            ).fetchone()
            assert row is not None
            conn.execute(
                "INSERT INTO trust_settings (brain_id, external_mode, agent_activation)"
                " VALUES (%s, %s, %s)",
                (row[0], chosen.external_mode, chosen.agent_activation),
            )
            conn.execute(
                "INSERT INTO trust_sources (brain_id, source, repo_path) VALUES (%s, %s, %s)",
                (row[0], source, str(repo)),
            )
        return cls(db, str(row[0]))

    @classmethod
    def attach(cls, db: Database, brain_id: str) -> TrustBrain:
        """Attach to an existing trust brain (what the CLI and MCP server do)."""
        with db.connection() as conn:
            row = conn.execute(
                "SELECT 1 FROM trust_settings WHERE brain_id = %s", (brain_id,)
            ).fetchone()
        if row is None:
            raise TrustConfigError(
                f"brain {brain_id!r} is not a persistence-enabled brain in schema "
                f"{db.schema!r}; check ${ENV_BRAIN} / --brain and ${ENV_SCHEMA} / --schema"
            )
        return cls(db, brain_id)

    def add_source(self, source: str, repo: Path) -> None:
        """Bind another source of this brain to its own git repository."""
        repo = Path(repo).resolve()
        _ensure_repo(repo)
        with self.db.connection() as conn:
            conn.execute(
                "INSERT INTO trust_sources (brain_id, source, repo_path) VALUES (%s, %s, %s)",
                (self.brain_id, source, str(repo)),
            )

    def repo(self, source: str) -> Path:
        """The git repository backing ``source``."""
        with self.db.connection() as conn:
            found = effects.repo_path(conn, self.brain_id, source)
        if found is None:
            raise TrustConfigError(f"source {source!r} of brain {self.brain_id!r} has no repo")
        return found

    @property
    def settings(self) -> TrustSettings:
        """The brain's write-gate settings."""
        with self.db.connection() as conn:
            return gate.settings(conn, self.brain_id)

    def close(self) -> None:
        """Delete the brain's rows (the repositories stay on disk)."""
        with self.db.connection() as conn:
            conn.execute("DELETE FROM brains WHERE brain_id = %s", (self.brain_id,))

    # -- channels --------------------------------------------------------------------------

    def env(self, source: str, *, token: str | None = None) -> dict[str, str]:
        """Environment variables that point a CLI / MCP subprocess at this brain and source."""
        found = {
            ENV_DSN: self.db.conninfo,
            ENV_SCHEMA: self.db.schema,
            ENV_BRAIN: self.brain_id,
            ENV_SOURCE: source,
        }
        if token is not None:
            found[ENV_TOKEN] = token
        return found

    def issue_agent_token(self, name: str, sources: Sequence[str] | None = None) -> str:
        """A new agent bearer token (agent_written ceiling) for ``sources`` (default: all)."""
        return tokens.issue(self.db, self.brain_id, name, sources)

    @property
    def owner(self) -> TrustOps:
        """Operations as the owner at an interactive terminal (in-process)."""
        return TrustOps(self, Principal.owner())

    def acting_as(self, principal: Principal) -> TrustOps:
        """Operations as any principal (in-process; the channels build theirs)."""
        return TrustOps(self, principal)

    def wait_settled(self, timeout: float = 10.0) -> Settled:
        """Apply / wait for every pending post-commit effect of the brain, bounded.

        Raises:
            EffectsTimeout: Effects still pending after ``timeout`` seconds.
        """
        return effects.wait_settled(self.db, self.brain_id, timeout)

    # -- read surfaces ---------------------------------------------------------------------

    def get_page(self, source: str, slug: str) -> PageView | None:
        """The page with its tier and every chunk with its own tier (None if absent)."""
        with self.db.connection() as conn:
            return reads.get_page(conn, self.brain_id, source, slug)

    def search(self, source: str, query: str, *, limit: int = 10) -> list[SearchHit]:
        """Full-text search over the search index; a hit's tier = max tier of its matches."""
        with self.db.connection() as conn:
            return reads.search(conn, self.brain_id, source, query, limit)

    def recall(
        self, source: str, query: str = "", *, include_history: bool = False, limit: int = 50
    ) -> list[FactView]:
        """Facts whose text holds every query word; only current ones unless asked."""
        with self.db.connection() as conn:
            return reads.recall(
                conn, self.brain_id, source, query, include_history=include_history, limit=limit
            )

    def context_pack(self, source: str, people: Sequence[str]) -> ContextPack:
        """Pages and current facts about ``people`` (slugs), labelled and gated."""
        with self.db.connection() as conn:
            return reads.context_pack(conn, self.brain_id, source, people)

    def turn_context(self, request: TurnContextRequest) -> TurnContextResponse:
        """The proactive turn context (the reflex, with trust labels and activation gate)."""
        from bb_brain.engine import Engine

        return Engine(self.db).turn_context(request)

    # -- inspection ------------------------------------------------------------------------

    def stored_tier(self, ref: str) -> Tier | None:
        """The tier on the stored row behind ``ref`` (None if the row is gone)."""
        kind, ident = parse_ref(ref)
        table, column = {
            "fact": ("facts", "fact_id"),
            "chunk": ("chunks", "chunk_id"),
            "page": ("pages", "slug"),
            "quarantine": ("quarantine", "quarantine_id"),
        }[kind]
        if kind == "quarantine":
            return None  # held items are in no live store and have no stored tier
        value: object = ident if kind == "page" else int(ident)
        with self.db.connection() as conn:
            row = conn.execute(
                f"SELECT trust_tier FROM {table} WHERE brain_id = %s AND {column} = %s",
                (self.brain_id, value),
            ).fetchone()
        return None if row is None else gate.as_tier(row[0])

    def text_columns(self) -> list[TextColumn]:
        """Every text-bearing column of the run schema, read from ``information_schema``."""
        with self.db.connection() as conn:
            rows = conn.execute(TEXT_COLUMNS_SQL).fetchall()
        return [
            TextColumn(table=t, column=c, data_type=d, has_brain_id=bool(b)) for t, c, d, b in rows
        ]

    def canonical_files(self, source: str) -> list[Path]:
        """Every markdown file of the source's repository (working tree)."""
        return sorted(sync.markdown_files(self.repo(source)).values())
