"""Write-back: whose a clause is when its subject is a pronoun or a name with "'s"."""

from __future__ import annotations

import pytest
from bb_brain.writeback import Entity, EntityIndex, RulesExtractor, Segment
from bb_schema import PublicTurn

ORLAITH = Entity("people/orlaith-quenby", "Orlaith Quenby", "person")
BAND = Entity("companies/skelwith-wind-band", "Skelwith Wind Band", "company")
HALL = Entity("places/marrowgate-hall", "Marrowgate Hall", "place")
FETE = Entity("projects/pellingham-fete", "Pellingham Fete", "project")
YSOLDE = Entity("people/ysolde-quarles", "Ysolde Quarles", "person")


def index() -> EntityIndex:
    surfaces = [
        ("Orlaith Quenby", ORLAITH.slug, False),
        ("Orlaith", ORLAITH.slug, True),
        ("Skelwith Wind Band", BAND.slug, False),
        ("the band", BAND.slug, True),
        ("Marrowgate Hall", HALL.slug, False),
        ("Pellingham Fete", FETE.slug, False),
        ("the fete", FETE.slug, True),
        ("Ysolde Quarles", YSOLDE.slug, False),
        ("Ysolde", YSOLDE.slug, True),
    ]
    return EntityIndex([ORLAITH, BAND, HALL, FETE, YSOLDE], surfaces)


def facts(*texts: str) -> list[tuple[str, str | None]]:
    turns = [
        PublicTurn(turn_id=number, role="user", text=text)
        for number, text in enumerate(texts, start=1)
    ]
    found = RulesExtractor(index()).extract(Segment(0, tuple(turns)))
    return [(fact.fact, fact.entity_slug) for fact in found]


@pytest.mark.parametrize(
    "said",
    [
        "Orlaith told me she's quitting the band after Easter.",
        "Orlaith says she's quitting the band after Easter.",
        "Orlaith said that she is joining Skelwith Wind Band in May.",
        "Orlaith says she told the band she's quitting after Easter.",
    ],
)
def test_a_reported_she_is_the_speaker_named_before_it(said: str) -> None:
    assert facts(said) == [(said, ORLAITH.slug)]


def test_what_is_reported_of_a_thing_stays_the_things() -> None:
    said = "Orlaith said the band is moving to Marrowgate Hall in May."
    assert facts(said) == [(said, BAND.slug)]


def test_a_pronoun_with_nobody_named_refers_to_nobody() -> None:
    said = "She told me the band is moving to Marrowgate Hall in May."
    assert facts(said) == [(said, BAND.slug)]


@pytest.mark.parametrize(
    ("said", "about"),
    [
        # a relative's "she" is the relative, nobody with a page
        ("Ysolde's daughter says she's joining the band.", BAND.slug),
        ("Orlaith's neighbour told me she's selling her flat to the band.", BAND.slug),
        # what the speaker heard or saw reports the thing
        ("Orlaith says she heard the band is folding.", BAND.slug),
        ("Orlaith told me she was told Marrowgate Hall is closing.", HALL.slug),
        ("Ysolde said she's just read that the band is moving.", BAND.slug),
        # a deed for an undertaking named outright is the undertaking's, as said directly
        ("Orlaith says she's booked the marquee for Pellingham Fete.", FETE.slug),
    ],
)
def test_a_reported_she_that_is_not_the_speakers_news(said: str, about: str) -> None:
    assert facts(said) == [(said, about)]


@pytest.mark.parametrize(
    "said",
    [
        "Ysolde's being discharged from Marrowgate Hall on Thursday.",
        "Ysolde's finally agreed to lead the band.",
        "Ysolde's still chasing the band about sheet music.",
        "Ysolde's going to ring Marrowgate Hall about the booking.",
    ],
)
def test_a_names_contracted_is_or_has_makes_it_the_subject(said: str) -> None:
    assert facts(said) == [(said, YSOLDE.slug)]


@pytest.mark.parametrize(
    ("said", "about"),
    [
        ("Ysolde's going rate is what the band pays.", BAND.slug),
        ("Ysolde's back garden is where the band rehearses.", BAND.slug),
        ("Ysolde's still life now hangs in Marrowgate Hall.", HALL.slug),
        ("Ysolde's going away present came from the band.", BAND.slug),
        ("We're eating at Ysolde's finally after Pellingham Fete.", FETE.slug),
    ],
)
def test_before_a_noun_it_is_her_possession(said: str, about: str) -> None:
    assert facts(said) == [(said, about)]
