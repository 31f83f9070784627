"""The typed shapes every trust operation returns and every read surface reports.

Every object that carries content also carries its ``tier`` and the two explicit flags
``unconfirmed`` (tier <= agent_written) and ``external_untrusted`` (tier == external), so a
caller never has to know the tier order to tell trusted content from the rest.
"""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bb_brain.trust.tiers import Tier, is_unconfirmed

ExternalMode = Literal["flag", "quarantine"]
AgentActivation = Literal["allow", "suppress"]
FactState = Literal["current", "superseded", "expired"]
StoredIn = Literal["live", "quarantine"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TrustSettings(_Model):
    """The two write-gate settings of a brain (shipped defaults: flag / allow).

    Attributes:
        external_mode: ``write_gate.external_mode``. ``flag`` stores external writes live,
            labelled external_untrusted; ``quarantine`` holds them outside every live store.
        agent_activation: ``trust.agent_activation``. ``allow`` lets agent-written items reach
            proactive context with the "unconfirmed, agent-written" label; ``suppress`` keeps
            them out of proactive context (explicit reads still show them, labelled).
    """

    external_mode: ExternalMode = "flag"
    agent_activation: AgentActivation = "allow"


class _Labelled(_Model):
    """Content with its tier and the explicit flags derived from it."""

    tier: Tier
    unconfirmed: bool = False
    external_untrusted: bool = False

    @model_validator(mode="before")
    @classmethod
    def _derive_flags(cls, data: object) -> object:
        if isinstance(data, dict) and "tier" in data:
            tier = data["tier"]
            data = {
                **data,
                "unconfirmed": is_unconfirmed(tier),
                "external_untrusted": tier == "external_untrusted",
            }
        return data


class ChunkView(_Labelled):
    """One chunk of a page: the owner's text, or a fenced lower-tier addition."""

    ref: str
    ord: int
    origin: str
    text: str
    flagged: bool = False


class TimelineView(_Labelled):
    """A dated line of a page's ``## Timeline`` section."""

    ref: str
    occurred: str
    text: str


class TakeView(_Labelled):
    """A line of a page's ``## Takes`` section (an opinion held about the page's subject)."""

    ref: str
    text: str


class PageView(_Labelled):
    """``get_page``: the page's own tier (its author's) and every chunk with its own tier."""

    source: str
    slug: str
    title: str
    summary: str | None
    origin: str
    body: str
    chunks: list[ChunkView]
    timeline: list[TimelineView] = Field(default_factory=list)
    takes: list[TakeView] = Field(default_factory=list)


class ChunkHit(_Labelled):
    """A matching chunk inside a search hit."""

    ref: str
    snippet: str


class SearchHit(_Labelled):
    """A page matching a search: ``tier`` is the highest tier among its MATCHING chunks."""

    source: str
    slug: str
    title: str
    rank: float
    chunks: list[ChunkHit]


class FactView(_Labelled):
    """A fact as ``recall`` reports it; ``current`` is True only for active, unexpired facts."""

    ref: str
    source: str
    fact: str
    entity_slug: str | None
    kind: str | None
    key: str | None
    state: FactState
    current: bool
    origin: str
    flagged: bool = False
    valid_until: dt.datetime | None = None
    superseded_by: str | None = None


class PackPage(_Labelled):
    """A page in a context pack, with only the chunks proactive context may show."""

    slug: str
    title: str
    chunks: list[ChunkView]


class ContextPack(_Model):
    """Pages and current facts about the given people, rendered for an agent's context.

    ``text`` wraps external content in ``<external-data>`` and labels agent-written items
    "unconfirmed, agent-written"; with ``trust.agent_activation=suppress`` agent-written
    items are left out entirely.
    """

    source: str
    people: list[str]
    text: str
    pages: list[PackPage]
    facts: list[FactView]


class Flag(_Model):
    """The flag receipt an agent write gets: the owner's review item for it."""

    flag_id: int
    ref: str
    tier: Tier
    message: str


class WriteReceipt(_Labelled):
    """What a write stored, where, and at which tier.

    Attributes:
        ref: The stored item (``fact:<id>``, ``page:<slug>``, ``chunk:<id>``) or, when held,
            ``quarantine:<id>``.
        stored: ``live`` or ``quarantine`` (held by the write gate, outside every live store).
        claimed: The tier the content claimed, if any (it never raises the stored tier).
        flag: The flag receipt, for writes below user_confirmed through a non-owner channel.
        superseded: Facts this write superseded (refs).
        scrubbed: Lines dropped because they hold a purged (tombstoned) claim.
    """

    ref: str
    source: str
    stored: StoredIn = "live"
    claimed: Tier | None = None
    flag: Flag | None = None
    superseded: list[str] = Field(default_factory=list)
    scrubbed: int = 0


class ForgetReceipt(_Model):
    """A soft forget: the fact is expired, its row kept as history."""

    ref: str
    source: str
    state: FactState


class ConfirmReceipt(_Model):
    """A promotion by the owner: the confirmed content's new row and tier."""

    ref: str
    confirmed_ref: str
    source: str
    tier: Tier


class StoreHit(_Model):
    """One store that held a purged claim, and how much of it was removed."""

    store: str
    rows: int
    files: list[str] = Field(default_factory=list)


class PurgeReceipt(_Model):
    """``forget --purge``: every store that held the claim, and the tombstone left behind.

    ``stores`` names tables exactly as in the database (``facts``, ``chunks``, ...) plus
    ``canonical_files`` for the markdown files. ``git_history`` lists commits of the source's
    repository that still contain the claim (purge never rewrites history; the owner decides).
    """

    source: str
    claim_sha256: str
    tombstone_id: int
    stores: list[StoreHit]
    git_history: list[str] = Field(default_factory=list)

    @property
    def store_names(self) -> list[str]:
        """The names of the stores that held the claim."""
        return [hit.store for hit in self.stores]


class SyncReport(_Model):
    """What an owner sync of a git-backed source changed."""

    source: str
    head: str | None
    pages_written: list[str]
    pages_deleted: list[str]
    unchanged: int
    scrubbed: int


class Settled(_Model):
    """Post-commit effects (file rewrites, re-index) applied while waiting."""

    applied: int
    pending: int


class TextColumn(_Model):
    """A text-bearing column of the run schema (for an independent residual scan)."""

    table: str
    column: str
    data_type: str
    has_brain_id: bool
