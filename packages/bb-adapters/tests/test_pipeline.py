from dataclasses import dataclass, field

from bb_adapters.pipeline import (
    BUDGET_CUT,
    Delivered,
    SessionState,
    budget_cut,
    enforce_budget,
    replay_fixture,
)
from bb_adapters.runner import turn_evidence
from bb_adapters.seams import BUILTIN
from bb_schema import Fixture, PublicTurn
from bb_schema.turn_context import Pointer, PointerEvidence, SeamSettings, TurnContextRequest


def _p(slug: str, stage: str = "reflex", source: str = "default") -> Pointer:
    return Pointer(slug=slug, source=source, stage=stage)  # type: ignore[arg-type]


def test_budget_cuts_reflex_past_the_budget_and_counts_them() -> None:
    settings = SeamSettings(pointer_budget=2)
    kept, cuts = enforce_budget((_p("a"), _p("b"), _p("c"), _p("a")), settings)
    assert [p.slug for p in kept] == ["a", "b"]
    assert cuts == 1


def test_volunteer_pages_need_a_volunteer_seam() -> None:
    off = SeamSettings(pointer_budget=1, volunteer=False)
    on = SeamSettings(pointer_budget=1, volunteer=True, volunteer_max_pages=1)
    pointers = (_p("a"), _p("v1", "volunteer"), _p("v2", "volunteer"))
    assert [p.slug for p in enforce_budget(pointers, off)[0]] == ["a"]
    kept, cuts = enforce_budget(pointers, on)
    assert [p.slug for p in kept] == ["a", "v1"]
    assert cuts == 1


@dataclass
class _Recorder:
    seen: list[TurnContextRequest] = field(default_factory=list)
    parsed: list[PublicTurn] | None = None

    def select_turns(self, fixture: Fixture) -> list[PublicTurn]:
        return list(fixture.turns) if self.parsed is None else self.parsed

    def begin(self, state: SessionState) -> str:
        return "PREAMBLE!"

    def deliver(self, state: SessionState, request: TurnContextRequest) -> Delivered:
        self.seen.append(request)
        if "Alice" in request.turn.text:
            return Delivered(text="[people/alice]", pointers=(_p("people/alice"),))
        return Delivered(text="", pointers=())

    def end(self, state: SessionState) -> None:
        pass


def _fixture() -> Fixture:
    return Fixture.model_validate(
        {
            "schema_version": 1,
            "fixture_id": "f",
            "suites": ["know-to-ask"],
            "turns": [
                {"turn_id": 1, "role": "user", "text": "Hi Alice"},
                {"turn_id": 2, "role": "assistant", "text": "Hello from Bob"},
                {"turn_id": 3, "role": "user", "text": "thanks"},
            ],
        }
    )


def test_assistant_turns_fold_into_window_and_prior_context() -> None:
    recorder = _Recorder()
    rows = replay_fixture(_fixture(), BUILTIN["openclaw"], recorder, brain_id="b", session_id="s")
    assert [r.turn_id for r in rows] == [1, 3]
    first, second = recorder.seen
    assert first.window == [] and first.prior_context == ""
    assert [t.turn_id for t in second.window] == [1, 2]
    assert "Hello from Bob" in second.prior_context
    assert "[people/alice]" in second.prior_context
    assert rows[0].injected_slugs == ("people/alice",)
    # the session-once text is charged to the first replayed turn only
    assert rows[0].injected_tokens == (len("[people/alice]") + len("PREAMBLE!")) / 4
    assert rows[1].injected_tokens == 0


def test_a_turn_the_harness_parser_dropped_is_replayed_silent() -> None:
    fixture = _fixture()
    parsed = [PublicTurn(turn_id=1, role="user", text="Hi Alice")]
    rows = replay_fixture(
        fixture, BUILTIN["codex"], _Recorder(parsed=parsed), brain_id="b", session_id="s"
    )
    assert [(r.turn_id, r.injected_slugs) for r in rows] == [(1, ("people/alice",)), (3, ())]


def _explained(slug: str, decision: str = "") -> Pointer:
    evidence = PointerEvidence(matched=slug, score=1.0, decision=decision)
    return Pointer(slug=slug, source="default", evidence=evidence)


def test_budget_cut_pointers_are_kept_as_declined_with_the_reason() -> None:
    pointers = (_explained("a"), _explained("b"), _explained("c"), _explained("a"))
    kept, cuts = enforce_budget(pointers, SeamSettings(pointer_budget=1))
    cut = budget_cut(pointers, kept)
    assert [p.slug for p in cut] == ["b", "c"] and cuts == 2
    assert all(p.evidence is not None and p.evidence.decision == BUDGET_CUT for p in cut)
    assert [p.evidence.matched for p in cut if p.evidence] == ["b", "c"]  # evidence kept


@dataclass
class _Explaining:
    """Injects two explained pointers past a budget of one and declines a third page."""

    def select_turns(self, fixture: Fixture) -> list[PublicTurn]:
        return list(fixture.turns)

    def begin(self, state: SessionState) -> str:
        return ""

    def deliver(self, state: SessionState, request: TurnContextRequest) -> Delivered:
        if request.turn.turn_id != 1:
            return Delivered(text="", pointers=())
        declined = (_explained("people/grace", "declined: ordinary word"),)
        pointers = (_explained("people/alice"), _explained("people/bob"))
        return Delivered(text="[two]", pointers=pointers, declined=declined)

    def end(self, state: SessionState) -> None:
        pass


def test_replayed_turns_carry_injected_declined_and_cut_pointers() -> None:
    config = BUILTIN["codex"]  # one fragment per turn
    rows = replay_fixture(_fixture(), config, _Explaining(), brain_id="b", session_id="s")
    first, second = rows
    assert [p.slug for p in first.pointers] == ["people/alice"]
    assert [p.slug for p in first.declined] == ["people/grace", "people/bob"]
    assert first.declined[1].evidence is not None
    assert first.declined[1].evidence.decision == BUDGET_CUT
    assert second.pointers == () and second.declined == ()
    evidence = turn_evidence("f", "codex", first)
    assert evidence is not None and evidence.turn_id == 1 and evidence.harness == "codex"
    assert turn_evidence("f", "codex", second) is None


def test_pointers_without_evidence_are_not_filed() -> None:
    recorder = _Recorder()  # a wire with slugs only, like a hook's text
    rows = replay_fixture(_fixture(), BUILTIN["openclaw"], recorder, brain_id="b", session_id="s")
    assert rows[0].pointers and all(p.evidence is None for p in rows[0].pointers)
    assert turn_evidence("f", "openclaw", rows[0]) is None
