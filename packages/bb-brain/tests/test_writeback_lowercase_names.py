"""Write-back of names typed in lowercase: a month who speaks, a family firm's own, a new firm.

A month's name that is someone's speaks with a word between ("june also says the slush
machine's leaking"): no month says anything, while a season still comes ("summer finally came"). A
given name before a family firm's name is one of that family ("gary quarnby is coming
tomorrow" beside Quarnby Roofing), not after a word of the dictionary ("will quarnby come")
or an article. A firm introduced by name in lowercase is a firm of its own ("found a firm
called bright vent ducting, they can come on the 12th"). A contraction typed without its
apostrophe after a given name is no family name ("tobin didnt eat his tea", "tobin wouldve"),
and a typographic apostrophe, as phones type it, reads as the plain one ("sarah we’ll").
"cannot", and "cant" typed without its apostrophe, say of a name that is a word what "can't"
does ("sunny cannot cover the 14th").
"""

from __future__ import annotations

import pytest
from bb_brain.writeback import Entity

from .test_writeback_animals import _filed
from .test_writeback_unsaid import facts

JUNE = Entity("people/june-mendel", "June Mendel", "person", pronoun="she")
ROOFERS = Entity("companies/quarnby-roofing", "Quarnby Roofing", "company")
WINDOWS = Entity("companies/sterling-windows", "Sterling Windows", "company")


@pytest.mark.parametrize(
    "text",
    ["june also says the slush machine's leaking again", "june also said the canopy's too greasy"],
)
def test_a_months_name_that_says_something_is_someones(text: str) -> None:
    said = facts(text, pages=[JUNE], aliases={JUNE: ["June"]})
    assert _filed(said, "machine" if "machine" in text else "canopy") == JUNE.slug


def test_a_season_that_comes_is_no_one() -> None:
    said = facts("summer finally came, the yard's bone dry", pages=[JUNE])
    assert _filed(said, "bone dry") is None


def test_a_given_name_before_a_family_firms_name_is_one_of_the_family() -> None:
    said = facts(
        "gary quarnby is coming tomorrow after lunch to measure up",
        pages=[ROOFERS],
        aliases={ROOFERS: ["Quarnby"]},
    )
    assert _filed(said, "after lunch") == "people/gary-quarnby"


@pytest.mark.parametrize(
    "text",
    ["will quarnby come before friday, the gutter's hanging off", "the quarnby van was here"],
)
def test_a_word_before_a_firms_name_is_no_given_name(text: str) -> None:
    said = facts(text, pages=[ROOFERS], aliases={ROOFERS: ["Quarnby"]})
    assert not any(slug and slug.startswith("people/") for _, slug in said)


def test_a_firm_introduced_in_lowercase_is_a_firm_of_its_own() -> None:
    said = facts(
        "asked sterling but they only clean gutters.",
        "bev found a firm called bright vent ducting, they can come on the 12th for £610",
        pages=[WINDOWS],
        aliases={WINDOWS: ["Sterling"]},
    )
    assert _filed(said, "£610") == "companies/bright-vent-ducting"


def test_a_word_of_the_dictionary_called_so_is_no_firm() -> None:
    said = facts(
        "asked sterling but they only clean gutters.",
        "bev found a company called local, they can come on the 12th for £610",
        pages=[WINDOWS],
        aliases={WINDOWS: ["Sterling"]},
    )
    assert "companies/local" not in {slug for _, slug in said}


@pytest.mark.parametrize(
    "text",
    [
        "a company called me about the boiler, they want £90 to service it",
        "some firm called twice this week, i ignored it",
        "an agency called us back and they can send someone monday",
    ],
)
def test_a_firm_that_called_is_no_firm_called_so(text: str) -> None:
    said = facts("asked sterling but they only clean gutters.", text, pages=[WINDOWS])
    assert all(slug in (None, WINDOWS.slug) for _, slug in said)


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("found a firm called quarnby and sons, they can come on the 12th", "quarnby-and-sons"),
        ("A firm called bright vent ducting, they can come on the 12th", "bright-vent-ducting"),
    ],
)
def test_a_firms_name_in_lowercase_may_be_a_family_firms(text: str, slug: str) -> None:
    said = facts("asked sterling but they only clean gutters.", text, pages=[WINDOWS])
    assert _filed(said, "12th") == f"companies/{slug}"


