"""An everyday word used as somebody's name, and the grammar that says so or says otherwise.

A negated auxiliary after a bare noun ("anchor haven't paid"), "has been" and a deed
("button's been limping"), a family name the speaker can't recall ("ottilie something"),
a call ("hope rang") and someone's home ("jordan's flat") all make the word a name.
Beside each, the ordinary use of the same word stays silent, so every test fails on an
engine that resolves everything as well as on one that resolves nothing. A name after
"some" or "another" is one nobody knows, and "its" before a name that ends its phrase is
"it's" typed without its apostrophe.
"""

from __future__ import annotations

from typing import Any

import pytest
from bb_brain import Engine

from .test_reflex_grammar import ask, md, slugs

ANCHOR = (
    "companies/anchor-fisheries",
    md("Anchor Fisheries", type="company", aliases="[Anchor]", summary="Buys the user's catch."),
)
BUTTON = (
    "pets/button",
    md("Button", type="pet", aliases="[Button]", summary="The user's terrier."),
)
OTTILIE = (
    "people/ottilie-brannagh",
    md("Ottilie Brannagh", type="person", aliases="[Ottilie, Tilly]", summary="Tenancy officer."),
)
LEANDER = (
    "people/leander-quist",
    md("Leander Quist", type="person", aliases="[Leander]", summary="Council warden."),
)
HOPE = (
    "people/hope-ferrant",
    md("Hope Ferrant", type="person", aliases="[Hope]", summary="Has plot 9."),
)
JORDAN = (
    "people/jordan-renwick",
    md("Jordan Renwick", type="person", aliases="[Jordan]", summary="Lives at number 4."),
)
ROSE = (
    "people/rose-halloran",
    md("Rose Halloran", type="person", aliases="[Rose]", summary="New tenant at number 7."),
)


@pytest.mark.parametrize(
    ("page", "text", "named"),
    [
        # a singular count noun has no bare subject: a negated "have" or "be" and a deed
        (ANCHOR, "anchor still havent paid for the last landing", True),
        (ANCHOR, "anchor haven't sent the docket either", True),
        (ANCHOR, "the anchor hasn't held all night", False),
        # "'s been" and a deed in progress: "has been", said of the pet
        (BUTTON, "button's been limping since the weekend", True),
        (BUTTON, "sew the button back on before you go", False),
        # a call made
        (HOPE, "also hope rang, somebody took her onions", True),
        (HOPE, "hope the rain holds off for the fete", False),
        # someone's home, and no place's prices
        (JORDAN, "jordan's flat got flooded again", True),
        (JORDAN, "jordan's house prices keep climbing", False),
    ],
)
def test_grammar_makes_an_everyday_word_a_name(
    engine: Engine, make_brain: Any, page: tuple[str, str], text: str, named: bool
) -> None:
    assert slugs(ask(engine, make_brain(page), text)) == ([page[0]] if named else [])


@pytest.mark.parametrize(
    ("page", "text", "named"),
    [
        # the speaker forgets the family name: a person's given name
        (OTTILIE, "can you find the officer's number, tilly something", True),
        (LEANDER, "yeah, the warden. leander whatshisname", True),
        (LEANDER, "leander whatshisname never called back", True),
        (ROSE, "the new tenant at number 7, rose something", True),
        # "something" with more of its clause after it is no name's end
        (ROSE, "the service charge rose something like five percent", False),
    ],
)
def test_a_given_name_whose_family_name_is_forgotten(
    engine: Engine, make_brain: Any, page: tuple[str, str], text: str, named: bool
) -> None:
    assert slugs(ask(engine, make_brain(page), text)) == ([page[0]] if named else [])


MERCEDES = (
    "people/mercedes-vallory",
    md("Mercedes Vallory", type="person", aliases="[Mercedes]", summary="Client; two pugs."),
)
ZELINDE = (
    "people/zelinde-marsh",
    md("Zelinde Marsh", type="person", aliases="[Zelinde]", summary="Client; a whippet."),
)
GRACE = ("people/grace-olufemi", md("Grace Olufemi", type="person", aliases="[Grace]"))


