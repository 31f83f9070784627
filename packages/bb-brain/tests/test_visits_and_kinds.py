"""A name come round to do a job, a lowercase name's contraction, an animal by its kind.

A word that is also a person's name reads as the name when it comes, pops or drops in to do
something ("wren's coming to fix the boiler") or is had round to ("get wren round to look at
the gutter"); a season comes to no verb ("summer's coming to an end") and a stuff is got in
for no job of its own ("get bread in for the weekend"). A full name typed in lowercase keeps
its "'ll" or "'d" ("bill tarrow'll want to see it"), as a capitalised one does. An animal
whose page says what it is ("Odile Brannock's golden retriever") is "the retriever" to the
user; a retriever with an article of another kind ("a retriever ran off") is any dog, and
two of one kind name neither. A firm's short name before a moor, a dale or the like names
the land ("walking up quarnby moor"), as before a street it names the street; before "fell"
or "bay", which are a verb and a window as often, only capitalised ("Quarnby Fell").
"""

from __future__ import annotations

from typing import Any

import pytest
from bb_brain import Engine

from .test_reflex_grammar import ask, md, slugs

WREN = ("people/wren-hollowell", md("Wren Hollowell", type="person", summary="Our plumber."))
BILL = ("people/bill-tarrow", md("Bill Tarrow", type="person", summary="Fire safety officer."))
SUMMER = ("people/summer-okafor", md("Summer Okafor", type="person", summary="The cleaner."))
BASIL = ("people/basil-quaintance", md("Basil Quaintance", type="person", summary="Handyman."))
RETRIEVER = (
    "pets/quibble",
    md("Quibble", type="pet", summary="Odile Brannock's golden retriever, boards with us."),
)
OTHER_RETRIEVER = (
    "pets/quibbet",
    md("Quibbet", type="pet", summary="Ianthe Vore's flat-coated retriever."),
)
WHIPPET = ("pets/dumpling", md("Dumpling", type="pet", summary="Whippet owned by Ivo Carne."))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("wren's coming to fix the boiler at 11", WREN[0]),
        ("wren is popping in to look at the cistern", WREN[0]),
        ("get wren round to look at the gutter before it rains", WREN[0]),
        ("wren will be popping in to look at the cistern", WREN[0]),
        ("wren's dropping by to leave the keys", WREN[0]),
    ],
)
def test_a_word_that_comes_round_to_do_a_job_is_the_persons_name(
    engine: Engine, make_brain: Any, text: str, found: str
) -> None:
    brain = make_brain(WREN, SUMMER, BASIL)
    assert slugs(ask(engine, brain, text)) == [found]


@pytest.mark.parametrize(
    "text",
    [
        "summer's coming to an end, the nights are drawing in",
        "get basil in for the pasta tonight",
        "get basil in to make the pesto",
        "get basil in to check the seasoning",
        "the wren's coming to the feeder every morning",
        "wren's coming, whatever the weather",
    ],
)
def test_what_comes_or_is_got_in_for_no_job_is_the_word(
    engine: Engine, make_brain: Any, text: str
) -> None:
    brain = make_brain(WREN, SUMMER, BASIL)
    assert slugs(ask(engine, brain, text)) == []


@pytest.mark.parametrize(
    "text",
    ["ta, bill tarrow'll want to see the logbook", "bill tarrow'd know, he did the last audit"],
)
def test_a_lowercase_full_name_keeps_its_contraction(
    engine: Engine, make_brain: Any, text: str
) -> None:
    brain = make_brain(BILL)
    assert slugs(ask(engine, brain, text)) == [BILL[0]]


def test_a_word_of_the_dictionary_with_a_contraction_is_no_name(
    engine: Engine, make_brain: Any
) -> None:
    brain = make_brain(BILL)
    assert slugs(ask(engine, brain, "the bill'll be in the post, it always is")) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("the retriever's limping again, can you book the vet", [RETRIEVER[0]]),
        ("a retriever ran off with my sandwich in the park", []),
    ],
)
def test_an_animal_is_the_kind_its_page_says_it_is(
    engine: Engine, make_brain: Any, text: str, found: list[str]
) -> None:
    brain = make_brain(RETRIEVER, WHIPPET, WREN)
    assert slugs(ask(engine, brain, text)) == found


@pytest.mark.parametrize(
    ("summary", "text"),
    [
        ("Odile's German shepherd.", "the shepherd brought the flock down off the hill"),
        (
            "Chocolate lab owned by Odile Brannock.",
            "the lab closed early so no results till monday",
        ),
        ("Odile's guinea pig.", "the pig farm down the lane stinks today"),
        ("Odile's pet, a rescue.", "the pet shop's shut on mondays"),
    ],
)
def test_a_word_of_a_breeds_name_or_no_kind_names_no_animal(
    engine: Engine, make_brain: Any, summary: str, text: str
) -> None:
    brain = make_brain(("pets/quibble", md("Quibble", type="pet", summary=summary)))
    assert slugs(ask(engine, brain, text)) == []


@pytest.mark.parametrize(
    ("summary", "text", "found"),
    [
        # a breed no dictionary has is the animal's kind, listed or not
        ("Havanese owned by Morwen Tregaskis.", "the havanese threw up in the car", True),
        ("Sprocker belonging to Idris Vellacott.", "the sprocker needs a bath", True),
        # a word of the dictionary that is no animal's kind names none, nor a letter, an
        # age or a keeper's name where a breed would be
        ("Companion to Idris Vellacott.", "the companion set is on the shelf", False),
        ("Odile's collie x", "the x needs a bath on friday", False),
        ("Morwen's 2yo", "the yo needs a bath on friday", False),
        ("Sarah Tregaskis", "the tregaskis needs a bath on friday", False),
        ("Odile's 6mths", "the mths needs a bath on friday", False),
        # a capitalised breed after its keeper is still a breed
        ("Odile's Havanese", "the havanese threw up in the car", True),
    ],
)
def test_a_breed_no_dictionary_has_is_a_kind(
    engine: Engine, make_brain: Any, summary: str, text: str, found: bool
) -> None:
    brain = make_brain(("pets/quibble", md("Quibble", type="pet", summary=summary)))
    assert slugs(ask(engine, brain, text)) == (["pets/quibble"] if found else [])


def test_two_animals_of_one_kind_share_it_and_name_neither(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(RETRIEVER, OTHER_RETRIEVER)
    assert slugs(ask(engine, brain, "the retriever's limping again")) == []


GLAZIERS = (
    "companies/quarnby-glass",
    md("Quarnby Glass", type="company", summary="Glazier that fits double glazing."),
)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("walking up quarnby moor on sunday if the weather's kind", []),
        ("we did Quarnby Fell on sunday", []),
        ("have quarnby booked in for the cracked pane?", [GLAZIERS[0]]),
        # a word of land that is a verb or a noun of the house as often, in lowercase
        ("quarnby fell behind on the conservatory job again", [GLAZIERS[0]]),
        ("the quarnby bay window quote came in at two grand", [GLAZIERS[0]]),
        ("quarnby's bay window fitting went well", [GLAZIERS[0]]),
    ],
)
def test_a_firms_short_name_before_a_moor_names_the_land(
    engine: Engine, make_brain: Any, text: str, found: list[str]
) -> None:
    brain = make_brain(GLAZIERS)
    assert slugs(ask(engine, brain, text)) == found
