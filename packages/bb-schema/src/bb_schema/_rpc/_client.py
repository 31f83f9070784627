"""The typed client of both services: pydantic in, pydantic out, one error type out."""

from __future__ import annotations

from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, TypeVar

import grpc
from brainbench.v1 import memory_pb2, memory_pb2_grpc, trust_pb2_grpc, turn_context_pb2_grpc
from google.protobuf.message import Message
from pydantic import BaseModel

from bb_schema import convert
from bb_schema._errors import SchemaUserError
from bb_schema._rpc._auth import bearer_metadata, check_secret
from bb_schema._rpc._limits import DEFAULT_MAX_MESSAGE_BYTES, DEFAULT_TIMEOUT_S
from bb_schema._rpc._server import message_options
from bb_schema._rpc._status import RpcFailure
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

Q = TypeVar("Q", bound=Message)
R = TypeVar("R", bound=Message)
M = TypeVar("M", bound=BaseModel)
N = TypeVar("N", bound=BaseModel)


def channel_target(target: str | Path) -> str:
    """A grpc target: a Path or absolute path is a unix socket, else ``host:port`` / URI."""
    if isinstance(target, Path) or target.startswith("/"):
        return f"unix:{Path(target).absolute()}"
    if not target:
        raise SchemaUserError("empty target: give a unix socket path or host:port")
    return target


