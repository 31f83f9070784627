"""New organisations a conversation introduces get their own page (examples are made up)."""

from __future__ import annotations

import pytest
from bb_brain.writeback import Entity, EntityIndex, RulesExtractor, Segment
from bb_brain.writeback._organisations import new_organisations, organisation_slug
from bb_schema import PublicTurn

BOB = Entity("people/bob-park", "Bob Park", "person")


def facts(*texts: str) -> list[tuple[str, str | None]]:
    turns = [PublicTurn(turn_id=i, role="user", text=text) for i, text in enumerate(texts, start=1)]
    index = EntityIndex([BOB], [("Bob Park", BOB.slug, False), ("Bob", BOB.slug, True)])
    found = RulesExtractor(index).extract(Segment(0, tuple(turns)))
    return [(fact.fact, fact.entity_slug) for fact in found]


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("Pellow & Ossory", "companies/pellow-and-ossory"),
        ("Quarrel's Bakery", "companies/quarrels-bakery"),
        ("Stanway Mutual", "companies/stanway-mutual"),
    ],
)
def test_an_organisation_s_slug(name: str, slug: str) -> None:
    assert organisation_slug(name) == slug


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("we have a new supplier, Pellow & Ossory, for the olives", "Pellow & Ossory"),
        ("the payroll now goes through a company called Stanwise", "Stanwise"),
        ("the quote from Ossory Joinery came in at 4k", "Ossory Joinery"),  # a trade's ending
        ("Quarrel's Bakery sponsors the under-9s kit", "Quarrel's Bakery"),
        ("the caterer this year is Meadowsweet Ltd", "Meadowsweet Ltd"),  # a legal form
        ("the roofer's firm is called Kettlewell, ask them for a date", "Kettlewell"),
        ("the new caterer is a family firm, Brockwell & Sons", "Brockwell & Sons"),  # a partnership
        ("we hired the vans from Vantry & Co. 3 of them", "Vantry & Co"),
        ("the bibs come from Quillfield Sportswear now", "Quillfield Sportswear"),  # its goods
        ("the lenses go to Quenmoor Optical from May", "Quenmoor Optical"),  # a trade
        ("we now stock cards from a small press, Wren Lantern, on commission", "Wren Lantern"),
        ("we're working with Cog Tandem, the youth charity, from May", "Cog Tandem"),
        ("the fence quote is from Ashvane Landscapes, £900", "Ashvane Landscapes"),
        ("caterer is Copper Ladle, they did the Ito wedding", "Copper Ladle"),  # a trade's noun
        ("the florist: Bloom & Bough, lovely people", "Bloom & Bough"),
        ("there's a place called Tollgrave Creamery that does 10kg", "Tollgrave Creamery"),
        # a name something is bought, hired or rented from, or made by, no person's
        (
            "we've ordered ten barrels from Lonmere Cooperage near Crieff at £80 apiece",
            "Lonmere Cooperage",
        ),
        ("we're renting a lock-up at Tarrow Keep in Govan from the 1st", "Tarrow Keep"),
        ("the new banner's being made by Pellock Brothers for £340", "Pellock Brothers"),
    ],
)
def test_a_new_organisation_is_found(text: str, name: str) -> None:
    assert [org.name for org in new_organisations(text, set())] == [name]


def test_two_firms_as_one_subject_is_a_fact_of_each() -> None:
    said = "Ossory Joinery and Quillfield Sportswear both quoted for the fit-out."
    assert facts(said) == [
        (said, "companies/ossory-joinery"),
        (said, "companies/quillfield-sportswear"),
    ]


def test_two_firms_joined_by_and_are_two() -> None:
    text = "Ossory Joinery and Quillfield Sportswear both quoted for the fit-out"
    assert [org.name for org in new_organisations(text, set())] == [
        "Ossory Joinery",
        "Quillfield Sportswear",
    ]
    # one name with "&" in it stays whole
    text = "Pellow & Ossory Joinery sent the invoice"
    assert [org.name for org in new_organisations(text, set())] == ["Pellow & Ossory Joinery"]


