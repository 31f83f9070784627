from __future__ import annotations

import copy
import json
import shutil
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from bb_corpus import CorpusUserError, LoadedCorpus, load_corpus
from bb_corpus.generator import (
    draw_sample,
    load_documents,
    score_agreement,
    write_corpus,
    write_receipt,
    write_sample,
)
from bb_corpus.generator._sample import worksheet

REPO = Path(__file__).resolve().parents[3]
EVALS = REPO / "evals" / "brainbench"


@cache
def corpus() -> LoadedCorpus:
    return load_corpus(EVALS / "fixtures", EVALS / "gold")


def perfect_labels(sheet: dict[str, Any]) -> dict[str, Any]:
    """What a labeller who agrees with gold on everything would answer."""
    sample = draw_sample(corpus(), sheet["sample"]["fraction"], sheet["sample"]["seed"])
    items: dict[str, Any] = {}
    for item in sample.items:
        sessions: dict[str, Any] = {}
        for name, fixture_id in zip("AB", item.fixture_ids, strict=False):
            fixture, gold = corpus().fixture(fixture_id), corpus().gold_for(fixture_id)
            answers: dict[str, Any] = {}
            for turn in fixture.user_turns:
                entry = gold.for_turn(turn.turn_id)
                if fixture.needs_timestamps():
                    facts = entry.gold_facts if entry else []
                    answers[str(turn.turn_id)] = {
                        "facts": [
                            {"entity_slug": f.entity_slug, "kind": f.kind,
                             "keywords": list(f.match_keywords)}
                            for f in facts
                        ]
                    }  # fmt: skip
                elif entry is not None:
                    answers[str(turn.turn_id)] = {
                        "should_retrieve": entry.should_retrieve,
                        "pages": list(entry.gold_slugs),
                        "secondary_pages": list(entry.acceptable_slugs),
                    }
            sessions[name] = answers
        items[item.item_id] = sessions
    return {"items": items}


@pytest.fixture
def sheet(tmp_path: Path) -> dict[str, Any]:
    path = tmp_path / "sheet.json"
    write_sample(corpus(), path, 0.1, seed=0)
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return document


def test_the_sample_is_stratified_and_about_a_tenth() -> None:
    sample = draw_sample(corpus(), 0.1, seed=0)
    # Memory-trust fixtures carry trust gold, not turn gold: outside the double-label pass.
    core = [f for f in corpus().fixtures if f.trust_steps is None]
    categories = {f.category for f in core}
    assert set(sample.strata) == categories and "poisoning" not in categories
    units = len(core) - len(corpus().continuity_pairs)
    assert 0.08 * units <= len(sample.items) <= 0.14 * units
    # A tenth of each category's units, rounded half up: 72 kta-pos -> 7, 36 pairs -> 4.
    assert sample.strata["kta-pos"] == 7 and sample.strata["continuity"] == 4
    assert draw_sample(corpus(), 0.1, seed=0) == sample
    assert draw_sample(corpus(), 0.1, seed=1) != sample
    with pytest.raises(CorpusUserError, match="out of range"):
        draw_sample(corpus(), 1.5)


def test_the_worksheet_is_blind(sheet: dict[str, Any]) -> None:
    text = json.dumps(sheet["items"])
    for secret in ("gold_slugs", "acceptable_slugs", "gold_facts", "match_keywords", "holdout",
                   "gen-", "spike-", "category", "variant", "kta", "adversarial"):  # fmt: skip
        assert secret not in text, secret
    assert sheet["rules"] and sheet["answer_example"]
    ids = [item["item_id"] for item in sheet["items"]]
    assert ids == sorted(ids) and len(ids) == sheet["sample"]["items"]
    pairs = [item for item in sheet["items"] if len(item["sessions"]) == 2]
    assert pairs and all(item["sessions"][1]["known_pages"] for item in pairs)


def test_perfect_labels_agree_everywhere(sheet: dict[str, Any]) -> None:
    report = score_agreement(corpus(), sheet, perfect_labels(sheet))
    assert not report.disagreements
    for name in ("should_retrieve", "gold_pages", "facts_present", "fact_kind"):
        assert report.scores[name].total > 0, name
        assert report.scores[name].rate == 1.0
    assert "should_retrieve" in report.render()


def test_each_kind_of_slip_is_reported_where_it_happened(sheet: dict[str, Any]) -> None:
    labels = perfect_labels(sheet)
    flipped = copy.deepcopy(labels)
    retrieval_done = facts_done = False
    for item_id, sessions in flipped["items"].items():
        for answers in sessions.values():
            for turn_id, answer in answers.items():
                if not retrieval_done and answer.get("should_retrieve"):
                    answer["should_retrieve"] = False
                    retrieval_done = (item_id, turn_id)
                elif not facts_done and answer.get("facts"):
                    answer["facts"][0]["kind"] = "event"
                    answer["facts"][0]["entity_slug"] = "people/nobody"
                    facts_done = (item_id, turn_id)
    assert retrieval_done and facts_done
    report = score_agreement(corpus(), sheet, flipped)
    kinds = {(d.item_type, d.item_id, str(d.turn_id)) for d in report.disagreements}
    assert ("should_retrieve", *retrieval_done) in kinds
    assert ("fact_entity", *facts_done) in kinds
    assert report.scores["should_retrieve"].agree == report.scores["should_retrieve"].total - 1
    empty = score_agreement(corpus(), sheet, {"items": {}})
    assert empty.scores["fact_keywords"].agree == 0
    assert empty.scores["facts_present"].rate < 1.0


