"""Notes drop their articles: "hopper wall delayed again" is the user's "the hopper wall".

A page whose alias is the user's own "the <words>" (or whose kind is filed so) is named by
the words bare where an item of notes opens: a line of a text of several lines, or right
after its short label. Mid-sentence, or in a text of one line, the words stay everyday ones.
"""

from __future__ import annotations

from typing import Any

import pytest
from bb_brain import Engine
from bb_brain.reflex._tokens import tokenise
from bb_schema.fixture import PublicTurn
from bb_schema.turn_context import SeamSettings, TurnContextRequest, TurnContextResponse

WALL = (
    "projects/tallow-lane-hopper-wall",
    "---\ntitle: Tallow Lane Hopper Wall\ntype: project\naliases: [the hopper wall]\nsummary:"
    " Racks of seed packets by the door.\n---\n",
)
FAIR = (
    "projects/brimscombe-winter-fair",
    "---\ntitle: Brimscombe Winter Fair\ntype: project\naliases: [the fair, the gala]\nsummary:"
    " The December fair on the green.\n---\n",
)
DEPOT = (
    "places/ashlow-road-depot",
    "---\ntitle: Ashlow Road Depot\ntype: place\nsummary: The depot our vans run from.\n---\n",
)
PERSON = (
    "people/isembard-quist",
    "---\ntitle: Isembard Quist\ntype: person\naliases: [Izzy]\nsummary: Buyer.\n---\n",
)


def ask(engine: Engine, brain: str, text: str) -> TurnContextResponse:
    return engine.turn_context(
        TurnContextRequest(
            brain_id=brain,
            session_id="s1",
            active_source="default",
            turn=PublicTurn(turn_id=1, role="user", text=text),
            window=[],
            settings=SeamSettings(pointer_budget=5, volunteer_window_turns=4),
        )
    )


def slugs(response: TurnContextResponse) -> set[str]:
    return {pointer.slug for pointer in response.pointers}


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("notes from tonight:\nizzy wants two more bins\nhopper wall delayed again\nok", WALL[0]),
        ("notes:\n\n- izzy to chase the bins\n- hopper wall late again\n- float £20 down", WALL[0]),
        ("my week:\nTues - stall 9-1\nWeds - gala committee 6pm\nFri - day off", FAIR[0]),
        ("from the huddle:\nizzy - bins\ndepot - keys missing again\nall - parking", DEPOT[0]),
        ("list:\n1. fair's raffle prizes\n2. izzy on tills\n3. bins", FAIR[0]),
        ("week:\nfair - tombola prizes\nizzy on tills\nbins", FAIR[0]),  # a label
        ("week:\nfair is on the 21st\nizzy on tills\nbins", FAIR[0]),  # its verb after it
    ],
)
def test_an_item_of_notes_names_the_thing_by_its_own_words_bare(
    engine: Engine, make_brain: Any, text: str, slug: str
) -> None:
    brain = make_brain(WALL, FAIR, DEPOT, PERSON)
    assert slug in slugs(ask(engine, brain, text))


@pytest.mark.parametrize(
    "text",
    [
        "hopper wall delayed again, the builder says",  # a text of one line
        "notes:\nwe saw a hopper wall at the market\nit was great\nbins next",  # mid-line
        "notes:\nany fair price is fine\nizzy to decide\nbins next",  # not the whole alias
        "notes:\na fair committee met\nizzy to decide\nbins next",  # an article of its own
        "notes:\nroad depot keys\nizzy to decide\nbins next",  # not its kind's words
        "feedback:\nfair point about parking\nizzy to decide\nbins next",  # a common word
        "errands:\nmove fair stall\nizzy to decide\nbins next",
        "week:\nfair of the year, lovely\nizzy to decide\nbins next",  # which one
        "kit list:\nhopper wall, bibs, gilet\nizzy to decide\nbins next",  # things listed
        "washing\ngala\nfair\ntowels",  # a list of things, a word a line
    ],
)
def test_the_words_bare_elsewhere_are_everyday_ones(
    engine: Engine, make_brain: Any, text: str
) -> None:
    brain = make_brain(WALL, FAIR, DEPOT, PERSON)
    assert not slugs(ask(engine, brain, text)) & {WALL[0], FAIR[0], DEPOT[0]}


def test_a_line_after_a_blank_line_opens_a_line() -> None:
    tokens = tokenise("from my notes:\n\nschool job - canopy\n\n  - church roof")
    opening = [tok.norm for tok in tokens if tok.line_start]
    assert opening == ["from", "school", "church"]
    assert [tok.norm for tok in tokens if tok.item] == ["church"]
