"""Names as a keyboard and a hurry leave them, and words beside them that are no names.

A keyboard without the letters types "Phạm Đức" as "pham duc" and "Đỗ Thanh Tâm" as "do thanh
tam": those are the page's own forms, short ones too, though a page that writes the plain
letters keeps them ("Michal" is Michal Levi's, not Michał Zdun's). A verb made with a prefix
on the spot ("reposting", "misreading") is no name beside a name, as a word no dictionary has
would be ("jerrick euan" is someone else). A subject that opens the sentence may drop its
article: "saltworks has a curfew" and "diesel tank's nearly empty" are the user's "the
Saltworks" and "the diesel tank", but several words before a bare verb read as a headline of
any such thing ("diesel tank delivered next door"), and a possessive's noun is another thing
("diesel tank's gauge").

Write-back: whom the user rings or emails is a firm or someone, though the name is a word
("rang monsoon"), and a word after a colon is no verb's object ("hoodie update: harbour
quoted"). A full name typed in lowercase is a newcomer's after one who stands in for someone,
after "someone called" or a constable's title, or with "there" before its verb ("fergus lamont
there did our cover"); and "a guy called vasco tavares" is about him, as it is capitalised.
"""

from __future__ import annotations

from typing import Any

import pytest
from bb_brain import Engine
from bb_brain.writeback import Entity, EntityIndex, RulesExtractor, Segment
from bb_brain.writeback._entities import _page_surfaces
from bb_brain.writeback._people import new_people
from bb_schema import PublicTurn

from .test_reflex_grammar import ask, md, slugs

DUC = ("people/pham-minh-duc", md("Phạm Minh Đức", type="person", summary="Bakes for us."))
TAM = ("people/do-thanh-tam", md("Đỗ Thanh Tâm", type="person", summary="Does our invoices."))
ZDUN = ("people/michal-zdun", md("Michał Zdun", type="person", summary="A plasterer."))
LEVI = ("people/michal-levi", md("Michal Levi", type="person", summary="A roofer."))
EUAN = (
    "people/euan-rennie",
    md("Euan Rennie", type="person", aliases="[Euan]", summary="A client."),
)
SALTWORKS = (
    "places/saltworks-islandmagee",
    md("The Saltworks, Islandmagee", type="place", aliases="[the Saltworks]", summary="A venue."),
)
SHEETER = (
    "equipment/dough-sheeter",
    md("Dough Sheeter", type="equipment", aliases="[the sheeter]", summary="The bakery's sheeter."),
)
TANK = (
    "equipment/yard-fuel-tank",
    md("Yard Fuel Tank", type="equipment", aliases="[the diesel tank]", summary="In the yard."),
)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("pham duc can do them, he did the short ones", DUC[0]),  # family and given name
        ("duc can do them tomorrow", DUC[0]),  # a short given name, typed plain
        ("do thanh tam sent the invoice run yet?", TAM[0]),
        ("Phạm Đức can do them", DUC[0]),  # as the page writes it
        ("Michał sent the tax forms", ZDUN[0]),
    ],
)
def test_a_name_typed_without_its_letters_is_the_pages(
    engine: Engine, make_brain: Any, text: str, found: str
) -> None:
    brain = make_brain(DUC, TAM, ZDUN, LEVI)
    assert slugs(ask(engine, brain, text)) == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Michal sent the tax forms",  # Michal Levi writes it so
        "do it now please",  # the keyboard's "do" is the verb
        "Do you know when it opens",
    ],
)
def test_a_plain_spelling_another_page_writes_stays_its(
    engine: Engine, make_brain: Any, text: str
) -> None:
    brain = make_brain(DUC, TAM, ZDUN, LEVI)
    expected = [LEVI[0]] if "Michal" in text else []
    assert slugs(ask(engine, brain, text)) == expected


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("what about reposting euan's video from march?", [EUAN[0]]),
        ("misreading euan's texts again, sorry", [EUAN[0]]),
        ("posting euan's video tonight", [EUAN[0]]),  # a dictionary's verb, as before
        ("jerrick euan sent the video", []),  # a word no dictionary has: another Euan
    ],
)
def test_a_verb_made_with_a_prefix_is_no_name(
    engine: Engine, make_brain: Any, text: str, found: list[str]
) -> None:
    brain = make_brain(EUAN)
    assert slugs(ask(engine, brain, text)) == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("saltworks has a hard 11pm curfew anyway", [SALTWORKS[0]]),
        ("also sheeter's making a clicking noise", [SHEETER[0]]),
        ("diesel tank's nearly empty, gauge says 400 litres", [TANK[0]]),
        ("the diesel tank's nearly empty", [TANK[0]]),
        ("diesel tank delivered to the farm next door", []),  # a headline of any tank
        ("diesel tank's gauge is broken", []),  # the gauge of some tank
        ("they went to some saltworks has a curfew", []),  # mid-sentence, not its subject
    ],
)
def test_a_subject_that_drops_its_article(
    engine: Engine, make_brain: Any, text: str, found: list[str]
) -> None:
    brain = make_brain(SALTWORKS, SHEETER, TANK)
    assert slugs(ask(engine, brain, text)) == found


