"""Write-back of clauses whose subject no page names, firms in apposition, outcomes and asides.

After a clause about a person, a clause whose subject is everyone, someone or no one
("everyone pays £60 a head") is not that person's fact: it is the plan's at hand, or the
user's. A clause that goes on with the person ("..., she's set up a spreadsheet", "..., the
kids are 4 and 7") stays theirs. A name in apposition to a business noun after "the" or "a",
where the place may come between ("the restaurant in old town, Vellamo Ostra, confirmed
...") is a firm's, not a person's, unless it is someone at the business. A firm's report
of what it does to another page is the firm's; an outcome ("tamsin accepted!!") is news however
short; "they" after a person and their own people is that person's; and a parenthesis after no
name stays in its fact.
"""

from __future__ import annotations

import pytest
from bb_brain.writeback import Entity

from .test_writeback_animals import _filed
from .test_writeback_unsaid import facts

REUNION = Entity("projects/quarrow-reunion", "Quarrow Family Reunion", "project")
TAMSIN = Entity("people/tamsin-quarrow", "Tamsin Quarrow", "person", pronoun="she")


@pytest.mark.parametrize(
    ("said", "value"),
    [
        ("tamsin is collecting the money, everyone pays £60 per adult", "£60"),
        ("tamsin is collecting the money, nobody pays more than £60 a head", "a head"),
        ("tamsin is collecting the money, someone from each family pays by May", "by May"),
    ],
)
def test_a_subject_of_its_own_is_not_the_persons(said: str, value: str) -> None:
    found = facts(
        "planning chat for the Quarrow Family Reunion.",
        said,
        pages=[REUNION, TAMSIN],
        aliases={TAMSIN: ["Tamsin"]},
    )
    assert _filed(found, value) != TAMSIN.slug
    assert _filed(found, "collecting") == TAMSIN.slug


@pytest.mark.parametrize(
    ("said", "value"),
    [
        ("tamsin is collecting the money, she's set up a shared spreadsheet for it", "spreadsheet"),
        ("tamsin is a single mum, the kids are 4 and 7 years old", "years old"),
    ],
)
def test_a_clause_that_goes_on_with_the_person_stays_theirs(said: str, value: str) -> None:
    found = facts(
        "planning chat for the Quarrow Family Reunion.",
        said,
        pages=[REUNION, TAMSIN],
        aliases={TAMSIN: ["Tamsin"]},
    )
    assert _filed(found, value) == TAMSIN.slug


@pytest.mark.parametrize(
    "said",
    [
        "the restaurant in old town, Vellamo Ostra, confirmed the private room for the 13th",
        "we found a tearoom near the station, Vellamo Ostra, they confirmed the 13th",
        "we're going to the bistro on the quay, Vellamo Ostra, they confirmed the 13th",
    ],
)
def test_a_business_in_apposition_is_a_firm(said: str) -> None:
    found = facts(said, pages=[TAMSIN])
    assert _filed(found, "13th") == "companies/vellamo-ostra"


@pytest.mark.parametrize(
    "said",
    [
        "my trainer at the gym, Ruth Okafor, says the 13th works",
        "we met the owner of the pub, Ruth Okafor. she can do the 13th",
        "i left my coat at the pub, Ruth, can you grab it on the 13th",
    ],
)
def test_someone_at_a_business_is_no_firm(said: str) -> None:
    found = facts(said, pages=[TAMSIN])
    assert not any(slug and slug.startswith("companies/") for _, slug in found)


HOTELS = Entity("companies/pellmoor-hotels", "Pellmoor Hotels", "company")
YSANNE = Entity(
    "people/ysanne-quell", "Ysanne Quell", "person", about="Head of IT at Pellmoor Hotels."
)
RIVAL = Entity("companies/tarnwick-software", "Tarnwick Software", "company")


@pytest.mark.parametrize(
    "said",
    [
        "ysanne told me at lunch yesterday that theyre evaluating tarnwick as an option",
        "ysanne mentioned they're trialling tarnwick software next month",
    ],
)
def test_what_their_firm_does_to_a_page_is_the_firms(said: str) -> None:
    found = facts(
        said, pages=[HOTELS, YSANNE, RIVAL], aliases={YSANNE: ["Ysanne"], RIVAL: ["Tarnwick"]}
    )
    assert _filed(found, "tarnwick") == HOTELS.slug


def test_what_a_page_does_itself_is_its_own() -> None:
    found = facts(
        "ysanne says tarnwick is cheaper by a third",
        pages=[HOTELS, YSANNE, RIVAL],
        aliases={YSANNE: ["Ysanne"], RIVAL: ["Tarnwick"]},
    )
    assert _filed(found, "cheaper") == RIVAL.slug


