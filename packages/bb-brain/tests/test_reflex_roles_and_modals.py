"""Who holds a role, said outright, and a word that only a verb can be after a modal.

"Our CTO there is lance", "the organiser is lance", "Lance the yard manager is in today": a role
and who holds it name the person, a "there" after a noun says where, not that something
exists. After a pronoun and its modal only a verb stands ("i cant lance another one"), even
when the word named someone earlier in the conversation. Each case has a twin: an adjective
after "is" says what someone is like, and a modal that opens a question has its subject after
it, so the tests fail on an engine that resolves everything as well as on one that resolves
nothing.
"""

from __future__ import annotations

from typing import Any

import pytest
from bb_brain import Engine

from .test_reflex_grammar import ask, ask_after, md, slugs

LANCE = (
    "people/lance-ferreday",
    md("Lance Ferreday", type="person", aliases="[Lance]", summary="Site manager."),
)
MERRYN = (
    "people/merryn-benn",
    md("Merryn Benn", type="person", summary="Works for Lance Ferreday at the yard."),
)
STERLING = (
    "people/sterling-obuya",
    md("Sterling Obuya", type="person", aliases="[Sterling]", summary="Piano tutor."),
)


@pytest.mark.parametrize(
    "text",
    [
        "our CTO there is lance, he's kind but slow",
        "our contact there is lance",
        "the organiser is lance this year",
        "my carer is lance on weekdays",
        "Lance the yard manager is in on monday",
        "lance the new yard manager is in on monday",
    ],
)
def test_who_holds_a_role_is_named(engine: Engine, make_brain: Any, text: str) -> None:
    assert slugs(ask(engine, make_brain(LANCE), text)) == [LANCE[0]]


@pytest.mark.parametrize(
    ("page", "text"),
    [
        # an adjective after "is" says what someone is like
        (STERLING, "my tutor is sterling, honestly"),
        # an existential "there" opens its clause: what follows is new, no one known
        (LANCE, "is there lance on the list of tools?"),
        (LANCE, "the problem is lance"),
        # a verb and its object after "is"
        (LANCE, "the point is lance them all before friday"),
        # a time's "pm" is no role
        (LANCE, "done by 4 pm lance permitting"),
        # a verb, then its object and what it is done to
        (LANCE, "pls lance the delivery driver's blister again"),
        (LANCE, "lance the tenant as moved in"),
    ],
)
def test_no_role_holder_named(
    engine: Engine, make_brain: Any, page: tuple[str, str], text: str
) -> None:
    assert slugs(ask(engine, make_brain(page), text)) == []


def after_merryn(engine: Engine, brain: str, text: str) -> list[str]:
    """The turn, after a turn whose memory block named Lance (Merryn works for him)."""
    block = (
        "## Memory\n- [Merryn Benn](brain://default/people/merryn-benn): Works for Lance Ferreday."
    )
    earlier = [("user", "merryn benn sent the rota over")]
    return slugs(ask_after(engine, brain, text, earlier, block))


@pytest.mark.parametrize(
    "text",
    [
        "i cant lance another blister today",
        "we'll lance it tomorrow",
        "i will not lance it myself",
    ],
)
def test_a_verb_after_a_pronouns_modal(engine: Engine, make_brain: Any, text: str) -> None:
    assert after_merryn(engine, make_brain(LANCE, MERRYN), text) == []


@pytest.mark.parametrize(
    "text",
    [
        # a modal that opens a question has its subject after it
        "can lance cover friday?",
        "i will ask lance tomorrow",
        "we can lance it later or lance can",
        # a comma left out: the word opens a clause of its own
        "sorry i cant lance is doing it",
    ],
)
def test_a_name_after_a_modal_that_asks(engine: Engine, make_brain: Any, text: str) -> None:
    assert after_merryn(engine, make_brain(LANCE, MERRYN), text) == [LANCE[0]]


@pytest.mark.parametrize("text", ["i cant lance blisters myself", "you should lance boils early"])
def test_a_verb_and_its_plural_object(engine: Engine, make_brain: Any, text: str) -> None:
    assert after_merryn(engine, make_brain(LANCE, MERRYN), text) == []


CORAL = (
    "people/coral-abiola",
    md("Coral Abiola", type="person", aliases="[Coral]", summary="Runs the depot."),
)


@pytest.mark.parametrize(
    "text",
    [
        "coral can hand it over at the awards night",
        "can you double check that with coral before we book",
        "check it with coral before friday",
    ],
)
def test_a_persons_deed_or_matter_names_them(engine: Engine, make_brain: Any, text: str) -> None:
    assert slugs(ask(engine, make_brain(CORAL), text)) == [CORAL[0]]


@pytest.mark.parametrize(
    "text",
    [
        "the coral can hand nothing over to the tide",
        "trim it with coral ribbon, not the pink one",
        "she cleared it with coral tact, as ever",
    ],
)
def test_a_tool_is_no_one_taken_up_with(engine: Engine, make_brain: Any, text: str) -> None:
    assert slugs(ask(engine, make_brain(CORAL), text)) == []