def test_a_firm_in_the_plural_after_a_given_name_is_the_firm() -> None:
    said = facts(
        "told dave quarnby are coming monday", pages=[ROOFERS], aliases={ROOFERS: ["Quarnby"]}
    )
    assert _filed(said, "monday") == ROOFERS.slug


@pytest.mark.parametrize(
    "text",
    [
        "his lad tobin isnt coming to training this week",
        "her boy tobin didnt eat his tea again",
        "her boy tobin wouldve loved the match",
        "her boy tobin mightnt make it friday",
        "her boy tobin shant be coming",
        "her lad tobin itll be his birthday friday",
    ],
)
def test_a_contraction_typed_without_its_apostrophe_is_no_family_name(text: str) -> None:
    said = facts(text, pages=[JUNE])
    assert not any(slug and slug.startswith("people/tobin-") for _, slug in said)


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        # a contraction after a given name is no family name, whichever apostrophe it has
        ("told sarah we’ll put it by the gate", None),
        # a pronoun's contraction after a name says a person is meant
        ("linh pellowe, she’s taking the choir on tuesdays.", "people/linh-pellowe"),
        ("we hired linh pellowe, she’s great", "people/linh-pellowe"),
        ("She’s Ana Quell, our new vet.", "people/ana-quell"),
        ("there’s pc corwin verdon at the door about the break-in", "people/corwin-verdon"),
    ],
)
def test_a_typographic_apostrophe_reads_as_the_plain_one(text: str, slug: str | None) -> None:
    said = facts(text, pages=[JUNE])
    assert {found for _, found in said} == {slug}
    assert facts(text.replace("’", "'"), pages=[JUNE]) == [
        (fact.replace("’", "'"), found) for fact, found in said
    ]


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("spoke to manon côté, she runs the choir now", "people/manon-cote"),
        # spelt plain, an everyday word: the marks say a name is meant
        ("spoke to lucía martín, she runs the choir now", "people/lucia-martin"),
        ("spoke to petra groß, she runs the choir now", "people/petra-gross"),
        # a word English writes with its marks is no family name
        ("tell kate rosé is fine for the party, she's bringing cheese", None),
        ("jo décor is done", None),
        ("tell kate rosés are fine, she's bringing cheese", None),  # in the plural too
    ],
)
def test_a_family_name_with_its_marks_is_a_name_unless_english_writes_the_word_so(
    text: str, slug: str | None
) -> None:
    people = {found for _, found in facts(text, pages=[JUNE]) if found is not None}
    assert people == ({slug} if slug is not None else set())


SUNNY = Entity("people/sunny-quennell", "Sunny Quennell", "person", pronoun="she")
GARDEN = Entity("projects/plant-swap", "Plant Swap", "project")


@pytest.mark.parametrize(
    "text",
    [
        "sunny can't cover the 14th, she's away at a christening",
        "sunny cannot cover the 14th, she's away at a christening",
        "sunny cant cover the 14th, she's away at a christening",
        "Sunny cannot cover the 14th, she's away at a christening",
        "SUNNY CANT COVER THE 14TH, SHE'S AWAY AT A CHRISTENING",
    ],
)
def test_cannot_and_cant_say_of_a_name_what_cant_says(text: str) -> None:
    said = facts("the plant swap is the 14th.", text, pages=[SUNNY, GARDEN])
    assert [slug for fact, slug in said if "cover the 14th" in fact.casefold()] == [SUNNY.slug]
