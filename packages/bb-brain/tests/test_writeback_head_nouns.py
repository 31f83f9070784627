"""A title's head noun said in passing makes its page the topic of what names nobody."""

from __future__ import annotations

import pytest
from bb_brain.writeback import Entity, EntityIndex, RulesExtractor, Segment
from bb_brain.writeback._head_nouns import HeadNouns
from bb_schema import PublicTurn

WENNA = Entity("people/wenna-trask", "Wenna Trask", "person")
SUPPER = Entity("projects/kelloway-harvest-supper", "Kelloway Harvest Supper", "project")
PARCELS = Entity("projects/winter-parcels-2027", "Winter Parcels 2027", "project")
PRINTER = Entity("companies/brindle-print", "Brindle Print", "company")
OLD_PRINTER = Entity("companies/quill-and-ink", "Quill and Ink", "company")
PLOT = Entity("places/plot-14", "Plot 14", "place")
BURNS = Entity("projects/pellow-burns-supper", "Pellow Burns Supper", "project")


def index(*extra: Entity) -> EntityIndex:
    pages = [WENNA, SUPPER, PARCELS, PRINTER, OLD_PRINTER, PLOT, *extra]
    surfaces = [(page.title, page.slug, False) for page in pages]
    surfaces.append(("Wenna", WENNA.slug, True))
    return EntityIndex(pages, surfaces)


def facts(
    *turns: str | tuple[str, str], pages: EntityIndex | None = None
) -> list[tuple[str, str | None]]:
    said = [
        PublicTurn(turn_id=number, role=turn[0], text=turn[1])
        if isinstance(turn, tuple)
        else PublicTurn(turn_id=number, role="user", text=turn)
        for number, turn in enumerate(turns, start=1)
    ]
    found = RulesExtractor(pages or index()).extract(Segment(0, tuple(said)))
    return [(fact.fact, fact.entity_slug) for fact in found]


@pytest.mark.parametrize(
    ("said", "whose"),
    [
        # the head, in a sentence naming nobody
        ("supper planning tonight. numbers are up to 64 and the hall deposit is paid", SUPPER),
        # another form of it: the plural title's singular, and its own plural
        ("parcel list has 70 homes on it, the cut-off was monday", PARCELS),
        ("parcels are all packed, 70 of them", PARCELS),
        # a number is the title's name: "plot" says Plot 14
        ("finished digging the plot. the new shed goes up on 3 May, it cost £240", PLOT),
        # a word that only describes, or a time's possessive, changes nothing
        ("best supper we've run, £1,180 taken on the door", SUPPER),
        ("the new supper menu is £40 a head", SUPPER),
        ("this year's supper sold out by june, 120 tickets", SUPPER),
        # a weak sign, taken: the one plot the source knows, though the user may have two
        ("the plot needs watering every evening in this heat", PLOT),
    ],
)
def test_a_head_said_in_passing_is_the_topic_of_what_names_nobody(said: str, whose: Entity) -> None:
    found = facts(said)
    assert found, said
    assert found[-1][1] == whose.slug


def test_a_page_named_outright_stays_the_topic() -> None:
    # the sentence names the firms outright: the supper is no topic, and what the assistant
    # asked about the new printer is answered about the printer
    found = facts(
        "decision made: supper menus are moving from Quill and Ink to Brindle Print.",
        ("assistant", "What is Brindle Print offering?"),
        "20% off a first order and free delivery across town",
    )
    answer = [entity for fact, entity in found if "20%" in fact or "delivery" in fact]
    assert answer and set(answer) == {PRINTER.slug}
    # nor to one that speaks of "it" or "they"
    found = facts("Brindle Print fixed the proofs.", "It cost £300, they redid the plot maps.")
    assert found[-1][1] == PRINTER.slug
    # a page named outright after its head is named, and holds as any named one
    found = facts("supper numbers are up.", "Kelloway Harvest Supper is sold out.",
                  "parcel list went to Wenna.", "it closes on friday, £40 a head")  # fmt: skip
    assert found[-1][1] == SUPPER.slug
    # a sentence that speaks of someone keeps the firm named before at hand
    found = facts("Brindle Print sent the proofs today.", "Had supper with Wenna after.",
                  "They want £80 by Friday.")  # fmt: skip
    assert found[-1] == ("They want £80 by Friday.", PRINTER.slug)


def test_a_head_two_pages_share_makes_no_topic() -> None:
    pages = index(BURNS)
    assert HeadNouns(pages.entities).topic_in("supper numbers are up to 64") is None
    found = facts("supper planning tonight. numbers are up to 64 and the deposit is paid",
                  pages=pages)  # fmt: skip
    assert all(entity != SUPPER.slug for _, entity in found)
    # a head is shared in any of its forms: "parcels" of one, "parcel" of the other
    other = Entity("projects/gift-parcel", "Gift Parcel", "project")
    assert HeadNouns([PARCELS, other]).topic_in("the parcels are packed") is None


