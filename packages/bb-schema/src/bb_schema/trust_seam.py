"""The MemoryTrust service's messages: trust operations by channel, and the reads that score them.

Every operation names the :data:`TrustChannel` it arrives by; a write may also carry the
origin its content claims (:data:`ClaimedOrigin`), which can only lower the stored tier.
Every read reports each item's tier and its two labels (``unconfirmed``: at or below
agent_written; ``external_untrusted``) as the system states them: the bench checks them,
it never derives them. docs/SEAM.md specifies each call.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from bb_schema._base import Strict
from bb_schema.trust import CanonicalFile, TrustTier
from bb_schema.trust_calls import TRUST_CALLS, TRUST_CAPABILITY, trust_capability

TrustChannel = Literal[
    "owner-sync",
    "owner-terminal",
    "local-script",
    "remote-agent",
    "anonymous-agent",
    "external-connector",
    "tool-output",
    "observer",
]
ClaimedOrigin = Literal["owner", "user_said", "agent", "tool_output"]
ExternalMode = Literal["flag", "quarantine"]
AgentActivation = Literal["allow", "suppress"]
WriteOutcome = Literal["ok", "refused"]
StoredIn = Literal["live", "held"]
FactState = Literal["current", "superseded", "expired"]
StoreRole = Literal["content", "facts", "held", "other"]


class TrustSettings(Strict):
    """The owner's write-gate settings (shipped defaults: flag / allow)."""

    external_mode: ExternalMode = "flag"
    agent_activation: AgentActivation = "allow"


class OpenTrustBrainRequest(Strict):
    """A fresh trust brain with one (git-backed) source."""

    brain_name: str
    source: str
    settings: TrustSettings


class TrustReceipt(Strict):
    """What a write did; for a refusal only ``outcome`` and ``reason`` mean anything."""

    outcome: WriteOutcome
    reason: str = ""
    ref: str = ""
    tier: TrustTier | None = None
    stored: StoredIn = "live"
    flagged: bool = False
    superseded: list[str] = Field(default_factory=list)
    #: Purge: every store that held the claim, named as DumpStores names them.
    stores: list[str] = Field(default_factory=list)


class _Op(Strict):
    brain_id: str
    source: str
    channel: TrustChannel


class CommitFilesRequest(_Op):
    """The owner commits canonical markdown files into the source's repository."""

    files: Annotated[list[CanonicalFile], Field(min_length=1)]
    message: str = "owner edit"


class ResyncRequest(_Op):
    """The owner (re-)syncs the source from its repository."""


class RememberRequest(_Op):
    """Store a fact."""

    claimed_origin: ClaimedOrigin | None = None
    text: str
    entity: str | None = None
    kind: str | None = None
    key: str | None = None
    supersedes: list[str] = Field(default_factory=list)
    valid_until: str | None = None


class PutPageRequest(_Op):
    """Create or edit a page."""

    claimed_origin: ClaimedOrigin | None = None
    slug: str
    content: str


class IngestRequest(_Op):
    """A connector ingests one payload (JSON text)."""

    connector: str
    payload_json: str


class ConfirmRequest(_Op):
    """Promote an item to user_confirmed."""

    ref: str


class ForgetRequest(_Op):
    """Expire a fact (kept as history)."""

    ref: str


class PurgeRequest(_Op):
    """Remove a claim from every store."""

    claim: str


class DirectTierWriteRequest(Strict):
    """Set an item's tier with direct store access, bypassing every API."""

    brain_id: str
    source: str
    ref: str
    tier: TrustTier


class _Labelled(Strict):
    tier: TrustTier
    unconfirmed: bool = False
    external_untrusted: bool = False


class PagePart(_Labelled):
    """A chunk, timeline line or take of a page, with its own tier."""

    ref: str
    text: str


class TrustPage(_Labelled):
    """A page: its author's tier and every part's."""

    source: str
    slug: str
    title: str = ""
    summary: str | None = None
    body: str = ""
    chunks: list[PagePart] = Field(default_factory=list)
    timeline: list[PagePart] = Field(default_factory=list)
    takes: list[PagePart] = Field(default_factory=list)
    ref: str = ""


