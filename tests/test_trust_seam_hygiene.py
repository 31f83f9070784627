"""Nothing the system under test should not learn crosses the MemoryTrust seam.

A slice of the committed trust corpus (a connector poisoning fixture with both arms and every
seam's replay, a raw tier write, a purge, a local supersede) runs against the reference
engine served with a recording interceptor: every request message of every service, decoded.
None may hold a fixture id, a category, a gold item id or a gold field name; trust brains and
replay sessions have opaque names; and every text an observation read sends (a query, a
claim, the pages a session is about) is taken from the fixture's own public content.
"""

from __future__ import annotations

import json
import re
import secrets
import tempfile
from pathlib import Path
from typing import Any

import grpc
import pytest
from bb_adapters.delivery import delivery_factory
from bb_adapters.seams import CLAUDE_CODE, CODEX, OPENCLAW
from bb_brain import open_database
from bb_brain.engine import Engine
from bb_brain.server import serve_in_thread
from bb_brain.trust.service import ReferenceTrust
from bb_schema import Fixture, Gold, convert
from bb_schema import trust_seam as ts
from bb_schema.io import parse_json
from bb_schema.rpc import MemoryClient
from bb_schema.turn_context import TurnContextRequest
from bb_trust.runner import HarnessSeam, ScenarioRunner

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "evals" / "brainbench"
SLICE = (
    "gen-poison-001-external-github-issue",
    "gen-trust-007-raw-sql-promotion",
    "gen-del-017-purge-fact-then-re-remember",
    "gen-state-014-local-cli-cannot-supersede-owner",
)
GOLD_FIELDS = (
    "item_id", "max_tier", "search_tier", "session_about", "canary", "standing",
    "tier_items", "ceilings", "refused", "guarded", "purges", "payloads", "benign",
)  # fmt: skip
_TRUST = "/brainbench.v1.MemoryTrust/"
CODECS: dict[str, convert.Codec[Any, Any]] = {
    _TRUST + "OpenTrustBrain": convert.OPEN_TRUST_BRAIN_REQUEST,
    _TRUST + "CommitFiles": convert.COMMIT_FILES_REQUEST,
    _TRUST + "Resync": convert.RESYNC_REQUEST,
    _TRUST + "Remember": convert.REMEMBER_REQUEST,
    _TRUST + "PutPage": convert.PUT_PAGE_REQUEST,
    _TRUST + "Ingest": convert.INGEST_REQUEST,
    _TRUST + "Confirm": convert.CONFIRM_REQUEST,
    _TRUST + "Forget": convert.FORGET_REQUEST,
    _TRUST + "Purge": convert.PURGE_REQUEST,
    _TRUST + "DirectTierWrite": convert.DIRECT_TIER_WRITE_REQUEST,
    _TRUST + "GetPage": convert.GET_PAGE_REQUEST,
    _TRUST + "Search": convert.SEARCH_REQUEST,
    _TRUST + "RecallFacts": convert.RECALL_FACTS_REQUEST,
    _TRUST + "ContextPack": convert.CONTEXT_PACK_REQUEST,
    _TRUST + "DumpStores": convert.DUMP_STORES_REQUEST,
    _TRUST + "CloseTrustBrain": convert.CLOSE_BRAIN_REQUEST,
    "/brainbench.v1.TurnContext/GetTurnContext": convert.TURN_CONTEXT_REQUEST,
    "/brainbench.v1.TurnContext/GetEntityIndex": convert.ENTITY_INDEX_REQUEST,
}


OPAQUE = re.compile(r"[0-9a-f]{24}")


