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
from bb_brain.writeback._entities import _page_surfaces, _users_own
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


# --- a title's kind, an "'s" that is "is", honorifics and qualifiers: their limits --------


def about(pages: list[Entity], *texts: str) -> list[tuple[str, str | None]]:
    surfaces = [surface for page in pages for surface in _page_surfaces(page, None)]
    turns = [PublicTurn(turn_id=i, role="user", text=text) for i, text in enumerate(texts, start=1)]
    facts = RulesExtractor(EntityIndex(pages, surfaces)).extract(Segment(0, tuple(turns)))
    return [(fact.fact, fact.entity_slug) for fact in facts]


FOOD_BANK = Entity("orgs/eastmere-food-bank", "Eastmere Food Bank", "organization")
SURGERY = Entity("orgs/harbour-road-surgery", "Harbour Road Surgery", "organization")
CLIMATE = Entity("concepts/climate-change", "Climate Change", "concept")
LEVY = Entity("concepts/tidal-energy-levy", "Tidal Energy Levy", "concept")
LIGHTS = Entity("projects/festival-of-light", "Festival of Light", "project")


@pytest.mark.parametrize(
    ("page", "text"),
    [
        (FOOD_BANK, "The bank approved my loan today."),  # an everyday noun alone
        (FOOD_BANK, "The bank holiday traffic was awful."),
        (SURGERY, "The surgery on my knee went well."),
        (CLIMATE, "The change to the bin collection starts in March."),  # an idea's page
        (LEVY, "The energy levy on my bill went up again."),  # an idea is no one thing
        (LIGHTS, "The light in the hallway has blown again."),
    ],
)
def test_a_bare_head_noun_after_the_is_not_the_titled_page(page: Entity, text: str) -> None:
    assert page.slug not in [entity for _, entity in about([page], text)]


def test_a_title_s_kind_starts_with_no_small_word() -> None:
    surfaces = [surface for surface, _, _ in _page_surfaces(LIGHTS, None)]
    assert not [s for s in surfaces if s.startswith(("the of ", "our of "))]


LAPWING = ("boats/lapwing", md("Lapwing", type="boat", aliases="[the Lapwing]"))


@pytest.mark.parametrize(
    "text",
    [
        "the lapwing's mooring is by the slipway",  # its mooring: a verb follows the noun
        "the lapwing's rigging is shot",
        "can you check the lapwing's mooring",  # nothing follows
    ],
)
def test_a_possessive_ing_noun_still_owns(engine: Engine, make_brain: Any, text: str) -> None:
    assert slugs(ask(engine, make_brain(LAPWING), text)) == [LAPWING[0]]


CAN_A = person("people/can-aksoy", "Can Aksoy", "Can")


@pytest.mark.parametrize(
    "text",
    [
        "Thanks sis. Can you call me later",  # a word of address ends the sentence
        "I spoke to the pastor. Can you come on sunday?",
        "Ask the rabbi. Can it wait till friday?",
    ],
)
def test_a_word_of_address_ending_a_sentence_is_no_honorific(
    engine: Engine, make_brain: Any, text: str
) -> None:
    assert slugs(ask(engine, make_brain(CAN_A), text)) == []


AUNTIE = ("people/oyinda-rao", md("Auntie Oyinda", type="person"))


def test_a_word_of_address_and_one_name_keeps_the_name(engine: Engine, make_brain: Any) -> None:
    assert slugs(ask(engine, make_brain(AUNTIE), "Oyinda rang about sunday lunch")) == [AUNTIE[0]]


LAB = (
    "orgs/tarnbrook-lab",
    md("Tarnbrook (lab)", type="organization", summary="Soil testing lab in Hatherleigh."),
)


def test_a_qualifier_does_not_override_a_page_s_type(engine: Engine, make_brain: Any) -> None:
    assert slugs(ask(engine, make_brain(LAB), "the Tarnbrook sent the assay results")) == [LAB[0]]


SISTER_P = Entity("people/perpetua-ouko", "Sister Perpetua Ouko", "person")


def test_write_back_knows_the_given_name_after_a_word_of_address() -> None:
    surfaces = [surface for surface, _, _ in _page_surfaces(SISTER_P, None)]
    assert "Perpetua" in surfaces and "Sister" not in surfaces
    said = "Perpetua is covering the night shift on Friday."
    assert about([SISTER_P], said) == [(said, SISTER_P.slug)]


# --- hedges, days after "and", reports and particle titles: their limits --------------------