@pytest.mark.parametrize(
    ("page", "said"),
    [
        (Entity("projects/shipshape", "Shipshape", "project"), "shipshape numbers are up"),
        (Entity("projects/parcels-2027", "Parcels 2027", "project"), "parcels are packed"),
        (Entity("projects/chapel-rewire", "Chapel Rewire", "project"), "the rewire is late"),
        (Entity("people/amy-supper", "Amy Supper", "person"), "supper was lovely, it ran late"),
        (Entity("pets/kelloway-biscuit", "Kelloway Biscuit", "pet"), "the biscuit tin is empty"),
        (Entity("projects/festival-of-light", "Festival of Light", "project"), "the light is on"),
        (Entity("places/st-marys", "St Mary's", "place"), "it's raining, we're off home"),
        (Entity("companies/kettle-co", "Kettle & Co", "company"), "the co-op was shut"),
        (Entity("companies/nonnas-kitchen", "Nonna's Kitchen", "company"), "the kitchen tap leaks"),
        (Entity("projects/kestrel-project", "Kestrel Project", "project"), "the project is late"),
        (
            Entity("companies/bramble-kitchen", "Bramble Kitchen", "company"),
            "the kitchen tap leaks",
        ),
        (Entity("places/villa-rosa", "Villa Rosa", "place"), "rosa rang about the quilt"),
        (Entity("events/coast-walk-round", "Coast Walk-Round", "event"), "the round is on me"),
    ],
)
def test_no_head_noun(page: Entity, said: str) -> None:
    """One word, or a year after it, is a name; no noun, a kind word, a firm's: no kind."""
    assert HeadNouns([page]).topic_in(said) is None


@pytest.mark.parametrize(
    "said",
    [
        "a supper in the next village made £900",  # any supper
        "their supper was lovely",  # someone else's
        "my supper was cold",
        "Sam's supper was lovely",
        "two suppers this week",
        "no supper tonight, too tired",
        "the church supper is on friday",  # a noun the title lacks: another one
        "the supper of the year, £40 a head",  # a complement of its own
        "the supper in the cricket pavilion went well",
        "the supper next door was loud",
        "suppers are cheaper in winter",  # a plural with nothing before it: any
        "we suppered late",  # a verb's form is no noun's
        "a great supper last night",  # a word that describes, then another's article
        "those suppers were cheaper",
        "which supper was it",
    ],
)
def test_another_of_its_kind_is_no_topic(said: str) -> None:
    assert HeadNouns([SUPPER]).topic_in(said) is None


@pytest.mark.parametrize(
    "said",
    [
        "we plotted the route, it was long",  # a verb's form
        "had to plot a course",  # a verb after "to"
        "I plot everything in a spreadsheet",  # a verb after its subject
        "dug plot 7 today, it's all clay",  # another plot's number
        "my ironing board fell over",
        "we can plot the route tomorrow",  # a verb after a modal
        "plot the route first, then the stops",  # an order
    ],
)
def test_a_head_as_another_word_is_no_topic(said: str) -> None:
    board = Entity("organizations/marrow-housing-board", "Marrow Housing Board", "organization")
    assert HeadNouns([PLOT, board]).topic_in(said) is None


@pytest.mark.parametrize(
    ("said", "fair"),
    [
        ("that's not fair on her", False),
        ("fair enough, let's go", False),
        ("to be fair it rained", False),
        ("fair's done, £410 cleared", True),
    ],
)
def test_an_adjectives_use_is_no_fairs(said: str, fair: bool) -> None:
    page = Entity("projects/quenby-craft-fair", "Quenby Craft Fair", "project")
    assert (HeadNouns([page]).topic_in(said) == page) is fair


def test_an_accent_is_read_as_the_title_has_it() -> None:
    page = Entity("events/quenby-premiere", "Quenby Première", "event")
    assert HeadNouns([page]).topic_in("the première's sold out") == page
    assert HeadNouns([page]).topic_in("the premiere's sold out") == page


def test_a_head_another_page_ends_in_is_none_even_a_persons() -> None:
    heads = HeadNouns([SUPPER, Entity("people/amy-supper", "Amy Supper", "person")])
    assert heads.topic_in("supper numbers are up to 64") is None


def test_a_head_that_describes_what_follows_is_no_topic() -> None:
    party = Entity("events/harbour-retirement-party", "Harbour Retirement Party", "event")
    assert HeadNouns([party]).topic_in("party political broadcast was on at dinner") is None
    assert HeadNouns([party]).topic_in("party numbers are at 40") == party


HALL = Entity("places/the-wool-loft", "The Wool Loft", "place")
LEAGUE = Entity("orgs/tamar-valley-league", "Tamar Valley League", "organisation")


@pytest.mark.parametrize(
    ("said", "whose"),
    [
        # the head is the clause's subject: what it says is the plan's, whatever comes after
        ("supper's booked at the wool loft, friday 9 may, 7-11", SUPPER),
        ("oh and parcels leave on the 9th from the wool loft", PARCELS),
        ("the supper is at the wool loft this year", SUPPER),
        # a possessive is no subject: the named page keeps it
        ("the supper's venue is the wool loft", HALL),
        # something named before the head opens the clause
        ("the wool loft wants supper numbers by the 3rd", HALL),
        # a body's head is taken for no subject: the clause names the plan it acts on
        ("the league's moved the kelloway harvest supper to 13 june", SUPPER),
        # a noun and a verb before a verb: a compound, no subject
        ("parcel list went to the wool loft on friday", HALL),
    ],
)
def test_a_head_opening_the_clause_is_its_subject(said: str, whose: Entity) -> None:
    pages = index(HALL, LEAGUE)
    found = facts(said, pages=pages)
    assert found, said
    assert found[0][1] == whose.slug, found