class MemoryClient:
    """Calls a TurnContext + BenchControl server; every failure is an :class:`RpcFailure`.

    Args:
        target: a unix socket path (``Path`` or absolute ``str``), ``unix:/path``, or
            ``host:port``.
        secret: the shared secret sent as ``authorization: Bearer <secret>``.
        timeout: seconds each call may take unless the call passes its own.
        max_message_bytes: the largest message sent or accepted.
    """

    def __init__(
        self,
        target: str | Path,
        secret: str,
        *,
        timeout: float = DEFAULT_TIMEOUT_S,
        max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES,
    ) -> None:
        check_secret(secret)
        if timeout <= 0:
            raise SchemaUserError(f"timeout {timeout!r} must be a positive number of seconds")
        self.target = channel_target(target)
        self.timeout = timeout
        self._metadata = bearer_metadata(secret)
        self._channel = grpc.insecure_channel(
            self.target, options=message_options(max_message_bytes)
        )
        self._turns = turn_context_pb2_grpc.TurnContextStub(self._channel)
        self._control = memory_pb2_grpc.BenchControlStub(self._channel)
        self._trust = trust_pb2_grpc.MemoryTrustStub(self._channel)

    def _call(
        self,
        method: str,
        stub: grpc.UnaryUnaryMultiCallable[Q, R],
        request: Q,
        timeout: float | None,
    ) -> R:
        try:
            return stub(request, timeout=timeout or self.timeout, metadata=self._metadata)
        except grpc.RpcError as exc:
            raise RpcFailure.from_rpc_error(method, self.target, exc) from exc

    def turn_context(
        self, request: TurnContextRequest, *, timeout: float | None = None
    ) -> TurnContextResponse:
        """GetTurnContext: what memory injects into one turn."""
        message = convert.TURN_CONTEXT_REQUEST.to_proto(request)
        reply = self._call("GetTurnContext", self._turns.GetTurnContext, message, timeout)
        return convert.TURN_CONTEXT_RESPONSE.from_proto(reply)

    def entity_index(
        self, request: EntityIndexRequest, *, timeout: float | None = None
    ) -> EntityIndexResponse:
        """GetEntityIndex: a static index of a source's pages."""
        message = convert.ENTITY_INDEX_REQUEST.to_proto(request)
        reply = self._call("GetEntityIndex", self._turns.GetEntityIndex, message, timeout)
        return convert.ENTITY_INDEX_RESPONSE.from_proto(reply)

    def write_back(
        self, request: WriteBackRequest, *, timeout: float | None = None
    ) -> WriteBackResponse:
        """WriteBack: hand a conversation to memory's write path."""
        message = convert.WRITE_BACK_REQUEST.to_proto(request)
        reply = self._call("WriteBack", self._turns.WriteBack, message, timeout)
        return convert.WRITE_BACK_RESPONSE.from_proto(reply)

    def describe(self, *, timeout: float | None = None) -> SystemInfo:
        """Describe: name, version and capabilities of the system."""
        request = memory_pb2.DescribeRequest()
        reply = self._call("Describe", self._control.Describe, request, timeout)
        return convert.SYSTEM_INFO.from_proto(reply)

    def open_brain(
        self, request: OpenBrainRequest, *, timeout: float | None = None
    ) -> OpenBrainResponse:
        """OpenBrain: a fresh isolated brain."""
        message = convert.OPEN_BRAIN_REQUEST.to_proto(request)
        reply = self._call("OpenBrain", self._control.OpenBrain, message, timeout)
        return convert.OPEN_BRAIN_RESPONSE.from_proto(reply)

    def seed(self, request: SeedRequest, *, timeout: float | None = None) -> SeedResponse:
        """Seed: pages and facts into a brain."""
        message = convert.SEED_REQUEST.to_proto(request)
        reply = self._call("Seed", self._control.Seed, message, timeout)
        return convert.SEED_RESPONSE.from_proto(reply)

    def list_facts(self, request: FactQuery, *, timeout: float | None = None) -> FactList:
        """ListFacts: the active facts of a source."""
        message = convert.FACT_QUERY.to_proto(request)
        reply = self._call("ListFacts", self._control.ListFacts, message, timeout)
        return convert.FACT_LIST.from_proto(reply)

    def probe_facts(self, request: FactQuery, *, timeout: float | None = None) -> FactList:
        """ProbeFacts: the active facts of a source containing every keyword."""
        message = convert.FACT_QUERY.to_proto(request)
        reply = self._call("ProbeFacts", self._control.ProbeFacts, message, timeout)
        return convert.FACT_LIST.from_proto(reply)

    def recall(self, request: RecallRequest, *, timeout: float | None = None) -> FactList:
        """Recall: the facts that answer a question (UNIMPLEMENTED when the system has none)."""
        message = convert.RECALL_REQUEST.to_proto(request)
        reply = self._call("Recall", self._control.Recall, message, timeout)
        return convert.FACT_LIST.from_proto(reply)

    def close_brain(self, request: CloseBrainRequest, *, timeout: float | None = None) -> None:
        """CloseBrain: release a brain and everything in it."""
        message = convert.CLOSE_BRAIN_REQUEST.to_proto(request)
        self._call("CloseBrain", self._control.CloseBrain, message, timeout)

    def open_seeded_brain(
        self, request: OpenSeededBrainRequest, *, timeout: float | None = None
    ) -> OpenSeededBrainResponse:
        """OpenSeededBrain: OpenBrain + Seed (+ release of an earlier brain) in one call."""
        message = convert.OPEN_SEEDED_BRAIN_REQUEST.to_proto(request)
        reply = self._call("OpenSeededBrain", self._control.OpenSeededBrain, message, timeout)
        return convert.OPEN_SEEDED_BRAIN_RESPONSE.from_proto(reply)

    # -- MemoryTrust -------------------------------------------------------------------------

    def _trust_call(
        self,
        call: str,
        request: M,
        codecs: tuple[convert.Codec[M, Any], convert.Codec[N, Any]],
        timeout: float | None,
    ) -> N:
        stub = getattr(self._trust, call)
        reply = self._call(call, stub, codecs[0].to_proto(request), timeout)
        return codecs[1].from_proto(reply)

    def open_trust_brain(
        self, request: ts.OpenTrustBrainRequest, *, timeout: float | None = None
    ) -> OpenBrainResponse:
        """OpenTrustBrain: a fresh trust brain."""
        codecs = (convert.OPEN_TRUST_BRAIN_REQUEST, convert.OPEN_BRAIN_RESPONSE)
        return self._trust_call("OpenTrustBrain", request, codecs, timeout)

    def commit_files(
        self, request: ts.CommitFilesRequest, *, timeout: float | None = None
    ) -> ts.TrustReceipt:
        """CommitFiles: the owner commits canonical files."""
        codecs = (convert.COMMIT_FILES_REQUEST, convert.TRUST_RECEIPT)
        return self._trust_call("CommitFiles", request, codecs, timeout)

    def resync(self, request: ts.ResyncRequest, *, timeout: float | None = None) -> ts.TrustReceipt:
        """Resync: the owner syncs the source."""
        return self._trust_call(
            "Resync", request, (convert.RESYNC_REQUEST, convert.TRUST_RECEIPT), timeout
        )

    def remember(
        self, request: ts.RememberRequest, *, timeout: float | None = None
    ) -> ts.TrustReceipt:
        """Remember: store a fact."""
        return self._trust_call(
            "Remember", request, (convert.REMEMBER_REQUEST, convert.TRUST_RECEIPT), timeout
        )

    def put_page(
        self, request: ts.PutPageRequest, *, timeout: float | None = None
    ) -> ts.TrustReceipt:
        """PutPage: create or edit a page."""
        return self._trust_call(
            "PutPage", request, (convert.PUT_PAGE_REQUEST, convert.TRUST_RECEIPT), timeout
        )

    def ingest(self, request: ts.IngestRequest, *, timeout: float | None = None) -> ts.TrustReceipt:
        """Ingest: a connector payload."""
        return self._trust_call(
            "Ingest", request, (convert.INGEST_REQUEST, convert.TRUST_RECEIPT), timeout
        )

    def confirm(
        self, request: ts.ConfirmRequest, *, timeout: float | None = None
    ) -> ts.TrustReceipt:
        """Confirm: promote an item."""
        return self._trust_call(
            "Confirm", request, (convert.CONFIRM_REQUEST, convert.TRUST_RECEIPT), timeout
        )

    def forget(self, request: ts.ForgetRequest, *, timeout: float | None = None) -> ts.TrustReceipt:
        """Forget: expire a fact."""
        return self._trust_call(
            "Forget", request, (convert.FORGET_REQUEST, convert.TRUST_RECEIPT), timeout
        )

    def purge(self, request: ts.PurgeRequest, *, timeout: float | None = None) -> ts.TrustReceipt:
        """Purge: remove a claim everywhere."""
        return self._trust_call(
            "Purge", request, (convert.PURGE_REQUEST, convert.TRUST_RECEIPT), timeout
        )

    def direct_tier_write(
        self, request: ts.DirectTierWriteRequest, *, timeout: float | None = None
    ) -> ts.TrustReceipt:
        """DirectTierWrite: a tier set behind every API's back."""
        codecs = (convert.DIRECT_TIER_WRITE_REQUEST, convert.TRUST_RECEIPT)
        return self._trust_call("DirectTierWrite", request, codecs, timeout)

    def get_page(
        self, request: ts.GetPageRequest, *, timeout: float | None = None
    ) -> ts.GetPageResponse:
        """GetPage: one page with every part's tier."""
        codecs = (convert.GET_PAGE_REQUEST, convert.GET_PAGE_RESPONSE)
        return self._trust_call("GetPage", request, codecs, timeout)

    def search(
        self, request: ts.SearchRequest, *, timeout: float | None = None
    ) -> ts.SearchResponse:
        """Search: pages matching a query."""
        return self._trust_call(
            "Search", request, (convert.SEARCH_REQUEST, convert.SEARCH_RESPONSE), timeout
        )

    def recall_facts(
        self, request: ts.RecallFactsRequest, *, timeout: float | None = None
    ) -> ts.TrustFacts:
        """RecallFacts: facts holding every word of a query, with tiers and labels."""
        codecs = (convert.RECALL_FACTS_REQUEST, convert.TRUST_FACTS)
        return self._trust_call("RecallFacts", request, codecs, timeout)

    def context_pack(
        self, request: ts.ContextPackRequest, *, timeout: float | None = None
    ) -> ts.ContextPackResponse:
        """ContextPack: the proactive context about some pages."""
        codecs = (convert.CONTEXT_PACK_REQUEST, convert.CONTEXT_PACK_RESPONSE)
        return self._trust_call("ContextPack", request, codecs, timeout)

    def dump_stores(
        self, request: ts.DumpStoresRequest, *, timeout: float | None = None
    ) -> ts.StoreDump:
        """DumpStores: every store of a brain."""
        return self._trust_call(
            "DumpStores", request, (convert.DUMP_STORES_REQUEST, convert.STORE_DUMP), timeout
        )

    def close_trust_brain(
        self, request: CloseBrainRequest, *, timeout: float | None = None
    ) -> None:
        """CloseTrustBrain: release a trust brain."""
        message = convert.CLOSE_BRAIN_REQUEST.to_proto(request)
        self._call("CloseTrustBrain", self._trust.CloseTrustBrain, message, timeout)

    def close(self) -> None:
        """Close the channel; the client is unusable afterwards."""
        self._channel.close()

    def __enter__(self) -> MemoryClient:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
