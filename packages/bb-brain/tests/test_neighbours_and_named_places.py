"""A given name that is a neighbour's, or a lake's or a mountain's, is no page's person.

"doreen next door" and "doreen across the road" are the user's neighbour: a page that says
nothing of being one is another Doreen ("doreen next door to the office" says where she is).
A lake, a mountain, a river or an isle is named after its word ("lake sevan", "mount ida",
"isle of iona"); a person never is.
"""

from __future__ import annotations

from typing import Any

import pytest
from bb_brain import Engine

from .test_reflex_grammar import ask, md, slugs

DOREEN = ("people/doreen-quill", md("Doreen Quill", type="person", summary="Dinner lady."))
NEIGHBOUR = (
    "people/doreen-quill",
    md("Doreen Quill", type="person", summary="Neighbour who keeps a spare key."),
)
SEVAN = ("people/sevan-arakel", md("Sevan Arakel", type="person", summary="Bass player."))
IDA = ("people/ida-penmarrow", md("Ida Penmarrow", type="person", summary="Insurance broker."))


@pytest.mark.parametrize(
    "text",
    [
        "doreen next door's been feeding our cat while we're away",
        "doreen across the road has a spare key",
    ],
)
def test_a_neighbour_of_that_name_is_someone_else(
    engine: Engine, make_brain: Any, text: str
) -> None:
    assert slugs(ask(engine, make_brain(DOREEN), text)) == []


@pytest.mark.parametrize(
    ("page", "text"),
    [
        (NEIGHBOUR, "doreen next door's been feeding our cat while we're away"),
        (DOREEN, "doreen next door to the office rang about the rota"),
    ],
)
def test_a_neighbour_the_page_is_or_where_she_is_stays_hers(
    engine: Engine, make_brain: Any, page: tuple[str, str], text: str
) -> None:
    assert slugs(ask(engine, make_brain(page), text)) == [page[0]]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("anyone been to lake sevan? thinking of it for the summer", []),
        ("climbed mount ida last summer, never again", []),
        ("sevan rang about the gig on friday", [SEVAN[0]]),
        ("ida's mount for the photo came", [IDA[0]]),
    ],
)
def test_a_name_after_a_word_of_land_or_water_is_a_place(
    engine: Engine, make_brain: Any, text: str, found: list[str]
) -> None:
    assert slugs(ask(engine, make_brain(SEVAN, IDA), text)) == found
