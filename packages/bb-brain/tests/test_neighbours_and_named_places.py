"""A given name that is a neighbour's, or a lake's or a mountain's, is no page's person.

"doreen next door" and "doreen across the road" are the user's neighbour: a page that says
nothing of being one is another Doreen ("doreen next door to the office" says where she is).
A lake, a mountain, a river or an isle is named after its word ("lake merrin", "mount ida",
"isle of iona"); a person never is.
"""

from __future__ import annotations

from typing import Any

import pytest
from bb_brain import Engine

from .test_reflex_grammar import ask, md, slugs

DOREEN = (
    "people/doreen-quill",
    md("Doreen Quill", type="person", summary="Dinner lady at the user's school."),
)
NEIGHBOUR = (
    "people/doreen-quill",
    md("Doreen Quill", type="person", summary="Neighbour two doors up."),
)
MERRIN = ("people/merrin-arakel", md("Merrin Arakel", type="person", summary="Bass player."))
IDA = ("people/ida-penmarrow", md("Ida Penmarrow", type="person", summary="Insurance broker."))


@pytest.mark.parametrize(
    "text",
    [
        "doreen next door's been watering our tomatoes while we're away",
        "doreen across the road has our ladder",
    ],
)
def test_a_neighbour_of_that_name_is_someone_else(
    engine: Engine, make_brain: Any, text: str
) -> None:
    assert slugs(ask(engine, make_brain(DOREEN), text)) == []


@pytest.mark.parametrize(
    ("page", "text"),
    [
        (NEIGHBOUR, "doreen next door's been watering our tomatoes while we're away"),
        (DOREEN, "doreen next door to the office rang about the rota"),
        (DOREEN, "doreen across the street from the office is leaving"),
        (
            ("people/doreen-quill", md("Doreen Quill", type="person", summary="Lives opposite.")),
            "doreen across the road has our ladder",
        ),
    ],
)
def test_a_neighbour_the_page_is_or_where_she_is_stays_hers(
    engine: Engine, make_brain: Any, page: tuple[str, str], text: str
) -> None:
    assert slugs(ask(engine, make_brain(page), text)) == [page[0]]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("has anyone swum in lake merrin? we're going in july", []),
        ("climbed mount ida last summer, never again", []),
        ("merrin rang about the gig on friday", [MERRIN[0]]),
        ("ida's mount for the photo came", [IDA[0]]),
        ("we tried the lake ida recommended, it was freezing", [IDA[0]]),
        ("can you mount ida's certificate in the frame", [IDA[0]]),
    ],
)
def test_a_name_after_a_word_of_land_or_water_is_a_place(
    engine: Engine, make_brain: Any, text: str, found: list[str]
) -> None:
    assert slugs(ask(engine, make_brain(MERRIN, IDA), text)) == found
