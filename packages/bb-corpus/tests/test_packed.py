"""A packed corpus holds compressed bytes, yet reads back exactly the models a load builds."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from bb_corpus import CorpusValidationError, UnknownFixtureError, load_corpus

EVALS = Path(__file__).resolve().parents[3] / "evals" / "brainbench"
SAMPLES = Path(__file__).resolve().parents[4] / "shared" / "interop" / "samples"


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


def test_a_packed_load_reports_a_broken_corpus_as_the_held_load_does(tmp_path: Path) -> None:
    # A continuity pair missing its reader, and a fixture whose gold names an unknown turn.
    fixtures, gold = tmp_path / "fixtures", tmp_path / "gold"
    shutil.copytree(SAMPLES / "fixtures", fixtures)
    shutil.copytree(SAMPLES / "gold", gold)
    (fixtures / "cont-001-widget-pass-reader.fixture.json").unlink()
    (gold / "cont-001-widget-pass-reader.gold.json").unlink()
    victim = gold / "kta-001-deal-recall.gold.json"
    document = json.loads(victim.read_text(encoding="utf-8"))
    document["turns"]["99"] = next(iter(document["turns"].values()))
    victim.write_text(json.dumps(document), encoding="utf-8")
    reports = []
    for packed in (False, True):
        with pytest.raises(CorpusValidationError) as raised:
            load_corpus(fixtures, gold, packed=packed)
        reports.append(str(raised.value))
    assert reports[0] == reports[1]
    assert "pair" in reports[0] and "99" in reports[0]