@pytest.mark.parametrize(
    "text",
    [
        "High School starts at 8 for the older ones",  # an everyday phrase opening a sentence
        "the company is small but growing",  # no name after the noun
        "I started First Aid Training on Monday",  # dictionary words before a trade
        "We went to Kings Cross Station for the train",
        "Bob Park said the Friday market is busier",  # no organisation at all
        "ask Holly Flowers about the rota",  # a family name in a plural
        "Salt & Pepper is our favourite song",  # "&" and no partnership
        "we met at Tollard Row, the street behind the market",  # a street is no organisation
        "our accountant is Ruth Hale, she wants the receipts",  # a person's name
        "the plumber is Dave Cole, they said tuesday at the earliest",  # "they" of a person
        "the dj was Uncle Tarek, they loved him",  # a family title
        "the florist is Saturday morning, they open at 8",  # a day
        "the sweep was Hearth Safe certified, they showed the card",  # a longer phrase
        "the plumber is Tom Baker, he's free tuesday",  # "he" takes the name up
        "the builder is Very Good, they said",  # a description
        "the vet is Friday Morning, they close at 5",  # a day, capitalised
        "went to see Charles Dance in the new play, he was brilliant",  # a family name
    ],
)
def test_no_organisation_in_an_everyday_phrase(text: str) -> None:
    assert new_organisations(text, set()) == []


def test_facts_about_a_new_organisation_go_to_its_page() -> None:
    found = facts(
        "we have a new supplier, Pellow & Ossory, for the olives",
        "Pellow & Ossory want 30 days to pay on the first order",
    )
    assert found[-1] == (
        "Pellow & Ossory want 30 days to pay on the first order",
        "companies/pellow-and-ossory",
    )


def test_a_person_introduced_by_a_noun_and_called_is_the_clause_s_subject() -> None:
    found = facts(
        "two helpers this week: Bob Park, who used to run a cafe, "
        "and a nurse called Tamsin Quell who lives nearby"
    )
    assert found[-1][1] == "people/tamsin-quell"


def test_a_firm_a_trade_introduces_keeps_what_follows() -> None:
    found = facts("caterer is Copper Ladle, they did the Ito wedding. the deposit is £150")
    assert {slug for _, slug in found} == {"companies/copper-ladle"}


def test_a_name_ends_with_its_sentence() -> None:
    found = new_organisations("the supplier is Copper Ladle. They deliver on fridays", set())
    assert [org.name for org in found] == ["Copper Ladle"]
    found = new_organisations("the solicitor is Smith & Jones Co. They've got the deeds", set())
    assert [org.name for org in found] == ["Smith & Jones Co"]  # a firm's ending, its period


def test_a_title_s_period_goes_on_into_the_name() -> None:
    from bb_brain.writeback._organisations import _one_sentence

    assert _one_sentence("St. Osric's Hall") == "St. Osric's Hall"
    assert _one_sentence("Copper Ladle. They") == "Copper Ladle."


@pytest.mark.parametrize(
    "text",
    [
        "we ordered the cake from Ana Quell, she bakes from home",  # a person's name
        "I booked the hall with Mrs Tamsin Ode last night",  # a title: a person
        "the bike was bought from North Wales on a whim",  # a place
        "we ordered it in from Quarry Road this morning",  # a street
        "we found Ana Quell at the fair, she paints signs",  # a person found
        "we're using Quell Sheets for the rota now",  # a product used
        "we've switched to Oat Milk in the office",  # a product switched to
        "we found Lake Quenby stunning in the rain",  # a place found so
    ],
)
def test_no_organisation_is_bought_from(text: str) -> None:
    assert new_organisations(text, set()) == []


def test_what_was_bought_from_a_new_firm_is_its_business() -> None:
    found = facts("we've ordered ten barrels from Lonmere Cooperage near Crieff at £80 apiece")
    assert found == [
        (
            "we've ordered ten barrels from Lonmere Cooperage near Crieff at £80 apiece",
            "companies/lonmere-cooperage",
        )
    ]
