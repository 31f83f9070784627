"""The memory-trust facade: one persistence-enabled brain, its channels and read surfaces.

A :class:`TrustBrain` is a brain whose sources are each backed by a git repository of
canonical markdown files. Writes go through a :class:`~bb_brain.trust.tiers.Principal`
(the channel fixes the tier ceiling). In-process calls use :attr:`TrustBrain.owner` for owner
actions, or :meth:`TrustBrain.acting_as` with any principal; the real channels (CLI
subprocess, MCP server over stdio, GitHub connector) reach the same service through
:meth:`TrustBrain.env` (the locator a subprocess needs) and :mod:`bb_brain.trust.clients`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bb_schema.turn_context import TurnContextRequest, TurnContextResponse

from bb_brain._pg import Database
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
        raise NotImplementedError

    def put_page(
        self, source: str, slug: str, content: str, *, content_origin: ContentOrigin | None = None
    ) -> WriteReceipt:
        """Create or edit a page (markdown + frontmatter).

        On an existing page, chunks above this principal's tier are kept verbatim; what the
        content adds becomes a fenced chunk at ``min(ceiling, claim, page tier)``. A
        frontmatter ``trust_tier`` claim only lowers the tier.
        """
        raise NotImplementedError

    def forget(self, source: str, ref: str) -> ForgetReceipt:
        """Expire a fact (kept as history). Refused (``lower_tier``) for a higher-tier fact."""
        raise NotImplementedError

    def purge(self, source: str, claim: str) -> PurgeReceipt:
        """``forget --purge``: remove ``claim`` from every store of the source; owner only.

        Raises:
            TrustRefused: ``not_owner`` / ``not_interactive`` for any other principal.
        """
        raise NotImplementedError

    def confirm(self, source: str, ref: str) -> ConfirmReceipt:
        """Promote an agent-written or external item to user_confirmed; owner at a TTY only.

        Raises:
            TrustRefused: ``not_owner`` (agent token), ``not_interactive`` (no TTY).
        """
        raise NotImplementedError

    def sync(self, source: str) -> SyncReport:
        """Import the source's git working tree (owner tier, claims only lower it)."""
        raise NotImplementedError

    def ingest_github(self, source: str, payload: dict[str, Any]) -> WriteReceipt:
        """Ingest a GitHub issue payload (REST issue object or ``issues`` webhook event)."""
        raise NotImplementedError


class TrustBrain:
    """A persistence-enabled brain over one :class:`~bb_brain.Database`."""

    def __init__(self, db: Database, brain_id: str) -> None:
        self.db = db
        self.brain_id = brain_id

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
        raise NotImplementedError

    @classmethod
    def attach(cls, db: Database, brain_id: str) -> TrustBrain:
        """Attach to an existing trust brain (what the CLI and MCP server do)."""
        raise NotImplementedError

    def add_source(self, source: str, repo: Path) -> None:
        """Bind another source of this brain to its own git repository."""
        raise NotImplementedError

    def repo(self, source: str) -> Path:
        """The git repository backing ``source``."""
        raise NotImplementedError

    @property
    def settings(self) -> TrustSettings:
        """The brain's write-gate settings."""
        raise NotImplementedError

    def close(self) -> None:
        """Delete the brain's rows (the repositories stay on disk)."""
        raise NotImplementedError

    # -- channels --------------------------------------------------------------------------

    def env(self, source: str, *, token: str | None = None) -> dict[str, str]:
        """Environment variables that point a CLI / MCP subprocess at this brain and source."""
        raise NotImplementedError

    def issue_agent_token(self, name: str, sources: Sequence[str] | None = None) -> str:
        """A new agent bearer token (agent_written ceiling) for ``sources`` (default: all)."""
        raise NotImplementedError

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
        raise NotImplementedError

    # -- read surfaces ---------------------------------------------------------------------

    def get_page(self, source: str, slug: str) -> PageView | None:
        """The page with its tier and every chunk with its own tier (None if absent)."""
        raise NotImplementedError

    def search(self, source: str, query: str, *, limit: int = 10) -> list[SearchHit]:
        """Full-text search over the search index; a hit's tier = max tier of its matches."""
        raise NotImplementedError

    def recall(
        self, source: str, query: str = "", *, include_history: bool = False, limit: int = 50
    ) -> list[FactView]:
        """Facts whose text holds every query word; only current ones unless asked."""
        raise NotImplementedError

    def context_pack(self, source: str, people: Sequence[str]) -> ContextPack:
        """Pages and current facts about ``people`` (slugs), labelled and gated."""
        raise NotImplementedError

    def turn_context(self, request: TurnContextRequest) -> TurnContextResponse:
        """The proactive turn context (the reflex, with trust labels and activation gate)."""
        raise NotImplementedError

    # -- inspection ------------------------------------------------------------------------

    def stored_tier(self, ref: str) -> Tier | None:
        """The tier on the stored row behind ``ref`` (None if the row is gone)."""
        raise NotImplementedError

    def text_columns(self) -> list[TextColumn]:
        """Every text-bearing column of the run schema, read from ``information_schema``."""
        raise NotImplementedError

    def canonical_files(self, source: str) -> list[Path]:
        """Every markdown file of the source's repository (working tree)."""
        raise NotImplementedError
