"""The runner against an in-process memory system: opaque names, recall, records."""

from __future__ import annotations

from typing import Any

import pytest
from bb_adapters import BUILTIN, Pair, Plan, Unit
from bb_adapters.delivery import delivery_factory
from bb_adapters.opaque import OPAQUE_HEX, OpaqueIds, seam_view
from bb_adapters.runner import RECALL_CAP, RunSettings, SystemRunner
from bb_schema import Fixture, RpcFailure, RpcStatus
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
    StoredFact,
    SystemInfo,
)
from bb_schema.turn_context import (
    EntityIndexRequest,
    EntityIndexResponse,
    ExtractedFact,
    InjectedExtraction,
    TurnContextRequest,
    TurnContextResponse,
    WriteBackRequest,
    WriteBackResponse,
    conversation_slug,
)


def fixture(fixture_id: str, role: str | None = None, **extra: Any) -> Fixture:
    document: dict[str, Any] = {
        "schema_version": 1,
        "fixture_id": fixture_id,
        "suites": ["continuity"] if role else ["write-back"],
        "category": "continuity" if role else "write-back",
        "turns": [
            {
                "turn_id": 1,
                "role": "user",
                "text": "Where did we land on Acme?",
                "ts": "2026-03-02T17:00:00Z",
            },
            {"turn_id": 2, "role": "assistant", "text": "Here.", "ts": "2026-03-02T17:01:00Z"},
            {
                "turn_id": 3,
                "role": "user",
                "text": "We passed on Acme.",
                "ts": "2026-03-02T19:00:00Z",
            },
        ],  # fmt: skip
        **extra,
    }
    if role:
        document["continuity"] = {"pair_id": "pair-1", "pair_role": role}
        if role == "writer":
            document["suites"] = ["write-back", "continuity"]
    return Fixture.model_validate(document)


class Memory:
    """Stores what write-back hands it, answers recall with it, and records every request."""

    def __init__(self, recall: str = "answers") -> None:
        self.mode = recall
        self.requests: list[Any] = []
        self.facts: list[StoredFact] = []

    def describe(self) -> SystemInfo:
        return SystemInfo(name="memory", version="1")

    def open_brain(self, request: OpenBrainRequest) -> OpenBrainResponse:
        self.requests.append(request)
        return OpenBrainResponse(brain_id=f"b-{request.fixture_id}")

    def seed(self, request: SeedRequest) -> SeedResponse:
        self.requests.append(request)
        return SeedResponse(pages=len(request.pages), facts=len(request.facts))

    def turn_context(self, request: TurnContextRequest) -> TurnContextResponse:
        self.requests.append(request)
        return TurnContextResponse(text=" / ".join(f.fact for f in self.facts))

    def entity_index(self, request: EntityIndexRequest) -> EntityIndexResponse:
        self.requests.append(request)
        return EntityIndexResponse()

    def write_back(self, request: WriteBackRequest) -> WriteBackResponse:
        self.requests.append(request)
        for item in request.injected:
            for fact in item.facts:
                self.facts.append(
                    StoredFact(
                        fact=fact.fact,
                        entity_slug=fact.entity_slug,
                        source=request.source,
                        source_session=f"{request.session_id}#1",
                        source_markdown_slug=conversation_slug(request.session_id),
                    )
                )
        return WriteBackResponse(
            conversation_slug=conversation_slug(request.session_id),
            segments=1,
            facts_written=len(self.facts),
        )

    def list_facts(self, request: FactQuery) -> FactList:
        self.requests.append(request)
        return FactList(facts=list(self.facts))

    def probe_facts(self, request: FactQuery) -> FactList:
        raise AssertionError("the runner never probes with keywords")

    def recall(self, request: RecallRequest) -> FactList:
        self.requests.append(request)
        if self.mode == "unimplemented":
            raise RpcFailure("Recall", "unix:/x", RpcStatus.UNIMPLEMENTED, "no")
        if self.mode == "broken":
            raise RpcFailure("Recall", "unix:/x", RpcStatus.INTERNAL, "boom")
        return FactList(facts=self.facts * (RECALL_CAP + 2))  # more than the cap

    def close_brain(self, request: CloseBrainRequest) -> None:
        self.requests.append(request)