HARBOUR = Entity("companies/harbour-prints", "Harbour Prints", "company")
MONSOON = Entity("companies/monsoon-marquees", "Monsoon Marquees", "company")
ANCHOR = Entity("companies/anchor-rigging", "Anchor Rigging", "company")
ALIASES = {HARBOUR: ["Harbour"], MONSOON: ["Monsoon"], ANCHOR: ["Anchor"]}


def _filed_under(text: str, words: str) -> str | None:
    pages = list(ALIASES)
    surfaces = [
        surface for page in pages for surface in _page_surfaces(page, {"aliases": ALIASES[page]})
    ]
    turns = [PublicTurn(turn_id=1, role="user", text=text)]
    found = RulesExtractor(EntityIndex(pages, surfaces)).extract(Segment(0, (*turns,)))
    held = [(fact.fact, fact.entity_slug) for fact in found if words in fact.fact]
    assert held, f"no fact holds {words!r}: {[(fact.fact, fact.entity_slug) for fact in found]}"
    return held[0][1]


@pytest.mark.parametrize(
    ("text", "words", "slug"),
    [
        ("hoodie update: harbour quoted £18.50 each", "£18.50", HARBOUR.slug),
        ("so i rang monsoon, they can do a 6x12 marquee for £420", "£420", MONSOON.slug),
        ("i emailed harbour about the 120 hoodies", "120 hoodies", HARBOUR.slug),
        # the object of any other verb is the word: "drop anchor" is no firm's
        ("we had to drop anchor off the point for 2 hours", "2 hours", None),
        ("cancel harbour trip, the forecast is 40 knots", "40 knots", None),
    ],
)
def test_whom_the_user_rings_is_the_firm(text: str, words: str, slug: str | None) -> None:
    assert _filed_under(text, words) == slug


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("any sign offs go to her deputy stacey lumb", "Stacey Lumb"),
        ("her replacement is someone called ebere ugwu", "Ebere Ugwu"),
        ("police came, pc andrii shevchuk, crime ref to follow", "Andrii Shevchuk"),
        ("one quote is from rivermark, fergus lamont there did our cover", "Fergus Lamont"),
    ],
)
def test_a_newcomer_typed_in_lowercase_after_a_cue(text: str, name: str) -> None:
    assert [person.name for person in new_people(text, set())] == [name]


@pytest.mark.parametrize(
    "text",
    [
        "the inspector there said no",  # no name
        "there is someone there who can help",
        "the kubota rtv there is playing up",  # a machine's make and model
    ],
)
def test_no_newcomer_without_a_name(text: str) -> None:
    assert new_people(text, set()) == []


def test_a_lowercase_newcomer_introduced_in_apposition_is_the_phrases() -> None:
    sabbir = Entity("people/sabbir-mia", "Sabbir Mia", "person", pronoun="he")
    pages = [sabbir]
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]
    said = "sabbir's getting a fitter out next week, a guy called vasco tavares"
    turns = (PublicTurn(turn_id=1, role="user", text=said),)
    found = RulesExtractor(EntityIndex(pages, surfaces)).extract(Segment(0, turns))
    filed = {fact.fact: fact.entity_slug for fact in found}
    assert filed.get("a guy called vasco tavares") == "people/vasco-tavares", filed
    assert filed.get("sabbir's getting a fitter out next week") == sabbir.slug, filed
