"""The MemoryTrust service's codecs (:mod:`bb_schema.convert` hands them out on first use).

Each converts one :mod:`bb_schema.trust_seam` model by its message's descriptor
(:mod:`bb_schema._convert.trust_seam`).
"""

from __future__ import annotations

from typing import Final, TypeVar

from brainbench.v1 import trust_pb2
from google.protobuf.message import Message
from pydantic import BaseModel

from bb_schema import trust_seam as ts
from bb_schema._convert import trust_seam
from bb_schema.convert import Codec

M = TypeVar("M", bound=BaseModel)
P = TypeVar("P", bound=Message)


def _reflected(model: type[M], message: type[P]) -> Codec[M, P]:
    """A codec of a MemoryTrust message, converted by its descriptor (see _convert.trust_seam)."""

    def encode(value: M) -> P:
        return trust_seam.encode(value, message)

    def decode(proto: P, path: str) -> M:
        return trust_seam.decode(proto, model, path)

    return Codec(model, message, encode, decode)


#: Every MemoryTrust message, by its model.
OPEN_TRUST_BRAIN_REQUEST: Final = _reflected(
    ts.OpenTrustBrainRequest, trust_pb2.OpenTrustBrainRequest
)
TRUST_RECEIPT: Final = _reflected(ts.TrustReceipt, trust_pb2.TrustReceipt)
COMMIT_FILES_REQUEST: Final = _reflected(ts.CommitFilesRequest, trust_pb2.CommitFilesRequest)
RESYNC_REQUEST: Final = _reflected(ts.ResyncRequest, trust_pb2.ResyncRequest)
REMEMBER_REQUEST: Final = _reflected(ts.RememberRequest, trust_pb2.RememberRequest)
PUT_PAGE_REQUEST: Final = _reflected(ts.PutPageRequest, trust_pb2.PutPageRequest)
INGEST_REQUEST: Final = _reflected(ts.IngestRequest, trust_pb2.IngestRequest)
CONFIRM_REQUEST: Final = _reflected(ts.ConfirmRequest, trust_pb2.ConfirmRequest)
FORGET_REQUEST: Final = _reflected(ts.ForgetRequest, trust_pb2.ForgetRequest)
PURGE_REQUEST: Final = _reflected(ts.PurgeRequest, trust_pb2.PurgeRequest)
DIRECT_TIER_WRITE_REQUEST: Final = _reflected(
    ts.DirectTierWriteRequest, trust_pb2.DirectTierWriteRequest
)
GET_PAGE_REQUEST: Final = _reflected(ts.GetPageRequest, trust_pb2.GetPageRequest)
GET_PAGE_RESPONSE: Final = _reflected(ts.GetPageResponse, trust_pb2.GetPageResponse)
SEARCH_REQUEST: Final = _reflected(ts.SearchRequest, trust_pb2.SearchRequest)
SEARCH_RESPONSE: Final = _reflected(ts.SearchResponse, trust_pb2.SearchResponse)
RECALL_FACTS_REQUEST: Final = _reflected(ts.RecallFactsRequest, trust_pb2.RecallFactsRequest)
TRUST_FACTS: Final = _reflected(ts.TrustFacts, trust_pb2.TrustFacts)
CONTEXT_PACK_REQUEST: Final = _reflected(ts.ContextPackRequest, trust_pb2.ContextPackRequest)
CONTEXT_PACK_RESPONSE: Final = _reflected(ts.ContextPackResponse, trust_pb2.ContextPackResponse)
DUMP_STORES_REQUEST: Final = _reflected(ts.DumpStoresRequest, trust_pb2.DumpStoresRequest)
STORE_DUMP: Final = _reflected(ts.StoreDump, trust_pb2.StoreDump)