EXTRACTION = (
    InjectedExtraction(
        turn_text="We passed on Acme.",
        facts=[ExtractedFact(fact="Passed on Acme", entity_slug="companies/acme")],
    ),
)
PAIR = Pair(
    pair_id="pair-1",
    writer=Unit(fixture("gen-cont-001-writer", "writer"), EXTRACTION),
    reader=Unit(fixture("gen-cont-001-reader", "reader")),
)
ROWS = [BUILTIN["openclaw"], BUILTIN["always-silent"]]


def run(memory: Memory, plan: Plan) -> Any:
    runner = SystemRunner(
        memory,
        ROWS,
        delivery_factory("/unused.sock", "secret"),
        RunSettings(suites=("write-back", "continuity")),
    )
    return runner.run(plan)


def test_no_fixture_id_or_category_reaches_the_system() -> None:
    memory = Memory()
    run(memory, Plan(pairs=(PAIR,)))
    sent = " ".join(request.model_dump_json() for request in memory.requests)
    for word in ("gen-cont-001", "pair-1", "continuity", "writer", "reader"):
        assert word not in sent
    opened = [r for r in memory.requests if isinstance(r, OpenBrainRequest)]
    assert len(opened) == 1 and len(opened[0].fixture_id) == OPAQUE_HEX
    sessions = {r.session_id for r in memory.requests if hasattr(r, "session_id")}
    assert len(sessions) == 2  # the writer's write-back, the openclaw replay (silent sends none)
    assert all(len(session) == OPAQUE_HEX for session in sessions)


def test_records_are_translated_back_and_recall_is_cut_and_counted() -> None:
    out = run(Memory(), Plan(pairs=(PAIR,)))
    (written,) = out.writeback
    assert written.expected.source_session == "gen-cont-001-writer"
    assert written.segments == [[1, 2], [3]]
    (fact,) = written.stored
    assert fact.source_session == "gen-cont-001-writer#1"
    assert fact.source_markdown_slug == "conversations/gen-cont-001-writer"
    readers = {record.harness: record for record in out.readers}
    openclaw, silent = readers["openclaw"], readers["always-silent"]
    assert openclaw.recall_available and not silent.recall_available
    assert [turn.turn_id for turn in openclaw.turns] == [1, 3]
    first = openclaw.turns[0]
    assert first.injected_text == "Passed on Acme"
    assert (len(first.recalled), first.recall_cuts) == (RECALL_CAP, 2)
    assert first.recalled[0].source_session == "gen-cont-001-writer#1"
    assert silent.turns[0].recalled == [] and silent.turns[0].injected_text == ""


def test_recall_is_asked_with_the_reader_s_own_turn_text() -> None:
    memory = Memory()
    run(memory, Plan(pairs=(PAIR,)))
    asked = [r.query for r in memory.requests if isinstance(r, RecallRequest)]
    assert asked == ["Where did we land on Acme?", "We passed on Acme."]
    assert {r.limit for r in memory.requests if isinstance(r, RecallRequest)} == {RECALL_CAP}


def test_unimplemented_recall_means_no_recall_path() -> None:
    memory = Memory(recall="unimplemented")
    out = run(memory, Plan(pairs=(PAIR,)))
    assert not any(record.recall_available for record in out.readers)
    assert all(turn.recalled == [] for record in out.readers for turn in record.turns)


def test_a_recall_that_fails_otherwise_fails_the_run_naming_the_fixture() -> None:
    from bb_adapters import SystemUnderTestError

    with pytest.raises(SystemUnderTestError, match="'pair-1'"):
        run(Memory(recall="broken"), Plan(pairs=(PAIR,)))