@pytest.mark.parametrize(
    ("page", "text", "named"),
    [
        # one of many, none the hearer knows
        (MERCEDES, "some mercedes blocked the gate again", False),
        (ZELINDE, "another zelinde rang for the salon, not ours", False),
        (MERCEDES, "ask mercedes about the drive", True),
        # "its" for "it's" before a name that ends its phrase
        (ZELINDE, "its zelinde, the whippet needs a bath before friday", True),
        (GRACE, "the scheme lost its grace period", False),
    ],
)
def test_what_stands_before_a_name(
    engine: Engine, make_brain: Any, page: tuple[str, str], text: str, named: bool
) -> None:
    assert slugs(ask(engine, make_brain(page), text)) == ([page[0]] if named else [])


FRIDAY = ("pets/friday", md("Friday", type="pet", aliases="[Friday]", summary="A schnauzer."))
APRIL = ("people/april-jowett", md("April Jowett", type="person", aliases="[April]"))
ENCANTO = ("boats/encanto", md("Encanto", type="boat", summary="The user's dinghy."))
QUILLON = ("projects/quillon", md("Quillon", type="project", summary="The payments migration."))
COCO = ("people/coco-herrera", md("Coco Herrera", type="person", aliases="[Coco]"))
GUINNESS = (
    "people/mick-guinness",
    md("Mick Guinness", type="person", aliases="[Mick]", summary="Runs the social club."),
)
OREO = ("pets/oreo", md("Oreo", type="pet", aliases="[Oreo]", summary="A cockapoo."))
HARRY = ("people/harry-voss", md("Harry Voss", type="person", aliases="[Harry]"))
DORI = ("people/halldor-vik", md("Halldór Vik", type="person", aliases="[Dóri]"))
JUNE = ("people/june-ashby", md("June Ashby", type="person", aliases="[June]"))
COMET = (
    "companies/comet-supplies",
    md("Comet Supplies", type="company", aliases="[Comet]", summary="Needle supplier."),
)


@pytest.mark.parametrize(
    ("page", "text", "named"),
    [
        # a day or a month comes and goes; one named after it does things on purpose
        (FRIDAY, "friday can't arrive fast enough", False),
        (FRIDAY, "friday barked all night at the foxes", True),
        (FRIDAY, "friday i'm doing two shoots back to back", False),
        (FRIDAY, "friday looks dry for once", False),
        (APRIL, "april booked the hall for the do", True),
        (JUNE, "june needs a lift on sunday", True),
        # what is watched is a film or a show, no boat; whom one watches does something, or
        # is minded, and a project is watched as it goes
        (ENCANTO, "watching encanto with the kids", False),
        (ENCANTO, "encanto needs antifouling before may", True),
        (COCO, "watching coco with the kids", True),
        (COCO, "watched Coco play netball on saturday", True),
        (COCO, "can you watch coco for an hour while i pop out", True),
        (COCO, "the watch Coco gave me has stopped", True),
        (QUILLON, "still watching quillon this week, error rate is up", True),
        # poured or packed by the measure: a drink or a snack
        (GUINNESS, "a pint of guinness after the match, lovely", False),
        (GUINNESS, "guinness rang about the quiz", True),
        (GUINNESS, "add a tin of guinness's fudge to the hamper", True),  # his fudge
        (OREO, "had a packet of oreo with my tea", False),
        (OREO, "oreo needs her nails done", True),
        # a month's mother is a person's; a month's weather is its own
        (APRIL, "april's mum wants a word about the seating plan", True),
        (APRIL, "april's weather was grim this year", False),
        # a person's complaint, after a modal
        (JUNE, "june will moan if the bins go out late", True),
        # a plural verb after one count noun: a firm's name
        (COMET, "comet are out of stock again", True),
        (COMET, "the comets were bright last night", False),
        (ANCHOR, "the chain and anchor were both rusted", False),
        (COMET, "down to 2 boxes of needles and comet are backordered", True),
        # "last" before a unit of time says when, and is no noun the name modifies
        (DORI, "we bought the hay off dori last spring", True),
        (DORI, "the dori boats are moored by the slip", False),
        # "'s" before where someone is: them, where they are
        (HARRY, "harry's at the door, can you let him in", True),
    ],
)
def test_what_the_words_around_a_name_say(
    engine: Engine, make_brain: Any, page: tuple[str, str], text: str, named: bool
) -> None:
    assert slugs(ask(engine, make_brain(page), text)) == ([page[0]] if named else [])
