"""A person by what their summary says they do, when the turn says they did something.

"Plumber the user rings when pipes burst." is "the plumber" to the user, and "Loss adjuster
handling the claim" "the loss adjuster": the summary's opening noun phrase, adjectives and
nouns up to anything else. Anyone's plumber or dentist is said the same way ("going to the
dentist on friday", "need a plumber"), so the role names the page only with a person's deed
or news beside it ("the plumber rang", "the understudy's off sick tonight"). A word said of anyone
("Friend from school") or a family word is no role.
"""

from __future__ import annotations

from typing import Any

import pytest
from bb_brain import Engine
from bb_brain._relations import role_keys

from .test_reflex_grammar import ask, md, slugs

PLUMBER = (
    "people/orrin-quade",
    md("Orrin Quade", type="person", summary="Plumber the user rings when pipes burst."),
)
UNDERSTUDY = (
    "people/talfryn-esk",
    md("Talfryn Esk", type="person", summary="Understudy for the lead in the spring play."),
)
DENTIST = (
    "people/ottoline-rook",
    md("Ottoline Rook", type="person", summary="Equine dentist who shares yard visits."),
)


@pytest.mark.parametrize(
    ("summary", "keys"),
    [
        ("Plumber the user rings when pipes burst.", ["the plumber"]),
        ("Loss adjuster handling the subsidence claim.", ["the adjuster", "the loss adjuster"]),
        ("RSPCA inspector due to call in spring.", ["the inspector", "the rspca inspector"]),
        ("Equine dentist who shares yard visits.", ["the dentist", "the equine dentist"]),
        ("Friend from school.", []),
        ("Former treasurer of the allotment society.", []),  # not the treasurer now
        ("Assistant manager at the garden centre.", []),
        ("Prospective tenant for the flat.", []),
        ("Previous owner of the van.", []),
        ("Owner of the cafe on the corner.", []),  # whose owner: said with "of"
        ("Year 4 teacher, maths lead.", []),
        ("The user's accountant.", []),  # whose it is first: no role said
        ("", []),
    ],
)
def test_a_summary_opens_with_what_its_person_does(summary: str, keys: list[str]) -> None:
    assert role_keys(summary) == keys


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("the plumber rang, he's stuck in traffic", PLUMBER[0]),
        ("the understudy's off sick tonight, can you find the script", UNDERSTUDY[0]),
        ("the dentist wants to rasp the cob on the same visit", DENTIST[0]),
    ],
)
def test_a_role_with_a_persons_deed_is_the_pages_person(
    engine: Engine, make_brain: Any, text: str, found: str
) -> None:
    brain = make_brain(PLUMBER, UNDERSTUDY, DENTIST)
    assert slugs(ask(engine, brain, text)) == [found]


@pytest.mark.parametrize(
    "text",
    [
        "going to the dentist on friday, dreading it",
        "need to find a plumber for the flat",
        "my brother's the plumber in the family",
    ],
)
def test_a_role_said_of_anyone_is_no_one(engine: Engine, make_brain: Any, text: str) -> None:
    brain = make_brain(PLUMBER, UNDERSTUDY, DENTIST)
    assert slugs(ask(engine, brain, text)) == []