@pytest.mark.parametrize("said", ["morning. tamsin accepted!! starts in march", "tamsin resigned."])
def test_an_outcome_is_news_however_short(said: str) -> None:
    found = facts(said, pages=[TAMSIN], aliases={TAMSIN: ["Tamsin"]})
    assert _filed(found, "tamsin") == TAMSIN.slug


def test_a_call_alone_is_no_news() -> None:
    assert facts("tamsin rang.", pages=[TAMSIN], aliases={TAMSIN: ["Tamsin"]}) == []


def test_they_of_a_person_and_their_own_people_is_the_persons() -> None:
    said = "tamsin and the kids are flying in from Oslo, they still need visas"
    found = facts(said, pages=[TAMSIN], aliases={TAMSIN: ["Tamsin"]})
    assert _filed(found, "visas") == TAMSIN.slug


def test_they_of_others_the_person_met_is_not_the_persons() -> None:
    said = "tamsin met the kids from the bus stop, they still need coats"
    found = facts(said, pages=[TAMSIN], aliases={TAMSIN: ["Tamsin"]})
    assert [slug for fact, slug in found if "coats" in fact] in ([], [None])


def test_a_parenthesis_after_no_name_stays_in_its_fact() -> None:
    said = "tamsin wants the second deposit (£900) by 15 april"
    found = facts(said, pages=[TAMSIN], aliases={TAMSIN: ["Tamsin"]})
    assert _filed(found, "(£900) by 15 april") == TAMSIN.slug


def test_a_parenthesis_after_a_name_is_a_fact_of_its_own() -> None:
    said = "Tamsin Quarrow (runs the raffle every year) wants the deposit by 15 april"
    found = facts(said, pages=[TAMSIN])
    assert [fact for fact, _ in found if "raffle" in fact] == ["runs the raffle every year"]


CORAL = Entity("people/coral-abiola", "Coral Abiola", "person", pronoun="she")


@pytest.mark.parametrize(
    ("said", "value"),
    [
        ("tamsin's pitching the deck, coral hasnt picked yet", "picked yet"),
        ("coral doesnt drink and she's gluten free, so not the pub", "drink"),
        ("tamsin cant do the 17th. coral already has that weekend booked", "booked"),
    ],
)
def test_a_lowercase_name_before_a_verb_of_their_news_is_theirs(said: str, value: str) -> None:
    found = facts(said, pages=[TAMSIN, CORAL], aliases={TAMSIN: ["Tamsin"]})
    assert _filed(found, value) == CORAL.slug


@pytest.mark.parametrize(
    "said", ["we dived the reef, the coral isnt doing well", "the coral got bleached in june"]
)
def test_a_noun_with_its_article_is_no_one(said: str) -> None:
    assert CORAL.slug not in [slug for _, slug in facts(said, pages=[CORAL])]


@pytest.mark.parametrize(
    "said",
    [
        "coral got bleached last year, the whole reef did",
        "lol, coral is so fragile",
        "yeah, coral would be a nice colour for the hall",
    ],
)
def test_a_word_where_a_name_could_stand_is_still_a_word(said: str) -> None:
    found = facts(said, pages=[TAMSIN, CORAL], aliases={TAMSIN: ["Tamsin"]})
    assert CORAL.slug not in [slug for _, slug in found]


@pytest.mark.parametrize("said", ["tamsin won't.", "agreed, tamsin", "cancelled tamsin"])
def test_a_reply_is_no_outcome(said: str) -> None:
    found = facts(said, pages=[TAMSIN], aliases={TAMSIN: ["Tamsin"]})
    assert TAMSIN.slug not in [slug for _, slug in found]


def test_they_of_the_users_own_people_is_not_the_persons() -> None:
    said = "tamsin is picking up me and the kids, they finish at 3 on fridays"
    found = facts(said, pages=[TAMSIN], aliases={TAMSIN: ["Tamsin"]})
    assert [slug for fact, slug in found if "finish at 3" in fact] in ([], [None])


def test_what_their_firm_thinks_of_a_page_is_not_the_firms_deed() -> None:
    found = facts(
        "ysanne says they think tarnwick is cheaper",
        pages=[HOTELS, YSANNE, RIVAL],
        aliases={YSANNE: ["Ysanne"], RIVAL: ["Tarnwick"]},
    )
    assert _filed(found, "cheaper") != HOTELS.slug
