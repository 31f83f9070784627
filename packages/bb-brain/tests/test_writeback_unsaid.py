"""Write-back of what a conversation leaves unsaid: whose deed it is, who a lowercase name is.

A deed stays the doer's, the plan at hand tied to them or not. A full name typed in
lowercase is a new person even when its given name is one no table lists, or one borne by
either sex; a make and model is not. An event told in a clause of its own is kept, and so
is a statement after a hedged clause's comma, or before a later clause a "maybe" hedges. A
"she" after a clause about an animal is the animal's, and a phrase that opens on a
preposition stays with its clause.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from bb_brain.writeback import Entity, EntityIndex, RulesExtractor, Segment
from bb_brain.writeback._entities import _page_surfaces
from bb_brain.writeback._people import new_people
from bb_schema import PublicTurn

LOFT = Entity("projects/quillby-loft", "Quillby Loft Conversion", "project")
BRIDE = Entity("people/isla-marchbank", "Isla Marchbank", "person")
OSSIAN = Entity(
    "people/ossian-pell", "Ossian Pell", "person", about="Runs the Quillby Loft Conversion."
)


def facts(
    *texts: str, pages: list[Entity], aliases: Mapping[Entity, list[str]] | None = None
) -> list[tuple[str, str | None]]:
    """The facts the rules extractor keeps from user turns, each with its entity's slug."""
    surfaces = [
        surface
        for page in pages
        for surface in _page_surfaces(page, {"aliases": (aliases or {}).get(page, [])})
    ]
    turns = [
        PublicTurn(turn_id=number, role="user", text=text)
        for number, text in enumerate(texts, start=1)
    ]
    found = RulesExtractor(EntityIndex(pages, surfaces)).extract(Segment(0, tuple(turns)))
    return [(fact.fact, fact.entity_slug) for fact in found]


@pytest.mark.parametrize(
    "deed",
    ["ossian's laying the floor himself this weekend", "ossian's laying the floor by friday"],
)
def test_a_deed_stays_the_doer_s(deed: str) -> None:
    said = facts("the quillby loft conversion is on track.", deed, pages=[LOFT, OSSIAN])
    assert said[-1] == (deed, OSSIAN.slug)


@pytest.mark.parametrize(
    ("said", "names"),
    [
        # a given name no table lists, and one borne by either sex
        ("tegwyn arrowsmith said she'd judge the cakes", ["Tegwyn Arrowsmith"]),
        ("sorry, rory quenell is taking the penalties", ["Rory Quenell"]),
        # a list the cue is said of after its last name
        ("ebun dunleavy and tarni obuya both offered", ["Ebun Dunleavy", "Tarni Obuya"]),
        # a possessive is no part of the family name
        ("her nephew tobin quellmore's party is on saturday", ["Tobin Quellmore"]),
        # a make and model, and what "it's" names, are things
        ("the zetor proxima is stalling again", []),
        ("husqvarna automower is broken again", []),
        ("kubota rtv's battery is flat", []),
        # "that" and "it's" before a name the clause goes on about
        ("she said that fatima okonjo is doing the tour", ["Fatima Okonjo"]),
        ("it's fatima okonjo who is doing the tour", ["Fatima Okonjo"]),
        # a pair that is no name leaves the one it overlaps
        ("thanks mia fatima okonjo is doing the tour", ["Fatima Okonjo"]),
        ("physio reckons its legg perthes, he's off for a month", []),
    ],
)
def test_full_names_typed_in_lowercase(said: str, names: list[str]) -> None:
    assert [person.name for person in new_people(said, set())] == names


def test_an_event_told_alone_is_kept_and_a_reply_is_not() -> None:
    assert facts("the van broke down on the bypass coming home from a job", pages=[]) == [
        ("the van broke down on the bypass coming home from a job", None)
    ]
    # a thanks, a request and what would have happened tell no event
    assert facts("that really helped, thanks a lot mate", pages=[]) == []
    assert facts("could you put that somewhere safe for now", pages=[]) == []
    assert facts("if it rained we would have stayed in the pub", pages=[]) == []


