"""Names as chat types them, and words that only look like names there.

A family name in the plural names the family: each person of the source who bears it ("the
quarrows are back", "quarrows want a quote"), where one of them alone would be a guess, but not
a shop or a venue by that name, nor a family too big for a seam's budget.

A possessive typed without its apostrophe still names its owner ("jessamy marrables van", "mrs
reeds pony"), capitalised as a phone does at a sentence's start too ("Tamsyns van"), "cannot" is
"can't", and "copy in siena" asks to include someone as "loop in" does. What stays silent: a
one-word name after "the" that has packed in (a machine), a word owned by the noun before it
("that bay's lantern"), a place's name after "my", the user's own relative after "my little
brother", a weekday with no verb after it, and a name whose "he" is a relative's named between
("porto won, my uncle's thrilled, he'd ..."). A name beside an ellipsis typed with no space is a
word of its own ("ok...orlagh says"), a capital after an ellipsis opens a sentence however it is
typed, and "w" is "with" before any run of spaces. Each case has a twin that still resolves, so
the tests fail on an engine that resolves everything as well as on one that resolves nothing.
"""

from __future__ import annotations

from typing import Any

import pytest
from bb_brain import Engine

from .test_reflex_grammar import ask, md, slugs

SUNNY = ("people/sunny-quennell", md("Sunny Quennell", type="person", aliases="[Sunny]"))
TAMSYN = ("people/tamsyn-grigg", md("Tamsyn Grigg", type="person", aliases="[Tamsyn]"))
JESSAMY = ("people/jessamy-marrable", md("Jessamy Marrable", type="person", summary="A client."))
REED = ("people/ottoline-reed", md("Ottoline Reed", type="person", summary="A client."))
SIENA = (
    "people/siena-vask",
    md("Siena Vask", type="person", aliases="[Siena]", summary="Runs the sponsored ride."),
)
BRANNOCK = (
    "people/ysolde-brannock",
    md("Ysolde Brannock", type="person", summary="Keeps the books at the surgery."),
)
LANTERN = (
    "products/lantern-heater",
    md("Lantern Heater", type="product", aliases="[Lantern]", summary="The workshop's heater."),
)
LARCHES = (
    "places/the-larches",
    md("The Larches", type="place", aliases="[Larches]", summary="A livery yard."),
)
ALDOUS = (
    "people/aldous-tolver",
    md("Aldous Tolver", type="person", aliases="[Aldous]", summary="Runs the feed merchant."),
)
WRENFOLD = (
    "places/wrenfold",
    md("Wrenfold", type="place", summary="The village the user grew up in."),
)
BELL = ("people/ottoline-bell", md("Ottoline Bell", type="person", summary="The user's GP."))
TUESDAY = ("horses/tuesday", md("Tuesday", type="horse", summary="A grey mare, shod all round."))
PORTO = ("people/marta-porto", md("Marta Porto", type="person", summary="Dancer; covers Martha."))
CADOC = ("people/cadoc-quarrow", md("Cadoc Quarrow", type="person", summary="Runs the stud."))
RINSEY = (
    "people/rinsey-quarrow",
    md("Rinsey Quarrow", type="person", summary="Runs the stud with her husband."),
)