BOB_P = Entity("people/bob-park", "Bob Park", "person")
ALICE_E = Entity("people/alice-example", "Alice Example", "person")
WIDGET_C = Entity("companies/widget-co", "Widget Co", "company")
FAIR = Entity("projects/pellowby-gooseberry-fair", "Pellowby Gooseberry Fair", "project")
MIRA = Entity("people/mira-tolland", "Mira Tolland", "person")
JUNE_Q = Entity("people/june-quarrie", "June Quarrie", "person")
APRIL_Q = Entity("people/april-quill", "April Quill", "person")
AT_HAND = "Pellowby Gooseberry Fair planning tonight."


@pytest.mark.parametrize(
    "said",
    [
        "Bob Park starts on the 3rd, might be the 4th.",  # the value itself is in doubt
        "Bob Park is moving to Porto in May, might be wrong.",  # the speaker's doubt, "I" left out
        "Widget Co renewed the support plan at £1,200, might be more.",
        "Bob Park leaves Widget Co on 3 March, might change though.",
        "Bob Park is moving to Porto in May, though I might have that wrong.",
        "Bob Park is moving to Porto in May, I might be misremembering.",
        "Bob Park is moving to Porto in May, I might have got the month wrong.",
    ],
)
def test_a_doubt_of_what_was_said_hedges_the_whole(said: str) -> None:
    assert about([BOB_P, WIDGET_C], said) == []


@pytest.mark.parametrize(
    ("person", "said"),
    [
        (JUNE_Q, "Bob Park sorted the chairs and June Quarrie did the urn."),
        (JUNE_Q, "Bob Park sorted the chairs and June did the urn."),
        (APRIL_Q, "Bob Park sorted the chairs and April Quill did the urn."),
        (ALICE_E, "Bob Park covers the bar and Sunday is Alice Example's turn."),
        (ALICE_E, "Bob Park runs the Monday class and Wednesday is Alice Example's."),
        (ALICE_E, "Bob Park is away in July and August is when Alice Example covers."),
        (ALICE_E, "Bob Park is off on Friday and Saturday Alice Example opens up."),
    ],
)
def test_a_day_or_month_after_and_may_open_a_clause(person: Entity, said: str) -> None:
    assert person.slug in [slug for _, slug in about([BOB_P, person], said)]


@pytest.mark.parametrize(
    "texts",
    [
        (AT_HAND, "Mira Tolland said yes to judging on 12 October."),  # her answer
        (AT_HAND, "Mira Tolland said no to the 12 October slot."),
        (AT_HAND, "Mira Tolland reported sick on 3 October."),
        (AT_HAND, "Mira Tolland confirmed for 12 October."),
        (AT_HAND, "Mira Tolland says thanks for the £50 voucher."),
        (
            AT_HAND,
            "Mira Tolland is recovering from knee surgery.",
            "Mira Tolland says the physio lasts 6 weeks.",
        ),  # fmt: skip
        (AT_HAND, "Mira Tolland says the surgery is on 3 October."),
        (AT_HAND, "Mira Tolland says the back is half healed."),
        (AT_HAND, "Mira Tolland says you owe £20 for the raffle tickets."),
        (AT_HAND, "Mira Tolland says Odile's van is due at 6pm."),  # someone with no page
    ],
)
def test_what_a_person_says_of_themselves_stays_theirs(texts: tuple[str, ...]) -> None:
    assert about([FAIR, MIRA], *texts)[-1][1] == MIRA.slug


def test_a_particle_title_beside_another_capitalised_word(engine: Engine, make_brain: Any) -> None:
    page = ("places/herdade-do-alecrim", md("Herdade do Alecrim", type="place"))
    assert slugs(ask(engine, make_brain(page), "booked Herdade do Alecrim Monday")) == [page[0]]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "Bob Park mentioned a carpenter from Widget Co, might be worth ringing.",
            "Bob Park mentioned a carpenter from Widget Co",
        ),  # a suggestion, no doubt of what was said
        (
            "Alice Example flies in from Lisbon on the 9th, might book her a table too.",
            "Alice Example flies in from Lisbon on the 9th",
        ),  # a plan of the user's
    ],
)
def test_a_plan_or_a_suggestion_hedges_only_its_clause(said: str, kept: str) -> None:
    assert [text for text, _ in about([BOB_P, ALICE_E, WIDGET_C], said)] == [kept]


@pytest.mark.parametrize(
    ("said", "slug"),
    [
        ("Mira Tolland reported £2,640 banked so far.", FAIR.slug),  # a figure for the fair
        ("Mira Tolland says the entry list shuts on 14 September.", FAIR.slug),
        ("Mira Tolland reckons the jam should go at £4.", MIRA.slug),  # her view
    ],
)
def test_a_report_for_the_topic_and_a_view_that_is_its_holders(said: str, slug: str) -> None:
    assert about([FAIR, MIRA], AT_HAND, said)[-1][1] == slug