def test_a_statement_after_a_hedged_clause_s_comma_is_kept() -> None:
    said = facts("might sell the boat next year, the engine's on 9,000 hours", pages=[])
    assert [fact for fact, _ in said] == ["the engine's on 9,000 hours"]
    # what goes on with the doubt is no statement
    assert facts("might be tuesday, or maybe wednesday", pages=[]) == []
    assert facts("might be tuesday, depends on the tide", pages=[]) == []
    assert facts("might sell the car, it would fetch about five grand", pages=[]) == []


def test_a_short_verdict_on_someone_is_kept_and_one_on_nothing_is_not() -> None:
    said = facts("isla's leaving the practice in june. she's brilliant", pages=[BRIDE])
    assert ("she's brilliant", BRIDE.slug) in said
    assert facts("isla's leaving the practice in june. it's fine", pages=[BRIDE])[1:] == []


def test_a_thing_called_the_noun_said_without_its_article() -> None:
    van = Entity("products/old-sprinter", "Old Sprinter", "product")
    pages = [van]
    surfaces = [("the van", van.slug, True)]
    turns = (PublicTurn(turn_id=1, role="user", text="van failed its mot this morning"),)
    found = RulesExtractor(EntityIndex(pages, surfaces)).extract(Segment(0, turns))
    assert [fact.entity_slug for fact in found] == [van.slug]
    # a van that is no subject is any van
    turns = (PublicTurn(turn_id=1, role="user", text="hired a van from the depot for 60 quid"),)
    found = RulesExtractor(EntityIndex(pages, surfaces)).extract(Segment(0, turns))
    assert [fact.entity_slug for fact in found] != [van.slug]


DORMOUSE = Entity("pets/dormouse", "Dormouse", "pet", about="The shop's tabby cat.")
YSOLDE = Entity("people/ysolde-tarrant", "Ysolde Tarrant", "person")


def test_a_she_after_an_animal_the_clause_before_was_about() -> None:
    said = facts(
        "ysolde did the till again today.",
        "dormouse needs the vet, she's not touched her dinner since monday",
        pages=[DORMOUSE, YSOLDE],
    )
    assert ("she's not touched her dinner since monday", DORMOUSE.slug) in said


def test_a_she_after_an_animal_only_named_before_is_the_person() -> None:
    said = facts(
        "took dormouse to the vet with ysolde.",
        "she's training for the half marathon in june",
        pages=[DORMOUSE, YSOLDE],
    )
    assert said[-1] == ("she's training for the half marathon in june", YSOLDE.slug)


def test_what_a_later_maybe_doubts_leaves_the_statement_before_it() -> None:
    said = facts(
        "ysolde says the card reader only fails on contactless so maybe it's the bank not us",
        pages=[YSOLDE],
    )
    assert [fact for fact, _ in said] == ["ysolde says the card reader only fails on contactless"]


def test_a_phrase_opening_on_a_preposition_stays_with_its_clause() -> None:
    said = facts(
        "ysolde is putting the rent up 10%, from £700 to £770 a month, says costs went up",
        pages=[YSOLDE],
    )
    assert any("10%" in fact and "£770" in fact for fact, _ in said)


def test_a_statement_said_in_disbelief_is_still_a_statement() -> None:
    said = facts(
        "and ysolde has never heard of the quay?? she's lived here ten years", pages=[YSOLDE]
    )
    assert any("never heard of the quay" in fact for fact, _ in said)
    asked = facts("has ysolde ever heard of the quay??", pages=[YSOLDE])
    assert asked == []  # a question, however surprised


@pytest.mark.parametrize(
    "text",
    [
        "isn't ysolde allergic to nuts??",  # a negated auxiliary asks
        "and has ysolde ever heard of the quay??",  # after "and"
        "ysolde did what??",  # a question word
        "ysolde has a nut allergy, doesn't she??",  # a tag question
    ],
)
def test_a_question_said_in_disbelief_is_still_a_question(text: str) -> None:
    assert facts(text, pages=[YSOLDE]) == []


def test_another_value_a_maybe_offers_doubts_the_statement() -> None:
    said = facts("ysolde is allergic to nuts, or maybe it's shellfish", pages=[YSOLDE])
    assert said == []


def test_a_she_after_a_clause_naming_a_person_is_the_person_s() -> None:
    said = facts(
        "dormouse scratched Ysolde Tarrant, she needed a plaster", pages=[DORMOUSE, YSOLDE]
    )
    assert ("she needed a plaster", YSOLDE.slug) in said