@pytest.mark.parametrize(
    ("page", "text"),
    [
        (JESSAMY, "jessamy marrables van is outside again"),
        (TAMSYN, "tamsyns van is blocking the drive again"),
        # capitalised at the sentence's start, or mid-sentence
        (TAMSYN, "Tamsyns van is blocking the drive again"),
        (TAMSYN, "I borrowed Tamsyns ladder yesterday"),
        # "cannot" says what "can't" does
        (SUNNY, "sunny can't cover the 14th"),
        (SUNNY, "sunny cannot cover the 14th"),
        (REED, "did i ever send mrs reeds pony the invoice"),
        (SIENA, "ok and copy in siena so she sees it"),
        (BRANNOCK, "ask brannock about the invoice"),
        (LARCHES, "heading over to the larches after lunch"),
        (ALDOUS, "aldous says the feed is coming thursday"),
        (TUESDAY, "tuesday needs new hind shoes"),
        (LANTERN, "lantern keeps cutting out, might be the wick"),
        (LARCHES, "my larches clients are all paid up"),
        (WRENFOLD, "i miss my Wrenfold so much"),
        (ALDOUS, "aldous says the feed is coming thursday, my brother can unload it"),
        (PORTO, "porto can cover the shift, she knows the routine"),
        # a "she" the uncle between cannot be
        (PORTO, "porto won on sunday, my uncle's thrilled, she'd a bet on"),
        # "dr" and a family name that is a word
        (BELL, "can you ring dr bells surgery tomorrow"),
        # a place after "my", capitalised
        (LARCHES, "i miss my Larches already"),
        # a role after "the" is as often a thing
        (PORTO, "porto can take the lead tonight, she knows the routine"),
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
        (BRANNOCK, "the brannock's packed in again, sucked up a screw"),
        # the noun before owns the word: no verb takes it as its object
        (LANTERN, "that bay's lantern is hanging off, the owner never noticed"),
        # a place is nobody's by "my"
        (LARCHES, "pruning my larches, two of them died already"),
        # the user's own relative, however old
        (ALDOUS, "my little brother aldous is getting married in june"),
        # a weekday before no verb it agrees with
        (TUESDAY, "tuesday off at last!! feet up all day"),
        (TUESDAY, "tuesday tuesday tuesday"),
        (TUESDAY, "tuesday lunch with my nan"),
        (TUESDAY, "tuesday shifts are full"),
        # the manager is who the "he" may mean
        (PORTO, "porto won, the manager is thrilled, he says"),
        # the user's own relative, whatever words say which
        (ALDOUS, "my late husband aldous loved this song"),
        # the "he" after it is the brother's, named between
        (PORTO, "porto won on sunday, my uncle's thrilled, he'd a bet on"),
    ],
)
def test_a_word_that_only_looks_like_a_name(
    engine: Engine, make_brain: Any, page: tuple[str, str], text: str
) -> None:
    assert slugs(ask(engine, make_brain(page), text)) == []


@pytest.mark.parametrize(
    "text",
    [
        "quarrows want a quote for the barn roof",
        "quarrows have sold the stud",
        "the quarrows are back from lisbon",
        "The Quarrows are coming on Sunday",
        "saw the Quarrows Tuesday",
        "The Quarrows I told you about are coming",
    ],
)
def test_a_family_name_in_the_plural_names_each_of_them(
    engine: Engine, make_brain: Any, text: str
) -> None:
    found = slugs(ask(engine, make_brain(CADOC, RINSEY), text))
    assert sorted(found) == [CADOC[0], RINSEY[0]]


@pytest.mark.parametrize(
    "text",
    [
        "quarrow rang about the stud",
        "quarrows cob is lame",
        # a shop or a venue by the family's name
        "the quarrows queue was out the door",
        "drinks at the Quarrows Arms tonight",
    ],
)
def test_one_of_a_family_alone_is_still_no_guess(
    engine: Engine, make_brain: Any, text: str
) -> None:
    assert slugs(ask(engine, make_brain(CADOC, RINSEY), text)) == []


def test_a_family_too_big_for_a_budget_is_no_guess_either(engine: Engine, make_brain: Any) -> None:
    more = [
        (f"people/{given}-quarrow", md(f"{given.title()} Quarrow", type="person"))
        for given in ("bracka", "veor")
    ]
    found = slugs(ask(engine, make_brain(CADOC, RINSEY, *more), "the quarrows are back"))
    assert found == []


def test_an_es_plural_names_the_family(engine: Engine, make_brain: Any) -> None:
    ann = ("people/ann-fitch", md("Ann Fitch", type="person", summary="A client."))
    bob = ("people/bob-fitch", md("Bob Fitch", type="person", summary="A client."))
    found = slugs(ask(engine, make_brain(ann, bob), "The Fitches are coming for dinner"))
    assert sorted(found) == [ann[0], bob[0]]


