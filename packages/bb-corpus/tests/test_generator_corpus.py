from __future__ import annotations

import json
import os
import re
import shutil
from collections import defaultdict
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from bb_corpus import CorpusRuntimeError, LoadedCorpus, load_corpus
from bb_corpus.generator import CATEGORY_COUNTS, GeneratedFixture, build, write_corpus
from bb_corpus.generator import _build as build_module
from bb_corpus.generator import _push as push_module
from bb_corpus.generator._continuity import BACKGROUND_FACTS
from bb_corpus.generator._model import Line
from bb_corpus.generator._sample import frontmatter
from bb_schema import Fixture, Gold, conversation_segments

REPO = Path(__file__).resolve().parents[3]
EVALS = REPO / "evals" / "brainbench"
MINIMUMS = {
    "kta-pos": 50,
    "kta-neg": 30,
    "push": 40,
    "write-back": 40,
    "continuity": 30,
    "multi-source": 20,
    "adversarial": 30,
    "trust": 20,
    "state-resolution": 20,
    "deletion": 20,
    "poisoning": 20,
}


@cache
def generated() -> tuple[GeneratedFixture, ...]:
    return tuple(build())


@cache
def committed() -> LoadedCorpus:
    return load_corpus(EVALS / "fixtures", EVALS / "gold")


def _tree(root: Path) -> dict[str, bytes]:
    files = {}
    for path in sorted(root.rglob("*")):
        if path.is_file():
            files[path.relative_to(root).as_posix()] = path.read_bytes()
    return files


def _hand_authored_copy(target: Path) -> None:
    for kind in ("fixtures", "gold"):
        shutil.copytree(EVALS / kind / "spike", target / kind / "spike")
    if (EVALS / "validation").exists():
        shutil.copytree(EVALS / "validation", target / "validation")


def test_default_seed_regenerates_the_committed_corpus_byte_for_byte(tmp_path: Path) -> None:
    _hand_authored_copy(tmp_path)
    write_corpus(tmp_path)
    for part in ("fixtures/generated", "gold/generated"):
        fresh, kept = _tree(tmp_path / part), _tree(EVALS / part)
        assert sorted(fresh) == sorted(kept), part
        for name, data in fresh.items():
            assert data == kept[name], f"{part}/{name} differs from the committed bytes"
    ledger = (tmp_path / "_ledger.json").read_bytes()
    assert ledger == (EVALS / "_ledger.json").read_bytes()


