"""A run of words shouted in capitals, a pair's verb, and a street's name in lowercase.

"LANCE WANTS THE REPORT BY FRIDAY btw": a sentence that shouts its first words and goes on in
lowercase reads those words as typed in lowercase, as a sentence in capitals throughout is.
"mum and dad fly in at noon": after a pair the verb's plain form is theirs, and modifies
nothing. "the tenant at finch road": a word before a street's head, with no article, names
the street. Each has a twin that stays silent.
"""

from __future__ import annotations

from typing import Any

import pytest
from bb_brain import Engine

from .test_reflex_grammar import ask, ask_after, md, slugs

LANCE = (
    "people/lance-ferreday",
    md("Lance Ferreday", type="person", aliases="[Lance]", summary="Site manager."),
)
DAD = (
    "people/teodor-vask",
    md("Teodor Vask", type="person", aliases="[Dad]", summary="The user's father."),
)
MUM = (
    "people/ilse-vask",
    md("Ilse Vask", type="person", aliases="[Mum]", summary="The user's mother."),
)
FINCH = (
    "places/flat-1-finch-road",
    md("Flat 1, Finch Road", type="place", aliases="[Finch Road]", summary="A rented flat."),
)


def test_shouted_words_are_read_as_typed(engine: Engine, make_brain: Any) -> None:
    text = "LANCE WANTS THE REPORT BY FRIDAY btw, he's cc'd on all of it now"
    assert slugs(ask(engine, make_brain(LANCE), text)) == [LANCE[0]]


def test_a_shouted_verb_is_still_a_verb(engine: Engine, make_brain: Any) -> None:
    text = "LANCE THE BLISTER FIRST and then put a plaster on it"
    assert slugs(ask(engine, make_brain(LANCE), text)) == []


def test_a_pairs_verb_modifies_nothing(engine: Engine, make_brain: Any) -> None:
    text = "mum and dad fly in at noon on sunday, when should i set off"
    assert sorted(slugs(ask(engine, make_brain(MUM, DAD), text))) == [MUM[0], DAD[0]]


@pytest.mark.parametrize(
    "text",
    ["the tenant at finch road says the boiler's dead", "can you text the tenant at finch road"],
)
def test_a_street_named_in_lowercase(engine: Engine, make_brain: Any, text: str) -> None:
    assert slugs(ask(engine, make_brain(FINCH), text)) == [FINCH[0]]


def test_a_road_with_its_article_is_any_road(engine: Engine, make_brain: Any) -> None:
    text = "there was a finch on the road outside this morning"
    assert slugs(ask(engine, make_brain(FINCH), text)) == []


KASIM = ("people/kasim-orrin", md("Kasim Orrin", type="person", summary="Tenant in the top flat."))


def test_a_name_the_agent_asked_about_is_in_context(engine: Engine, make_brain: Any) -> None:
    # the assistant asked "Is that Kasim from the top flat?": the agent has him already
    earlier = [
        ("user", "the tenant says the boiler's dead"),
        ("assistant", "Is that Kasim from the top flat?"),
    ]
    text = "yeah kasim. the cover lapsed in march"
    assert slugs(ask_after(engine, make_brain(KASIM), text, earlier)) == []


def test_a_name_asked_about_is_named(engine: Engine, make_brain: Any) -> None:
    text = "Is that Kasim from the top flat? the one with the van"
    assert slugs(ask(engine, make_brain(KASIM), text)) == [KASIM[0]]