def test_a_family_name_one_person_bears_before_are_is_a_firms(
    engine: Engine, make_brain: Any
) -> None:
    assert slugs(ask(engine, make_brain(CADOC), "quarrows are out of feed again")) == []
    assert slugs(ask(engine, make_brain(CADOC), "quarrows asked for a quote")) == [CADOC[0]]


def test_a_budget_takes_a_family_whole_or_not_at_all(engine: Engine, make_brain: Any) -> None:
    third = ("people/bracka-quarrow", md("Bracka Quarrow", type="person"))
    found = slugs(
        ask(engine, make_brain(CADOC, RINSEY, third, ALDOUS), "aldous says the quarrows are back")
    )
    family = {CADOC[0], RINSEY[0], third[0]}
    assert family <= set(found) or not family & set(found), found


def test_a_plural_spelt_with_es_after_an_s_names_the_family(
    engine: Engine, make_brain: Any
) -> None:
    one = ("people/bran-reese", md("Bran Reese", type="person", summary="A client."))
    two = ("people/tegan-reese", md("Tegan Reese", type="person", summary="A client."))
    found = slugs(ask(engine, make_brain(one, two), "The Reeses are coming for dinner"))
    assert sorted(found) == [one[0], two[0]]


ORLAGH = ("people/orlagh-penwarden", md("Orlagh Penwarden", type="person", aliases="[Orlagh]"))


@pytest.mark.parametrize(
    "text",
    [
        "spoke to orlagh... she's fine with tuesday",
        "spoke to orlagh...she's fine with tuesday",  # no space after the ellipsis
        "ok...orlagh says tuesday is fine",
        "spoke to orlagh… she's fine with tuesday",  # one character, as phones type it
    ],
)
def test_a_name_beside_an_ellipsis_is_a_word_of_its_own(
    engine: Engine, make_brain: Any, text: str
) -> None:
    assert slugs(ask(engine, make_brain(ORLAGH), text)) == ["people/orlagh-penwarden"]


GATE = (
    "companies/copper-gate-feeds",
    md("Copper Gate Feeds", type="company", aliases="[Copper Gate]"),
)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("booked the hay in w copper gate", True),
        ("booked the hay in w  copper gate", True),
        ("booked the hay near  copper gate", False),  # no "with": the everyday phrase
    ],
)
def test_w_for_with_before_a_name_whatever_the_spaces(
    engine: Engine, make_brain: Any, text: str, named: bool
) -> None:
    found = slugs(ask(engine, make_brain(GATE), text))
    assert found == (["companies/copper-gate-feeds"] if named else [])


HOPE = ("people/hope-quarrender", md("Hope Quarrender", type="person", aliases="[Hope]"))


@pytest.mark.parametrize(
    ("text", "named"),
    [
        # a capital after an ellipsis, typed either way, opens a sentence as after a stop
        ("back by six… Hope the trains behave", False),
        ("back by six... Hope the trains behave", False),
        ("back by six, Hope said the trains behave", True),
    ],
)
def test_an_ellipsis_opens_a_sentence_however_it_is_typed(
    engine: Engine, make_brain: Any, text: str, named: bool
) -> None:
    found = slugs(ask(engine, make_brain(HOPE), text))
    assert (found == ["people/hope-quarrender"]) is named


JACOBS = ("people/nell-jacobs", md("Nell Jacobs", type="person", summary="The practice's GP."))
JACOB = ("people/jacob-pirie", md("Jacob Pirie", type="person", aliases="[Jacob]"))


@pytest.mark.parametrize(
    "text", ["dr jacobs surgery is shut today", "Dr Jacobs surgery is shut today"]
)
def test_after_a_title_a_possessive_typed_fast_is_a_family_names(
    engine: Engine, make_brain: Any, text: str
) -> None:
    """After a title only a family name is read: "Dr Jacobs surgery" is no Jacob's."""
    assert slugs(ask(engine, make_brain(JACOBS, JACOB), text)) == [JACOBS[0]]
