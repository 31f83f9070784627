"""The MemoryTrust seam: wire round trips, contract checks, and the typed servicer bases."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from bb_schema import convert
from bb_schema import trust_seam as ts
from bb_schema._errors import ConversionError
from bb_schema.memory import CloseBrainRequest, OpenBrainResponse, SystemInfo
from bb_schema.rpc import MemoryClient, MemoryServicer, RpcFailure, RpcStatus, serve
from brainbench.v1 import trust_pb2

SECRET = "trust-seam-secret-0123456789abcdef"


def test_every_message_round_trips_with_its_enums_and_optionals() -> None:
    receipt = ts.TrustReceipt(
        outcome="ok", ref="fact:1", tier="agent_written", flagged=True, stores=["facts"]
    )
    assert convert.TRUST_RECEIPT.from_bytes(convert.TRUST_RECEIPT.to_bytes(receipt)) == receipt
    remember = ts.RememberRequest(
        brain_id="b", source="s", channel="tool-output", claimed_origin="tool_output",
        text="t", entity=None, supersedes=["fact:2"],
    )  # fmt: skip
    back = convert.REMEMBER_REQUEST.from_bytes(convert.REMEMBER_REQUEST.to_bytes(remember))
    assert back == remember and back.entity is None
    dump = ts.StoreDump(
        records=[ts.StoreRecord(store="facts", key="1", role="facts", tier="owner", texts=["x"])],
        files=[ts.StoreFile(path="a.md", content="x")],
    )
    assert convert.STORE_DUMP.from_bytes(convert.STORE_DUMP.to_bytes(dump)) == dump
    empty = ts.GetPageResponse()
    assert (
        convert.GET_PAGE_RESPONSE.from_bytes(convert.GET_PAGE_RESPONSE.to_bytes(empty)).page is None
    )


def test_a_missing_enum_or_required_message_names_the_field() -> None:
    with pytest.raises(ConversionError, match=r"TrustReceipt\.outcome"):
        convert.TRUST_RECEIPT.from_bytes(trust_pb2.TrustReceipt(ref="x").SerializeToString())
    with pytest.raises(ConversionError, match=r"OpenTrustBrainRequest\.settings"):
        request = trust_pb2.OpenTrustBrainRequest(brain_name="n", source="s")
        convert.OPEN_TRUST_BRAIN_REQUEST.from_bytes(request.SerializeToString())


def test_capability_names_follow_the_call_names() -> None:
    assert ts.trust_capability("PutPage") == "trust.put-page"
    assert ts.trust_capability("DumpStores") == "trust.dump-stores"


class _Tiny(MemoryServicer):
    def describe(self) -> SystemInfo:
        return SystemInfo(name="tiny", version="0", capabilities=["trust"])

    def open_trust_brain(self, request: ts.OpenTrustBrainRequest) -> OpenBrainResponse:
        return OpenBrainResponse(brain_id=f"t-{request.brain_name}")

    def close_trust_brain(self, request: CloseBrainRequest) -> None:
        return None


def test_a_servicer_overrides_what_it_offers_and_the_rest_is_unimplemented() -> None:
    with tempfile.TemporaryDirectory(prefix="bb-ts-", dir="/tmp") as tmp:
        socket = Path(tmp) / "s.sock"
        bound = serve(_Tiny(), secret=SECRET, unix_socket=socket)
        try:
            with MemoryClient(socket, SECRET) as client:
                assert client.describe().name == "tiny"
                settings = ts.TrustSettings()
                request = ts.OpenTrustBrainRequest(brain_name="n", source="s", settings=settings)
                assert client.open_trust_brain(request).brain_id == "t-n"
                with pytest.raises(RpcFailure) as info:
                    client.dump_stores(ts.DumpStoresRequest(brain_id="t-n"))
                assert info.value.status is RpcStatus.UNIMPLEMENTED
                assert info.value.method == "DumpStores"
            with MemoryClient(socket, "wrong-secret-0123456789abcdef-xyz") as intruder:
                with pytest.raises(RpcFailure) as denied:
                    intruder.describe()
                assert denied.value.status is RpcStatus.UNAUTHENTICATED
        finally:
            bound.stop()
