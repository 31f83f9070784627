"""Write-back and continuity in free phrasing: corrections keep only the corrected value,
guesses are no facts, people without a page get facts of their own, turns hold several."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from bb_corpus.generator import GeneratedFixture, build
from bb_corpus.generator._cast import slug_of
from bb_corpus.generator._model import Line, TurnSpec
from bb_corpus.generator._notes import HEDGES
from bb_corpus.generator._styles import RAMBLE

REPO = Path(__file__).resolve().parents[3]
_HEDGING = r"\b(might|rumou?r|maybe|wonder|possibly|may or may not|not sure|who knows)\b"
LEDGER = REPO / "evals" / "brainbench" / "_ledger.json"


@cache
def writers() -> tuple[GeneratedFixture, ...]:
    return tuple(i for i in build() if i.draft.category in ("write-back", "continuity"))


def _turns(item: GeneratedFixture) -> Iterator[tuple[TurnSpec, Line, list[dict[str, Any]]]]:
    gold = json.loads(item.gold_bytes)["turns"]
    for turn in item.draft.turns:
        if turn.role == "user" and turn.line is not None:
            yield turn, turn.line, gold.get(str(turn.turn_id), {}).get("gold_facts", [])


def test_a_correction_keeps_only_the_corrected_value() -> None:
    corrected = 0
    for item in writers():
        for turn, line, facts in _turns(item):
            if not line.retracted:
                continue
            corrected += 1
            for word in line.retracted:
                assert word in turn.text
                for fact in facts:
                    assert word.lower() not in fact["fact"].lower(), (turn.text, fact)
                    assert all(word.lower() not in k.lower() for k in fact["match_keywords"])
    corrected_fixtures = [i for i in writers() if "-corrected" in i.draft.variant]
    assert corrected == len(corrected_fixtures) >= 15


def test_guesses_and_rumours_are_no_facts() -> None:
    hedged = mixed = 0
    for item in writers():
        for _, line, facts in _turns(item):
            said = [t for t in line.templates if t in HEDGES]
            if not said:
                continue
            claims = [t for t in line.templates if t not in HEDGES and t not in RAMBLE]
            if not claims:
                hedged += 1
                assert facts == [], line.text
            else:
                mixed += 1  # a guess beside claims: the claims' facts only
                assert facts, line.text
            for fact in facts:  # no fact ever carries the guess
                assert not re.search(_HEDGING, fact["fact"], re.I), (line.text, fact)
    assert hedged >= 10 and mixed >= 5


def test_people_without_a_page_get_facts_of_their_own() -> None:
    newcomers = 0
    for item in writers():
        pages = {page.entity.slug for page in item.draft.pages}
        for turn, line, facts in _turns(item):
            for fact in facts:
                if fact["entity_slug"] in pages:
                    continue
                (span,) = [s for s in line.spans if s.form == "newcomer"]
                assert span.slugs == (fact["entity_slug"],)
                name = turn.text[span.start : span.end]
                assert fact["entity_slug"] == "people/" + slug_of(name), name
                newcomers += 1
    assert newcomers >= 2 * 15  # a role and a preference, in a third of the fixtures


def test_turns_say_several_things_and_every_phrasing_is_counted() -> None:
    several = sum(len(facts) >= 2 for item in writers() for _, _, facts in _turns(item))
    assert several >= 30
    ledger = json.loads(LEDGER.read_text(encoding="utf-8"))["categories"]
    assert ledger["write-back"]["user_turn_templates"] >= 60
    assert ledger["continuity"]["user_turn_templates"] >= 30