def test_opaque_names_are_keyed_stable_and_translate_back() -> None:
    ids = OpaqueIds(b"k" * 32)
    other = OpaqueIds(b"j" * 32)
    session = ids.name("session", "gen-wb-001")
    assert session == ids.name("session", "gen-wb-001") != other.name("session", "gen-wb-001")
    brain = ids.name("brain", "gen-wb-001")
    assert brain != session
    assert ids.translate(f"{session}#2") == "gen-wb-001#2"
    assert ids.translate(f"conversations/{session}") == "conversations/gen-wb-001"
    # the brain's name never reads back as the session, so it cannot pass for it
    assert ids.translate(f"{brain}#1") == "brain:gen-wb-001#1"
    assert ids.readable(brain) == "gen-wb-001"
    assert ids.translate("ffffffffffffffffffffffff") == "ffffffffffffffffffffffff"
    view = seam_view(fixture("gen-cont-001-reader", "reader"), session)
    assert view.fixture_id == session
    assert (view.category, view.continuity, view.suites) == (None, None, [])


class OneCall(Memory):
    """A system with the one-call open + seed; ``declared`` says whether Describe lists it."""

    def __init__(self, *, declared: bool = True, refuse: RpcStatus | None = None) -> None:
        super().__init__()
        self.declared = declared
        self.refuse = refuse

    def describe(self) -> SystemInfo:
        return SystemInfo(
            name="memory", version="1", capabilities=["open-seeded"] if self.declared else []
        )

    def open_seeded_brain(self, request: OpenSeededBrainRequest) -> OpenSeededBrainResponse:
        self.requests.append(request)
        if self.refuse is not None:
            raise RpcFailure("OpenSeededBrain", "unix:/x", self.refuse, "page 'x' refused")
        return OpenSeededBrainResponse(
            brain_id=f"b-{request.fixture_id}", pages=len(request.pages), facts=len(request.facts)
        )


SINGLES = Plan(
    singles=(Unit(fixture("gen-wb-001"), EXTRACTION), Unit(fixture("gen-wb-002"), EXTRACTION))
)
RESET_CALLS = (OpenBrainRequest, SeedRequest, OpenSeededBrainRequest, CloseBrainRequest)


def test_a_declared_one_call_open_seeds_each_fixture_in_one_call_releasing_the_last() -> None:
    memory = OneCall()
    out = run(memory, SINGLES)
    calls = [r for r in memory.requests if isinstance(r, RESET_CALLS)]
    assert [type(call) for call in calls] == [
        OpenSeededBrainRequest,
        OpenSeededBrainRequest,
        CloseBrainRequest,
    ]
    first, second, close = calls
    assert first.release_brain_id is None
    assert second.release_brain_id == f"b-{first.fixture_id}"  # the reset rides along
    assert close.brain_id == f"b-{second.fixture_id}"
    assert [record.fixture_id for record in out.writeback] == ["gen-wb-001", "gen-wb-002"]
    assert out.seed_failures == []


def test_without_the_capability_the_runner_makes_the_three_calls() -> None:
    memory = OneCall(declared=False)
    run(memory, SINGLES)
    calls = [type(r) for r in memory.requests if isinstance(r, RESET_CALLS)]
    assert calls == [OpenBrainRequest, SeedRequest, CloseBrainRequest] * 2


def test_a_refused_one_call_seed_is_a_seed_failure_and_the_item_is_skipped() -> None:
    out = run(OneCall(refuse=RpcStatus.INVALID_ARGUMENT), SINGLES)
    assert [failure.fixture_id for failure in out.seed_failures] == ["gen-wb-001", "gen-wb-002"]
    assert "page 'x' refused" in out.seed_failures[0].error
    assert out.writeback == []


def test_a_one_call_that_fails_otherwise_fails_the_run_naming_the_fixture() -> None:
    from bb_adapters import SystemUnderTestError

    with pytest.raises(SystemUnderTestError, match="'gen-wb-001'"):
        run(OneCall(refuse=RpcStatus.UNAVAILABLE), SINGLES)