class GetPageRequest(_Op):
    """Read one page."""

    slug: str


class GetPageResponse(Strict):
    """The page (None when absent)."""

    page: TrustPage | None = None


class ChunkHit(_Labelled):
    """A matching chunk of a search hit."""

    ref: str
    snippet: str = ""


class SearchHit(_Labelled):
    """A page a search matched; its tier is the highest among its matching chunks."""

    source: str
    slug: str
    title: str = ""
    chunks: list[ChunkHit] = Field(default_factory=list)


class SearchRequest(_Op):
    """Full-text search of a source's pages."""

    query: str
    limit: Annotated[int, Field(ge=1, le=100)] = 10


class SearchResponse(Strict):
    """Hits, best first."""

    hits: list[SearchHit] = Field(default_factory=list)


class TrustFact(_Labelled):
    """A fact as a read reports it."""

    ref: str
    source: str
    fact: str
    entity_slug: str | None = None
    kind: str | None = None
    key: str | None = None
    state: FactState
    flagged: bool = False

    @property
    def current(self) -> bool:
        """Active and unexpired."""
        return self.state == "current"


class RecallFactsRequest(_Op):
    """Facts holding every word of the query."""

    query: str
    include_history: bool = False
    limit: Annotated[int, Field(ge=1, le=500)] = 50


class TrustFacts(Strict):
    """Facts recalled."""

    facts: list[TrustFact] = Field(default_factory=list)


class ContextPackRequest(Strict):
    """Proactive context a later session would get about some pages."""

    brain_id: str
    source: str
    about: list[str] = Field(default_factory=list)


class PackPage(_Labelled):
    """A page of a context pack with the parts proactive context may show."""

    slug: str
    title: str = ""
    chunks: list[PagePart] = Field(default_factory=list)


class ContextPackResponse(Strict):
    """The rendered text and the structured items behind it."""

    text: str = ""
    pages: list[PackPage] = Field(default_factory=list)
    facts: list[TrustFact] = Field(default_factory=list)


class DumpStoresRequest(Strict):
    """Dump every store of a brain."""

    brain_id: str


class StoreRecord(Strict):
    """One stored record and the text it holds."""

    store: str
    key: str
    ref: str | None = None
    role: StoreRole
    tier: TrustTier | None = None
    aggregate: bool = False
    texts: list[str] = Field(default_factory=list)
    phrases: list[str] = Field(default_factory=list)


class StoreFile(Strict):
    """A canonical file the system keeps."""

    path: str
    content: str


class StoreDump(Strict):
    """Everything a brain holds."""

    records: list[StoreRecord] = Field(default_factory=list)
    files: list[StoreFile] = Field(default_factory=list)


__all__ = [
    "TRUST_CALLS",
    "TRUST_CAPABILITY",
    "AgentActivation",
    "ChunkHit",
    "ClaimedOrigin",
    "CommitFilesRequest",
    "ConfirmRequest",
    "ContextPackRequest",
    "ContextPackResponse",
    "DirectTierWriteRequest",
    "DumpStoresRequest",
    "ExternalMode",
    "FactState",
    "ForgetRequest",
    "GetPageRequest",
    "GetPageResponse",
    "IngestRequest",
    "OpenTrustBrainRequest",
    "PackPage",
    "PagePart",
    "PurgeRequest",
    "PutPageRequest",
    "RecallFactsRequest",
    "RememberRequest",
    "ResyncRequest",
    "SearchHit",
    "SearchRequest",
    "SearchResponse",
    "StoreDump",
    "StoreFile",
    "StoreRecord",
    "StoreRole",
    "StoredIn",
    "TrustChannel",
    "TrustFact",
    "TrustFacts",
    "TrustPage",
    "TrustReceipt",
    "TrustSettings",
    "WriteOutcome",
    "trust_capability",
]
