"""A name placed where its page does not place it is someone else of that name.

"wayne from the garage" is not the Wayne whose page is a groom's: a common name is borne by
many, people are placed by where they work or belong, and the page of the one the user knows
would say so. "from" places them, "at" only before a body of people; a rare name, a page
that says nothing, where anyone may be from ("from work"), a capitalised name and a list the
"from" phrase ends ("... and wayne from the sheet") say nothing against the page. A pet's
name, like a person's, modifies no noun ("a total quibbo moment"); an adjective after a name
with its "is" left out is said of it ("tobs free on the 9th?"); a name after "a" is any of
many ("a puffling colony"), unless a firm's name says what its thing is ("a quorvik table").
"""

from __future__ import annotations

from typing import Any

import pytest
from bb_brain import Engine

from .test_reflex_grammar import ask, md, slugs

WAYNE = (
    "people/wayne-carrow",
    md("Wayne Carrow", type="person", aliases="[Wayne]", summary="Groom at the June wedding."),
)
SHARON = (
    "people/sharon-pelynt",
    md(
        "Sharon Pelynt",
        type="person",
        aliases="[Sharon]",
        summary="Florist in Truro who does the couple's flowers.",
    ),
)

TAMSK = (
    "people/tamsk-arvo",
    md("Tamsk Arvo", type="person", aliases="[Tamsk]", summary="Drives for the courier."),
)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("wayne from the garage says the clutch is going", False),
        ("sharon from the bike place wants her pump back", False),
        ("sharon from the flower shop rang about the buttonholes", True),  # her page says so
        ("wayne from work said hi", True),  # anyone may be from work
        ("sharon at the wedding was lovely", True),  # where she was, not where she belongs
        ("pull the numbers for sharon and wayne from the sheet", True),  # the verb's "from"
        ("is tamsk from the depot still due", True),  # a rare name: the one the user knows
    ],
)
def test_a_name_placed_elsewhere(engine: Engine, make_brain: Any, text: str, named: bool) -> None:
    found = slugs(ask(engine, make_brain(WAYNE, SHARON, TAMSK), text))
    wanted = WAYNE[0] if "wayne" in text else TAMSK[0] if "tamsk" in text else SHARON[0]
    assert (wanted in found) == named


QUIBBO = (
    "pets/quibbo",
    md("Quibbo", type="pet", aliases="[Quibbo]", summary="The studio's spaniel."),
)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("that was a total quibbo moment, pure chaos", False),  # a pet's name modifies nothing
        ("quibbo's lead snapped on the walk", True),  # what the pet owns
    ],
)
def test_a_pets_name_before_a_noun(engine: Engine, make_brain: Any, text: str, named: bool) -> None:
    assert slugs(ask(engine, make_brain(QUIBBO), text)) == ([QUIBBO[0]] if named else [])


TOBS = (
    "people/tobin-vey",
    md("Tobin Vey", type="person", aliases="[Tobs]", summary="Drone pilot."),
)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("tobs free on the 9th?", True),  # "is" left out: an adjective said of him
        ("tobs free kick was class", False),  # a compound's modifier
    ],
)
def test_an_adjective_after_a_name_with_its_copula_left_out(
    engine: Engine, make_brain: Any, text: str, named: bool
) -> None:
    assert slugs(ask(engine, make_brain(TOBS), text)) == ([TOBS[0]] if named else [])


PUFFIN = ("boats/puffling", md("Puffling", type="boat", summary="The user's fishing boat."))
QUORVIK = ("companies/quorvik", md("Quorvik", type="company", summary="Flat-pack furniture shop."))


@pytest.mark.parametrize(
    ("page", "text", "named"),
    [
        (PUFFIN, "saw a puffling colony by the slipway at dawn", False),  # any of them
        (PUFFIN, "spotted an actual puffling on the rocks lol", False),
        (PUFFIN, "puffling needs her hull scraped before june", True),
        (QUORVIK, "got a quorvik table for the studio", True),  # one of the firm's tables
    ],
)
def test_a_name_after_a_is_one_of_many(
    engine: Engine, make_brain: Any, page: tuple[str, str], text: str, named: bool
) -> None:
    assert slugs(ask(engine, make_brain(page), text)) == ([page[0]] if named else [])


def test_from_after_a_verb_is_the_verb_s(engine: Engine, make_brain: Any) -> None:
    found = slugs(ask(engine, make_brain(WAYNE), "texted wayne from the airport, all landed"))
    assert WAYNE[0] in found
