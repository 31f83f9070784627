"""A page's name, said of somebody or something else.

Someone introduced by name, someone from a place the page never mentions, a make of car
after "a": the words around the name say it is not the page's. Beside them, the ordinary
uses that must still resolve, so each test fails on an engine that declines everything.
"""

from __future__ import annotations

from typing import Any

import pytest
from bb_brain import Engine

from .test_reflex_grammar import ask, md, slugs

TOBI = ("people/tobiah-ugwuoke", md("Tobiah Ugwuoke", type="person", aliases="[Tobiah]"))
WINNIE = (
    "people/winifred-atherly",
    md("Winifred Atherly", type="person", aliases="[Winnie]", summary="Stallholder, jams."),
)
WINNIE_GRAN = (
    "people/winifred-atherly",
    md("Winifred Atherly", type="person", aliases="[Winnie]", summary="The user's gran."),
)


@pytest.mark.parametrize(
    ("page", "text", "named"),
    [
        # introduced as anyone, then named: somebody new to the listener
        (TOBI, "a lad called tobiah from my daughter's class wants a cake", False),
        (TOBI, "someone named Tobiah rang the shop", False),
        (TOBI, "this bloke called tobiah dropped off a box", False),
        # a relative of the speaker's given a name the page shares
        (WINNIE, "my gran's called Winnie too, funny", False),
        (WINNIE, "my gran is called winnie", False),
        # a telephone call, and a page that says it is the user's gran
        (TOBI, "I called tobiah about the stall", True),
        (TOBI, "tobiah called, he wants the float", True),
        (WINNIE_GRAN, "my gran's called Winnie, she's 90 next week", True),
    ],
)
def test_a_name_given_to_someone_introduced(
    engine: Engine, make_brain: Any, page: tuple[str, str], text: str, named: bool
) -> None:
    assert slugs(ask(engine, make_brain(page), text)) == ([page[0]] if named else [])


def _ben(summary: str) -> tuple[str, str]:
    return (
        "people/benedek-halmi",
        md("Benedek Halmi", type="person", aliases="[Ben]", summary=summary),
    )


@pytest.mark.parametrize(
    ("summary", "text", "named"),
    [
        # from a place the page never mentions, where it places him: another Ben
        ("Neighbour at number 4.", "ben from the garage says the van's ready", False),
        ("Neighbour at number 4.", "ben from the bakery rang about the float", False),
        # a page that places him nowhere may be any Ben
        ("Drives the Tuesday van.", "ben from the garage says the van's ready", True),
        # the page says where he is from, or the place fits anyone ("work")
        ("Mechanic at the garage on Mill Lane.", "ben from the garage says the van's ready", True),
        ("Mechanic; runs two garages.", "ben from the garage says the van's ready", True),
        ("Neighbour; feeds the cat.", "ben from work says hi", True),
        # an acronym the page may spell out
        ("Chair of the parish road safety group.", "ben from the prsg says hi", True),
    ],
)
def test_someone_from_a_place_the_page_does_not_mention(
    engine: Engine, make_brain: Any, summary: str, text: str, named: bool
) -> None:
    page = _ben(summary)
    assert slugs(ask(engine, make_brain(page), text)) == ([page[0]] if named else [])


KIA = ("people/kia-tavakoli", md("Kia Tavakoli", type="person", aliases="[Kia]"))


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("next door got a brand new kia, so jealous", False),  # "brand" strengthens "new"
        ("we hired a spanking new kia for the trip", False),
        ("kia is off today, can you cover", True),
    ],
)
def test_a_name_after_a_and_words_describing_it(
    engine: Engine, make_brain: Any, text: str, named: bool
) -> None:
    assert slugs(ask(engine, make_brain(KIA), text)) == ([KIA[0]] if named else [])


def test_a_list_of_names_goes_on_with_a_name_that_is_also_a_word(
    engine: Engine, make_brain: Any
) -> None:
    """ "..., jordan and merry": the list goes on with a person, not a thing described."""
    pages = [
        (f"people/{slug}", md(title, type="person", aliases=f"[{title.split()[0]}]"))
        for slug, title in (
            ("zinnia-carrow", "Zinnia Carrow"),
            ("odhran-kee", "Odhran Kee"),
            ("jordan-oyelowo", "Jordan Oyelowo"),
            ("merry-vance", "Merry Vance"),
        )
    ]
    said = slugs(
        ask(engine, make_brain(*pages), "booking the hall with zinnia, odhran, jordan and merry")
    )
    assert "people/jordan-oyelowo" in said
    # a list of things after the name still reads as things
    things = slugs(ask(engine, make_brain(*pages), "zinnia, jordan, bright and airy rooms please"))
    assert "people/jordan-oyelowo" not in things