def test_a_worksheet_from_another_corpus_is_refused(sheet: dict[str, Any]) -> None:
    stale = dict(sheet, sample=dict(sheet["sample"], fixtures_hash="0" * 64))
    with pytest.raises(CorpusUserError, match="draw and label a new sample"):
        score_agreement(corpus(), stale, {})
    with pytest.raises(CorpusUserError, match="not a validation worksheet"):
        score_agreement(corpus(), {"items": []}, {})


def test_unreadable_documents_are_user_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(CorpusUserError, match="not valid JSON"):
        load_documents(str(bad), str(bad))
    with pytest.raises(CorpusUserError, match="cannot read"):
        load_documents(str(tmp_path / "missing.json"), str(bad))


def test_the_receipt_lands_in_the_ledger(tmp_path: Path, sheet: dict[str, Any]) -> None:
    for kind in ("fixtures", "gold"):
        shutil.copytree(EVALS / kind / "spike", tmp_path / kind / "spike")
    write_corpus(tmp_path)
    local = load_corpus(tmp_path / "fixtures", tmp_path / "gold")
    assert local.fixtures_hash == corpus().fixtures_hash
    report = score_agreement(
        local, worksheet(local, draw_sample(local, 0.1, 0)), perfect_labels(sheet)
    )
    receipt = tmp_path / "validation" / "receipt.json"
    write_receipt(report, str(receipt), date="2026-03-09", labeller="test")
    ledger = write_corpus(tmp_path).ledger
    assert ledger["gold_validation"]["date"] == "2026-03-09"
    assert ledger["gold_validation"]["agreement"]["should_retrieve"]["rate"] == 1.0
    # The receipt is bound to the double-label scope: the files outside the trust fixtures.
    assert ledger["gold_validation"]["fixtures_hash"] == ledger["core_fixtures_hash"]
    assert ledger["core_fixtures_hash"] == local.core_fixtures_hash != local.fixtures_hash
    # Once those files change, the ledger marks the receipt stale instead of vouching for them.
    stale = write_corpus(tmp_path, seed=5).ledger["gold_validation"]
    assert stale["status"] == "stale"
    assert stale["labelled_core_fixtures_hash"] == local.core_fixtures_hash
    assert stale["receipt"]["date"] == "2026-03-09"


def test_the_committed_corpus_carries_its_own_labelled_receipt() -> None:
    """The committed gold is double-labelled as committed: a corpus change needs a new pass."""
    ledger = json.loads((EVALS / "_ledger.json").read_text(encoding="utf-8"))
    receipt = ledger["gold_validation"]
    assert receipt["status"] in ("labelled", "resolved"), (
        f"gold_validation is {receipt['status']!r}: label the worksheet of this corpus "
        "(evals/brainbench/validation/README.md)"
    )
    if receipt["status"] == "resolved":
        assert receipt["resolved_fixtures_hash"] == ledger["core_fixtures_hash"]
        assert all(d["resolution"] for d in receipt["disagreements"])
    else:
        assert receipt["fixtures_hash"] == ledger["core_fixtures_hash"]
        assert receipt["disagreements"] == []
    sheet = json.loads((EVALS / "validation" / "sample.json").read_text(encoding="utf-8"))
    assert sheet["sample"]["fixtures_hash"] == ledger["core_fixtures_hash"]


def test_the_validation_state_never_passes_an_old_receipt_off_as_this_corpus(
    tmp_path: Path,
) -> None:
    for kind in ("fixtures", "gold"):
        shutil.copytree(EVALS / kind / "spike", tmp_path / kind / "spike")
    assert write_corpus(tmp_path).ledger["gold_validation"]["status"] == "not run"
    local = load_corpus(tmp_path / "fixtures", tmp_path / "gold")
    write_sample(local, tmp_path / "validation" / "sample.json", 0.1, seed=0)
    state = write_corpus(tmp_path).ledger["gold_validation"]
    assert state["status"] == "pending" and state["worksheet"] == "validation/sample.json"
    assert state["fixtures_hash"] == local.core_fixtures_hash
    old = {"status": "labelled", "fixtures_hash": "0" * 64, "agreement": {}}
    (tmp_path / "validation" / "receipt.json").write_text(json.dumps(old), encoding="utf-8")
    state = write_corpus(tmp_path).ledger["gold_validation"]
    assert state["status"] == "pending"
    assert state["stale_receipt"] == {
        "path": "validation/receipt.json",
        "labelled_core_fixtures_hash": "0" * 64,
    }
    write_corpus(tmp_path, seed=5)  # another corpus: the worksheet no longer matches
    state = write_corpus(tmp_path, seed=5).ledger["gold_validation"]
    assert state["status"] == "stale" and state["labelled_core_fixtures_hash"] == "0" * 64
    (tmp_path / "validation" / "receipt.json").unlink()
    assert write_corpus(tmp_path, seed=5).ledger["gold_validation"]["status"] == "not run"
