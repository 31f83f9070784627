"""Someone named by their trade: "the harbour-dues lady", "those gutter people".

A person's summary and an outfit's title and summary say what they do; a turn that names
them by that and a word for a person or an outfit reaches the page. A word for any outfit
("the shop people"), an indefinite ("a ... lady"), and a trade two pages share name nobody.
"""

from __future__ import annotations

from typing import Any

import pytest
from bb_brain import Engine
from bb_brain._described import described_keys

from .test_reflex_grammar import ask, md, slugs

JESSAMY = (
    "people/jessamy-tolver",
    md(
        "Jessamy Tolver",
        type="person",
        aliases="[Jessamy]",
        summary="Harbour dues collector for the quay; strict about receipts.",
    ),
)
GUTTERS = (
    "companies/trevail-gutters",
    md("Trevail Gutters", type="company", summary="Gutter cleaning firm in Bodmin."),
)
KITES = (
    "companies/quarrow-kites",
    md("Quarrow Kites", type="company", summary="Kite shop on the front."),
)
OTHER_DUES = (
    "people/ysolde-pask",
    md("Ysolde Pask", type="person", summary="Dues collector at the marina."),
)


def test_what_a_page_says_it_does_is_filed_for_a_person_or_an_outfit() -> None:
    person = described_keys(
        "Jessamy Tolver", "Harbour dues collector; strict.", person=True, outfit=False
    )
    assert {"harbour person", "dues collector person", "collector person"} <= set(person)
    assert "strict person" not in person  # only the first statement says what she does
    outfit = described_keys("Quarrow Kites", "Kite shop on the front.", person=False, outfit=True)
    assert {"kites outfit", "kite outfit", "quarrow outfit"} <= set(outfit)
    assert "shop outfit" not in outfit  # a word for any outfit says no trade
    # a summary's verb says what it does there, not what it is
    assert "repairs person" not in described_keys(
        "Zawn Pelynt", "Repairs nets at the quay.", person=True, outfit=False
    )


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("the dues lady came round again about the mooring", JESSAMY[0]),
        ("that harbour dues woman wants the receipts", JESSAMY[0]),
        ("those gutter people never turned up", GUTTERS[0]),
        ("ring the kite place about my order", KITES[0]),
    ],
)
def test_someone_by_their_trade(engine: Engine, make_brain: Any, text: str, found: str) -> None:
    assert found in slugs(ask(engine, make_brain(JESSAMY, GUTTERS, KITES), text))


@pytest.mark.parametrize(
    "text",
    [
        "the shop people were rude to me",  # any shop
        "a dues lady from the county phoned",  # one the speaker does not know
        "the lady upstairs grumbled about the noise",  # no trade said
    ],
)
def test_no_trade_names_nobody(engine: Engine, make_brain: Any, text: str) -> None:
    assert slugs(ask(engine, make_brain(JESSAMY, GUTTERS, KITES), text)) == []


def test_a_trade_two_pages_share_names_neither(engine: Engine, make_brain: Any) -> None:
    found = slugs(ask(engine, make_brain(JESSAMY, OTHER_DUES), "the dues lady came round"))
    assert found == []


def test_adjectives_names_and_places_say_no_trade() -> None:
    outfit = described_keys("Best Harbour", "Hotel by the station.", person=False, outfit=True)
    assert "best outfit" not in outfit and "hotel outfit" in outfit
    cleaner = described_keys(
        "Zawn Pelynt", "Cleaner for Ana Brisley; Tuesdays.", person=True, outfit=False
    )
    assert cleaner == ["cleaner person"]  # whom she cleans for is no trade of hers
    verbs = described_keys(
        "Zawn Pelynt", "Makes the best pasties in town.", person=True, outfit=False
    )
    assert "best person" not in verbs and "good person" not in verbs
