"""Typed servicer base classes: a Python implementation writes only its memory logic.

Subclass :class:`MemoryServicer` (all three services) or one of the per-service bases,
override the methods your system offers, and :func:`serve` it: authentication (the bearer
interceptor), the socket at 0600, decoding, validation and status mapping are done here.
Every method takes and returns the pydantic models of :mod:`bb_schema.memory`,
:mod:`bb_schema.turn_context` and :mod:`bb_schema.trust_seam`. A method left as it is
answers UNIMPLEMENTED; raising :class:`SchemaUserError` answers INVALID_ARGUMENT; anything
else INTERNAL (logged, never fatal to the server).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import grpc

from bb_schema._rpc._limits import DEFAULT_MAX_MESSAGE_BYTES
from bb_schema._rpc._server import BoundServer
from bb_schema._rpc._services import (
    Unimplemented,
    add_bench_control_service,
    add_memory_trust_service,
    add_turn_context_service,
)
from bb_schema.memory import (
    CloseBrainRequest,
    FactList,
    FactQuery,
    OpenBrainRequest,
    OpenBrainResponse,
    OpenSeededBrainRequest,
    OpenSeededBrainResponse,
    RecallRequest,
    SeedRequest,
    SeedResponse,
    SystemInfo,
)
from bb_schema.turn_context import (
    EntityIndexRequest,
    EntityIndexResponse,
    TurnContextRequest,
    TurnContextResponse,
    WriteBackRequest,
    WriteBackResponse,
)

if TYPE_CHECKING:  # the trust seam's models load with its first call
    from bb_schema import trust_seam as ts


class TurnContextServicer:
    """``brainbench.v1.TurnContext``: per-turn context, the entity index, the write path."""

    def turn_context(self, request: TurnContextRequest) -> TurnContextResponse:
        """GetTurnContext: what memory injects into one turn."""
        raise Unimplemented("GetTurnContext")

    def entity_index(self, request: EntityIndexRequest) -> EntityIndexResponse:
        """GetEntityIndex: a static index of a source's pages (the codex row's preamble)."""
        raise Unimplemented("GetEntityIndex")

    def write_back(self, request: WriteBackRequest) -> WriteBackResponse:
        """WriteBack: store a conversation's facts once each, stamped."""
        raise Unimplemented("WriteBack")


class BenchControlServicer:
    """``brainbench.v1.BenchControl``: isolated brains, seeding, read-back, recall."""

    def describe(self) -> SystemInfo:
        """Describe: name, version and the capabilities offered."""
        raise Unimplemented("Describe")

    def open_brain(self, request: OpenBrainRequest) -> OpenBrainResponse:
        """OpenBrain: a fresh isolated brain."""
        raise Unimplemented("OpenBrain")

    def seed(self, request: SeedRequest) -> SeedResponse:
        """Seed: pages and facts."""
        raise Unimplemented("Seed")

    def list_facts(self, request: FactQuery) -> FactList:
        """ListFacts: the active facts of a source."""
        raise Unimplemented("ListFacts")

    def probe_facts(self, request: FactQuery) -> FactList:
        """ProbeFacts: active facts holding every keyword."""
        raise Unimplemented("ProbeFacts")

    def recall(self, request: RecallRequest) -> FactList:
        """Recall (optional): the facts that answer a question."""
        raise Unimplemented("Recall")

    def close_brain(self, request: CloseBrainRequest) -> None:
        """CloseBrain: release a brain."""
        raise Unimplemented("CloseBrain")

    def open_seeded_brain(self, request: OpenSeededBrainRequest) -> OpenSeededBrainResponse:
        """OpenSeededBrain (optional, capability ``open-seeded``): OpenBrain + Seed in one call.

        Declare the capability in :meth:`describe` when overriding this; the bench makes the
        separate calls otherwise.
        """
        raise Unimplemented("OpenSeededBrain")