LEGO = ("projects/lego", md("Project Lego", type="project", aliases="[lego]"))


@pytest.mark.parametrize(
    ("text", "named"),
    [
        # a word English text often uses that nobody is called: a maker's, typed lowercase
        ("the kids want lego for christmas, again", False),
        ("lego slipped again, it needs another week", True),
    ],
)
def test_a_lowercase_word_nobody_is_called_needs_evidence(
    engine: Engine, make_brain: Any, text: str, named: bool
) -> None:
    assert slugs(ask(engine, make_brain(LEGO), text)) == ([LEGO[0]] if named else [])


OSTRANDERS = (
    ("people/will-ostrander", md("Will Ostrander", type="person", aliases="[Will]")),
    ("people/cy-ostrander", md("Cy Ostrander", type="person", aliases="[Cy]")),
)


def test_a_whole_name_typed_lowercase_whose_given_name_is_a_small_word(
    engine: Engine, make_brain: Any
) -> None:
    """ "will ostrander": the family name alone names two pages, the whole name one."""
    brain = make_brain(*OSTRANDERS)
    assert slugs(ask(engine, brain, "will ostrander passed his theory test")) == [
        "people/will-ostrander"
    ]
    assert slugs(ask(engine, brain, "ostrander passed his theory test")) == []  # which one?


KOVACIC = (
    "people/branimir-kovacic",
    md("Branimir Kovačić", type="person", aliases="[Branimir]", summary="Soil lab."),
)


@pytest.mark.parametrize(
    "text",
    [
        "did branimir kovachich send the results yet",  # the family name written by its sound
        "did kovachich send the results yet",
        "did kovacic send the results yet",  # the letters typed plain
    ],
)
def test_a_slavic_name_written_the_english_way(engine: Engine, make_brain: Any, text: str) -> None:
    assert slugs(ask(engine, make_brain(KOVACIC), text)) == [KOVACIC[0]]


SAID = ("people/said-bouzid", md("Said Bouzid", type="person", aliases="[Said]"))
SORREL = ("people/sorrel-quaile", md("Sorrel Quaile", type="person", aliases="[Sorrel]"))


@pytest.mark.parametrize(
    ("page", "text", "named"),
    [
        # a role noun after an article, then the name as its verb
        (SAID, "a client said the invoice was late", False),
        (SAID, "said bouzid left the side gate unlocked", True),
        # a lowercase name inside a common noun's phrase
        (SORREL, "picked some sheep sorrel for the salad", False),
        (SORREL, "tell mum sorrel's here", True),  # after a relative's word
        (SORREL, "text sorrel at the club about friday", True),  # a verb's object
        (SORREL, "sorrel is off today", True),
    ],
)
def test_a_name_that_is_a_word_of_the_phrase_around_it(
    engine: Engine, make_brain: Any, page: tuple[str, str], text: str, named: bool
) -> None:
    assert slugs(ask(engine, make_brain(page), text)) == ([page[0]] if named else [])


BRAM = ("people/abraham-okoth", md("Abraham Okoth", type="person", aliases="[Bram]"))
EARNEST = ("people/earnest-pennock", md("Earnest Pennock", type="person", aliases="[Earnest]"))
THATCHER = ("people/joss-thatcher", md("Joss Thatcher", type="person"))
KERRY = ("people/kerry-dorrian", md("Kerry Dorrian", type="person", aliases="[Kerry]"))


@pytest.mark.parametrize(
    ("page", "text", "named"),
    [
        # "is" opening a question, the name, then what it is
        (BRAM, "is bram free thursday or do i ring the agency", True),
        # someone put forward, the question ending on them
        (EARNEST, "what about earnest? he said he'd cover a shift", True),
        (EARNEST, "what about earnest attempts to fix it", False),
        # a family name alone, doing what a person does in progress
        (THATCHER, "thatcher is asking about the rota", True),
        # where a road or a journey goes is a place
        (KERRY, "stuck behind a lorry on the road to kerry, running late", False),
        (KERRY, "booked flights to kerry for the wedding", False),
        (KERRY, "please post the forms to kerry", True),
    ],
)
def test_what_a_question_or_a_journey_says_of_a_name(
    engine: Engine, make_brain: Any, page: tuple[str, str], text: str, named: bool
) -> None:
    assert slugs(ask(engine, make_brain(page), text)) == ([page[0]] if named else [])
