"""The interop sample fixtures replayed through the Engine the way the openclaw seam does."""

from __future__ import annotations

from pathlib import Path

import pytest
from bb_brain import Engine
from bb_schema import Fixture, Gold, PublicTurn
from bb_schema.memory import CloseBrainRequest, OpenBrainRequest, SeedRequest
from bb_schema.turn_context import SeamSettings, TurnContextRequest

SAMPLES = Path(__file__).resolve().parents[3].parent / "shared" / "interop" / "samples"
SETTINGS = SeamSettings(pointer_budget=3, suppression="prior-context", volunteer=True)


def load(name: str) -> tuple[Fixture, Gold]:
    fixture_path = next((SAMPLES / "fixtures").glob(f"{name}-*.fixture.json"))
    gold_path = SAMPLES / "gold" / fixture_path.name.replace(".fixture.", ".gold.")
    fixture = Fixture.model_validate_json(fixture_path.read_text(encoding="utf-8"))
    return fixture, Gold.model_validate_json(gold_path.read_text(encoding="utf-8"))


def replay(engine: Engine, fixture: Fixture) -> dict[int, list[str]]:
    """Injected slugs per user turn; assistant turns and injected blocks fold into prior context."""
    brain = engine.open_brain(OpenBrainRequest(fixture_id=fixture.fixture_id)).brain_id
    engine.seed(SeedRequest(brain_id=brain, pages=fixture.seed_pages, facts=fixture.seed_facts))
    injected: dict[int, list[str]] = {}
    prior: list[str] = []
    earlier: list[PublicTurn] = []
    try:
        for turn in fixture.turns:
            if turn.role == "user":
                response = engine.turn_context(
                    TurnContextRequest(
                        brain_id=brain,
                        session_id=fixture.fixture_id,
                        active_source=fixture.active_source,
                        turn=turn,
                        window=earlier[-SETTINGS.volunteer_window_turns :],
                        prior_context="\n\n".join(prior),
                        settings=SETTINGS,
                    )
                )
                injected[turn.turn_id] = [pointer.slug for pointer in response.pointers]
                prior.append(turn.text)
                if response.text:
                    prior.append(response.text)
            else:
                prior.append(turn.text)
            earlier.append(turn)
    finally:
        engine.close_brain(CloseBrainRequest(brain_id=brain))
    return injected


@pytest.mark.parametrize("name", ["kta-001", "kta-002", "ms-001", "ms-002"])
def test_sample_fixture_meets_gold(engine: Engine, name: str) -> None:
    fixture, gold = load(name)
    injected = replay(engine, fixture)
    for turn_id, turn_gold in gold.turns.items():
        got = set(injected[int(turn_id)])
        allowed = set(turn_gold.gold_slugs) | set(turn_gold.acceptable_slugs)
        if turn_gold.should_retrieve:
            assert got & allowed, f"turn {turn_id}: nothing from {sorted(allowed)} injected"
        else:
            assert not got, f"turn {turn_id} should stay silent, injected {sorted(got)}"
        assert got <= allowed, f"turn {turn_id}: {sorted(got - allowed)} outside gold"


def test_replay_is_deterministic(engine: Engine) -> None:
    fixture, _ = load("kta-001")
    assert replay(engine, fixture) == replay(engine, fixture)
