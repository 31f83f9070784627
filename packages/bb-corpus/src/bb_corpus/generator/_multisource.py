"""Multi-source fixtures: source isolation under a shared slug and leak canaries.

Each fixture has the default source and one named source; the active one is ``default`` in
half the fixtures and the named one in the other half. Pages:

* a twin: the same slug in both sources with different content (gold when asked: the slug);
* one or two pages only in the active source (gold when asked);
* one or two leak canaries, pages only in the inactive source: asking about them must stay
  silent, and their slugs never appear in gold.

Asks use the same shapes and mention forms as the know-to-ask families; a pronoun follow-up
about the twin stays silent with the twin acceptable.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from bb_schema import DEFAULT_SOURCE

from bb_corpus.generator import _moves as moves
from bb_corpus.generator._cast import profile
from bb_corpus.generator._model import Conversation, Draft
from bb_corpus.generator._prng import Prng
from bb_corpus.generator._scene import Scene
from bb_corpus.generator._universe import Page

MULTI_SOURCE_SUITES = ("know-to-ask", "push")

_SOURCE_NAMES: Final = ("teambrain", "workbrain", "clientbrain", "archive")


def _in(source: str, page: Page) -> Page:
    return replace(page, source_id=None if source == DEFAULT_SOURCE else source)


def multi_source(rng: Prng, fixture_id: str, index: int) -> Draft:
    """One multi-source fixture; odd ``index`` values make the named source active."""
    sc = Scene.new(rng)
    named = rng.choice(_SOURCE_NAMES)
    active, inactive = (named, DEFAULT_SOURCE) if index % 2 == 1 else (DEFAULT_SOURCE, named)
    twin = sc.cast.person()
    locals_ = [sc.cast.of_kind(rng.choice(("company", "project", "person")))
               for _ in range(rng.between(1, 2))]  # fmt: skip
    canaries = [sc.cast.of_kind(rng.choice(("company", "fund"))) for _ in range(rng.between(1, 2))]
    world = [twin, *locals_, *canaries]
    sc.world, sc.elsewhere = [twin, *locals_], list(canaries)
    twin_active = profile(rng, twin, world)
    twin_other = replace(
        profile(rng, twin, world), summary=f"Profile kept in the {inactive} source."
    )
    sc.pages = [
        _in(DEFAULT_SOURCE, twin_active if active == DEFAULT_SOURCE else twin_other),
        _in(named, twin_active if active == named else twin_other),
        *(_in(active, profile(rng, e, world)) for e in locals_),
        *(_in(inactive, profile(rng, e, world)) for e in canaries),
    ]
    sc.conv = Conversation(frozenset([twin.slug, *(e.slug for e in locals_)]))
    for entity in rng.shuffled(world):
        moves.ask_one(sc, entity)
        if entity is twin and rng.chance(1, 2):
            moves.pronoun(sc, twin)  # no turn when the ask also named somebody else
        sc.reply((1, 3))
    variant = f"active-{'default' if active == DEFAULT_SOURCE else 'named'}"
    return Draft(
        fixture_id, "multi-source", variant, MULTI_SOURCE_SUITES, sc.pages, sc.conv.turns,
        sources=(named,), active_source=active, canaries=tuple(e.slug for e in canaries),
    )  # fmt: skip
