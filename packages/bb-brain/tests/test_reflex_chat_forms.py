"""Names as chat types them, and words that only look like names there.

A family name in the plural names the family: each person of the source who bears it
("the quarrows are back", "quarrows want me out"), where one of them alone would be a guess.

A possessive typed without its apostrophe still names its owner ("tamsin okoros van", "mrs
firths horse"), and "copy in kadri" asks to include someone as "loop in" does. What stays
silent: a one-word name after "the" that has packed in (a machine), a word owned by the
noun before it ("that grey's blaze"), a place's name after "my", the user's own relative
after "my little brother", a weekday with no verb after it, and a name whose "he" is a
relative's named between ("porto won, my brother's over the moon, he's ..."). Each case has
a twin that still resolves, so the tests fail on an engine that resolves everything as well
as on one that resolves nothing.
"""

from __future__ import annotations

from typing import Any

import pytest
from bb_brain import Engine

from .test_reflex_grammar import ask, md, slugs

TAMSIN = ("people/tamsin-okoro", md("Tamsin Okoro", type="person", summary="A client."))
FIRTH = ("people/pauline-firth", md("Pauline Firth", type="person", summary="A client."))
KADRI = (
    "people/kadri-tamsk",
    md("Kadri Tamsk", type="person", aliases="[Kadri]", summary="Runs the charity ride."),
)
BRANNOCK = (
    "people/ysolde-brannock",
    md("Ysolde Brannock", type="person", summary="Practice manager at the vets."),
)
BLAZE = (
    "products/blaze-gas-forge",
    md("Blaze Gas Forge", type="product", aliases="[Blaze]", summary="The user's gas forge."),
)
LAURELS = (
    "places/the-laurels",
    md("The Laurels", type="place", aliases="[Laurels]", summary="A livery yard."),
)
CRAIG = (
    "people/craig-tolver",
    md("Craig Tolver", type="person", aliases="[Craig]", summary="Runs the feed merchant."),
)
SUNDAY = ("horses/sunday", md("Sunday", type="horse", summary="A grey mare, shod all round."))
PORTO = ("people/marta-porto", md("Marta Porto", type="person", summary="Dancer; covers Martha."))
DUARTE = ("people/duarte-quarrow", md("Duarte Quarrow", type="person", summary="Runs the stud."))
LEONOR = (
    "people/leonor-quarrow",
    md("Leonor Quarrow", type="person", summary="Runs the stud with her husband."),
)


@pytest.mark.parametrize(
    ("page", "text"),
    [
        (TAMSIN, "tamsin okoros van is outside again"),
        (FIRTH, "what was that stuff i recommended for mrs firths horse"),
        (KADRI, "yeah. and copy in kadri so she knows"),
        (BRANNOCK, "ask brannock about the invoice"),
        (LAURELS, "heading over to the laurels after lunch"),
        (CRAIG, "craig says the feed is coming thursday"),
        (SUNDAY, "sunday needs her fronts reset"),
        (PORTO, "porto can cover the shift, she knows the routine"),
    ],
)
def test_a_name_as_chat_types_it(
    engine: Engine, make_brain: Any, page: tuple[str, str], text: str
) -> None:
    assert slugs(ask(engine, make_brain(page), text)) == [page[0]]


@pytest.mark.parametrize(
    ("page", "text"),
    [
        # a one-word name after "the" that has packed in is a machine
        (BRANNOCK, "the brannock's packed in, hoovered up a nail i think"),
        # the noun before owns the word: no verb takes it as its object
        (BLAZE, "that grey's blaze is actually a snip, owner got it wrong"),
        # a place is nobody's by "my"
        (LAURELS, "cant rest on my laurels, two clients gone already"),
        # the user's own relative, however old
        (CRAIG, "my little brother craig is getting married in may"),
        # a weekday before no verb
        (SUNDAY, "sunday off for once!! not touching a hoof"),
        (SUNDAY, "sunday sunday sunday"),
        # the "he" after it is the brother's, named between
        (PORTO, "porto won last night, my brother's over the moon, he's obsessed"),
    ],
)
def test_a_word_that_only_looks_like_a_name(
    engine: Engine, make_brain: Any, page: tuple[str, str], text: str
) -> None:
    assert slugs(ask(engine, make_brain(page), text)) == []


@pytest.mark.parametrize(
    "text",
    [
        "quarrows want me out to the stud next week",
        "the quarrows are back from lisbon",
        "The Quarrows are coming on Sunday",
    ],
)
def test_a_family_name_in_the_plural_names_each_of_them(
    engine: Engine, make_brain: Any, text: str
) -> None:
    found = slugs(ask(engine, make_brain(DUARTE, LEONOR), text))
    assert sorted(found) == [DUARTE[0], LEONOR[0]]


@pytest.mark.parametrize("text", ["quarrow rang about the stud", "quarrows cob is lame"])
def test_one_of_a_family_alone_is_still_no_guess(
    engine: Engine, make_brain: Any, text: str
) -> None:
    assert slugs(ask(engine, make_brain(DUARTE, LEONOR), text)) == []