def test_the_committed_corpus_loads_and_its_ledger_tells_the_truth() -> None:
    corpus = committed()
    ledger = json.loads((EVALS / "_ledger.json").read_text(encoding="utf-8"))
    assert ledger["fixtures_hash"] == corpus.fixtures_hash
    assert ledger["gold_turns"] == corpus.gold_turn_count > 500
    assert ledger["holdout_fixtures"] == len(corpus.holdout_ids)
    assert ledger["generation_cost"] == {"llm_calls": 0, "usd": 0}
    assert ledger["continuity_pairs"] == len(
        [p for p in corpus.continuity_pairs if p.startswith("gen-")]
    )
    spikes = sorted(f.fixture_id for f in corpus.fixtures if f.fixture_id.startswith("spike-"))
    assert [entry["fixture_id"] for entry in ledger["spike_fixtures"]] == spikes
    assert len(spikes) >= 4
    text = (EVALS / "_ledger.json").read_text(encoding="utf-8")
    assert text == json.dumps(ledger, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def test_every_category_meets_its_minimum() -> None:
    units: dict[str, set[str]] = defaultdict(set)
    for item in generated():
        units[item.draft.category].add(item.draft.unit)
    for category, minimum in MINIMUMS.items():
        assert len(units[category]) >= minimum, category
    gold_turns = sum(len(json.loads(item.gold_bytes)["turns"]) for item in generated())
    assert gold_turns > 500


def test_holdout_is_about_fifteen_percent_per_category_and_pairs_share_it() -> None:
    by_unit: dict[str, dict[str, set[bool]]] = defaultdict(lambda: defaultdict(set))
    for item in generated():
        by_unit[item.draft.category][item.draft.unit].add(item.draft.holdout)
    for category, units in by_unit.items():
        assert all(len(flags) == 1 for flags in units.values()), category
        share = sum(True in flags for flags in units.values()) / len(units)
        assert 0.10 <= share <= 0.20, (category, share)


def test_holdout_flag_is_written_only_when_true() -> None:
    for item in generated():
        document = json.loads(item.fixture_bytes)
        assert document.get("holdout", False) is item.draft.holdout
        assert "holdout" not in document or document["holdout"] is True


def test_suites_follow_the_category() -> None:
    expected = {
        "kta-pos": [["know-to-ask", "push"]],
        "kta-neg": [["know-to-ask"]],
        "push": [["know-to-ask", "push"]],
        "write-back": [["write-back"]],
        "continuity": [["write-back", "continuity"], ["continuity"]],
        "multi-source": [["know-to-ask", "push"]],
        "adversarial": [["know-to-ask", "push"]],
        "trust": [["trust"]],
        "state-resolution": [["state-resolution"]],
        "deletion": [["deletion"]],
        "poisoning": [["poisoning"]],
    }
    for item in generated():
        assert list(item.draft.suites) in expected[item.draft.category]


def _fixture(item: GeneratedFixture) -> Fixture:
    return Fixture.model_validate_json(item.fixture_bytes)


def _pages_by_source(fixture: Fixture) -> dict[str, dict[str, dict[str, str]]]:
    out: dict[str, dict[str, dict[str, str]]] = defaultdict(dict)
    for page in fixture.seed_pages:
        out[page.source][page.slug] = frontmatter(page.content)
    return out


def _writers() -> dict[str, Fixture]:
    return {
        f.continuity.pair_id: f
        for f in map(_fixture, generated())
        if f.continuity and f.continuity.pair_role == "writer"
    }


def _known(fixture: Fixture, writers: dict[str, Fixture]) -> dict[str, dict[str, str]]:
    if fixture.continuity and fixture.continuity.pair_role == "reader":
        fixture = writers[fixture.continuity.pair_id]
    return _pages_by_source(fixture).get(fixture.active_source, {})


def _mentions(text: str, meta: dict[str, str], slug: str) -> bool:
    """Whether the text names the page by title, alias (any case) or a person's surname
    (the v1 families, whose lines declare no spans: write-back, continuity)."""
    title = meta.get("title", "")
    if title and title in text:
        return True
    aliases = [a.strip() for a in meta.get("aliases", "[]").strip("[]").split(",") if a.strip()]
    words = set(re.findall(r"[A-Za-z][A-Za-z-]*", text))
    if any(alias.lower() in {w.lower() for w in words} for alias in aliases):
        return True
    return slug.startswith("people/") and title.split()[-1] in words


def _lines() -> dict[tuple[str, int], Line]:
    """Every user turn's line (what its template declared), by (fixture id, turn id)."""
    return {
        (item.draft.fixture_id, turn.turn_id): turn.line
        for item in generated()
        for turn in item.draft.turns
        if turn.role == "user" and turn.line is not None
    }


def test_every_gold_slug_is_a_page_of_the_active_source_and_named_in_its_turn() -> None:
    """Gold pages are pages of the active source that the turn's own template named."""
    writers = _writers()
    lines = _lines()
    spanned = 0
    for item in generated():
        fixture, gold = _fixture(item), json.loads(item.gold_bytes)
        known = _known(fixture, writers)
        texts = {turn.turn_id: turn.text for turn in fixture.turns}
        for turn_id, entry in gold["turns"].items():
            line = lines.get((fixture.fixture_id, int(turn_id)))
            named = {s for span in (line.spans if line else ()) if span.role == "mention"
                     for s in span.slugs}  # fmt: skip
            for slug in entry.get("gold_slugs", []):
                assert slug in known, (fixture.fixture_id, turn_id, slug)
                if line is not None and line.spans:
                    spanned += 1
                    assert slug in named, (fixture.fixture_id, turn_id, slug)
                else:
                    assert _mentions(texts[int(turn_id)], known[slug], slug), (
                        fixture.fixture_id,
                        slug,
                    )
            for slug in entry.get("acceptable_slugs", []):
                assert slug in known, (fixture.fixture_id, turn_id, slug)
            if entry["should_retrieve"]:
                assert entry["gold_slugs"], (fixture.fixture_id, turn_id)
            for fact in entry.get("gold_facts", []):
                # A page of the active source, or somebody the turn names who has no page yet
                # (the fact attaches to their new entity).
                newcomers = {s for span in (line.spans if line else ()) if span.form == "newcomer"
                             for s in span.slugs}  # fmt: skip
                assert fact["entity_slug"] in {*known, *newcomers}, (fixture.fixture_id, turn_id)
        for decision in gold.get("continuity", {}).get("decisions", []):
            assert all(slug in known for slug in decision["expected_slugs"])
    assert spanned > 800


def test_gold_keywords_appear_in_the_turn_and_in_the_fact() -> None:
    facts = 0
    for item in generated():
        fixture, gold = _fixture(item), json.loads(item.gold_bytes)
        texts = {turn.turn_id: turn.text.lower() for turn in fixture.turns}
        for turn_id, entry in gold["turns"].items():
            for fact in entry.get("gold_facts", []):
                facts += 1
                assert fact["kind"] in {"preference", "commitment", "event", "belief", "fact"}
                for keyword in fact["match_keywords"]:
                    assert keyword.lower() in texts[int(turn_id)], (fixture.fixture_id, keyword)
                    assert keyword.lower() in fact["fact"].lower(), (fixture.fixture_id, keyword)
    assert facts > 150


def test_reader_decisions_point_at_the_writers_decision_text() -> None:
    writers = _writers()
    readers = [f for f in map(_fixture, generated()) if f.continuity and not f.seed_pages]
    assert len(readers) == CATEGORY_COUNTS["continuity"]
    golds = {item.draft.fixture_id: json.loads(item.gold_bytes) for item in generated()}
    for reader in readers:
        assert reader.continuity is not None
        writer = writers[reader.continuity.pair_id]
        writer_text = " ".join(t.text for t in writer.turns).lower()
        decisions = golds[reader.fixture_id]["continuity"]["decisions"]
        assert decisions == golds[writer.fixture_id]["continuity"]["decisions"]
        writer_kinds = {
            fact["kind"]
            for entry in golds[writer.fixture_id]["turns"].values()
            for fact in entry.get("gold_facts", [])
        }
        # decisions are commitments or facts; a view some of the team holds is a belief
        assert writer_kinds <= {"commitment", "fact", "belief"}
        for decision in decisions:
            assert all(k.lower() in writer_text for k in decision["match_keywords"])
        retrieving = [e for e in golds[reader.fixture_id]["turns"].values() if e["should_retrieve"]]
        assert len(retrieving) == len(decisions)
        # more background than one recall answer holds, none of it a decision's keyword
        assert len(writer.seed_facts) == BACKGROUND_FACTS > 5
        expected = {slug for decision in decisions for slug in decision["expected_slugs"]}
        for fact in writer.seed_facts:
            assert fact.entity_slug in expected
            assert not any(d["match_keywords"][0].lower() in fact.fact.lower() for d in decisions)


def test_leak_canaries_and_foreign_only_pages_never_reach_gold() -> None:
    canaries = 0
    for item in generated():
        fixture, gold = _fixture(item), json.loads(item.gold_bytes)
        by_source = _pages_by_source(fixture)
        active = set(by_source.get(fixture.active_source, {}))
        foreign_only = {s for src, pages in by_source.items() for s in pages} - active
        assert set(item.draft.canaries) <= foreign_only
        canaries += len(item.draft.canaries)
        slugs = {s for e in gold["turns"].values() for s in e.get("gold_slugs", [])}
        slugs |= {s for e in gold["turns"].values() for s in e.get("acceptable_slugs", [])}
        assert not slugs & foreign_only, fixture.fixture_id
        if fixture.category == "multi-source":
            assert any(len([s for s in by_source if slug in by_source[s]]) == 2 for slug in active)
    assert canaries >= CATEGORY_COUNTS["multi-source"]
    actives = {_fixture(i).active_source for i in generated() if i.draft.category == "multi-source"}
    assert "default" in actives and len(actives) > 1


def test_know_to_ask_negatives_only_use_page_names_ordinarily_or_for_someone_else() -> None:
    """kta-neg: every user turn silent; a page's name appears only as an ordinary word or in
    the name of somebody the brain does not know."""
    lines = _lines()
    uses = 0
    for item in generated():
        if item.draft.category != "kta-neg":
            continue
        fixture, gold = _fixture(item), json.loads(item.gold_bytes)
        for turn in fixture.user_turns:
            assert gold["turns"][str(turn.turn_id)] == {"should_retrieve": False}
            line = lines[(fixture.fixture_id, turn.turn_id)]
            assert {span.role for span in line.spans} <= {"use", "stranger"}, turn.text
            uses += sum(span.role == "use" for span in line.spans)
    assert uses > 150


def test_push_asks_exceed_the_pointer_budgets_and_some_every_budget() -> None:
    over = 0
    fixtures = sorted(
        (item for item in generated() if item.draft.category == "push"),
        key=lambda item: item.draft.fixture_id,
    )
    for index, item in enumerate(fixtures):
        first = json.loads(item.gold_bytes)["turns"]["1"]
        beyond = push_module.over_budget(index)
        low, high = push_module.OVER_BUDGET if beyond else push_module.IN_BUDGET
        assert low <= len(first["gold_slugs"]) <= high, item.draft.fixture_id
        assert item.draft.variant.startswith("over-budget") is beyond
        over += beyond
        assert len(first["acceptable_slugs"]) <= 2
        pages = {p.slug: p.content for p in _fixture(item).seed_pages}
        for slug in first["acceptable_slugs"]:
            assert "No notes yet." in pages[slug]
        for slug in first["gold_slugs"]:
            assert "No notes yet." not in pages[slug]
    # More gold pages on one turn than 3 pointers + 3 volunteered, in one push fixture in four.
    assert over == len(fixtures) // push_module.OVER_BUDGET_EVERY > 10
    assert push_module.OVER_BUDGET[0] > 3 + 3


def test_write_back_turns_are_timestamped_and_segmented() -> None:
    for item in generated():
        fixture = _fixture(item)
        if not fixture.needs_timestamps():
            continue
        stamps = [turn.when for turn in fixture.turns]
        assert all(stamp is not None for stamp in stamps)
        gaps = [(b - a).total_seconds() for a, b in zip(stamps, stamps[1:], strict=False)]  # type: ignore[operator]
        assert all(gap > 0 for gap in gaps)
        splits = sum(gap > 30 * 60 for gap in gaps)
        two = item.draft.variant.startswith("two-segments")
        assert splits == (1 if two else 0), fixture.fixture_id
        gold = json.loads(item.gold_bytes)
        assert "1" not in gold["turns"], "openers carry no gold"


def test_write_back_facts_fall_on_both_sides_of_a_gap_and_some_are_restated() -> None:
    segmented = restated = across = 0
    for item in generated():
        if item.draft.category != "write-back":
            continue
        fixture = _fixture(item)
        segments = conversation_segments(fixture.turns)
        gold = Gold.model_validate_json(item.gold_bytes)
        by_fact: dict[tuple[str, ...], list[int]] = {}
        for key, entry in gold.turns.items():
            for fact in entry.gold_facts:
                by_fact.setdefault((fact.fact, *fact.match_keywords), []).append(int(key))
        segment_of = {t: n for n, turn_ids in enumerate(segments) for t in turn_ids}
        with_facts = {segment_of[t] for turns in by_fact.values() for t in turns}
        if len(segments) == 2:
            segmented += 1
            assert with_facts == {0, 1}, fixture.fixture_id
        repeats = [turns for turns in by_fact.values() if len(turns) > 1]
        assert len(repeats) == item.draft.variant.endswith("-restated"), fixture.fixture_id
        for turns in repeats:
            restated += 1
            text = {t.turn_id: t.text for t in fixture.turns}
            assert text[turns[0]].split(": ", 1)[-1] in text[turns[1]] or (
                text[turns[1]].split(": ", 1)[1] in text[turns[0]]
            )  # said again, word for word
            across += segment_of[turns[0]] != segment_of[turns[1]]
    assert segmented == 24 and restated == 24 and across == 12


def test_adding_to_one_category_leaves_the_others_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    before = {i.draft.fixture_id: i.fixture_bytes for i in generated()}
    monkeypatch.setitem(build_module.CATEGORY_COUNTS, "push", 10)
    monkeypatch.setitem(build_module.CATEGORY_COUNTS, "kta-pos", 61)
    after = {i.draft.fixture_id: i.fixture_bytes for i in build()}
    for fixture_id, data in after.items():
        if fixture_id.startswith(("gen-push", "gen-kta-pos")):
            continue
        assert data == before[fixture_id], fixture_id
    assert "gen-kta-pos-061" in after and "gen-push-011" not in after


def test_another_seed_gives_another_valid_corpus(tmp_path: Path) -> None:
    report = write_corpus(tmp_path, seed=7)
    corpus = load_corpus(tmp_path / "fixtures", tmp_path / "gold")
    assert report.fixtures == len(corpus.fixtures)
    assert report.fixtures_hash == corpus.fixtures_hash != committed().fixtures_hash
    assert "--seed 7" in report.ledger["rebuild_command"]


def test_a_failed_write_leaves_the_previous_corpus(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _hand_authored_copy(tmp_path)
    write_corpus(tmp_path)
    before = _tree(tmp_path)
    real = os.replace
    calls: list[Any] = []

    def flaky(src: Any, dst: Any) -> None:
        calls.append(src)
        if len(calls) == 3:  # after fixtures swapped in, while moving gold
            raise OSError(28, "No space left on device")
        real(src, dst)

    monkeypatch.setattr(os, "replace", flaky)
    with pytest.raises(CorpusRuntimeError, match="run corpus gen again"):
        write_corpus(tmp_path, seed=11)
    monkeypatch.setattr(os, "replace", real)
    assert _tree(tmp_path) == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_the_generator_never_writes_hand_authored_files(tmp_path: Path) -> None:
    _hand_authored_copy(tmp_path)
    extra = tmp_path / "fixtures" / "generated-not" / "x.txt"
    extra.parent.mkdir(parents=True)
    extra.write_text("keep", encoding="utf-8")
    spikes = _tree(tmp_path / "fixtures" / "spike") | _tree(tmp_path / "gold" / "spike")
    write_corpus(tmp_path, seed=3)
    write_corpus(tmp_path)
    assert _tree(tmp_path / "fixtures" / "spike") | _tree(tmp_path / "gold" / "spike") == spikes
    assert extra.read_text(encoding="utf-8") == "keep"


def test_a_view_the_writer_reports_is_a_belief_and_a_guess_is_no_fact() -> None:
    beliefs = guesses = 0
    for item in generated():
        fixture = _fixture(item)
        if not (fixture.continuity and fixture.seed_pages):
            continue  # writers only
        turns = json.loads(item.gold_bytes)["turns"]
        for turn in fixture.turns:
            text = turn.text.lower()
            kinds = [f["kind"] for f in turns.get(str(turn.turn_id), {}).get("gold_facts", [])]
            if "has doubts about" in text:
                beliefs += 1
                assert kinds == ["belief"], (fixture.fixture_id, turn.text)
            elif "wonder whether" in text or "not sure how" in text:
                guesses += 1
                assert kinds == [], (fixture.fixture_id, turn.text)
    assert beliefs and guesses