class MemoryTrustServicer:
    """``brainbench.v1.MemoryTrust``: trust operations by channel and their reads."""

    def open_trust_brain(self, request: ts.OpenTrustBrainRequest) -> OpenBrainResponse:
        """OpenTrustBrain: a fresh trust brain with one source."""
        raise Unimplemented("OpenTrustBrain")

    def commit_files(self, request: ts.CommitFilesRequest) -> ts.TrustReceipt:
        """CommitFiles: the owner commits canonical files (not yet synced)."""
        raise Unimplemented("CommitFiles")

    def resync(self, request: ts.ResyncRequest) -> ts.TrustReceipt:
        """Resync: the owner syncs the source from its files."""
        raise Unimplemented("Resync")

    def remember(self, request: ts.RememberRequest) -> ts.TrustReceipt:
        """Remember: store a fact at most at the channel's ceiling."""
        raise Unimplemented("Remember")

    def put_page(self, request: ts.PutPageRequest) -> ts.TrustReceipt:
        """PutPage: create or edit a page at most at the channel's ceiling."""
        raise Unimplemented("PutPage")

    def ingest(self, request: ts.IngestRequest) -> ts.TrustReceipt:
        """Ingest: a connector payload, external content."""
        raise Unimplemented("Ingest")

    def confirm(self, request: ts.ConfirmRequest) -> ts.TrustReceipt:
        """Confirm: promote an item (the owner at a terminal only)."""
        raise Unimplemented("Confirm")

    def forget(self, request: ts.ForgetRequest) -> ts.TrustReceipt:
        """Forget: expire a fact, keeping it as history."""
        raise Unimplemented("Forget")

    def purge(self, request: ts.PurgeRequest) -> ts.TrustReceipt:
        """Purge: remove a claim from every store; the receipt names them."""
        raise Unimplemented("Purge")

    def direct_tier_write(self, request: ts.DirectTierWriteRequest) -> ts.TrustReceipt:
        """DirectTierWrite: a tier set with direct store access (should be refused)."""
        raise Unimplemented("DirectTierWrite")

    def get_page(self, request: ts.GetPageRequest) -> ts.GetPageResponse:
        """GetPage: a page with every part's tier and labels."""
        raise Unimplemented("GetPage")

    def search(self, request: ts.SearchRequest) -> ts.SearchResponse:
        """Search: pages matching a query, each hit with its tier and labels."""
        raise Unimplemented("Search")

    def recall_facts(self, request: ts.RecallFactsRequest) -> ts.TrustFacts:
        """RecallFacts: facts holding every query word, with states, tiers and labels."""
        raise Unimplemented("RecallFacts")

    def context_pack(self, request: ts.ContextPackRequest) -> ts.ContextPackResponse:
        """ContextPack: the proactive context about some pages."""
        raise Unimplemented("ContextPack")

    def dump_stores(self, request: ts.DumpStoresRequest) -> ts.StoreDump:
        """DumpStores: every store of a brain, for the bench's own scan."""
        raise Unimplemented("DumpStores")

    def close_trust_brain(self, request: CloseBrainRequest) -> None:
        """CloseTrustBrain: release a trust brain."""
        raise Unimplemented("CloseTrustBrain")


class MemoryServicer(TurnContextServicer, BenchControlServicer, MemoryTrustServicer):
    """All three services in one object (override what the system offers)."""


#: The base class whose methods answer UNIMPLEMENTED (what "not overridden" compares with).
_BASE_METHODS: Final = TurnContextServicer
_LOG: Final = logging.getLogger("bb_schema.rpc")


#: The methods named after an RPC whose Python name drops its verb ("GetTurnContext" is
#: ``turn_context``): a system that defines the RPC's own name instead is told which one.
MISNAMED: Final = {"get_turn_context": "turn_context", "get_entity_index": "entity_index"}


def misnamed_methods(servicer: object) -> dict[str, str]:
    """Methods ``servicer`` defines under an RPC's name that no base class answers with.

    Such a method is never called: the service answers UNIMPLEMENTED for its RPC.
    """
    return {
        name: meant
        for name, meant in MISNAMED.items()
        if callable(getattr(servicer, name, None))
        and getattr(type(servicer), meant, None) is getattr(_BASE_METHODS, meant, None)
    }


def add_servicer(server: grpc.Server, servicer: object) -> None:
    """Register every service whose base class ``servicer`` derives from (before start).

    A method named after an RPC rather than as the base class names it
    (:data:`MISNAMED`) is reported on the log: its RPC would answer UNIMPLEMENTED.
    """
    for name, meant in misnamed_methods(servicer).items():
        _LOG.warning(
            "%s.%s is never called: the method for this RPC is %r (docs/SEAM.md)",
            type(servicer).__name__,
            name,
            meant,
        )
    if isinstance(servicer, TurnContextServicer):
        add_turn_context_service(server, servicer)
    if isinstance(servicer, BenchControlServicer):
        add_bench_control_service(server, servicer)
    if isinstance(servicer, MemoryTrustServicer):
        add_memory_trust_service(server, servicer)


def serve(
    servicer: object,
    *,
    secret: str,
    unix_socket: Path | None = None,
    tcp_address: str | None = None,
    max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES,
    interceptors: Sequence[grpc.ServerInterceptor[Any, Any]] = (),
) -> BoundServer:
    """Bind (auth on, socket 0600), register ``servicer``'s services and start serving.

    The caller stops the returned server (``bound.stop()``, or use it as a context manager).
    """
    bound = BoundServer(
        secret=secret,
        unix_socket=unix_socket,
        tcp_address=tcp_address,
        max_message_bytes=max_message_bytes,
        interceptors=interceptors,
    )
    add_servicer(bound.server, servicer)
    bound.start()
    return bound
