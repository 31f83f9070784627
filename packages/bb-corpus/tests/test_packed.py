"""A packed corpus holds compressed bytes, yet reads back exactly the models a load builds."""

from __future__ import annotations

from pathlib import Path

import pytest
from bb_corpus import UnknownFixtureError, load_corpus

EVALS = Path(__file__).resolve().parents[3] / "evals" / "brainbench"


@pytest.mark.parametrize("holdout", [False, True])
def test_a_packed_corpus_reads_back_the_held_one(holdout: bool) -> None:
    held = load_corpus(EVALS / "fixtures", EVALS / "gold", include_holdout=holdout)
    packed = load_corpus(EVALS / "fixtures", EVALS / "gold", include_holdout=holdout, packed=True)
    assert packed.packed and not held.packed
    assert packed == held  # hashes, holdout ids, pairs
    assert packed.ids == held.ids and len(packed.fixtures) == len(held.fixtures)
    assert list(packed.fixtures) == list(held.fixtures)
    assert packed.fixtures[-1] == held.fixtures[-1]
    assert list(packed.fixtures[1:3]) == list(held.fixtures[1:3])
    for fixture_id in held.ids:
        assert packed.gold_for(fixture_id) == held.gold_for(fixture_id)
    assert packed.gold_turn_count == held.gold_turn_count


def test_a_packed_corpus_refuses_unknown_ids_as_the_held_one_does() -> None:
    packed = load_corpus(EVALS / "fixtures", EVALS / "gold", packed=True)
    for lookup in (packed.fixture, packed.gold_for):
        with pytest.raises(UnknownFixtureError, match="no fixture 'nope'"):
            lookup("nope")