class Recorder(grpc.ServerInterceptor):  # type: ignore[type-arg]
    """Keeps every request (method, raw bytes) the server accepted."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, bytes]] = []

    def intercept_service(self, continuation: Any, details: Any) -> Any:
        handler = continuation(details)
        if handler is None or handler.unary_unary is None:
            return handler
        behavior = handler.unary_unary

        def record(request: bytes, context: Any) -> Any:
            self.seen.append((details.method, request))
            return behavior(request, context)

        return grpc.unary_unary_rpc_method_handler(
            record,
            request_deserializer=handler.request_deserializer,
            response_serializer=handler.response_serializer,
        )


def _load(fixture_id: str) -> tuple[Fixture, Gold, dict[str, Any], dict[str, Any]]:
    (fixture_path,) = sorted(CORPUS.joinpath("fixtures").rglob(f"{fixture_id}.fixture.json"))
    (gold_path,) = sorted(CORPUS.joinpath("gold").rglob(f"{fixture_id}.gold.json"))
    fixture = parse_json(fixture_path.read_bytes(), Fixture, name=fixture_path.name)
    gold = parse_json(gold_path.read_bytes(), Gold, name=gold_path.name)
    return fixture, gold, json.loads(fixture_path.read_text()), json.loads(gold_path.read_text())


@pytest.fixture(scope="module")
def crossed() -> list[Any]:
    """Every request the reference engine's server accepted during the slice, decoded."""
    recorder = Recorder()
    loaded = [_load(fixture_id)[:2] for fixture_id in SLICE]
    with open_database() as db, tempfile.TemporaryDirectory(prefix="bb-hyg-") as tmp:
        socket = str(Path(tmp) / "b.sock")
        secret = secrets.token_hex(16)
        served = serve_in_thread(
            Engine(db), socket, secret, trust=ReferenceTrust(db), interceptors=[recorder]
        )
        with served, MemoryClient(socket, secret) as client:
            factory = delivery_factory(socket, secret)
            seams = [HarnessSeam(h, factory(h, client)) for h in (OPENCLAW, CLAUDE_CODE, CODEX)]
            run = ScenarioRunner(client, seams).run(
                loaded, ("trust", "state-resolution", "deletion", "poisoning")
            )
    observed = [f for group in run.by_suite.values() for f in group]
    assert observed and all(step.status != "failed" for f in observed for step in f.steps)
    return [CODECS[m].from_bytes(raw) for m, raw in recorder.seen if m in CODECS]


def _public(document: dict[str, Any]) -> str:
    """Everything a fixture shows the system anyway: turns, pages, facts and its steps."""
    parts = [turn["text"] for turn in document["turns"]]
    parts += [p["slug"] + "\n" + p["content"] for p in document.get("seed_pages", [])]
    parts += [json.dumps(document.get("trust_steps", []), ensure_ascii=False)]
    return "\n".join(parts).casefold()


def test_no_fixture_id_category_or_gold_crosses_the_trust_seam(crossed: list[Any]) -> None:
    assert {type(m) for m in crossed} >= {
        ts.OpenTrustBrainRequest, ts.CommitFilesRequest, ts.IngestRequest,
        ts.DirectTierWriteRequest, ts.PurgeRequest, ts.DumpStoresRequest, TurnContextRequest,
    }  # fmt: skip
    public, words = "", set(GOLD_FIELDS)
    for fixture_id in SLICE:
        _, _, fixture, gold = _load(fixture_id)
        public += _public(fixture)
        words |= {fixture_id, fixture["category"]}
        words |= {i["item_id"] for group in gold["trust"].values() if isinstance(group, list)
                  for i in group if isinstance(i, dict)}  # fmt: skip
    forbidden = sorted(w for w in words if w.casefold() not in public)
    assert "gen-trust-007-raw-sql-promotion" in forbidden and "item_id" in forbidden
    for message in crossed:
        text = message.model_dump_json().casefold()
        leaked = [w for w in forbidden if w.casefold() in text]
        assert not leaked, f"{type(message).__name__} carried {leaked}: {text[:300]}"


def test_trust_brains_and_sessions_are_opaque_and_reads_send_only_fixture_text(
    crossed: list[Any],
) -> None:
    opened = [m for m in crossed if isinstance(m, ts.OpenTrustBrainRequest)]
    assert len(opened) == 5  # one brain per fixture, two for the poisoning one
    assert all(OPAQUE.fullmatch(m.brain_name) for m in opened)
    sessions = {m.session_id for m in crossed if isinstance(m, TurnContextRequest)}
    assert sessions and all(OPAQUE.fullmatch(session) for session in sessions)
    public = "".join(_public(_load(fixture_id)[2]) for fixture_id in SLICE)
    sent = [m.query for m in crossed if isinstance(m, ts.RecallFactsRequest | ts.SearchRequest)]
    # GetPage follows the slugs the system's own search hits name (a connector's page): those
    # are the system's words, and the first test already holds them free of any forbidden word.
    sent += [m.claim for m in crossed if isinstance(m, ts.PurgeRequest)]
    sent += [a for m in crossed if isinstance(m, ts.ContextPackRequest) for a in m.about]
    outside = [text for text in sent if text.casefold() not in public]
    assert sent and not outside, outside
    observer = [m for m in crossed if getattr(m, "channel", None) == "observer"]
    assert observer, "the observations read through the observer channel"
