"""Where the reflex's and write-back's readings stop: each case an everyday use they must leave be.

A name two pages share, a role, an acronym, a question, a contraction, a title's kind, an
earlier turn; and, in write-back, what an event or a first-person summary does not say.
"""

from __future__ import annotations

from typing import Any

import pytest
from bb_brain import Engine
from bb_brain._orgnames import opening_acronym
from bb_brain._relations import page_roles
from bb_brain.writeback import Entity, EntityIndex, RulesExtractor, Segment
from bb_brain.writeback._entities import _users_own
from bb_schema import PublicTurn

from .test_reflex_ambiguity import ask, md, slugs
from .test_reflex_grammar import ODHRAN, TANSY_Q, TANSY_V


def person(slug: str, title: str, alias: str | None = None, **meta: Any) -> tuple[str, str]:
    extra = {"aliases": f"[{alias}]"} if alias else {}
    return slug, md(title, type="person", **extra, **meta)


# --- a shared name settled beside a related page still needs to stand as a name -----------

ROSE_H = (
    "people/rose-harker",
    md("Rose Harker", "Married to Tom Harker.", type="person", aliases="[Rose]",
       summary="Married to Tom Harker."),
)  # fmt: skip
ROSE_D = person("people/rose-dell", "Rose Dell", "Rose")
TOM = person("people/tom-harker", "Tom Harker")


@pytest.mark.parametrize(
    "text",
    [
        "Tom Harker planted the rose bed",  # a noun modifying "bed", after "the"
        "Tom Harker grows rose bushes",
    ],
)
def test_beside_does_not_make_an_ordinary_word_a_name(
    engine: Engine, make_brain: Any, text: str
) -> None:
    assert slugs(ask(engine, make_brain(ROSE_H, ROSE_D, TOM), text)) == [TOM[0]]


@pytest.mark.parametrize(
    "text",
    [
        "Mr Velasco says tansy tea is good for worms",  # the herb
        "Odhran Velasco grows tansy and yarrow",
    ],
)
def test_beside_does_not_make_a_plant_a_pet(engine: Engine, make_brain: Any, text: str) -> None:
    assert slugs(ask(engine, make_brain(TANSY_V, TANSY_Q, ODHRAN), text)) == [ODHRAN[0]]


# --- roles ------------------------------------------------------------------------------

LIT_AGENT = person("people/casimir-thorne", "Casimir Thorne", summary="Literary agent.")
COPY_EDITOR = person(
    "people/wenona-brackwater", "Wenona Brackwater", summary="Copy editor at the magazine."
)
WEB_CLIENT = person("people/ben-otis", "Ben Otis", summary="Web design client.")
SWIM_COACH = person("people/gary-flintcombe", "Gary Flintcombe", summary="Swimming coach.")
PRODUCER = person("people/ondine-aske", "Ondine Aske", summary="Record producer.")


@pytest.mark.parametrize(
    "text",
    [
        "the agent deleted my branch",  # the coding agent, not the literary agent
        "the agent should stop asking me for permission",
        "the editor crashed when I saved the file",  # a text editor
        "the client times out after 30 seconds",  # an HTTP client
        "the coach broke down on the M6",  # a bus
        "the producer sends messages to kafka",  # a queue producer
    ],
)
def test_a_role_word_with_an_everyday_or_technical_sense_names_nobody(
    engine: Engine, make_brain: Any, text: str
) -> None:
    brain = make_brain(LIT_AGENT, COPY_EDITOR, WEB_CLIENT, SWIM_COACH, PRODUCER)
    assert slugs(ask(engine, brain, text)) == []


@pytest.mark.parametrize(
    "summary",
    [
        "Former treasurer of the allotment society.",  # no longer the treasurer
        "Assistant manager at the garden centre.",  # not "the manager"
        "Retired vet.",
    ],
)
def test_a_qualified_role_is_not_the_role(summary: str) -> None:
    assert page_roles(summary) == []


def test_a_former_treasurer_is_not_the_treasurer(engine: Engine, make_brain: Any) -> None:
    former = person(
        "people/hal-dore", "Hal Dore", summary="Former treasurer of the allotment society."
    )
    brain = make_brain(former)
    assert slugs(ask(engine, brain, "the treasurer wants the receipts by friday")) == []


# --- opening acronym ----------------------------------------------------------------------

AWS = ("projects/aws-migration", md("AWS migration", type="project"))
IKEA = ("projects/ikea-wardrobe", md("IKEA wardrobe", type="project"))
ADHD = ("concepts/adhd-assessment", md("ADHD assessment", type="concept"))


@pytest.mark.parametrize(
    "text",
    [
        "what's the cheapest AWS region for a small postgres box?",  # AWS itself
        "IKEA delivery slots are all gone this week",  # the shop
        "is ADHD more common in boys?",  # the condition
    ],
)
def test_an_acronym_a_title_opens_with_is_not_that_page(
    engine: Engine, make_brain: Any, text: str
) -> None:
    assert slugs(ask(engine, make_brain(AWS, IKEA, ADHD), text)) == []


@pytest.mark.parametrize(
    "title", ["AWS migration", "IKEA wardrobe", "ADHD assessment", "GP appointment"]
)
def test_a_brand_or_condition_acronym_is_no_short_name(title: str) -> None:
    assert opening_acronym(title) is None


# --- write-back: a person's own deed at an undertaking ---------------------------------

BOB = Entity("people/bob-park", "Bob Park", "person")
CIDER = Entity("projects/quince-cider", "Quince Cider", "project")
FETE = Entity("events/harvest-fete", "Harvest Fete", "event")
PORTO = Entity("trips/porto-trip", "Porto Trip", "trip")
WIDGET = Entity("companies/widget-co", "Widget Co", "company")


def _seg(text: str) -> Segment:
    return Segment(0, (PublicTurn.model_validate({"turn_id": 1, "role": "user", "text": text}),))


@pytest.mark.parametrize(
    "said",
    [
        "Bob Park broke his wrist at the Harvest Fete.",
        "Bob Park turned 60 during the Porto Trip.",
        "Bob Park met his wife at the Harvest Fete in 1998.",
        "Bob Park moved to Leeds after the Harvest Fete.",
        "Bob Park got promoted at Widget Co after the Porto Trip.",
    ],
)
def test_a_persons_own_news_beside_an_undertaking_stays_theirs(said: str) -> None:
    surfaces = [
        ("Bob Park", BOB.slug, False),
        ("Quince Cider", CIDER.slug, False),
        ("Harvest Fete", FETE.slug, False),
        ("Porto Trip", PORTO.slug, False),
        ("Widget Co", WIDGET.slug, False),
    ]
    extractor = RulesExtractor(EntityIndex([BOB, CIDER, FETE, PORTO, WIDGET], surfaces))
    facts = extractor.extract(_seg(said))
    assert [f.entity_slug for f in facts] == [BOB.slug]


# --- write-back: first-person belonging ------------------------------------------------


@pytest.mark.parametrize(
    "summary",
    [
        "Furniture shop where I bought a chair.",  # a purchase, not the chair of a body
        "Plumbing firm we use; I know the owner.",
        "Garage; I emailed the manager about the dent.",
        "Letting agency managing the flat I own.",  # the user owns the flat
        "Insurer covering the house we own.",
        "Chess club; I was captain until 2019.",  # no longer
    ],
)
def test_a_first_person_summary_that_says_no_belonging(summary: str) -> None:
    assert _users_own("companies/x", "company", summary) is False


# --- a question's subject: a bird or a chess piece asked about in general ---------------

BIRDS = [
    person("people/alaric-bishop", "Alaric Bishop", "Bishop"),
    person("people/robin-dale", "Robin Dale", "Robin"),
    person("people/heron-vale", "Heron Vale", "Heron"),
    person("people/wren-k", "Wren Kaczmarek", "Wren"),
]


@pytest.mark.parametrize(
    "text",
    [
        "can bishop move backwards?",  # chess
        "does wren migrate in winter?",
        "can robin sing at night?",
        "does heron eat frogs?",
    ],
)
def test_a_generic_question_about_a_bare_count_noun_names_nobody(
    engine: Engine, make_brain: Any, text: str
) -> None:
    assert slugs(ask(engine, make_brain(*BIRDS), text)) == []


# --- a family name spelt like a contraction -------------------------------------------

CANT = person("people/hester-cant", "Hester Cant", "Hester")
IM = person("people/im-jaewon", "Im Jae-won")


@pytest.mark.parametrize(
    ("page", "text"),
    [
        (CANT, "Mrs Cant sent the invoice"),
        (CANT, "ask Mrs Cant about it"),
        (IM, "Mr Im sent the slides"),
    ],
)
def test_a_surname_spelt_like_a_contraction_is_still_a_surname(
    engine: Engine, make_brain: Any, page: tuple[str, str], text: str
) -> None:
    assert slugs(ask(engine, make_brain(page), text)) == [page[0]]


# --- a shared name settled by its sentence ----------------------------------------------


def test_one_name_twice_in_a_turn_is_not_two_pages(engine: Engine, make_brain: Any) -> None:
    text = "Tansy is on a hay diet now. Tansy also has a torn dewclaw"
    found = slugs(ask(engine, make_brain(TANSY_V, TANSY_Q), text))
    assert len([slug for slug in found if slug.startswith("pets/tansy")]) <= 1


def test_a_sentence_describing_another_animal_does_not_pick_the_page(
    engine: Engine, make_brain: Any
) -> None:
    # the lurcher barks at Tansy the rabbit; the words of that sentence are the lurcher's
    text = "Tansy the old rabbit is fine. Later the grey lurcher next door barked at Tansy"
    assert TANSY_V[0] not in slugs(ask(engine, make_brain(TANSY_V, TANSY_Q), text))


# --- a title part placed elsewhere is another one ---------------------------------------

SUMMER_FETE = ("events/tolland-summer-fete", md("Tolland Summer Fete", type="event"))
WORK_TRIP = ("trips/lisbon-work-trip", md("Lisbon Work Trip 2026", type="trip"))


@pytest.mark.parametrize(
    ("page", "text"),
    [
        (WORK_TRIP, "the work trip to Oslo last year was a mess"),
        (SUMMER_FETE, "the summer fete in Hexford is on the same day"),
    ],
)
def test_a_title_part_placed_elsewhere_is_another_one(
    engine: Engine, make_brain: Any, page: tuple[str, str], text: str
) -> None:
    assert slugs(ask(engine, make_brain(page), text)) == []


# --- a page named in a turn the agent saw, and in one it did not -----------------------


def test_a_name_in_a_turn_the_agent_saw_is_still_no_news(engine: Engine, make_brain: Any) -> None:
    brain = make_brain(person("people/heath-quarle", "Heath Quarle", "Heath"))
    older, newer = "Heath Quarle rang about the lease", "Heath called again about it"
    # the agent saw the newer turn (prior context); the older one named him in full
    response = ask(
        engine,
        brain,
        "Heath wants an answer by friday",
        window=[("u", older), ("u", newer)],
        prior=newer,
    )
    assert slugs(response) == []
